"""Does every digit of the source come back? The German probe lines (entities.de.tsv, user.de.tsv) and a hostile
list of digits the number pattern does not take (probes/data/digits.de.txt: ".5", "Nr.1", "12a", "10%", "1/2",
"m²", ...): a line loses a digit when its output holds fewer of some digit than its source (lines with "Uhr" are
left out: a time changes its digits on purpose, "14 Uhr" -> "2 pm"). Without a model (--spans), how many names the
names step takes on a Multi30K split (its false positives are there to read).

    python -m probes.digits --checkpoint runs/<run>/best.pt [--show-failures]
    python -m probes.digits --spans --data-dir ../shared/data/multi30k [--split val] [--direction en-de]
"""
from __future__ import annotations

from collections import Counter

from probes.lines import probe_lines, text_lines
from cli import CommandParser, run_main


def digits(text: str) -> Counter:
    return Counter(c for c in text if c.isdigit() or c.isnumeric())


def digits_kept(checkpoint: str, show: bool) -> None:
    from decoding.load import load_translator             # here, so --spans needs no model
    lines = [s for s in [p.source for p in probe_lines("de-en")] + text_lines("digits.de.txt")
             if "Uhr" not in s and digits(s)]
    outputs = load_translator(checkpoint).translate(lines)
    lost = [(s, o, sum((digits(s) - digits(o)).values())) for s, o in zip(lines, outputs) if digits(s) - digits(o)]
    print(f"lines with digits: {len(lines)}, digits: {sum(sum(digits(s).values()) for s in lines)}; "
          f"lines losing a digit: {len(lost)}, digits lost: {sum(n for *_, n in lost)}")
    for source, output, _ in lost if show else []:
        print(f"  {source!r}\n    -> {output!r}")


def name_spans(data_dir: str, split: str, direction: str) -> None:
    from data.multi30k import read_parallel
    from text.finders.names import Names
    from text.forms.lexicon import Lexicon
    langs = direction.split("-")
    names = Names(Lexicon.learn(zip(*read_parallel("train", data_dir, *langs, download=False))), *langs)
    sources = read_parallel(split, data_dir, *langs, download=False)[0]
    spans = [source[span.start:span.end] for source in sources for span in names.find(source)]
    print(f"{split} ({direction}): {len(spans)} spans taken for names\n" + " | ".join(sorted(spans)))


def main(argv) -> int:
    parser = CommandParser(prog="-m probes.digits", description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkpoint")
    parser.add_argument("--show-failures", action="store_true")
    parser.add_argument("--spans", action="store_true", help="the names step's spans on a split, no model")
    parser.add_argument("--data-dir", default="data/multi30k")
    parser.add_argument("--split", default="val")
    parser.add_argument("--direction", choices=("de-en", "en-de"), default="de-en",
                        help="whose source side --spans reads")
    args = parser.parse_args(argv)
    if args.spans:
        name_spans(args.data_dir, args.split, args.direction)
    else:
        digits_kept(args.checkpoint or "runs/latest/best.pt", args.show_failures)
    return 0


if __name__ == "__main__":
    run_main(main)
