"""Do the search's own outputs keep every placeholder once, and loop? On the de-en probes (bench/entities_probe.py,
bench/user_probe.py) and the issue-31 lines: sentences whose source has placeholders, how many outputs have each
exactly once and no other (before the translator's last guard), outputs with a repeated 3- or 4-gram of pieces,
how often the last guard had to fix one, and the issue's short lines as the translator gives them.

    python bench/placeholders.py --checkpoint runs/<run>/best.pt [--no-repeat-ngram N] [--threads 1]

A checkout from before the search owed placeholders (no Translator.owed) is measured as it searches.
"""
from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from bench.entities import probe_lines  # noqa: E402
from text.placeholders import PLACEHOLDER  # noqa: E402

ISSUE_LINES = ["?", "😀", "!!!", "...", "Hund", "Drei.", "Danke", "Guten Tag!", "Tschüss!", "Katze", "Ja.", "👍👍",
               "Ein Mann kauft 1,5 Kilo Kartoffeln für 3,49 Euro.", "Um 16:45 Uhr fährt ein Bus durch Heidelberg.",
               "Der Mann zahlt 12,50 Euro für 3 Liter Öl.", "Lukas fährt um 15:20 Uhr durch Kassel.",
               "Am 3. 4. 2021 kaufen 12 Leute 34 Brote, 56 Brötchen, 78 Kuchen und 90 Kekse für 1,50, 2,30, 4,10 "
               "Euro."]


def repeats_ngram(tokens: list[int], n: int) -> bool:
    return any(v > 1 for v in Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)).values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checkpoint", required=True, help="a .pt file or an export.py directory")
    parser.add_argument("--no-repeat-ngram", type=int, default=None)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    from decoding.load import load_translator
    t = load_translator(args.checkpoint)
    decode = replace(t.cfg.decode, n_best=1)
    if args.no_repeat_ngram is not None:
        decode = replace(decode, no_repeat_ngram=args.no_repeat_ngram)
    lines = [p.source for p in probe_lines("de-en")] + ISSUE_LINES
    sentences = [s for line in lines for s in t.pipeline.apply(line).sentences]
    ids = t.codec.ids(sentences)
    owes = "owed" in inspect.signature(t.search).parameters
    found = t.search(ids, decode, t.owed(sentences)) if owes else t.search(ids, decode)
    with_placeholders = once = 0
    for source, hyps in zip(sentences, found):
        wanted = PLACEHOLDER.findall(source)
        if wanted:
            written = Counter(PLACEHOLDER.findall(t.codec.text(hyps[0].tokens)))
            with_placeholders += 1
            once += all(written[p] == 1 for p in wanted) and set(written) <= set(wanted)
    outputs = t.translate(lines, decode)
    print(json.dumps({"engine": t.engine.name, "sentences": len(sentences), "with_placeholders": with_placeholders,
                      "each_placeholder_once": once,
                      "repeated_3gram": sum(repeats_ngram(h[0].tokens, 3) for h in found),
                      "repeated_4gram": sum(repeats_ngram(h[0].tokens, 4) for h in found),
                      "guard_fixes": getattr(t, "guard_fixes", None)}, ensure_ascii=False))
    for line, out in zip(ISSUE_LINES, outputs[-len(ISSUE_LINES):]):
        print(f"{line} -> {out}")


if __name__ == "__main__":
    main()
