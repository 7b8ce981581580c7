"""How well the confidence tells photo-caption-like German lines from others (questions, instructions, news, chat):
the share of (caption, other) pairs it ranks caption first (AUC), the confidences of each kind, and the share of each
below the page's threshold. The lines (probes/data/confidence_bench.de.tsv, `kind<TAB>German line`) were written for
this project, none from Multi30K; confidence_tune.de.tsv holds other lines of the same kinds, used to choose the
threshold, so that the bench set measures without having been looked at.

    python -m probes.confidence --checkpoint runs/<run>/best.pt [--lines probes/data/confidence_bench.de.tsv] [--show 5]
    python -m probes.confidence --checkpoint exported/            # the CTranslate2 engine, the same way
"""
from __future__ import annotations

import json
import statistics
from dataclasses import replace
from pathlib import Path

from cli import CommandParser, run_main
from decoding.confidence import LOW, auc
from decoding.load import load_translator

HERE = Path(__file__).resolve().parent


def read_lines(path: Path) -> list[tuple[str, str]]:
    rows = [line.split("\t", 1) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(kind, text) for kind, text in rows]


def main(argv=None) -> int:
    parser = CommandParser(prog="-m probes.confidence", description=__doc__)
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--lines", default=str(HERE / "data" / "confidence_bench.de.tsv"))
    parser.add_argument("--beam", type=int, default=None)
    parser.add_argument("--show", type=int, default=0, help="print the N least confident captions and the N most "
                        "confident other lines")
    args = parser.parse_args(argv)
    translator = load_translator(args.checkpoint)
    decode = translator.cfg.decode if args.beam is None else replace(translator.cfg.decode, beam=args.beam)
    rows = read_lines(Path(args.lines))
    found = [n_best[0] for n_best in translator.translate_n_best([text for _, text in rows], decode)]
    by_kind: dict[str, list[float]] = {}
    for (kind, _), translation in zip(rows, found):
        by_kind.setdefault(kind, []).append(translation.confidence)
    report = {"lines": args.lines, "engine": translator.describe(), "beam": decode.beam, "low": LOW,
              "auc_caption_over_other": round(auc(by_kind["caption"], by_kind["other"]), 4)}
    for kind, values in sorted(by_kind.items()):
        quartiles = statistics.quantiles(values, n=4)
        print(f"{kind:8s} {len(values):4d} lines: confidence median {statistics.median(values):.3f} (quartiles "
              f"{quartiles[0]:.3f}-{quartiles[2]:.3f}), {sum(v < LOW for v in values) / len(values):.0%} below {LOW}")
        report[kind] = {"lines": len(values), "median": round(statistics.median(values), 3),
                        "below_low": round(sum(v < LOW for v in values) / len(values), 3)}
    print(f"AUC (a caption above another line): {report['auc_caption_over_other']:.3f}")
    if args.show:
        scored = sorted(zip(rows, found), key=lambda x: x[1].confidence)
        for title, picked in (("least confident captions", [x for x in scored if x[0][0] == "caption"][:args.show]),
                              ("most confident other lines", [x for x in scored if x[0][0] != "caption"][::-1]
                               [:args.show])):
            print(f"{title}:")
            for (_, text), translation in picked:
                print(f"  {translation.confidence:.3f}  {text}  ->  {translation.text}")
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    run_main(main)
