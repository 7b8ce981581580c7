"""An evaluation, as evaluate.py runs it: a Multi30K split or a file pair translated and scored (sacreBLEU, chrF, the
tutorials' BLEU, how the confidences rank the translations, what --to auto read, with --format html|xml how many
lines kept their tags), and what it adds to the results ledger: one record per score, with what trained the model
it scored.

    code = evaluate_from_flags(args)                                    # evaluate.py's parsed flags
    records = evaluation_records(checkpoint_paths, scores, split="test_2016_flickr", direction="de-en",
                                 command="python evaluate.py ...", beam=5)
    fields = model_fields(trained_models(checkpoint_paths), beam=5)     # for a record of another kind
"""
from __future__ import annotations

import json
import shlex
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from config import Config, DecodeConfig
from config.presets import recipe_of
from data.direction import looks_reversed, one_language
from data.multi30k import read_parallel
from decoding.confidence import ranking
from decoding.load import checkpoint_paths, check_output, decode_inputs, open_translator
from decoding.markup import FORMATS as MARKUP_FORMATS, attention_of, markup_of, put_back_lines
from decoding.markup_kept import TagsKept, plain_text, tags_kept
from decoding.router import AUTO, Router
from decoding.scoring import bleu_lowercased_tokens, corpus_scores, sentence_chrf
from decoding.translating import own_language_note
from decoding.translator import Translator
from models.checkpoint import load_checkpoint
from cli import check_decode_flags, check_given, decode_from_flags
from util.errors import UserError
from util.ledger import Record, append, ledger_path
from util.textio import read_text_lines, write_text_lines


class Trained(NamedTuple):
    """What a checkpoint says of how it was trained: its config, and from the run's card (where it has one) the rest;
    a fact the checkpoint does not hold is empty."""
    cfg: Config
    step: int
    precision: str
    minutes: float | None        # None: not recorded (a mean of checkpoints from before their cards held it)
    commit: str
    commands: list[str]          # the train.py commands that started and resumed the run (then average.py's)
    machine: dict                # util.ledger.Machine's fields; {} where the card does not name them


def check_recordable(paths: list) -> None:
    """A figure is recorded with what trained its model, which a .pt checkpoint says and an export does not."""
    for path in paths:
        if Path(path).is_dir():
            raise UserError(f"--record records a .pt checkpoint's figures with what trained it; {path} is an "
                            "export: evaluate the checkpoint it was exported from")


def trained(path) -> Trained:
    """The checkpoint at `path`, read once, weights left out of the answer."""
    check_recordable([path])
    ckpt = load_checkpoint(path)
    raw, card = ckpt.raw, ckpt.card or {}
    machine = {k: v for k, v in (card.get("machine") or {}).items() if k in ("cpu", "isa", "cores", "gpu")}
    made = (card.get("averaged") or {}).get("command")          # average.py's line that made a mean of checkpoints
    minutes = (card.get("trained") or {}).get("minutes")
    return Trained(Config.from_dict(raw["config"]), ckpt.step, str(card.get("precision") or ""),
                   round(float(minutes), 2) if isinstance(minutes, (int, float)) else None,
                   str(card.get("commit") or ""),
                   [*(card.get("commands") or []), *[made] * bool(made)],
                   machine if "isa" in machine or machine.get("gpu") else {})


def trained_models(paths: list) -> list[Trained]:
    return [trained(path) for path in paths]


def search_settings(decode: DecodeConfig, glossary: str | None = None) -> list[str]:
    """The search settings, other than beam and rerank, in which `decode` (and --glossary) differs from the one
    every recipe's figure is of (DecodeConfig's defaults): ["length penalty 0.6", "no-repeat-ngram 0", "glossary"]."""
    default = DecodeConfig()
    changed = [f"length penalty {decode.length_penalty:g}"] * (decode.length_penalty != default.length_penalty)
    if (decode.max_len_a, decode.max_len_b) != (default.max_len_a, default.max_len_b):
        changed.append(f"max length {decode.max_len_b}" if decode.max_len_a == 0 else
                       f"max length {decode.max_len_a:g} × source + {decode.max_len_b}")
    changed += [f"max repeat {decode.max_repeat}"] * (decode.max_repeat != default.max_repeat)
    changed += [f"no-repeat-ngram {decode.no_repeat_ngram}"] * (decode.no_repeat_ngram != default.no_repeat_ngram)
    return changed + ["glossary"] * bool(glossary)


def model_fields(models: list[Trained], beam: int, rerank: float = 0.0, settings: list[str] = ()) -> dict:
    """The ledger fields that say which model a figure is of: the recipe is the preset and flags that trained it
    ("ensemble of 2 × RECIPE" for several), and a search other than beam 5 with the defaults ("(beam 10, rerank
    0.1)", then `settings`: search_settings); steps, minutes, precision and the training machine are the first
    model's (empty where its checkpoint has no card: the ledger says what it knows)."""
    recipes = sorted({recipe_of(model.cfg) for model in models})
    recipe = recipes[0] if len(models) == 1 else f"ensemble of {len(models)} × {' + '.join(recipes)}"
    search = [f"beam {beam}"] * (beam != 5) + [f"rerank {rerank:g}"] * bool(rerank) + list(settings)
    if search:
        recipe += f" ({', '.join(search)})"
    first = models[0]
    return dict(recipe=recipe, seeds=[model.cfg.train.seed for model in models], steps=first.step,
                batch_tokens=first.cfg.data.max_tokens, minutes=first.minutes, precision=first.precision,
                train_commit=first.commit, machine=first.machine,
                note="" if first.machine else "machine: the one that measured (the checkpoint has no card)")


def evaluation_records(paths: list, scores: dict, split: str, direction: str, command: str,
                       beam: int, rerank: float = 0.0, settings: list[str] = ()) -> list[Record]:
    """BLEU and chrF of one evaluation, with the fields of model_fields; its command is the commands that trained
    the models, then the evaluation's."""
    models = trained_models(paths)
    common = dict(topic="quality", split=split, direction=direction,
                  command=" && ".join([*(c for model in models for c in model.commands), command]),
                  **model_fields(models, beam, rerank, settings))
    return [Record(metric="bleu", value=round(scores["bleu"], 2), **common),
            Record(metric="chrf", value=round(scores["chrf"], 2), **common)]


def check_evaluate_flags(args) -> None:
    """Refuse flags that cannot go together before any checkpoint is loaded."""
    check_given(args, "--src", "--ref", "--data-dir")
    check_given(args, "--split", what="a split's name (e.g. test_2016_flickr)")
    if (args.src is None) != (args.ref is None):
        raise UserError("--src and --ref go together")
    if args.src and args.split:
        raise UserError("give either --split or --src/--ref")
    if args.src and args.record:
        raise UserError("--record adds a Multi30K split's scores to the results tables, which have no row for a "
                        "file pair; leave out --record (--json prints the scores as one line), or pass --split")
    check_decode_flags(args)
    if args.record and args.checkpoint:
        check_recordable(checkpoint_paths(args.checkpoint))
    if args.from_lang and args.to != AUTO:
        raise UserError("--from names the sources' language for --to auto; without it the sources are in the other "
                        "language of --to's, so leave out --from or pass --to auto")
    if args.output is not None:          # "" too: one line, not the translations dropped
        check_output(args.output, "--output", [("--src", args.src), ("--ref", args.ref), *decode_inputs(args)],
                     args.force)


def read_sources_and_references(args, translator: Translator) -> tuple[str, list[str], list[str]]:
    if args.src:
        sources, references, name = read_text_lines(args.src), read_text_lines(args.ref), args.src
        if len(sources) != len(references):
            raise UserError(f"{args.src} has {len(sources)} lines but {args.ref} has {len(references)}; --ref must "
                            "hold one reference a line of --src, line by line")
    else:
        name = args.split or "test_2016_flickr"
        sources, references = read_parallel(name, args.data_dir, translator.cfg.data.src_lang,
                                            translator.cfg.data.tgt_lang)
    if not sources:
        raise UserError(f"{name} has no lines, so there is nothing to score")
    return name, sources, references


def check_sides(args, router: Router, translator: Translator, sources: list[str], references: list[str]) -> None:
    """--src and --ref the other way round from the way they are translated (data/direction.py's check, which train.py
    makes of a corpus), or references in the sources' language, is a one-line UserError before any translating: it
    would score near 0 without a word."""
    src, tgt = translator.cfg.data.src_lang, translator.cfg.data.tgt_lang
    if not args.src or router.to == AUTO:
        return
    if one_language(zip(sources, references), src, tgt) == src:     # sources in `tgt` already: a note (translate.py's)
        raise UserError(f"{args.src} and {args.ref} both read as {src!r}, but they are translated {src}→{tgt}; --ref "
                        f"must be the {tgt!r} text of each line (check {args.ref})")
    if not looks_reversed(zip(sources, references), src, tgt):
        return
    other = f"pass --to {src} (this model writes both)" if src in router.ways else f"evaluate a model that translates {tgt}→{src}"
    raise UserError(f"{args.src} reads as {tgt!r} and {args.ref} as {src!r}, but they are translated {src}→{tgt}; "
                    f"swap --src and --ref, or {other}")


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


def record_evaluation(args, checkpoint, translator: Translator, split: str, scores: dict,
                      decode: DecodeConfig) -> None:
    direction = f"{translator.cfg.data.src_lang}-{translator.cfg.data.tgt_lang}"
    command = " ".join(["python evaluate.py", *map(shlex.quote, args.argv)])
    routed = ["to auto"] * (args.to == AUTO)        # each line the way its language was read: a figure of its own
    for record in evaluation_records(checkpoint_paths(checkpoint), scores, split, direction, command, decode.beam,
                                     decode.rerank, search_settings(decode, args.glossary) + routed):
        append(record)
    print(f"recorded {split} {direction} in {ledger_path()}; `python -m results --write` regenerates the tables")


def tags_kept_counts(sources: list[str], parsed: list, written: list[str], fmt: str) -> dict:
    """Prints how many lines with tags (parsed: each source's markup_of) came back with every tag once, in order,
    balanced and byte for byte (decoding/markup_kept.py's tags_kept); the counts, of all four and of each."""
    found = [tags_kept(source, line, fmt) for source, p, line in zip(sources, parsed, written) if p and p.tags]
    counts = {"lines": len(found), "kept": sum(map(bool, found)),
              **{field: sum(getattr(kept, field) for kept in found) for field in TagsKept._fields}}
    if not found:
        print("markup: no source line has tags")
    else:
        print(f"markup: {counts['kept']} of {len(found)} lines with tags came back with every tag once, in order, "
              f"balanced and byte for byte ({counts['kept'] / len(found):.1%})")
    return counts


def evaluate_from_flags(args) -> int:
    """evaluate.py's run once its flags are parsed and checked: -> the exit status. With --format html|xml the
    sources' markup is kept in the output, and the scores are of the text alone (tags off, entities decoded) on both
    sides."""
    opened = open_translator(args)
    router = opened.router
    translator = router.reading(args.from_lang)     # the way of every source line, read right
    name, sources, references = read_sources_and_references(args, translator)
    check_sides(args, router, translator, sources, references)
    decode = replace(decode_from_flags(args, translator.cfg.decode), n_best=1)
    markup = args.format in MARKUP_FORMATS
    parsed = [markup_of(source, args.format) if markup else None for source in sources]     # each parsed once
    texts = [source if p is None else p.plain for source, p in zip(sources, parsed)]

    own = router.sent_into_their_own(texts)      # as translate.py says it: scored without a word, near 0 or copied
    if own:
        print(f"note: {own_language_note(own, router)}; the scores below are of those translations", file=sys.stderr)
    start = time.perf_counter()
    best = [n_best[0] for n_best in router.translate_n_best(texts, decode)]
    written = [t.text for t in best]
    if markup:
        searched = {text: t.searched for text, t in zip(texts, best)}     # their hypotheses: no second search
        written = put_back_lines(parsed, written, attention_of(router, decode, searched=searched))
    seconds = time.perf_counter() - start
    if markup:
        hypotheses = [plain_text(line, args.format) for line in written]
        references = [plain_text(line, args.format) for line in references]
    else:
        hypotheses = written
    scores = corpus_scores(hypotheses, references)
    lc_tok = bleu_lowercased_tokens(hypotheses, references, translator.codec.tokenizer("tgt"))
    print(f"{name}: {len(sources)} sentences in {seconds:.1f}s ({len(sources) / seconds:.1f} sentences/s), "
          f"beam {decode.beam}, {translator.describe()}")
    print(f"{scores['bleu_line']}  [{scores['signature']}]")
    print(f"chrF2 = {scores['chrf']:.2f}")
    print(f"BLEU on lowercased spaCy tokens (tutorials' metric) = {lc_tok:.2f}")
    kept = tags_kept_counts(sources, parsed, written, args.format) if markup else None
    trust = confidence_ranking([t.confidence for t in best], hypotheses, references)
    identified = identifier_accuracy(router, texts, translator) if router.to == AUTO else None
    if args.record:
        record_evaluation(args, opened.checkpoint, translator, name, scores, decode)
    if args.json:
        print(json.dumps({"bleu": round(scores["bleu"], 2), "chrf": round(scores["chrf"], 2),
                          "bleu_lc_tok": round(lc_tok, 2), "sentences": len(sources),
                          "seconds": round(seconds, 2), "confidence": trust,
                          **({"identifier": identified} if identified else {}),
                          **({"markup": kept} if kept else {})}))
    if args.output:    # after the scores, so a failed write loses none of them
        write_text_lines(args.output, written, "; the scores above are complete, and it is as it was")
    return 0
