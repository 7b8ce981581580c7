"""Training speed alone and beside a busy translate.py, under each OpenMP wait policy.

    python -m bench.beside --data-dir ../shared/data/multi30k --checkpoint runs/X/best.pt

For each policy (torch's default: threads spin about 3 ms while they wait; PASSIVE: they sleep at once, what the
project's commands set, util/threads.py; a brief spin: GOMP_SPINCOUNT spins, then sleep), bench.loop times --preset
cpu training steps alone, then again while translate.py translates val over and over in another process (with the
same policy), and prints tokens a second and the share of the alone figure that is left. A fair share of 2 cores
beside one busy process is about half. --spins N,M adds a brief spin of each count; --repeat K measures every policy K
times, the policies taking turns, and prints each figure's median.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cli import CommandParser, run_main, whole_number
from data.multi30k import read_parallel
from models.checkpoint import load_checkpoint

REPO = Path(__file__).resolve().parents[1]
POLICIES = {"spin (torch's default)": {"OMP_WAIT_POLICY": ""},      # set but empty: the commands leave it alone
            "PASSIVE": {"OMP_WAIT_POLICY": "PASSIVE"}}


def brief_spin(spins: int) -> dict:
    return {"OMP_WAIT_POLICY": "", "GOMP_SPINCOUNT": str(spins)}


def spin_counts(text: str) -> list[int]:
    """--spins: comma-separated whole numbers of at least 1 ("" = none)."""
    parts = [n.strip() for n in text.split(",") if n.strip()]
    if not all(n.isdigit() and int(n) >= 1 for n in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of spin counts like 20000,50000")
    return [int(n) for n in parts]


def env_with(policy: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    return {**env, **policy}


def train_rate(args, env: dict) -> float:
    """bench.loop's median 'step alone' tokens a second."""
    out = subprocess.run([sys.executable, "-m", "bench.loop", "--data-dir", args.data_dir, "--preset", "cpu",
                          "--steps", str(args.steps), "--rounds", str(args.rounds), *args.overrides],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=1800).stdout
    found = re.search(r"step alone (\d+) tok/s", out)
    if not found:
        sys.exit(f"bench.loop printed no rate:\n{out[-2000:]}")
    return float(found.group(1))


def busy_translator(args, env: dict, lines: Path) -> subprocess.Popen:
    loop = f"while true; do {sys.executable} translate.py --checkpoint {args.checkpoint} < {lines} > /dev/null; done"
    proc = subprocess.Popen(["bash", "-c", loop], cwd=REPO, env=env, start_new_session=True)
    time.sleep(args.settle)                          # past its start-up, into the translating
    return proc


def main(argv=None) -> None:
    parser = CommandParser(prog="-m bench.beside", description=__doc__)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--checkpoint", required=True, help="the model translate.py runs beside the training")
    parser.add_argument("--steps", type=whole_number(1), default=10)
    parser.add_argument("--rounds", type=whole_number(1), default=3)
    parser.add_argument("--settle", type=float, default=20.0, help="seconds between starting translate.py and timing")
    parser.add_argument("--spins", type=spin_counts, default=[],
                        help="GOMP_SPINCOUNT values to add as brief spins, e.g. 20000,50000")
    parser.add_argument("--repeat", type=whole_number(1), default=1, help="rounds over all policies; medians are printed")
    args, args.overrides = parser.parse_known_args(argv)
    policies = {**POLICIES, **{f"brief spin {n}": brief_spin(n) for n in args.spins}}
    load_checkpoint(args.checkpoint)           # translate.py's model, checked once here rather than in its loop
    with tempfile.TemporaryDirectory() as tmp:
        lines = Path(tmp) / "val.de"
        lines.write_text("".join(line + "\n" for line in read_parallel("val", args.data_dir, download=False)[0]),
                         encoding="utf-8")
        rates = {name: ([], []) for name in policies}
        for r in range(args.repeat):
            print(f"round {r + 1}: {'policy':24} {'alone':>8} {'beside':>8} {'share':>6}")
            for name, policy in policies.items():
                env = env_with(policy)
                alone = train_rate(args, env)
                neighbour = busy_translator(args, env, lines)
                try:
                    beside = train_rate(args, env)
                finally:
                    os.killpg(neighbour.pid, 9)
                    neighbour.wait()
                rates[name][0].append(alone)
                rates[name][1].append(beside)
                print(f"         {name:24} {alone:8.0f} {beside:8.0f} {beside / alone:6.2f}", flush=True)
        print(f"median:  {'policy':24} {'alone':>8} {'beside':>8} {'share':>6}")
        for name, (alone, beside) in rates.items():
            a, b = statistics.median(alone), statistics.median(beside)
            print(f"         {name:24} {a:8.0f} {b:8.0f} {b / a:6.2f}")


if __name__ == "__main__":
    run_main(main)         # a UserError (a missing --data-dir, a bad checkpoint): one line, exit status 2
