"""Do a web page's tags and entities come through? Lines with inline tags as web pages, apps and CAT tools have them
(probes/data/markup.de.txt toward English, markup.en.txt toward German: <b>, <i>, links, spans, nested and void
tags, images with German alt texts, comments, &amp; &nbsp; &lt; &quot; &#39;), each translated as translate.py
--format html translates it (decoding/markup.py). A line is right when every tag of its source comes back exactly
once, byte for byte (attributes untranslated), in source order, balanced, and every entity comes back as written
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

from decoding.markup import MARKUP, NAME, VOID, parse, translate_markup_lines
from probes.lines import text_lines
from probes.score import percent
from probes.ways import open_router, parse_probe_args, probe_parser, record_shares, ways
from cli import decode_from_flags, run_main
from util.errors import UserError
from util.textio import write_text_atomic

FILES = {"de": "markup.de.txt", "en": "markup.en.txt"}
BARE = re.compile(r"[<>&]")
SPLIT_NUMBER = re.compile(r"\d(?:<[^<>]*>)+[.,:]?\d|\d[.,:](?:<[^<>]*>)+\d")    # "<b>2</b>,50", "2,<b>50"
ATTRIBUTED = re.compile(r"<[A-Za-z][\w:.-]*\s+\S")      # an open or void tag with attributes


def tags(line: str) -> list[str]:
    """The line's tags (comments too) as written, in order; entities inside an attribute belong to their tag."""
    return [m.group() for m in MARKUP.finditer(line) if m.group().startswith("<")]


def entities(line: str) -> list[str]:
    return [m.group() for m in MARKUP.finditer(line) if m.group().startswith("&")]


def nested(found: list[str]) -> bool:
    """Whether the tags open and close as pairs that nest (void tags, comments and self-closing tags stand alone)."""
    stack = []
    for tag in found:
        name = NAME.match(tag)
        if not name or tag.endswith("/>") or name.group(1).lower() in VOID:
            continue
        if not tag.startswith("</"):
            stack.append(name.group(1).lower())
        elif not stack or stack.pop() != name.group(1).lower():
            return False
    return not stack


class MarkupResult(NamedTuple):
    source: str
    output: str
    tags_once: bool         # each source tag as often as in the source, and no other tag
    in_order: bool          # the output's tags are the source's, in source order
    balanced: bool          # the output's tags nest
    attributes_kept: bool   # every source tag with attributes comes back byte for byte
    entities_kept: bool     # the source's entities as often, as written
    escaped: bool           # no entity the source did not write, no bare <, > or & outside tags

    @property
    def right(self) -> bool:
        return all(self[2:])

    def problems(self) -> list[str]:
        return [name.replace("_", " ") for name, ok in zip(self._fields[2:], self[2:]) if not ok]


def judge(source: str, output: str) -> MarkupResult:
    """One line's markup judged, model-free."""
    wanted, got = tags(source), tags(output)
    with_attributes = [t for t in wanted if ATTRIBUTED.match(t)]
    return MarkupResult(source, output, Counter(wanted) == Counter(got), wanted == got, nested(got),
                        all(got.count(t) >= wanted.count(t) for t in with_attributes),
                        Counter(entities(source)) == Counter(entities(output)),
                        set(entities(output)) <= set(entities(source)) and not BARE.search(MARKUP.sub("", output)))


class MarkupScore(NamedTuple):
    direction: str
    lines: int
    right: int              # lines with every check passed
    tags_once: int
    in_order: int
    balanced: int
    attributes_kept: int    # of the lines with a tag with attributes
    attribute_lines: int
    entities_kept: int      # of the lines with an entity
    entity_lines: int
    escaped: int            # lines with no stray entity and no bare <, > or &
    part_pairs: int         # tag pairs around part of their source line
    widened: int            # of those, pairs around the whole output line (no alignment found: a fallback)
    split_numbers: int      # lines whose output has a tag between the digits of a number its source kept whole


def score(direction: str, results: list[MarkupResult]) -> MarkupScore:
    attributed = [r for r in results if any(ATTRIBUTED.match(t) for t in tags(r.source))]
    entitied = [r for r in results if entities(r.source)]
    return MarkupScore(direction, len(results), sum(r.right for r in results), sum(r.tags_once for r in results),
                       sum(r.in_order for r in results), sum(r.balanced for r in results),
                       sum(r.attributes_kept for r in attributed), len(attributed),
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
            f"balanced {percent(s.balanced, s.lines)}; attributes byte for byte "
            f"{percent(s.attributes_kept, s.attribute_lines)}; entities as written "
            f"{percent(s.entities_kept, s.entity_lines)}; no stray entity or bare <, >, & "
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
    parser = probe_parser("python -m probes.markup", __doc__)
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
