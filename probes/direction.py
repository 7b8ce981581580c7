"""Does --to auto read each line as the language it is written in? The model's language identifier, as its router
reads a line (decoding/router.py: Router.read), on lines a user might type (probes/data/direction.tsv: sentences,
short lines of 1-4 words, lines with names and numbers, each labelled with its language, and lines no identifier can
tell, "OK", "Taxi", "Maria", "12:30", labelled undecidable); or on a Multi30K split, both sides, whole lines and
lines cut to fragments of 1-4 words (`fragments`, the cut the identifier's margin was chosen on).

    python -m probes.direction --checkpoint runs/<run>/best.pt [--show-failures] [--record]
    python -m probes.direction --checkpoint runs/<run>/best.pt --split test_2016_flickr --data-dir DIR [--record]

Reported per kind: lines read as their language, and lines that go the right way (read right, or undecided where
the model's own way is theirs: German->English for a model trained de-en); an undecidable line is read right when
it is undecided, and goes the right way when it goes the model's own way (undecided, or read as that way's
language). Targets: 99.5% of a test set's lines read right, 95% of its fragments going the right way.
"""
from __future__ import annotations

import random
from typing import Callable, NamedTuple

from probes.lines import text_lines
from probes.score import percent
from probes.ways import open_router, parse_probe_args, probe_parser, record_shares
from cli import run_main
from decoding.router import AUTO
from util.errors import UserError

UNDECIDABLE = "undecidable"


class Line(NamedTuple):
    kind: str
    lang: str           # "de", "en"; "" for an undecidable line
    text: str


def probe_lines() -> list[Line]:
    lines = [Line(*row.split("\t")) for row in text_lines("direction.tsv")]
    bad = [line.text for line in lines if (line.kind == UNDECIDABLE) != (line.lang == "")]
    if bad:
        raise ValueError(f"direction.tsv: an undecidable line has no language, every other line one: {bad[0]!r}")
    return lines


def fragments(lines: list[str], rng: random.Random) -> list[str]:
    """Each line cut to 1-4 of its words in a row, the length and the start drawn from rng."""
    out = []
    for line in lines:
        words = line.split()
        n = rng.randint(1, 4)
        start = rng.randint(0, max(0, len(words) - n))
        out.append(" ".join(words[start:start + n]))
    return out


class KindShare(NamedTuple):
    kind: str
    lines: int
    read_right: int     # read as their language (an undecidable line: left undecided)
    right_way: int      # read right, or undecided where the model's own way reads their language
    undecided: int
    wrong: tuple        # (line, what it was read as) of the lines that went the wrong way


def kind_share(kind: str, lines: list[Line], read: Callable[[str], str | None], own: str) -> KindShare:
    """`read(text)`: the language a line is read as, or None; `own`: the language an undecided line is taken for."""
    found = [(line, read(line.text)) for line in lines]
    if kind == UNDECIDABLE:             # right when undecided; its way is right where it is the model's own way
        right = [lang is None for _, lang in found]
        return KindShare(kind, len(lines), sum(right), sum((lang or own) == own for _, lang in found), sum(right),
                         tuple((line.text, lang) for (line, lang), ok in zip(found, right) if not ok))
    way = [(lang or own) == line.lang for line, lang in found]
    return KindShare(kind, len(lines), sum(lang == line.lang for line, lang in found), sum(way),
                     sum(lang is None for _, lang in found),
                     tuple((line.text, lang) for (line, lang), ok in zip(found, way) if not ok))


def kind_shares(lines: list[Line], read, own: str) -> list[KindShare]:
    kinds = list(dict.fromkeys(line.kind for line in lines))
    return [kind_share(k, [line for line in lines if line.kind == k], read, own) for k in kinds]


def split_lines(split: str, data_dir: str | None, seed: int = 1) -> list[Line]:
    """A Multi30K split's German then English side, whole ("lines") and cut to 1-4 words ("fragments", one rng for
    both sides, seeded as tests/test_language_id.py cuts val)."""
    from data.multi30k import DataError, read_parallel
    try:
        sides = dict(zip(("de", "en"), read_parallel(split, data_dir, "de", "en", download=False)))
    except DataError as e:
        raise UserError(f"--split {split}: {e}") from None
    rng = random.Random(seed)
    cut = {lang: fragments(lines, rng) for lang, lines in sides.items()}
    return [*(Line(f"{split} lines", lang, text) for lang, lines in sides.items() for text in lines),
            *(Line(f"{split} fragments", lang, text) for lang, lines in cut.items() for text in lines)]



def table(shares: list[KindShare], own: str) -> str:
    rows = [f"{'kind':26s} {'lines':>6s} {'read right':>18s} {'go the right way':>18s} {'undecided':>10s}"]
    rows += [f"{s.kind:26s} {s.lines:>6d} {percent(s.read_right, s.lines):>18s} "
             f"{percent(s.right_way, s.lines):>18s} {s.undecided:>10d}" for s in shares]
    return "\n".join(rows + [f"(an undecided line goes the model's own way, as a {own} line; an undecidable line is "
                             "read right when undecided, and goes the right way when it goes the model's own way)"])


def recorded(s: KindShare) -> tuple[str, tuple[int, int]]:
    """The one share a kind records: undecidable lines left undecided, short lines and fragments going the right
    way (an undecided one goes the model's own way), the rest read right."""
    if s.kind == UNDECIDABLE:
        return f"direction probe: {s.kind} lines left undecided", (s.read_right, s.lines)
    if s.kind == "short" or s.kind.endswith("fragments"):
        return f"direction probe: {s.kind} going the right way", (s.right_way, s.lines)
    return f"direction probe: {s.kind} read right", (s.read_right, s.lines)


def parse_args(argv):
    parser = probe_parser("-m probes.direction", __doc__)
    parser.add_argument("--split", default=None, help="a Multi30K split instead of the probe's lines (val, "
                        "test_2016_flickr, ...): both sides, whole and cut to 1-4 words")
    parser.add_argument("--data-dir", default=None, help="the Multi30K directory, for --split")
    parser.set_defaults(to=AUTO)        # the router reads a line's language only where it picks the way
    return parse_probe_args(parser, argv)


def main(argv) -> int:
    args = parse_args(argv)
    router = open_router(args)
    if router.identifier is None:
        raise UserError(f"{args.checkpoint} reads every line one way (a model of one direction, or one with no "
                        "language identifier); the direction probe needs a model of both directions")
    own = router.default.cfg.data.src_lang
    shares = kind_shares(split_lines(args.split, args.data_dir) if args.split else probe_lines(), router.read, own)
    print(table(shares, own))
    if args.show_failures:
        for s in shares:
            print("".join(f"  [{s.kind}] {text!r} read as {lang}\n" for text, lang in s.wrong), end="")
    if args.record:
        record_shares("python -m probes.direction", args, dict(map(recorded, shares)), "")
    return 0


if __name__ == "__main__":
    run_main(main)
