"""Do a web page's tags and entities come through? Lines with inline tags as web pages, apps and CAT tools have them
(probes/data/markup.de.txt toward English, markup.en.txt toward German: <b>, <i>, links, spans, nested and void
tags, images with German alt texts, comments, &amp; &nbsp; &lt; &quot; &#39;), each translated as translate.py
--format html translates it (decoding/markup.py). A line is right when every tag of its source comes back exactly
once, in source order, balanced and byte for byte, attributes untranslated (decoding/markup_kept.py's tags_kept, the
check evaluate.py --format html counts), and every entity comes back as written
(and no other entity, no bare <, > or &). Also counted: the tag pairs around part of a line that came back around
the whole output (no alignment found), and the lines with a tag between the digits of a number.

    python -m probes.markup --checkpoint runs/<run>/best.pt [--beam 5] [--show-failures] [--record]
    python -m probes.markup --checkpoint runs/<run>/best.pt --sheet pairs.tsv    # tag pairs for judging by hand

--sheet writes, for each line with a tag pair, the source, the output and the words inside each pair on both sides
(tab-separated, one row a pair, an empty last column for the judgement): whether the pair encloses the translation
of the words it enclosed is for a person to say.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from decoding.markup import translate_markup_lines
from decoding.markup_kept import TagsKept, tags_kept
from decoding.markup_parse import MARKUP, parse
from probes.lines import text_lines
from probes.score import percent
from probes.ways import open_router, parse_probe_args, probe_parser, record_shares, ways
from cli import decode_from_flags, run_main
from util.errors import UserError
from util.textio import write_text_atomic

FILES = {"de": "markup.de.txt", "en": "markup.en.txt"}
BARE = re.compile(r"[<>&]")
SPLIT_NUMBER = re.compile(r"\d(?:<[^<>]*>)+[.,:]?\d|\d[.,:](?:<[^<>]*>)+\d")    # "<b>2</b>,50", "2,<b>50"


def entities(line: str) -> list[str]:
    """The line's entities as written, in order; one inside an attribute belongs to its tag."""
    return [m.group() for m in MARKUP.finditer(line) if m.group().startswith("&")]


class MarkupResult(NamedTuple):
    source: str
    output: str
    tags: TagsKept          # decoding/markup_kept.py: every tag once, in order, balanced, byte for byte
    entities_kept: bool     # the source's entities as often, as written
    escaped: bool           # no entity the source did not write, no bare <, > or & outside tags

    @property
    def right(self) -> bool:
        return self.tags.kept and self.entities_kept and self.escaped

    def problems(self) -> list[str]:
        return [f"tags {name.replace('_', ' ')}" for name, ok in zip(TagsKept._fields, self.tags) if not ok] + \
            [name.replace("_", " ") for name, ok in zip(self._fields[3:], self[3:]) if not ok]


def judge(source: str, output: str) -> MarkupResult:
    """One line's markup judged, model-free."""
    return MarkupResult(source, output, tags_kept(source, output, "html"),
                        Counter(entities(source)) == Counter(entities(output)),
                        set(entities(output)) <= set(entities(source)) and not BARE.search(MARKUP.sub("", output)))


class MarkupScore(NamedTuple):
    direction: str
    lines: int
    right: int              # lines with every check passed
    tags_once: int
    in_order: int
    balanced: int
    identical: int          # lines with every tag byte for byte (attributes untranslated)
    entities_kept: int      # of the lines with an entity
    entity_lines: int
    escaped: int            # lines with no stray entity and no bare <, > or &
    part_pairs: int         # tag pairs around part of their source line
    widened: int            # of those, pairs around the whole output line (no alignment found: a fallback)
    split_numbers: int      # lines whose output has a tag between the digits of a number its source kept whole


def score(direction: str, results: list[MarkupResult]) -> MarkupScore:
    entitied = [r for r in results if entities(r.source)]
    return MarkupScore(direction, len(results), sum(r.right for r in results),
                       *(sum(r.tags[k] for r in results) for k in range(len(TagsKept._fields))),
                       sum(r.entities_kept for r in entitied), len(entitied), sum(r.escaped for r in results),
                       *widened(results),
                       sum(bool(SPLIT_NUMBER.search(r.output)) and not SPLIT_NUMBER.search(r.source) for r in results))


def widened(results: list[MarkupResult]) -> tuple[int, int]:
    """(tag pairs around part of their source line, those of them around the whole output line)."""
    part = [(r, inside) for r in results for _, words, inside in matched_pairs(r) if words != text_of(r.source)]
    return len(part), sum(inside == text_of(r.output) for r, inside in part)


def report(s: MarkupScore) -> str:
    return (f"markup {s.direction}: {s.lines} lines; right (every check) {percent(s.right, s.lines)}\n"
            f"  every tag once {percent(s.tags_once, s.lines)}; in source order {percent(s.in_order, s.lines)}; "
            f"balanced {percent(s.balanced, s.lines)}; byte for byte {percent(s.identical, s.lines)}; entities as "
            f"written {percent(s.entities_kept, s.entity_lines)}; no stray entity or bare <, >, & "
            f"{percent(s.escaped, s.lines)}\n"
            f"  tag pairs around part of their line that wrap the whole output (no alignment: a fallback) "
            f"{percent(s.widened, s.part_pairs)}; lines with a tag inside a number {s.split_numbers}")


def text_of(line: str) -> str:
    """A line's words without tags, entities decoded, spaces collapsed."""
    return " ".join(parse(line, "html").plain.split())


def pairs(line: str) -> list[tuple[str, str]]:
    """(open tag as written, the words it encloses) for each tag pair of a line, in order."""
    parsed = parse(line, "html")
    return [(t.text, " ".join(parsed.plain[t.at:parsed.tags[t.pair].at].split()))
            for t in parsed.tags if t.kind == "open"]


def matched_pairs(r: MarkupResult) -> list[tuple[str, str, str | None]]:
    """(open tag, the words inside in the source, in the output) for each pair of the source; the output's pair is
    the next one opened by the same tag (None where there is none)."""
    found, out = pairs(r.output), []
    for tag, words in pairs(r.source):
        match = next((k for k, (t, _) in enumerate(found) if t == tag), None)
        out.append((tag, words, None if match is None else found.pop(match)[1]))
    return out


def sheet_rows(direction: str, results: list[MarkupResult]) -> list[str]:
    """One tab-separated row per source tag pair, for a person to judge."""
    return ["\t".join([direction, str(n), tag, words, "(pair lost)" if inside is None else inside, r.source,
                       r.output, ""])
            for n, r in enumerate(results, 1) for tag, words, inside in matched_pairs(r)]


SHEET_HEAD = "\t".join(["direction", "line", "tag", "source words inside", "output words inside", "source", "output",
                        "encloses their translation? (yes/no/partly)"])


def parse_args(argv):
    parser = probe_parser("-m probes.markup", __doc__)
    parser.add_argument("--sheet", metavar="FILE", default=None, help="write the tag pairs for judging by hand")
    return parse_probe_args(parser, argv)


def main(argv) -> int:
    args = parse_args(argv)
    router = open_router(args)
    rows = []
    for source_lang, target_lang in ways(router):
        direction, way = f"{source_lang}-{target_lang}", router.toward(target_lang)
        lines = text_lines(FILES[source_lang])
        outputs = translate_markup_lines(way, lines, "html", decode_from_flags(args, way.cfg.decode))
        results = [judge(s, o) for s, o in zip(lines, outputs)]
        s = score(direction, results)
        print(report(s))
        if args.show_failures:
            for r in results:
                if not r.right:
                    print(f"  {r.source}\n    -> {r.output}\n    ({', '.join(r.problems())})")
        rows += sheet_rows(direction, results)
        shares = {"markup probe: lines with every tag and entity right": (s.right, s.lines),
                  "markup probe: entities as written": (s.entities_kept, s.entity_lines),
                  "markup probe: part-line tag pairs wrapping the whole output": (s.widened, s.part_pairs)}
        if args.record:
            record_shares("python -m probes.markup", args, shares, direction)
    if args.sheet:
        try:
            write_text_atomic(Path(args.sheet), "".join(row + "\n" for row in [SHEET_HEAD, *rows]))
        except OSError as e:
            raise UserError(f"cannot write --sheet {args.sheet} ({e.strerror})") from None
        print(f"{len(rows)} tag pairs written to {args.sheet} for judging by hand")
    return 0


if __name__ == "__main__":
    run_main(main)
