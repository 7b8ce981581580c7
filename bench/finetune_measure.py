"""Fine-tuning, measured: a trained model on a corpus of another domain, before and after N minutes of --init
fine-tuning, against training from scratch on that corpus; and its Multi30K test before and after (forgetting).

    python bench/finetune_corpus.py --out /work/ftdata
    python bench/finetune_measure.py --base /work/runs/base30/best.pt --corpus /work/ftdata --out /work/ftruns \\
        --data-dir ../shared/data/multi30k --minutes 10 --base-minutes 30 --mix 0.5

Steps, one process after the other (each figure with its load, `uptime`, in the summary):
  base       the base model on the corpus' dev and test and on test_2016_flickr
  finetune   train.py --init BASE (the finetune preset) for N minutes on the corpus; the same three scores
  mix        the same with --data.mix_original=SHARE (with --mix)
  scratch    train.py --preset cpu on the corpus for N minutes (the same wall-clock as fine-tuning), then resumed to
             BASE_MINUTES + N (the same total as base + fine-tuning); dev and test at both
Every score is evaluate.py's cased sacreBLEU, beam 5. The summary is OUT/summary.json; each step's output is in OUT.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def load() -> str:
    return Path("/proc/loadavg").read_text().split(" ")[0] if Path("/proc/loadavg").exists() else "?"


def run(args: list[str], log: Path) -> str:
    command = [sys.executable, *args]
    start = time.time()
    with open(log, "a") as f:
        f.write(f"$ {' '.join(command)}   (load {load()})\n")
        f.flush()
        proc = subprocess.run(command, cwd=REPO, stdout=subprocess.PIPE, stderr=f, text=True)
        f.write(proc.stdout + f"[exit {proc.returncode} after {time.time() - start:.0f} s]\n")
    if proc.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)} (see {log})")
    return proc.stdout


def scores(checkpoint: Path, corpus: Path, data_dir: str | None, log: Path, flickr: bool = True) -> dict:
    out = {}
    for name in ("dev", "test"):
        text = run(["evaluate.py", "--checkpoint", str(checkpoint), "--src", str(corpus / f"{name}.de"), "--ref",
                    str(corpus / f"{name}.en"), "--json", "--device", "cpu"], log)
        out[name] = {**json.loads(text.splitlines()[-1]), "load": load()}
    if flickr:
        text = run(["evaluate.py", "--checkpoint", str(checkpoint), "--split", "test_2016_flickr", "--json",
                    "--device", "cpu", *(["--data-dir", data_dir] if data_dir else [])], log)
        out["test_2016_flickr"] = {**json.loads(text.splitlines()[-1]), "load": load()}
    return out


def progress(run_dir: Path) -> dict:
    """Steps, epochs and seconds the run trained, from its metrics.jsonl."""
    records = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines() if line.strip()]
    final = [r for r in records if r["kind"] == "final"][-1]
    timed = [r for r in records if "elapsed" in r]
    return {"steps": final["step"], "elapsed": round(timed[-1]["elapsed"]) if timed else None,
            "epochs": max((r["epoch"] for r in records if r["kind"] == "epoch"), default=0),
            "best_val_bleu": final["best_bleu"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True)
    parser.add_argument("--corpus", required=True, help="a directory with train/dev/test.{de,en}")
    parser.add_argument("--out", required=True)
    parser.add_argument("--data-dir", default=None, help="Multi30K (for test_2016_flickr and --mix)")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--base-minutes", type=float, default=30.0, help="how long the base model trained")
    parser.add_argument("--mix", type=float, default=0.0, help="also fine-tune with --data.mix_original=MIX")
    parser.add_argument("--steps", default="base,finetune,mix,scratch")
    args = parser.parse_args()
    out, corpus = Path(args.out), Path(args.corpus)
    out.mkdir(parents=True, exist_ok=True)
    summary_path = out / "summary.json"
    summary = json.loads(summary_path.read_text()) if summary_path.exists() else {}
    data = ["--data.train=" + str(corpus / "train"), "--data.val=" + str(corpus / "dev")]
    data_dir = ["--data-dir", args.data_dir] if args.data_dir else []
    budget = f"--train.time_budget={args.minutes * 60:g}"
    steps = args.steps.split(",")

    def save():
        summary_path.write_text(json.dumps(summary, indent=1) + "\n")

    if "base" in steps:
        summary["base"] = scores(Path(args.base), corpus, args.data_dir, out / "base.log")
        save()
    tuned = [("finetune", [])] + ([("mix", [f"--data.mix_original={args.mix:g}"])] if args.mix else [])
    for name, extra in tuned:
        if name not in steps:
            continue
        run_dir = out / name
        shutil.rmtree(run_dir, ignore_errors=True)
        run(["train.py", "--init", args.base, *data, *extra, *data_dir, budget, "--out", str(run_dir)],
            out / f"{name}.log")
        summary[name] = {**progress(run_dir), **scores(run_dir / "best.pt", corpus, args.data_dir, out / f"{name}.log")}
        save()
    if "scratch" in steps:
        run_dir = out / "scratch"
        shutil.rmtree(run_dir, ignore_errors=True)
        run(["train.py", "--preset", "cpu", *data, budget, "--out", str(run_dir)], out / "scratch.log")
        shutil.copy(run_dir / "best.pt", out / "scratch-short.pt")
        summary["scratch_short"] = {**progress(run_dir),
                                    **scores(out / "scratch-short.pt", corpus, None, out / "scratch.log", False)}
        save()
        total = (args.base_minutes + args.minutes) * 60
        run(["train.py", "--resume", str(run_dir), f"--train.time_budget={total:g}"], out / "scratch.log")
        summary["scratch_total"] = {**progress(run_dir),
                                    **scores(run_dir / "best.pt", corpus, None, out / "scratch.log", False)}
        save()
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
