"""How often a glossary term comes out as asked: this project's own German sentences (not from Multi30K), each with
one or two terms of a small glossary (probes/data/glossary.de.txt, glossary.de-en.tsv); a sentence counts when its
output holds every English term it asked for.

    python -m probes.glossary --checkpoint runs/<run>/best.pt [--beam 5] [--show-failures]
    python -m probes.glossary --checkpoint exported/            # the CTranslate2 engine, the same way
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import replace

from cli import CommandParser, run_main
from decoding.load import load_translator
from probes.lines import DATA, text_lines
from util.textio import read_glossary


def terms_of(sentence: str, glossary: dict[str, str]) -> dict[str, str]:
    return {de: en for de, en in glossary.items() if re.search(rf"(?<!\w){re.escape(de)}(?!\w)", sentence)}


def main(argv=None) -> None:
    parser = CommandParser(prog="-m probes.glossary", description=__doc__)
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--beam", type=int, default=5)
    parser.add_argument("--show-failures", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    glossary, sentences = read_glossary(DATA / "glossary.de-en.tsv"), text_lines("glossary.de.txt")
    translator = load_translator(args.checkpoint)
    translator.use_glossary(glossary)
    start = time.perf_counter()
    outputs = translator.translate(sentences, replace(translator.cfg.decode, beam=args.beam))
    seconds = time.perf_counter() - start
    kept = [all(en in out for en in terms_of(s, glossary).values()) for s, out in zip(sentences, outputs)]
    terms = [(en, out) for s, out in zip(sentences, outputs) for en in terms_of(s, glossary).values()]
    result = {"sentences": len(sentences), "sentences_with_all_terms": sum(kept) / len(kept),
              "terms": len(terms), "terms_kept": sum(en in out for en, out in terms) / len(terms),
              "engine": translator.describe(), "beam": args.beam, "sentences_per_s": len(sentences) / seconds}
    if args.show_failures:
        for s, out, ok in zip(sentences, outputs, kept):
            if not ok:
                print(f"- {s}\n  → {out}\n  wanted: {', '.join(terms_of(s, glossary).values())}")
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['engine']}, beam {args.beam}: {sum(kept)}/{len(kept)} sentences hold all their terms "
              f"({100 * result['sentences_with_all_terms']:.1f}%), {100 * result['terms_kept']:.1f}% of "
              f"{len(terms)} terms")


if __name__ == "__main__":
    run_main(main)
