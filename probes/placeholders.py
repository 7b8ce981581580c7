"""Do the search's own outputs keep every placeholder once, and loop? On the de-en probe lines (entities.de.tsv,
user.de.tsv) and probes/data/short.de.txt (short lines, a line of many numbers): sentences whose source has
placeholders, how many outputs have each exactly once and no other (before the translator's last guard), outputs
with a repeated 3- or 4-gram of pieces, how often the last guard had to fix one, and the short lines as the
translator gives them.

    python -m probes.placeholders --checkpoint runs/<run>/best.pt [--no-repeat-ngram N] [--threads 1]
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import torch

from cli import CommandParser, run_main
from probes.lines import probe_lines, text_lines
from text.forms.masking import PLACEHOLDER


def repeats_ngram(tokens: list[int], n: int) -> bool:
    return any(v > 1 for v in Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)).values())


def main(argv=None) -> None:
    parser = CommandParser(prog="-m probes.placeholders", description=__doc__)
    parser.add_argument("--checkpoint", required=True, help="a .pt file or an export.py directory")
    parser.add_argument("--no-repeat-ngram", type=int, default=None)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    from decoding.load import load_translator
    t = load_translator(args.checkpoint)
    decode = replace(t.cfg.decode, n_best=1)
    if args.no_repeat_ngram is not None:
        decode = replace(decode, no_repeat_ngram=args.no_repeat_ngram)
    short = text_lines("short.de.txt")
    lines = [p.source for p in probe_lines("de-en")] + short
    sentences = [s for line in lines for s in t.pipeline.apply(line).sentences]
    ids = t.codec.ids(sentences)
    found = t.search(ids, decode, t.owed(sentences))
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
                      "guard_fixes": t.guard_fixes}, ensure_ascii=False))
    for line, out in zip(short, outputs[-len(short):]):
        print(f"{line} -> {out}")


if __name__ == "__main__":
    run_main(main)
