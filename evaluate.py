"""BLEU evaluation runs: translate a Multi30K split or any file pair and score it.

    python evaluate.py --checkpoint runs/X/best.pt --split test_2016_flickr
    python evaluate.py --src input.de --ref reference.en --output hyps.en --json
    python evaluate.py --to auto --from en        # a model of both directions: English sources, each line the way
                                                  # its language identifier reads it, and how many it read right

Prints cased detokenized sacreBLEU with its signature (the reported figure), chrF, for comparison with the PyTorch
tutorials BLEU on lowercased spaCy tokens, and how well the translations' confidences rank them (the mean sentence
chrF of the lowest-confidence tenth against the other nine tenths, and their Spearman correlation). With --json the
last line is one JSON object.
"""
from __future__ import annotations

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()

import json
import shlex
import time
from dataclasses import replace

from data.multi30k import SPLITS, read_parallel
from decoding.confidence import ranking
from decoding.scoring import bleu_lowercased_tokens, corpus_scores, sentence_chrf
from decoding.evaluation import evaluation_records
from decoding.load import checkpoint_paths, decode_inputs, kept_files, open_translator
from decoding.router import AUTO, Router
from decoding.translator import Translator
from cli import CommandParser, add_decode_flags, add_force_flag, check_decode_flags, decode_from_flags, run_main
from util.errors import UserError
from util.ledger import append, ledger_path
from util.textio import check_output_path, read_text_lines, write_text_lines


def parse_args(argv):
    parser = CommandParser(__doc__)
    add_decode_flags(parser)
    parser.add_argument("--split", default=None, help=f"a Multi30K split: {', '.join(SPLITS)} (default: test_2016_flickr)")
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--src", default=None, help="source text file, one sentence a line")
    parser.add_argument("--ref", default=None, help="reference file, line-aligned with --src")
    parser.add_argument("--output", default=None, help="write the hypotheses to this file")
    add_force_flag(parser)
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the scores")
    parser.add_argument("--from", dest="from_lang", default=None, metavar="LANG", help="with --to auto: the "
                        "language of the sources (default: the model's source language), scored against the other's")
    parser.add_argument("--record", action="store_true", help="add BLEU and chrF to the results ledger "
                        "(results/ledger.jsonl) with date, commit, machine, this command and the model's recipe")
    args = parser.parse_args(argv)
    args.argv = list(argv)
    if (args.src is None) != (args.ref is None):
        raise UserError("--src and --ref go together")
    if args.src and args.split:
        raise UserError("give either --split or --src/--ref")
    check_decode_flags(args)
    if args.from_lang and args.to != AUTO:
        raise UserError("--from names the sources' language for --to auto; without it the sources are in the other "
                        "language of --to's, so leave out --from or pass --to auto")
    if args.output:
        check_output_path(args.output, "--output", [("--src", args.src), ("--ref", args.ref), *decode_inputs(args)],
                          args.force, kept_files(args.output))
    return args


def read_sources_and_references(args, translator: Translator) -> tuple[str, list[str], list[str]]:
    if args.src:
        sources, references, name = read_text_lines(args.src), read_text_lines(args.ref), args.src
        if len(sources) != len(references):
            raise UserError(f"{args.src} has {len(sources)} lines but {args.ref} has {len(references)}")
    else:
        name = args.split or "test_2016_flickr"
        sources, references = read_parallel(name, args.data_dir, translator.cfg.data.src_lang,
                                            translator.cfg.data.tgt_lang)
    if not sources:
        raise UserError(f"{name} has no lines, so there is nothing to score")
    return name, sources, references


def confidence_ranking(confidences: list[float], hypotheses: list[str], references: list[str]) -> dict | None:
    """Prints how the confidences rank the translations by sentence chrF; the figures, None for under 2 lines."""
    if len(hypotheses) < 2:
        return None
    found = ranking(confidences, sentence_chrf(hypotheses, references))
    print(f"confidence: the lowest {found.low_count} ({found.low_count / len(hypotheses):.0%}) have mean sentence "
          f"chrF {found.low_quality:.1f}, the others {found.rest_quality:.1f} "
          f"({found.rest_quality - found.low_quality:.1f} apart); Spearman {found.spearman:.3f} with sentence chrF")
    return {"low_chrf": round(found.low_quality, 2), "rest_chrf": round(found.rest_quality, 2),
            "low_sentences": found.low_count, "spearman": round(found.spearman, 3)}


def identifier_accuracy(router: Router, sources: list[str], translator: Translator) -> dict:
    """Prints how many sources --to auto read as their language (each goes `translator`'s way), as the other, or
    not at all (the model's own way); the counts."""
    read = [router.read(source) for source in sources]
    lang, own = translator.cfg.data.src_lang, router.default.cfg.data
    counts = {"right": read.count(lang), "wrong": sum(r not in (None, lang) for r in read),
              "undecided": read.count(None)}
    print(f"--to auto: {counts['right']} of {len(sources)} lines read as {lang} "
          f"({counts['right'] / len(sources):.1%}), {counts['wrong']} as another language, {counts['undecided']} "
          f"undecided ({own.src_lang}→{own.tgt_lang})")
    return counts


def record_evaluation(args, checkpoint, translator: Translator, split: str, scores: dict, beam: int) -> None:
    direction = f"{translator.cfg.data.src_lang}-{translator.cfg.data.tgt_lang}"
    command = " ".join(["python evaluate.py", *map(shlex.quote, args.argv)])
    for record in evaluation_records(checkpoint_paths(checkpoint), scores, split, direction, command, beam):
        append(record)
    print(f"recorded {split} {direction} in {ledger_path()}; `python -m results --write` regenerates the tables")


def main(argv) -> int:
    args = parse_args(argv)
    opened = open_translator(args)
    router = opened.router
    translator = router.reading(args.from_lang)     # the way of every source line, read right
    name, sources, references = read_sources_and_references(args, translator)
    decode = decode_from_flags(args, translator.cfg.decode)

    start = time.perf_counter()
    best = [n_best[0] for n_best in router.translate_n_best(sources, replace(decode, n_best=1))]
    seconds = time.perf_counter() - start
    hypotheses = [t.text for t in best]
    scores = corpus_scores(hypotheses, references)
    lc_tok = bleu_lowercased_tokens(hypotheses, references, translator.codec.tokenizer("tgt"))
    print(f"{name}: {len(sources)} sentences in {seconds:.1f}s ({len(sources) / seconds:.1f} sentences/s), "
          f"beam {decode.beam}, {translator.describe()}")
    print(f"{scores['bleu_line']}  [{scores['signature']}]")
    print(f"chrF2 = {scores['chrf']:.2f}")
    print(f"BLEU on lowercased spaCy tokens (tutorials' metric) = {lc_tok:.2f}")
    trust = confidence_ranking([t.confidence for t in best], hypotheses, references)
    identified = identifier_accuracy(router, sources, translator) if router.to == AUTO else None
    if args.record:
        record_evaluation(args, opened.checkpoint, translator, name, scores, decode.beam)
    if args.json:
        print(json.dumps({"bleu": round(scores["bleu"], 2), "chrf": round(scores["chrf"], 2),
                          "bleu_lc_tok": round(lc_tok, 2), "sentences": len(sources),
                          "seconds": round(seconds, 2), "confidence": trust,
                          **({"identifier": identified} if identified else {})}))
    if args.output:    # after the scores, so a failed write loses none of them
        write_text_lines(args.output, hypotheses, "; the scores above are complete")
    return 0


if __name__ == "__main__":
    run_main(main)
