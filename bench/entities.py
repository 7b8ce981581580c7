"""Do names, places, brands and numbers come through? A probe of German captions with the entities a faithful
translation must keep (bench/entities_probe.py), and the count of outputs with a number the source lacks.

    python bench/entities.py --checkpoint runs/<run>/best.pt [--beam 5] [--show-failures] [--json]
    python bench/entities.py --checkpoint runs/<run>/best.pt --engine-compare       # + CTranslate2 float32, int8
    python bench/entities.py --checkpoint runs/<run>/best.pt --split val --data-dir ../shared/data/multi30k

An entity is kept when one of its alternatives appears in the output, case-sensitive, and not as part of a
longer word or number ("12" is not kept by "120" or "12.5"). A number is invented when data/numbers.py finds it
in the output but not in the source. On a Multi30K split (no entity lists) only invented numbers are counted, in
the outputs and, as the checker's own false-alarm rate, in the human references.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.entities_probe import PROBES, Probe  # noqa: E402
from data.multi30k import read_parallel  # noqa: E402
from text.number_forms import invented_numbers  # noqa: E402
from models.checkpoint import latest_checkpoint  # noqa: E402
from util.cli import (add_decode_flags, check_decode_flags, decode_from_flags, import_user_module,  # noqa: E402
                      pick_device, run_main)
from util.errors import UserError  # noqa: E402


class Failure(NamedTuple):
    source: str
    output: str
    missing: tuple            # the entities (alternatives-tuples) the output lacks
    invented: tuple           # numbers of the output the source lacks


class ProbeScore(NamedTuple):
    sentences: int
    entities: int
    kept: int
    number_entities: int      # entities written with digits
    numbers_kept: int
    sentences_all_kept: int
    invented: int             # outputs with at least one invented number
    failures: list

    @property
    def kept_share(self) -> float:
        return self.kept / max(self.entities, 1)

    @property
    def all_kept_share(self) -> float:
        return self.sentences_all_kept / max(self.sentences, 1)


def contains(output: str, alternative: str) -> bool:
    """`alternative` occurs in `output`, case-sensitive, not glued to a longer word or number."""
    before = r"(?<![^\W\d_])" if alternative[0].isalpha() else r"(?<!\d)(?<!\d[.,:])"
    after = r"(?![^\W\d_])" if alternative[-1].isalpha() else r"(?!\d)(?![.,:]\d)"
    return re.search(before + re.escape(alternative) + after, output) is not None


def kept(output: str, entity: tuple) -> bool:
    return any(contains(output, alternative) for alternative in entity)


def is_number(entity: tuple) -> bool:
    return any(c.isdigit() for c in entity[0])


def score_probe(outputs: list[str], probes: list[Probe]) -> ProbeScore:
    """Score one output per probe sentence."""
    if len(outputs) != len(probes):
        raise ValueError(f"{len(outputs)} outputs for {len(probes)} probe sentences")
    entities = kept_count = numbers = numbers_kept = all_kept = invented = 0
    failures = []
    for output, probe in zip(outputs, probes):
        missing = tuple(e for e in probe.must_contain if not kept(output, e))
        extra = tuple(invented_numbers(probe.source, output))
        entities += len(probe.must_contain)
        kept_count += len(probe.must_contain) - len(missing)
        numbers += sum(map(is_number, probe.must_contain))
        numbers_kept += sum(is_number(e) for e in probe.must_contain if e not in missing)
        all_kept += not missing
        invented += bool(extra)
        if missing or extra:
            failures.append(Failure(probe.source, output, missing, extra))
    return ProbeScore(len(probes), entities, kept_count, numbers, numbers_kept, all_kept, invented, failures)


class NumberScore(NamedTuple):
    sentences: int
    invented: int             # outputs with at least one invented number
    failures: list


def score_numbers(sources: list[str], outputs: list[str]) -> NumberScore:
    """Invented numbers only, for sentences with no entity list (a Multi30K split)."""
    failures = [Failure(s, o, (), tuple(found)) for s, o in zip(sources, outputs) if (found := invented_numbers(s, o))]
    return NumberScore(len(sources), len(failures), failures)


def percent(part: int, whole: int) -> str:
    return f"{100 * part / max(whole, 1):.1f}% ({part}/{whole})"


def probe_table(rows: list[tuple[str, ProbeScore]]) -> str:
    head = f"{'engine':16s} {'entities kept':>18s} {'names/places':>18s} {'numbers':>16s} " \
           f"{'sentences all kept':>19s} {'invented numbers':>17s}"
    lines = [head]
    for name, s in rows:
        words, words_kept = s.entities - s.number_entities, s.kept - s.numbers_kept
        lines.append(f"{name:16s} {percent(s.kept, s.entities):>18s} {percent(words_kept, words):>18s} "
                     f"{percent(s.numbers_kept, s.number_entities):>16s} "
                     f"{percent(s.sentences_all_kept, s.sentences):>19s} {s.invented:>17d}")
    return "\n".join(lines)


def print_failures(failures: list[Failure]) -> None:
    for f in failures:
        print(f"  {f.source}\n    -> {f.output}")
        if f.missing:
            print("    missing: " + "; ".join(" / ".join(e) for e in f.missing))
        if f.invented:
            print("    invented numbers: " + ", ".join(f.invented))


def load_engines(args, tmp: str) -> list[tuple[str, object]]:
    """(name, translator) pairs: the checkpoint as given; with --engine-compare also its CTranslate2 exports,
    written under tmp."""
    from decoding.load import load_translator         # here, so the scoring above needs no model

    device = pick_device(args.device, "--device")
    checkpoint = args.checkpoint
    if args.engine_compare and ("," in checkpoint or Path(checkpoint).is_dir()):
        raise UserError("--engine-compare exports one .pt checkpoint; pass a single checkpoint, not an "
                        "ensemble or an exported directory")
    translator = load_translator(checkpoint, device)
    found = [(translator.engine.name, translator)]
    if args.engine_compare:
        from exporting.ct2 import export_checkpoint
        for quantization in ("float32", "int8"):
            exported = export_checkpoint(checkpoint, Path(tmp) / quantization, quantization)
            found.append((f"ct2 {quantization}", load_translator(exported, device)))
    return found


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_decode_flags(parser)
    parser.add_argument("--engine-compare", action="store_true",
                        help="also run CTranslate2 exports (float32, int8) of the checkpoint")
    parser.add_argument("--split", default=None, help="count invented numbers on this Multi30K split instead "
                        "(val, test_2016_flickr, ...)")
    parser.add_argument("--data-dir", default=None, help="the Multi30K directory for --split")
    parser.add_argument("--show-failures", action="store_true", help="list each output that lost an entity "
                        "or invented a number")
    parser.add_argument("--json", action="store_true", help="print one JSON line instead of the table")
    args = parser.parse_args(argv)
    check_decode_flags(args)
    return args


def main(argv) -> int:
    args = parse_args(argv)
    import_user_module(args.user_module)
    args.checkpoint = args.checkpoint or str(latest_checkpoint())
    if args.split:
        sources, references = read_parallel(args.split, args.data_dir)
    else:
        sources = [p.source for p in PROBES]
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for name, translator in load_engines(args, tmp):
            outputs = translator.translate(sources, decode_from_flags(args, translator.cfg.decode))
            results[name] = score_numbers(sources, outputs) if args.split else score_probe(outputs, PROBES)
    if args.split:
        reference_score = score_numbers(sources, references)
        report_split(args, results, reference_score)
    else:
        report_probe(args, results)
    return 0


def report_probe(args, results: dict) -> None:
    if args.json:
        print(json.dumps({name: {"entities": s.entities, "kept": s.kept, "kept_share": round(s.kept_share, 4),
                                 "number_entities": s.number_entities, "numbers_kept": s.numbers_kept,
                                 "sentences": s.sentences, "sentences_all_kept": s.sentences_all_kept,
                                 "all_kept_share": round(s.all_kept_share, 4), "invented_numbers": s.invented}
                          for name, s in results.items()}))
    else:
        print(f"entity probe: {len(PROBES)} sentences, checkpoint {args.checkpoint}")
        print(probe_table(list(results.items())))
    if args.show_failures:
        for name, score in results.items():
            print(f"\nfailures of {name} ({len(score.failures)}):")
            print_failures(score.failures)


def report_split(args, results: dict, references: NumberScore) -> None:
    if args.json:
        print(json.dumps({"split": args.split, "sentences": references.sentences,
                          "references_with_invented_numbers": references.invented,
                          **{name: {"invented_numbers": s.invented} for name, s in results.items()}}))
    else:
        print(f"{args.split}: {references.sentences} sentences, checkpoint {args.checkpoint}")
        print(f"{'engine':16s} outputs with an invented number")
        for name, score in results.items():
            print(f"{name:16s} {percent(score.invented, score.sentences)}")
        print(f"{'references':16s} {percent(references.invented, references.sentences)}   "
              "(the checker's false alarms on human translations)")
    if args.show_failures:
        for name, score in [*results.items(), ("references", references)]:
            print(f"\ninvented numbers of {name} ({len(score.failures)}):")
            print_failures(score.failures)


if __name__ == "__main__":
    run_main(main)
