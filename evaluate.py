"""BLEU evaluation runs: translate a Multi30K split or any file pair and score it.

    python evaluate.py --checkpoint runs/X/best.pt --split test_2016_flickr
    python evaluate.py --src input.de --ref reference.en --output hyps.en --json
    python evaluate.py --to auto --from en        # a model of both directions: English sources, each line the way
                                                  # its language identifier reads it, and how many it read right
    python evaluate.py --src page.de --ref page.en --format html   # tags kept in the output, scored without them

Prints cased detokenized sacreBLEU with its signature (the reported figure), chrF, for comparison with the PyTorch
tutorials BLEU on lowercased spaCy tokens, and how well the translations' confidences rank them (the mean sentence
chrF of the lowest-confidence tenth against the other nine tenths, and their Spearman correlation). With --json the
last line is one JSON object. With --format html|xml, also how many lines with tags kept every tag.
"""
from __future__ import annotations

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()

from data.multi30k import SPLITS
from decoding.evaluation import check_evaluate_flags, evaluate_from_flags
from decoding.markup import FORMATS as MARKUP_FORMATS
from cli import CommandParser, add_decode_flags, add_force_flag, run_main


def parse_args(argv):
    parser = CommandParser(__doc__)
    add_decode_flags(parser)
    parser.add_argument("--split", default=None, help=f"a Multi30K split: {', '.join(SPLITS)} (default: test_2016_flickr)")
    parser.add_argument("--data-dir", default=None,
                        help="Multi30K files for --split (default: $MULTI30K_DIR or a user cache)")
    parser.add_argument("--src", default=None, help="source text file, one sentence a line")
    parser.add_argument("--ref", default=None, help="reference file, line-aligned with --src")
    parser.add_argument("--output", default=None, help="write the hypotheses to this file")
    add_force_flag(parser)
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the scores")
    parser.add_argument("--from", dest="from_lang", default=None, metavar="LANG", help="with --to auto: the "
                        "language of the sources (default: the model's source language), scored against the other's")
    parser.add_argument("--format", choices=("text", *MARKUP_FORMATS), default="text",
                        help="text: one sentence a line (default); html, xml: lines may carry inline tags and "
                        "entities, translated with each tag put back (as translate.py --format does); BLEU and chrF "
                        "score the outputs and references with tags removed and entities unescaped, and a line says "
                        "how many lines with tags came back with every tag once, in order, balanced and byte for byte")
    parser.add_argument("--record", action="store_true", help="add the split's BLEU and chrF to the results "
                        "ledger (results/ledger.jsonl) with date, commit, machine, this command and the model's recipe "
                        "(not a --src/--ref pair's: no table shows one)")
    args = parser.parse_args(argv)
    args.argv = list(argv)
    check_evaluate_flags(args)
    return args


def main(argv) -> int:
    return evaluate_from_flags(parse_args(argv))


if __name__ == "__main__":
    run_main(main, needs_stdout=False)     # a reader of the scores that goes away leaves --output, --record
