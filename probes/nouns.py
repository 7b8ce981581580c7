"""How good is the noun dictionary (text/forms/dictionary.py) that translates a line of one noun? Learned from a
Multi30K training split as train.py learns it, it is read on another split: for each source noun it knows, does the
reference hold its translation? The misses are listed most frequent first: a synonym the reference chose ("Junge" ->
"boy" where it says "kid") or a wrong entry. No model.

    python -m probes.nouns --data-dir ../shared/data/multi30k [--split val] [--direction en-de] [--show 20]
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from cli import CommandParser, run_main
from text.forms.dictionary import WORD, learn_nouns


class NounCheck(NamedTuple):
    entries: int               # nouns the dictionary holds
    held: int                  # source nouns (one per sentence) whose translation the reference holds
    seen: int                  # source nouns of the split the dictionary knows
    misses: Counter            # (noun, translation) -> sentences whose reference lacks it


def check_nouns(train: list[tuple[str, str]], pairs: list[tuple[str, str]]) -> NounCheck:
    """The dictionary learned from `train`, read on `pairs` (source, reference)."""
    nouns = learn_nouns(train)
    held = seen = 0
    misses: Counter = Counter()
    for source, reference in pairs:
        words = " ".join(w.lower() for w in WORD.findall(reference))
        for noun in {w.lower() for w in WORD.findall(source)} & nouns.keys():
            seen += 1
            if f" {nouns[noun].lower()} " in f" {words} ":
                held += 1
            else:
                misses[noun, nouns[noun]] += 1
    return NounCheck(len(nouns), held, seen, misses)


def main(argv) -> int:
    parser = CommandParser(prog="-m probes.nouns", description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", default="data/multi30k")
    parser.add_argument("--split", default="val")
    parser.add_argument("--direction", choices=("de-en", "en-de"), default="de-en")
    parser.add_argument("--show", type=int, default=10, help="the most frequent misses listed")
    args = parser.parse_args(argv)
    from data.multi30k import read_parallel
    langs = args.direction.split("-")
    train = list(zip(*read_parallel("train", args.data_dir, *langs, download=False)))
    pairs = list(zip(*read_parallel(args.split, args.data_dir, *langs, download=False)))
    check = check_nouns(train, pairs)
    print(f"{args.direction}: {check.entries:,} nouns learned from train; on {args.split}, the reference holds the "
          f"translation of {check.held:,} of {check.seen:,} known source nouns ({check.held / max(check.seen, 1):.1%})")
    for (noun, translation), n in check.misses.most_common(args.show):
        print(f"  {noun} -> {translation}: missed {n}x")
    return 0


if __name__ == "__main__":
    run_main(main)
