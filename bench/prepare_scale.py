"""Preparing a large own corpus: wall time, pairs per second and peak memory of prepare_data.

The corpus is synthetic but realistic: Multi30K train repeated, each copy with its number words permuted the same
way on both sides, digits replaced, and, in a third of the pairs, a made-up place name added ("... in Torvelheim"),
so sentencepiece and the vocabulary see new text in every copy. It is written to a temp directory as
PREFIX.de / PREFIX.en and prepared as --data.train (Multi30K val as --data.val) into a fresh cache there.

    nice -n 19 python -m bench.prepare_scale --pairs 1000000 --data-dir ../shared/data/multi30k

Peak memory is ru_maxrss: of this process, and of the largest worker process (they run side by side).
"""
from __future__ import annotations

import os
import platform
import random
import re
import resource
import tempfile
import time
from pathlib import Path

from cli import CommandParser, run_main, whole_number
from config import DataConfig
from data.multi30k import read_parallel, resolve_data_dir
from data.prepare import prepare_data

NUMBERS = [("zwei", "two"), ("drei", "three"), ("vier", "four"), ("fünf", "five"), ("sechs", "six"),
           ("sieben", "seven"), ("acht", "eight"), ("neun", "nine"), ("zehn", "ten")]
SYLLABLES = ["tor", "vel", "ham", "bri", "sen", "kal", "mu", "dor", "lin", "ra", "ste", "gau", "fen", "ol", "wik"]
ENDINGS = ["heim", "berg", "dorf", "hausen", "stadt", "au"]


def synthetic_pairs(src: list[str], tgt: list[str], n: int, seed: int = 0):
    """n pairs: Multi30K train copied over and over, each copy varied (see the module docstring)."""
    rng = random.Random(seed)
    for copy in range((n + len(src) - 1) // len(src)):
        order = rng.sample(NUMBERS, len(NUMBERS)) if copy else NUMBERS
        de_map = {f(a): f(b) for (a, _), (b, _) in zip(NUMBERS, order) for f in (str, str.capitalize)}
        en_map = {f(a): f(b) for (_, a), (_, b) in zip(NUMBERS, order) for f in (str, str.capitalize)}
        for de, en in zip(src, tgt):
            if n == 0:
                return
            n -= 1
            if copy:
                de = re.sub(r"\b(" + "|".join(de_map) + r")\b", lambda m: de_map[m.group(1)], de)
                en = re.sub(r"\b(" + "|".join(en_map) + r")\b", lambda m: en_map[m.group(1)], en)
                number = str(rng.randint(2, 999))
                de, en = re.sub(r"\d+", number, de), re.sub(r"\d+", number, en)
                if rng.random() < 1 / 3:
                    place = "".join(rng.choices(SYLLABLES, k=rng.randint(1, 3))).capitalize() + rng.choice(ENDINGS)
                    de, en = de.rstrip(" .") + f" in {place}.", en.rstrip(" .") + f" in {place}."
            yield de, en


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main(argv=None) -> None:
    parser = CommandParser(prog="-m bench.prepare_scale", description=__doc__)
    parser.add_argument("--pairs", type=whole_number(1), default=1_000_000)
    parser.add_argument("--data-dir", default=None, help="Multi30K (default: $MULTI30K_DIR or the user cache)")
    parser.add_argument("--workers", type=whole_number(0), default=0, help="--data.workers; 0 = the default")
    parser.add_argument("--units", default="subword", choices=("subword", "word"))
    args = parser.parse_args(argv)

    src, tgt = read_parallel("train", args.data_dir)
    read_parallel("val", args.data_dir)                      # downloaded when missing: the --data.val prefix
    val = str(resolve_data_dir(args.data_dir) / "val")
    with tempfile.TemporaryDirectory(prefix="prepare-scale-") as tmp:
        prefix = Path(tmp, "corpus")
        start = time.perf_counter()
        with open(f"{prefix}.de", "w", encoding="utf-8") as de, open(f"{prefix}.en", "w", encoding="utf-8") as en:
            for x, y in synthetic_pairs(src, tgt, args.pairs):
                de.write(x + "\n")
                en.write(y + "\n")
        print(f"wrote {args.pairs:,} pairs ({Path(f'{prefix}.de').stat().st_size / 1e6:.0f} + "
              f"{Path(f'{prefix}.en').stat().st_size / 1e6:.0f} MB) in {time.perf_counter() - start:.0f} s",
              flush=True)
        del src, tgt
        cfg = DataConfig(train=str(prefix), val=val, units=args.units, workers=args.workers)
        start = time.perf_counter()
        prepared = prepare_data(cfg, args.data_dir, cache_dir=Path(tmp, "cache"), progress=True)
        seconds = time.perf_counter() - start
        self_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        del prepared
        start = time.perf_counter()
        prepare_data(cfg, args.data_dir, cache_dir=Path(tmp, "cache"), progress=False)
        load = time.perf_counter() - start
    print(f"machine: {cpu_name()}, {len(os.sched_getaffinity(0))} CPUs usable")
    print(f"prepare: {args.pairs:,} pairs ({args.units}) in {seconds:.0f} s = {args.pairs / seconds:,.0f} pairs/s "
          f"end to end; peak memory {self_mb:,.0f} MB (this process) + {child_mb:,.0f} MB (largest worker); "
          f"cached load {load:.2f} s")


if __name__ == "__main__":
    run_main(main)         # a UserError (a missing --data-dir, a bad checkpoint): one line, exit status 2
