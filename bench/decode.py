"""Decoding speed on test_2016_flickr, one checkpoint, as ratios measured in one process.

- tutorial greedy: one sentence at a time, the whole decoder re-run on the full prefix at every step (no cache);
- our greedy: batched, KV cache — must give exactly the same tokens as the tutorial's greedy on the same model;
- our beam 5: batched over sentences and beams, KV cache;
- CTranslate2 (export.py) float32 and int8, greedy and beam 5, on the same weights, same inputs, same threads.
Optionally also the tutorial model's own greedy (bench/baseline.py --save) on its own checkpoint.

    python bench/decode.py --checkpoint runs/<run>/best.pt --data-dir ../shared/data/multi30k
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from data.multi30k import read_parallel  # noqa: E402
from data.vocab import BOS, EOS  # noqa: E402
from models.masks import padding_mask  # noqa: E402
from decoding.metrics import corpus_scores, token_bleu  # noqa: E402
from decoding.load import load_translator  # noqa: E402


@torch.no_grad()
def tutorial_greedy(model, src_ids: list[int], max_len: int) -> list[int]:
    """The tutorials' loop: one sentence, and every step re-runs the decoder on the whole prefix."""
    src = torch.tensor([src_ids])
    src_mask = padding_mask(src)
    memory = model.encode(src, src_mask)
    out = [BOS]
    for _ in range(max_len):
        token = int(model.decode(torch.tensor([out]), memory, src_mask)[0, -1].argmax())
        if token == EOS:
            break
        out.append(token)
    return out[1:]


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--sentences", type=int, default=0, help="first N test sentences (0 = all 1000)")
    parser.add_argument("--baseline-checkpoint", default=None, help="a bench/baseline.py --save file")
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--no-ctranslate2", action="store_true", help="skip the CTranslate2 rows")
    parser.add_argument("--skip-tutorial", action="store_true", help="skip the slow tutorial loop")
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    translator = load_translator(args.checkpoint)
    src_text, ref_text = read_parallel("test_2016_flickr", args.data_dir)
    n = args.sentences or len(src_text)
    src_text, ref_text = src_text[:n], ref_text[:n]
    src_ids = translator.codec.ids(src_text)
    greedy_cfg = replace(translator.cfg.decode, beam=1)
    beam_cfg = replace(translator.cfg.decode, beam=5)
    # the same length limit for every method: a * source length + b
    limits = [int(len(s) * greedy_cfg.max_len_a + greedy_cfg.max_len_b) for s in src_ids]

    results = {}
    if not args.skip_tutorial:
        results["tutorial greedy"] = timed(lambda: [tutorial_greedy(translator.engine.model, s, m)
                                                    for s, m in zip(src_ids, limits)])
    results["our greedy"] = timed(lambda: [n_best[0].tokens for n_best in translator.search(src_ids, greedy_cfg)])
    results["our beam 5"] = timed(lambda: [n_best[0].tokens for n_best in translator.search(src_ids, beam_cfg)])
    if not args.no_ctranslate2:
        results.update(ctranslate2_rows(args.checkpoint, src_ids, greedy_cfg, beam_cfg))
    same = results.get("tutorial greedy", results["our greedy"])[0] == results["our greedy"][0]

    base = results.get("tutorial greedy", results["our beam 5"])[1]
    print(f"{n} sentences of test_2016_flickr, {torch.get_num_threads()} threads, checkpoint {args.checkpoint}")
    for name, (hyps, seconds) in results.items():
        bleu = corpus_scores([translator.codec.text(h) for h in hyps], ref_text)["bleu"]
        print(f"  {name:22s} {n / seconds:7.1f} sentences/s  {base / seconds:6.2f}x "
              f"{'tutorial greedy' if 'tutorial greedy' in results else 'our beam 5'}   BLEU {bleu:.2f}")
    print(f"  our cached greedy gives the tutorial loop's tokens exactly: {same}")
    for name in ("ct2 float32 greedy", "ct2 float32 beam 5"):
        if name in results:
            ours = results["our greedy" if "greedy" in name else "our beam 5"][0]
            same_tokens = sum(a == b for a, b in zip(ours, results[name][0]))
            print(f"  {name} gives our tokens for {same_tokens} of {n} sentences")
    if args.baseline_checkpoint:
        baseline_speed(args.baseline_checkpoint, args.data_dir, n, base)


def ctranslate2_rows(checkpoint: str, src_ids, greedy_cfg, beam_cfg) -> dict:
    """Export to temporary CTranslate2 directories and time them on the same inputs and threads."""
    import tempfile

    from exporting.ct2 import export_checkpoint

    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        for quantization in ("float32", "int8"):
            engine = load_translator(export_checkpoint(checkpoint, Path(tmp) / quantization, quantization))
            engine.search(src_ids[:8], greedy_cfg)                  # warm-up
            for name, decode in (("greedy", greedy_cfg), ("beam 5", beam_cfg)):
                rows[f"ct2 {quantization} {name}"] = timed(
                    lambda: [n_best[0].tokens for n_best in engine.search(src_ids, decode)])
    return rows


def baseline_speed(path: str, data_dir, n: int, reference_seconds: float) -> None:
    import bench.baseline as baseline
    saved = torch.load(path, weights_only=True)
    data = baseline.load_baseline_data(data_dir)
    model = baseline.BaselineModel(len(saved["src_itos"]), len(saved["tgt_itos"]))
    model.load_state_dict(saved["state_dict"])
    pairs = data["test"]["pairs"][:n]
    hyps, seconds = timed(lambda: [baseline.greedy_translate(model, src) for src, _ in pairs])
    tokens = [[saved["tgt_itos"][t] for t in h] for h in hyps]
    bleu = token_bleu(tokens, data["test"]["en_tokens"][:n])
    print(f"  {'nn.Transformer':16s} {n / seconds:7.1f} sentences/s  {reference_seconds / seconds:6.1f}x tutorial "
          f"greedy   BLEU {bleu:.2f} (lowercased tokens, its own checkpoint)")


if __name__ == "__main__":
    main()
