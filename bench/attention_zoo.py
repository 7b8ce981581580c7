"""The attention zoo side by side: forward+backward time and peak memory of each registered attention on synthetic
self-attention of 64 to 4,096 positions, and the decoding speed of a base-sized model that uses it.

    python -m bench.attention_zoo                        # the table of docs/HISTORY.md (about 15 minutes, 1 thread)
    python -m bench.attention_zoo --lengths 64,256 --types full,local

Kernel rows: batch 1, 8 heads of width 32 (the base model's 256), no mask, each type's default options (aft-full:
max_len = the length), train mode, one thread. Each (type, length) runs in a fresh process: after a small warm-up
and the inputs are made, the peak resident set size (ru_maxrss) is read, one forward+backward runs, and the peak
memory is the growth of ru_maxrss (large tensors are mmapped, so RSS follows them); then the time is the median of
--repeats more forward+backward passes. A pass over --limit seconds, or out of memory, is reported as "—".
Decoding: a base-sized model (d_model 256, 8 heads, 3+3 layers, 8,000 words) with the type wherever it can serve
(else full), 16 sentences of 32 source tokens, 64 cached decoder steps; tokens/s = 16·64 / seconds (median of 3).
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path


import torch

from cli import CommandParser, run_main, whole_number, whole_numbers
from config import ModelConfig
from models.attention import attention_class, build_attention, registered_attentions
from util.errors import UserError
from models.masks import padding_mask
from models.transformer import Transformer

REPO = Path(__file__).resolve().parents[1]
HEADS, WIDTH = 8, 32


def options(name: str, length: int) -> dict[str, str]:
    return {"max_len": str(length)} if name == "aft-full" else {}


def kernel_pass(name: str, length: int, attention=None) -> None:
    g = torch.Generator().manual_seed(0)
    q, k, v = (torch.randn(1, HEADS, length, WIDTH, generator=g, requires_grad=True) for _ in range(3))
    attention = attention or build_attention(name, WIDTH, given=options(name, length)).train()
    result = attention(q, k, v, None)
    out = result[0] if isinstance(result, tuple) else result
    out.sum().backward()


def measure_kernel(name: str, length: int, repeats: int) -> dict:
    """In this (fresh) process: peak RSS growth of one forward+backward, then the median time of `repeats`."""
    kernel_pass(name, 16)                                       # kernels and thread pools, before the baseline
    attention = build_attention(name, WIDTH, given=options(name, length)).train()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kernel_pass(name, length, attention)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        kernel_pass(name, length, attention)
        times.append(time.perf_counter() - start)
    return {"ms": 1000 * statistics.median(times), "mb": peak / 1024}


def decoder_model(name: str) -> Transformer | None:
    """A base-sized model with `name` in every role it can fill (else full); None when its decoder would be full."""
    cls = attention_class(name)
    if cls.why_not("decoder", {}):
        return None
    roles = {field: ("full" if cls.why_not(role, {}) else name)
             for role, field in (("decoder", "decoder_attention"), ("cross", "cross_attention"))}
    torch.manual_seed(0)
    cfg = ModelConfig(attention=name, **roles, src_vocab_size=8000, tgt_vocab_size=8000, dropout=0.0)
    return Transformer(cfg).eval()


@torch.no_grad()
def decoding_rate(name: str, batch: int = 16, source: int = 32, steps: int = 64) -> float | None:
    model = decoder_model(name)
    if model is None:
        return None
    g = torch.Generator().manual_seed(0)
    src = torch.randint(4, 8000, (batch, source), generator=g)
    tgt = torch.randint(4, 8000, (batch, steps), generator=g)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        src_mask = padding_mask(src)
        memory, cache = model.encode(src, src_mask), model.new_cache()
        for t in range(steps):
            model.decoder_logits(tgt[:, t:t + 1], memory, src_mask, cache=cache)
        times.append(time.perf_counter() - start)
    return batch * steps / statistics.median(times)


def child(args, *extra) -> dict | None:
    try:
        proc = subprocess.run([sys.executable, "-m", "bench.attention_zoo", "--threads", str(args.threads), *extra],
                              cwd=REPO, capture_output=True, text=True, timeout=args.limit)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(proc.stdout.splitlines()[-1]) if proc.returncode == 0 else None


def main(argv=None) -> None:
    parser = CommandParser(prog="-m bench.attention_zoo", description=__doc__.splitlines()[0])
    parser.add_argument("--types", default=",".join(registered_attentions()))
    parser.add_argument("--lengths", type=whole_numbers(1), default=[64, 256, 1024, 4096])
    parser.add_argument("--repeats", type=whole_number(1), default=3)
    parser.add_argument("--threads", type=whole_number(1), default=1)
    parser.add_argument("--limit", type=float, default=300.0, help="seconds a (type, length) may take")
    parser.add_argument("--kernel", nargs=2, metavar=("TYPE", "LENGTH"), help=argparse.SUPPRESS)
    parser.add_argument("--decode", metavar="TYPE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    if args.kernel:
        print(json.dumps(measure_kernel(args.kernel[0], int(args.kernel[1]), args.repeats)))
        return
    if args.decode:
        print(json.dumps({"rate": decoding_rate(args.decode)}))
        return
    lengths, types = args.lengths, [name.strip() for name in args.types.split(",") if name.strip()]
    unknown = [name for name in types if name not in registered_attentions()]
    if unknown or not types:
        raise UserError(f"--types: {', '.join(unknown) or 'none given'}; choose from "
                        f"{', '.join(registered_attentions())}")
    print("| attention | " + " | ".join(f"{n} tokens: ms / MB" for n in lengths) + " | decoding tokens/s |")
    print("|---|" + "---|" * (len(lengths) + 1))
    for name in types:
        cells = []
        for n in lengths:
            r = child(args, "--kernel", name, str(n), "--repeats", str(args.repeats))
            cells.append("—" if r is None else f"{r['ms']:.1f} / {r['mb']:.0f}")
        d = child(args, "--decode", name)
        rate = "—" if d is None else ("encoder only" if d["rate"] is None else f"{d['rate']:.0f}")
        print(f"| {name} | " + " | ".join(cells) + f" | {rate} |", flush=True)


if __name__ == "__main__":
    run_main(main)         # a UserError (a missing --data-dir, a bad checkpoint): one line, exit status 2
