"""Does whatever a user types come through? German->English: the entity probe (names, places, brands, numbers) and
the German user-input probe (several sentences on a line, caps, lowercase, typos, odd spacing, quotes, URLs and
e-mails, greetings, names); English->German: the English user-input probe. Each line lists what a faithful
translation must contain (probes/data/, probes/lines.py).

    python -m probes --checkpoint runs/<run>/best.pt --data-dir ../shared/data/multi30k [--beam 5]
           [--show-failures] [--json] [--direction en-de] [--file fresh.en.tsv]
    python -m probes --checkpoint runs/<run>/best.pt --engine-compare       # + CTranslate2 float32, int8
    python -m probes --checkpoint runs/<run>/best.pt --split val --data-dir ../shared/data/multi30k
    python -m probes --sources > probe.de                  # the probe's lines, for any other translator
    python -m probes --outputs probe.en [--direction de-en]   # score those outputs, no model

Reported per kind of line: items kept, lines with every item kept, and lines with a stammer, an invented or
misformatted number or an invented name; then lines of several sentences with every sentence back, caps and
lowercase lines next to their normal-case twins, copied-through items kept exactly, and the degenerate outputs.
probes/checks.py and probes/score.py say how each is judged. The direction is the checkpoint's
(data.src_lang-data.tgt_lang); --direction must agree with it, or picks one of a model of both directions
(--data.directions=both). Invented names need a normal-word lexicon: the target side of Multi30K's train split in
--data-dir (without it, names are not checked). On a Multi30K split (no item lists) only invented and misformatted
numbers, invented names and stammers are counted, in the outputs and, as the checks' own false-alarm rate, in the
human references. --file takes a .tsv probe file's lines (a path, or a name in probes/data/; the format:
probes/lines.py) instead of the direction's own; --record then names the file in each figure it records. The other
probes: python -m probes.digits,
python -m probes.glossary, python -m probes.placeholders, python -m probes.nouns.
"""
from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from data.multi30k import DataError, ensure_split, read_gzip_lines, read_parallel
from models.latest_run import latest_checkpoint
from probes.checks import DIRECTIONS, lexicon_words, target_lang
from probes.lines import Probe, entity_lines, file_probes, probe_lines
from probes.ways import record_shares
from probes.score import (Judge, entity_json, entity_score, failures, kind_score, kind_table, percent, probe_table,
                          report, report_json, summary)
from cli import (CommandParser, add_decode_flags, check_decode_flags, decode_from_flags, import_user_module,
                 pick_device, run_main)
from util.errors import UserError
from util.textio import read_glossary, read_text_lines


def load_lexicon(direction: str, data_dir: str | None) -> frozenset | None:
    """The target language's normal words, from Multi30K's train split; None where it is not at hand and no
    directory was named (a named one without it is the user's mistake)."""
    lang = target_lang(direction)
    try:
        path = ensure_split("train", data_dir, langs=(lang,), download=False)[lang]
    except DataError:
        if data_dir:
            raise UserError(f"--data-dir {data_dir} holds no train.{lang}.gz for the invented-name check; pass "
                            "the Multi30K directory, or leave --data-dir out to skip that check") from None
        return None
    return lexicon_words(read_gzip_lines(path), lang)


def load_engines(args, tmp: str) -> list[tuple[str, object]]:
    """(name, translator) pairs: the checkpoint as given; with --engine-compare also its CTranslate2 exports,
    written under tmp."""
    from decoding.load import load_translator         # here, so the scoring needs no model

    device = pick_device(args.device, "--device")
    checkpoint = args.checkpoint
    if args.engine_compare and ("," in checkpoint or Path(checkpoint).is_dir()):
        raise UserError("--engine-compare exports one .pt checkpoint; pass a single checkpoint, not an "
                        "ensemble or an exported directory")
    glossary = read_glossary(args.glossary) if args.glossary else None      # a bad file fails before the model loads
    translator = load_translator(checkpoint, device)
    # a model of both directions writes the language --direction names (default: its own target language)
    to = args.direction.split("-")[1] if args.direction and translator.cfg.data.directions == "both" else None
    found = [(translator.engine.name, translator.toward(to))]
    if args.engine_compare:
        from exporting.ct2 import export_checkpoint
        for quantization in ("float32", "int8"):
            exported = export_checkpoint(checkpoint, Path(tmp) / quantization, quantization)
            found.append((f"ct2 {quantization}", load_translator(exported, device).toward(to)))
    for _, way in found if glossary else ():
        way.use_glossary(glossary)
    return found


def label(args) -> str:
    return f"outputs {args.outputs}" if args.outputs else f"checkpoint {args.checkpoint}"


def checkpoint_direction(args, translator) -> str:
    data = translator.cfg.data
    direction = f"{data.src_lang}-{data.tgt_lang}"
    if direction not in DIRECTIONS:
        raise UserError(f"{args.checkpoint} translates {direction}; the probes are {' and '.join(DIRECTIONS)}")
    if args.direction and args.direction != direction:
        given = f"--to {args.to}" if args.to else f"--direction {args.direction}"
        raise UserError(f"{given}, but {args.checkpoint} translates {direction}; drop {given.split()[0]} or pass a "
                        "checkpoint of that direction")
    return direction


def parse_args(argv):
    parser = CommandParser(prog="-m probes", description=__doc__)
    add_decode_flags(parser, auto=False)
    parser.add_argument("--direction", choices=DIRECTIONS, default=None,
                        help="de-en or en-de (default: the checkpoint's; de-en for --sources and --outputs)")
    parser.add_argument("--engine-compare", action="store_true",
                        help="also run CTranslate2 exports (float32, int8) of the checkpoint")
    parser.add_argument("--split", default=None, help="count invented numbers and names and stammers on this "
                        "Multi30K split instead (val, test_2016_flickr, ...)")
    parser.add_argument("--data-dir", default=None, help="the Multi30K directory: --split, and the train split's "
                        "target side as the lexicon of normal words for the invented-name check")
    parser.add_argument("--file", default=None, metavar="TSV", help="probe these lines instead of the direction's "
                        "own: a .tsv probe file (format: probes/lines.py), a path or a name in probes/data/")
    parser.add_argument("--sources", action="store_true", help="print the probe's source lines and stop")
    parser.add_argument("--outputs", default=None, metavar="FILE",
                        help="score these outputs (one line per probe line, as --sources printed them) instead "
                        "of translating")
    parser.add_argument("--show-failures", action="store_true", help="list each failing line, per kind")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    parser.add_argument("--record", action="store_true", help="add the shares kept (entities, items, copied-through "
                        "items) of our engine to the results ledger (results/ledger.jsonl) with the model's recipe")
    args = parser.parse_args(argv)
    args.argv = list(argv)
    check_decode_flags(args)
    if args.to:                    # the language to write names the probed direction, as --direction does
        wanted = {target_lang(d): d for d in DIRECTIONS}.get(args.to)
        if wanted is None:
            raise UserError(f"--to {args.to}: the probes write {' or '.join(map(target_lang, DIRECTIONS))}, each "
                            f"from lines of the other; pass --to en or --to de (or --direction)")
        if args.direction not in (None, wanted):
            raise UserError(f"--to {args.to} probes {wanted}, but --direction is {args.direction}; give one of them")
        args.direction = wanted
    if args.record and (args.split or args.outputs or args.sources):
        raise UserError("--record records the probe lines' shares of a checkpoint; drop --split, --outputs and "
                        "--sources")
    if args.split and args.file:
        raise UserError("--split translates a Multi30K split; it does not combine with --file")
    if args.split and (args.sources or args.outputs):
        raise UserError("--split translates a Multi30K split; it does not combine with --sources or --outputs")
    if args.outputs and (args.checkpoint or args.engine_compare):
        raise UserError("--outputs scores a file of outputs without a model; drop --checkpoint and --engine-compare")
    args.lines = read_file_lines(args.file) if args.file else None
    if args.file:
        args.direction = file_direction(args.file, args.direction)
    return args


def file_direction(name: str, direction: str | None) -> str:
    """The direction of --file's lines: from its name's language ("fresh.en.tsv": en-de), or --direction's."""
    written = re.search(r"\.(de|en)\.tsv$", name)
    wanted = next((d for d in DIRECTIONS if written and d.startswith(written.group(1))), None)
    if wanted and direction not in (None, wanted):
        raise UserError(f"--file {name} holds {written.group(1)} lines, probed {wanted}, but --direction is "
                        f"{direction}; drop --direction")
    if not (wanted or direction):
        raise UserError(f"--file {name}: its name does not say its lines' language (NAME.de.tsv, NAME.en.tsv); "
                        "pass --direction de-en or en-de")
    return wanted or direction


def read_file_lines(name: str) -> list[Probe]:
    """--file's probe lines; a missing, unreadable or malformed file is a one-line error."""
    try:
        lines = file_probes(name)
    except OSError as e:
        raise UserError(f"--file {name}: cannot read it ({e.strerror or e}); pass a .tsv probe file, a path or a "
                        "name in probes/data/") from None
    except (ValueError, UnicodeDecodeError) as e:
        raise UserError(f"--file {e}; each row is KIND<TAB>SOURCE<TAB>ITEM... (probes/lines.py)") from None
    if not lines:
        raise UserError(f"--file {name} holds no probe lines; each row is KIND<TAB>SOURCE<TAB>ITEM... "
                        "(probes/lines.py)")
    return lines


def lines_of(args, direction: str) -> list[Probe]:
    """The probed lines: --file's, or the direction's own."""
    return args.lines if args.lines is not None else probe_lines(direction)


def main(argv) -> int:
    args = parse_args(argv)
    if args.sources:
        print("\n".join(p.source for p in lines_of(args, args.direction or "de-en")))
        return 0
    outputs_of, direction = {}, args.direction or "de-en"
    if args.outputs:
        outputs_of = {"file": read_text_lines(args.outputs)}
    else:
        import_user_module(args.user_module)
        args.checkpoint = args.checkpoint or str(latest_checkpoint())
        with tempfile.TemporaryDirectory() as tmp:
            for name, translator in load_engines(args, tmp):
                direction = checkpoint_direction(args, translator)
                sources = (read_parallel(args.split, args.data_dir, *direction.split("-"))[0] if args.split
                           else [p.source for p in lines_of(args, direction)])
                outputs_of[name] = translator.translate(sources, decode_from_flags(args, translator.cfg.decode))
    judge = Judge(direction, load_lexicon(direction, args.data_dir))
    if args.split:
        report_split(args, judge, outputs_of)
    else:
        report_probe(args, judge, outputs_of)
    return 0


def report_probe(args, judge: Judge, outputs_of: dict) -> None:
    lines = lines_of(args, judge.direction)
    file = f" --file {args.file}" if args.file else ""
    for name, outputs in outputs_of.items():
        if len(outputs) != len(lines):
            raise UserError(f"{label(args)}: {len(outputs)} outputs for {len(lines)} probe lines of "
                            f"{judge.direction}; translate the lines of `python -m probes --sources --direction "
                            f"{judge.direction}{file}`, one output line each")
    reports = {name: report(judge.lines(lines, outputs), judge) for name, outputs in outputs_of.items()}
    with_entities = judge.direction == "de-en" and not args.file          # the entity probe opens de-en's own lines
    entity = {name: entity_score(r.results[:len(entity_lines())]) for name, r in reports.items()}
    if args.json:
        print(json.dumps({name: {**(entity_json(entity[name]) if with_entities else {}),
                                 **report_json(r)} for name, r in reports.items()}, ensure_ascii=False))
    else:
        if with_entities:
            print(f"entity probe: {len(entity_lines())} sentences, {label(args)}")
            print(probe_table(list(entity.items())) + "\n")
        for name, r in reports.items():
            print(f"probe lines {judge.direction}{file}: {len(lines)} ({name}), {label(args)}")
            print(kind_table(r.kinds, r.names_checked))
            print(summary(r) + "\n")
    if args.show_failures:
        for name, r in reports.items():
            print(f"\nfailing lines of {name}:\n{failures(r.results)}")
    if args.record:
        name = next(iter(reports))                                 # our engine's; the others are comparisons
        record_probe(args, judge.direction, reports[name], entity[name] if with_entities else None)


def record_probe(args, direction: str, r, entities) -> None:
    """The probe's shares as ledger records: what a user's lines keep, with the model's recipe and work; a --file's
    figures name the file (its base name), so the tables keep them apart from the direction's own lines'."""
    kinds = r.kinds
    shares = {"probe items kept": (sum(k.kept for k in kinds), sum(k.items for k in kinds)),
              "copied-through items kept exactly": (r.verbatim.kept, r.verbatim.items)}
    if entities is not None:
        shares["entity probe: names, places, brands kept"] = (entities.kept, entities.entities)
    if args.file:                                             # a file without copied-through items records none
        shares = {f"{split} ({Path(args.file).name})": (part, whole) for split, (part, whole) in shares.items()
                  if whole}
    record_shares("python -m probes", args, shares, direction)


def report_split(args, judge: Judge, outputs_of: dict) -> None:
    sources, references = read_parallel(args.split, args.data_dir, *judge.direction.split("-"))
    lines = [Probe(s, (), args.split) for s in sources]
    results = {name: judge.lines(lines, outputs) for name, outputs in [*outputs_of.items(), ("references",
                                                                                              references)]}
    scores = {name: kind_score(args.split, r) for name, r in results.items()}
    if args.json:
        print(json.dumps({"split": args.split, "sentences": len(sources), "direction": judge.direction,
                          "references_with_invented_numbers": scores["references"].invented_numbers,
                          **{name: {"invented_numbers": s.invented_numbers,
                                    "misformatted_numbers": s.misformatted_numbers, "degenerate": s.degenerate,
                                    **({"invented_names": s.invented_names} if judge.lexicon is not None else {})}
                             for name, s in scores.items()}}))
    else:
        print(f"{args.split} ({judge.direction}): {len(sources)} sentences, {label(args)}")
        print(f"{'engine':16s} {'invented number':>22s} {'misformatted':>22s} {'stammer':>22s} "
              f"{'invented name':>22s}")
        for name, s in scores.items():
            names = percent(s.invented_names, s.lines) if judge.lexicon is not None else "not checked"
            print(f"{name:16s} {percent(s.invented_numbers, s.lines):>22s} "
                  f"{percent(s.misformatted_numbers, s.lines):>22s} {percent(s.degenerate, s.lines):>22s} "
                  f"{names:>22s}")
        print("(lines with each; the references row is the checks' false alarms on human translations)")
    if args.show_failures:
        for name, r in results.items():
            print(f"\nfailing lines of {name}:\n{failures(r)}")


if __name__ == "__main__":
    run_main(main)
