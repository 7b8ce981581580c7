"""Training recipes side by side: each a train.py run, then evaluate.py of its best.pt on a test split, under one
deadline, summed up in one markdown table (OUT/summary.md). By default all runs start at once: on a GPU machine a
dozen small runs share the one GPU (each process is bound by its own kernel launches). On a CPU give each run its
threads (`--train.threads=1`) and run few at a time (--parallel).

    python -m bench.grid bench/recipes/equal-work.txt --data-dir ../shared/data/multi30k --out /tmp/grid --deadline 600
    python -m bench.grid bench/recipes/attention-zoo.txt --data-dir ../shared/data/multi30k --out /tmp/zoo \\
        --parallel 1 --deadline 36000 --evaluate="--beam 1"

A recipes file holds one run a line, `NAME OVERRIDE ...`: a name (the run's directory under --out) and train.py's
flags (`--train.max_steps=940 --model.dropout=0.1`), split as a shell splits them; `#` starts a comment. Every run
gets `--preset cpu --train.time_budget=0` first, so a line may override both. bench/recipes/ holds the grids whose
figures are in docs/RESULTS.md and docs/HISTORY.md. A run not finished at the deadline is stopped (SIGTERM: it ends
with a checkpoint) and reported as such; one not started by then is reported as not started. A run of both
directions (`--data.directions=both`) is evaluated in each: its test column reads `to the target / to the source`.

On a lent GPU machine: carry Multi30K's six .gz files (--data-dir) and, to save a minute, a prepared cache
(EINSUM_NMT_CACHE) made on the CPU machine; where its Python has no spaCy, put one on PYTHONPATH. The table's
tok/s and seconds are of runs sharing the machine, so compare them within one grid only.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

from config import SECTIONS
from config.presets import make_config
from cli import CommandParser, run_main, whole_number
from util.errors import UserError

ROOT = Path(__file__).resolve().parents[1]
POLL = 1.0          # seconds between looks at the runs


def read_recipes(path: Path) -> list[tuple[str, list[str]]]:
    if not path.is_file():
        raise UserError(f"no recipes file at {path}; give a file of `NAME OVERRIDE ...` lines (bench/recipes/)")
    recipes = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        words = shlex.split(line, comments=True)
        if words:
            if words[0] in dict(recipes) or words[0].startswith("-") or "/" in words[0]:
                raise UserError(f"{path} line {number}: {words[0]!r} is no new run name; start each line with a "
                                "name of its own, then the run's flags")
            recipes.append((words[0], words[1:]))
    if not recipes:
        raise UserError(f"{path} holds no recipe; write one run a line, `NAME OVERRIDE ...`")
    return recipes


def back_language(overrides: list[str]) -> str | None:
    """The source language of a run of both directions (its second test: `--to` it), or None for one direction."""
    flags = [word for word in overrides if word.startswith("--") and "=" in word and word[2:].split(".")[0] in SECTIONS]
    data = make_config("cpu", flags).data
    return data.src_lang if data.directions == "both" else None


def job(name: str, overrides: list[str], args) -> str:
    """The shell line of one run: train, then evaluate best.pt on the test split (when training ended well); a model
    of both directions is evaluated in each, into NAME.test and NAME.test-SRC."""
    run = Path(args.out) / name
    train = [sys.executable, "train.py", "--preset", "cpu", "--train.time_budget=0", "--data-dir", args.data_dir,
             *overrides, "--out", str(run)]
    evaluate = [sys.executable, "evaluate.py", "--checkpoint", str(run / "best.pt"), "--split", args.split,
                "--data-dir", args.data_dir, *shlex.split(args.evaluate)]
    line = (f"{shlex.join(train)} > {shlex.quote(str(run))}.log 2>&1 && "
            f"{shlex.join(evaluate)} > {shlex.quote(str(run))}.test 2>&1")
    if back := back_language(overrides):
        line += f" && {shlex.join([*evaluate, '--to', back])} > {shlex.quote(f'{run}.test-{back}')} 2>&1"
    return line


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
    tests = [run.parent / f"{run.name}.test", *sorted(run.parent.glob(f"{run.name}.test-*"))]  # -SRC: both ways
    tests = [test for test in tests if test.is_file()]
    found = [re.search(r"^BLEU = ([\d.]+)", test.read_text(), re.M) for test in tests]
    bleu = " / ".join(match.group(1) if match else "—" for match in found)
    last_step = max((r.get("step", 0) for r in rows), default=0)
    cells = [name, f"`{' '.join(overrides)}`", last_step, greedy, "" if best is None else f"{best:.2f}",
             bleu or "—", f"{tok_s[len(tok_s) // 2]:.0f}" if tok_s else "", f"{seconds:.0f}",
             ended]
    return "| " + " | ".join(map(str, cells)) + " |"


def stop(procs: dict[str, subprocess.Popen]) -> None:
    """SIGTERM to each run's whole shell line (train.py's own handler finishes its step and checkpoints), then a
    kill for any still there after 30 s."""
    for proc in procs.values():
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    for proc in procs.values():
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def run_grid(recipes: list[tuple[str, list[str]]], args) -> dict[str, tuple[float, str]]:
    """Runs the recipes, at most args.parallel at a time (0: all), until they end or the deadline: for each, its
    seconds and how it ended."""
    pending, running, started, ended = list(recipes), {}, {}, {}
    clock = time.monotonic()
    try:
        while pending or running:
            while pending and len(running) < (args.parallel or len(recipes)):
                name, overrides = pending.pop(0)
                started[name] = time.monotonic()
                running[name] = subprocess.Popen(job(name, overrides, args), shell=True, cwd=ROOT,
                                                 start_new_session=True)
            for name, proc in list(running.items()):
                if proc.poll() is not None:
                    ended[name] = (time.monotonic() - started[name], "done" if proc.returncode == 0 else
                                   f"rc {proc.returncode}")
                    del running[name]
                    print(f"{name}: {ended[name][1]} after {ended[name][0]:.0f} s", flush=True)
            if time.monotonic() - clock > args.deadline:
                stop(running)
                ended |= {name: (time.monotonic() - started[name], "stopped at the deadline") for name in running}
                ended |= {name: (0.0, "not started") for name, _ in pending}
                break
            if running:
                time.sleep(POLL)
    except KeyboardInterrupt:           # the runs are in sessions of their own: end them too
        stop(running)
        raise
    return ended


def main(argv=None) -> int:
    parser = CommandParser(prog="-m bench.grid", description=__doc__)
    parser.add_argument("recipes", type=Path)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--out", required=True, help="a directory for the runs, their logs and summary.md")
    parser.add_argument("--split", default="test_2016_flickr")
    parser.add_argument("--deadline", type=float, default=600.0, help="seconds for all runs together")
    parser.add_argument("--parallel", type=whole_number(0), default=0, help="runs at a time (default 0: all at once)")
    parser.add_argument("--evaluate", default="", help='extra evaluate.py flags, one string: --evaluate="--greedy"')
    args = parser.parse_args(argv)
    recipes = read_recipes(args.recipes)
    for _, overrides in recipes:        # a recipe's config flags are checked before any run starts
        back_language(overrides)
    out = Path(args.out)
    taken = [p.name for name, _ in recipes for p in (out / name, out / f"{name}.log", out / f"{name}.test")
             if p.exists()]
    if taken:
        raise UserError(f"--out {out} already holds {', '.join(taken[:3])}; give a new or empty directory")
    out.mkdir(parents=True, exist_ok=True)
    ended = run_grid(recipes, args)
    table = ["| run | overrides | steps | greedy val per epoch | val, beam 5, best.pt | test BLEU (both ways: to the "
             "target / to the source) | median tok/s | "
             "seconds | ended |", "|---|---|---|---|---|---|---|---|---|"]
    table += [summary_row(name, overrides, out / name, *ended[name]) for name, overrides in recipes]
    text = "\n".join(table) + "\n"
    (out / "summary.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    run_main(main)
