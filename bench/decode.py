"""Decoding speed on test_2016_flickr (or --split), one checkpoint, as ratios measured in one process.

- tutorial greedy: one sentence at a time, the whole decoder re-run on the full prefix at every step (no cache);
- our greedy: batched, KV cache — must give exactly the same tokens as the tutorial's greedy on the same model;
- our beam 5: batched over sentences and beams, KV cache;
- our greedy and beam 5 in bf16 autocast (--bf16; what validation runs under `--train.precision=bf16`);
- our beam 10 ranked with the way back (--rerank W, a model of both directions: decoding/rerank.py);
- CTranslate2 (export.py) float32 and int8, greedy and beam 5, on the same weights, same inputs, same threads.
Optionally also the tutorial model's own greedy (bench/baseline.py --save) on its own checkpoint.
Every engine decodes 8 sentences once before it is timed (first-call allocations, kernel choice); with --rounds N
the rows take turns N times in a rotating order and each figure is the median (the machine may be shared).

    python -m bench.decode --checkpoint runs/<run>/best.pt --data-dir ../shared/data/multi30k
    python -m bench.decode --checkpoint runs/<run>/best.pt --skip-tutorial --rounds 3 --threads 1 --bf16
    python -m bench.decode --checkpoint runs/<run>/best.pt --skip-tutorial --save-tokens tokens.json  # compare
    python -m bench.decode --checkpoint runs/<run>/best.pt --profile 128      # torch.profiler of our beam 5
"""
from __future__ import annotations

import contextlib
import json
import shlex
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from util.threads import share_cores

share_cores()                    # before torch starts its threads, as the commands do

import torch  # noqa: E402

from data.multi30k import read_parallel  # noqa: E402
from data.vocab import BOS, EOS  # noqa: E402
from util.ledger import Record, append  # noqa: E402
from models.masks import padding_mask  # noqa: E402
from decoding.scoring import corpus_scores, token_bleu  # noqa: E402
from decoding.evaluation import model_fields, trained_models  # noqa: E402
from decoding.load import checkpoint_paths, load_translator  # noqa: E402
from cli import CommandParser, run_main, whole_number  # noqa: E402


@torch.no_grad()
def tutorial_greedy(model, src_ids: list[int], max_len: int) -> list[int]:
    """The tutorials' loop: one sentence, and every step re-runs the decoder on the whole prefix."""
    src = torch.tensor([src_ids])
    src_mask = padding_mask(src)
    memory = model.encode(src, src_mask)
    out = [BOS]
    for _ in range(max_len):
        token = int(model.decoder_logits(torch.tensor([out]), memory, src_mask)[0, -1].argmax())
        if token == EOS:
            break
        out.append(token)
    return out[1:]


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main(argv=None) -> None:
    parser = CommandParser(prog="-m bench.decode", description=__doc__)
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--split", default="test_2016_flickr", help="a Multi30K split (tune only on val)")
    parser.add_argument("--sentences", type=whole_number(0), default=0, help="first N sentences (0 = all of the split)")
    parser.add_argument("--baseline-checkpoint", default=None, help="a bench/baseline.py --save file")
    parser.add_argument("--threads", type=whole_number(0), default=0)
    parser.add_argument("--no-ctranslate2", action="store_true", help="skip the CTranslate2 rows")
    parser.add_argument("--skip-tutorial", action="store_true", help="skip the slow tutorial loop")
    parser.add_argument("--bf16", action="store_true", help="also our greedy and beam 5 under bf16 autocast")
    parser.add_argument("--save-tokens", default=None, metavar="JSON", help="write each row's output ids")
    parser.add_argument("--rounds", type=whole_number(1), default=1, help="every row once per round, in a rotating order")
    parser.add_argument("--profile", type=whole_number(0), default=0, metavar="N",
                        help="only torch.profiler of our search on the first N sentences (beam: --profile-beam)")
    parser.add_argument("--profile-beam", type=whole_number(1), default=5)
    parser.add_argument("--rerank", type=float, default=0.0, metavar="W",
                        help="a model of both directions: add our beam --rerank-beam, ranked with the way back at "
                        "weight W")
    parser.add_argument("--rerank-beam", type=whole_number(1), default=10)
    parser.add_argument("--record", action="store_true", help="add our speed against CTranslate2's (median ratio, "
                        "tokens the same or not) to the results ledger, results/ledger.jsonl")
    args = parser.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    translator = load_translator(args.checkpoint)
    src_text, ref_text = read_parallel(args.split, args.data_dir)
    n = args.sentences or len(src_text)
    src_text, ref_text = src_text[:n], ref_text[:n]
    src_ids = translator.codec.ids(src_text)
    greedy_cfg = replace(translator.cfg.decode, beam=1)
    beam_cfg = replace(translator.cfg.decode, beam=5)
    # the same length limit for every method: a * source length + b
    limits = [int(len(s) * greedy_cfg.max_len_a + greedy_cfg.max_len_b) for s in src_ids]
    if args.profile:
        profile(translator, src_ids[:args.profile], replace(beam_cfg, beam=args.profile_beam))
        return

    results = {}
    if not args.skip_tutorial:
        results["tutorial greedy"] = timed(lambda: [tutorial_greedy(translator.engine.model, s, m)
                                                    for s, m in zip(src_ids, limits)])
    reranked = f"our beam {args.rerank_beam}, rerank {args.rerank:g}"
    with contextlib.ExitStack() as stack:
        rows = {"our greedy": (translator, greedy_cfg, False), "our beam 5": (translator, beam_cfg, False)}
        if args.rerank:
            rows[reranked] = (translator, replace(beam_cfg, beam=args.rerank_beam, rerank=args.rerank), False)
        if args.bf16:
            rows.update({"our bf16 greedy": (translator, greedy_cfg, True),
                         "our bf16 beam 5": (translator, beam_cfg, True)})
        if not args.no_ctranslate2:
            rows.update(ctranslate2_rows(args.checkpoint, stack.enter_context(tempfile.TemporaryDirectory()),
                                         greedy_cfg, beam_cfg))
        rounds = interleaved(rows, src_ids, args.rounds)
    for name, times in rounds.items():
        results[name] = (times[0][0], statistics.median(t for _, t in times))
    same = results.get("tutorial greedy", results["our greedy"])[0] == results["our greedy"][0]

    base = results.get("tutorial greedy", results["our beam 5"])[1]
    print(f"{n} sentences of {args.split}, {torch.get_num_threads()} threads, checkpoint {args.checkpoint}, "
          f"{args.rounds} rounds (median seconds)")
    for name, (hyps, seconds) in results.items():
        bleu = corpus_scores([translator.codec.text(h) for h in hyps], ref_text)["bleu"]
        print(f"  {name:22s} {n / seconds:7.1f} sentences/s  {base / seconds:6.2f}x "
              f"{'tutorial greedy' if 'tutorial greedy' in results else 'our beam 5'}   BLEU {bleu:.2f}")
    print(f"  our cached greedy gives the tutorial loop's tokens exactly: {same}")
    for name in ("ct2 float32 greedy", "ct2 float32 beam 5", "our bf16 greedy", "our bf16 beam 5"):
        if name in results:
            ours = "our greedy" if "greedy" in name else "our beam 5"
            same_tokens = sum(a == b for a, b in zip(results[ours][0], results[name][0]))
            ratios = [theirs / mine for (_, mine), (_, theirs) in zip(rounds[ours], rounds[name])]
            print(f"  {name} gives our float32 tokens for {same_tokens} of {n} sentences; ours runs at "
                  f"{statistics.median(ratios):.2f}x its speed (per round {', '.join(f'{r:.2f}' for r in ratios)})")
            if args.record and name.startswith("ct2"):
                record(args, translator, "speed_ratio_vs_ctranslate2", statistics.median(ratios),
                       f"{name.removeprefix('ct2 float32 ')}, {n} sentences, {torch.get_num_threads()} threads, "
                       f"median of {args.rounds} rounds; the same tokens for {same_tokens} of {n}", 5)
    if reranked in rounds:
        ratios = [mine / base for (_, base), (_, mine) in zip(rounds["our beam 5"], rounds[reranked])]
        print(f"  {reranked} takes {statistics.median(ratios):.2f}x the time of our beam 5 "
              f"(per round {', '.join(f'{r:.2f}' for r in ratios)})")
        if args.record:
            record(args, translator, "time_ratio_vs_beam5", statistics.median(ratios),
                   f"{reranked} against beam 5, {n} sentences, {torch.get_num_threads()} threads, median of "
                   f"{args.rounds} rounds", args.rerank_beam, args.rerank)
    if args.save_tokens:
        Path(args.save_tokens).write_text(json.dumps({name: hyps for name, (hyps, _) in results.items()}))
    if args.baseline_checkpoint:
        baseline_speed(args.baseline_checkpoint, args.data_dir, n, base)


def record(args, translator, metric: str, value: float, note: str, beam: int, rerank: float = 0.0) -> None:
    """One decoding figure in the ledger, with the fields of the checkpoint's model (its note after ours)."""
    fields = model_fields(trained_models(checkpoint_paths(args.checkpoint)), beam, rerank)
    fields["note"] = "; ".join(part for part in (note, fields["note"]) if part)
    append(Record(topic="decoding", metric=metric, value=round(value, 2), split=args.split,
                  direction=f"{translator.cfg.data.src_lang}-{translator.cfg.data.tgt_lang}",
                  command=" ".join(["python -m bench.decode", *map(shlex.quote, sys.argv[1:])]), **fields))


def interleaved(rows: dict, src_ids, rounds: int) -> dict[str, list[tuple[list, float]]]:
    """rows: name -> (engine, decode config, bf16). Each round runs every row once over all sentences, in a
    rotating order, so load from elsewhere hits them alike; -> name -> [(first-best ids, seconds)] per round."""
    for engine, decode, _ in rows.values():                   # warm-up: first-call allocations, kernel choice
        engine.search(src_ids[:8], decode)
    names, out = list(rows), {name: [] for name in rows}
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            engine, decode, bf16 = rows[name]
            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16):
                out[name].append(timed(lambda: [n_best[0].tokens for n_best in engine.search(src_ids, decode)]))
    return out


def profile(translator, src_ids, decode) -> None:
    from torch.profiler import ProfilerActivity, profile as torch_profile
    translator.search(src_ids[:8], decode)
    with torch_profile(activities=[ProfilerActivity.CPU]) as prof:
        start = time.perf_counter()
        translator.search(src_ids, decode)
        seconds = time.perf_counter() - start
    print(f"beam {decode.beam}, {len(src_ids)} sentences: {len(src_ids) / seconds:.1f} sentences/s under the profiler")
    print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=30))


def ctranslate2_rows(checkpoint: str, directory: str, greedy_cfg, beam_cfg) -> dict:
    """CTranslate2 exports of the checkpoint (float32 and int8, in `directory`) on the same inputs and threads."""
    from exporting.ct2 import export_checkpoint

    rows = {}
    for quantization in ("float32", "int8"):
        engine = load_translator(export_checkpoint(checkpoint, Path(directory) / quantization, quantization))
        rows.update({f"ct2 {quantization} greedy": (engine, greedy_cfg, False),
                     f"ct2 {quantization} beam 5": (engine, beam_cfg, False)})
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
    run_main(main)         # a UserError (a missing --data-dir, a bad checkpoint): one line, exit status 2
