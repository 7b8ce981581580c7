"""Several recipes side by side: each a train.py run then evaluate.py on a test split, all in parallel, under one
deadline, summed up in one markdown table. On a GPU machine a dozen small runs share the one GPU (each process is
bound by its own kernel launches); on a CPU give each run its threads (`--train.threads=1`) and run few.

    python bench/grid.py --data-dir ../shared/data/multi30k --out /tmp/grid --deadline 600 recipes.txt

recipes.txt: one run a line, `NAME OVERRIDE ...` (train.py's flags: `--train.max_steps=940 --model.dropout=0.1`);
`#` starts a comment. Every run gets `--preset cpu --train.time_budget=0` first (a line may override both). A run
not finished at the deadline is stopped (SIGTERM: it ends with a checkpoint) and reported as such.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def read_recipes(path: Path) -> list[tuple[str, list[str]]]:
    recipes = []
    for line in path.read_text().splitlines():
        words = shlex.split(line, comments=True)
        if words:
            recipes.append((words[0], words[1:]))
    return recipes


def job(name: str, overrides: list[str], args) -> str:
    """The shell line of one run: train, then evaluate best.pt on the test split (when training ended well)."""
    run = Path(args.out) / name
    train = [sys.executable, "train.py", "--preset", "cpu", "--train.time_budget=0", "--data-dir", args.data_dir,
             *overrides, "--out", str(run)]
    evaluate = [sys.executable, "evaluate.py", "--checkpoint", str(run / "best.pt"), "--split", args.split,
                "--data-dir", args.data_dir, *shlex.split(args.evaluate)]
    return (f"{shlex.join(train)} > {shlex.quote(str(run))}.log 2>&1 && "
            f"{shlex.join(evaluate)} > {shlex.quote(str(run))}.test 2>&1")


def records(run: Path) -> list[dict]:
    path = run / "metrics.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def summary_row(name: str, overrides: list[str], run: Path, seconds: float, ended: str) -> str:
    rows = records(run)
    epochs = [r for r in rows if r["kind"] == "epoch"]
    steps = [r for r in rows if r["kind"] == "step"]
    final = {r["kind"]: r for r in rows if r["kind"].startswith("final")}
    greedy = " / ".join(f"{r['val_bleu']:.2f}" for r in epochs)
    best = final.get("final", {}).get("best_bleu")
    tok_s = sorted(r["tokens_per_s"] for r in steps)
    test = (run.parent / f"{run.name}.test")
    bleu = re.search(r"^BLEU = ([\d.]+)", test.read_text(), re.M) if test.is_file() else None
    last_step = max((r.get("step", 0) for r in rows), default=0)
    cells = [name, f"`{' '.join(overrides)}`", last_step, greedy, "" if best is None else f"{best:.2f}",
             bleu.group(1) if bleu else "—", f"{tok_s[len(tok_s) // 2]:.0f}" if tok_s else "", f"{seconds:.0f}", ended]
    return "| " + " | ".join(map(str, cells)) + " |"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("recipes", type=Path)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--split", default="test_2016_flickr")
    parser.add_argument("--deadline", type=float, default=600.0, help="seconds for all runs together")
    parser.add_argument("--evaluate", default="", help='extra evaluate.py flags, one string: --evaluate="--greedy"')
    args = parser.parse_args(argv)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    recipes = read_recipes(args.recipes)
    start = time.monotonic()
    procs = {name: subprocess.Popen(job(name, overrides, args), shell=True, cwd=ROOT, start_new_session=True)
             for name, overrides in recipes}
    ended_at: dict[str, tuple[float, str]] = {}
    while len(ended_at) < len(procs):
        for name, proc in procs.items():
            if name not in ended_at and proc.poll() is not None:
                ended_at[name] = (time.monotonic() - start, "done" if proc.returncode == 0 else f"rc {proc.returncode}")
                print(f"{name}: {ended_at[name][1]} after {ended_at[name][0]:.0f} s", flush=True)
        if time.monotonic() - start > args.deadline:
            for name, proc in procs.items():
                if name not in ended_at:
                    try:       # the whole shell line: train.py's own handler finishes its step and checkpoints
                        os.killpg(proc.pid, signal.SIGTERM)
                    except ProcessLookupError:
                        pass
            for name, proc in procs.items():
                if name not in ended_at:
                    try:
                        proc.wait(timeout=30)
                    except subprocess.TimeoutExpired:
                        proc.kill()
                    ended_at[name] = (time.monotonic() - start, "stopped at the deadline")
            break
        time.sleep(1.0)
    table = ["| run | overrides | steps | greedy val per epoch | val, beam 5, best.pt | test BLEU | median tok/s | "
             "seconds | ended |", "|---|---|---|---|---|---|---|---|---|"]
    table += [summary_row(name, overrides, Path(args.out) / name, *ended_at[name]) for name, overrides in recipes]
    text = "\n".join(table) + "\n"
    (Path(args.out) / "summary.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
