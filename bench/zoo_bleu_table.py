"""Summarize bench/zoo_bleu.sh runs: test BLEU (evaluate.py --json), val BLEU, train loss, tokens/s, wall time."""
import json
import os
import re
import sys
from pathlib import Path

MODELS = Path(os.environ.get("MODELS", "runs/zoo"))    # where bench/zoo_bleu.sh put the runs
ORDER = "sdpa exact-topk local linear aft-simple aft-full conditional-full reformer clustered improved-clustered square".split()

for t in sys.argv[1:] or ORDER:
    log, run = MODELS / f"zoo-{t}.log", MODELS / f"zoo-{t}"
    if not log.exists():
        print(f"{t}: not run"); continue
    text = log.read_text(errors="replace")
    recs = [json.loads(l) for l in (run / "metrics.jsonl").read_text().splitlines()] if (run / "metrics.jsonl").exists() else []
    steps = [r for r in recs if r["kind"] == "step"]
    prev, tok, sec = 0.0, 0.0, 0.0
    for r in steps:
        dt = r["elapsed"] - prev; prev = r["elapsed"]; tok += r["tokens_per_s"] * dt; sec += dt
    val = [r for r in recs if "val_bleu" in r]
    bleu = re.findall(r"^BLEU = ([\d.]+)", text, re.M)
    chrf = re.findall(r"^chrF2 = ([\d.]+)", text, re.M)
    dec = re.findall(r"sentences in ([\d.]+)s", text)
    sig = re.findall(r"^BLEU = .*\[(.*)\]$", text, re.M)
    test = {"bleu": float(bleu[-1]), "chrf": float(chrf[-1]) if chrf else None, "sig": sig[-1] if sig else None,
                                "decode_s": float(dec[-1]) if dec else None} if bleu else None
    errors = [l for l in text.splitlines() if re.search(r"Error|error:|nan", l) and "tok_s" not in l][-3:]
    starts = re.findall(r"== (?:\S+ start|train rc=\d+|eval rc=\d+) (\S+)", text)
    rcs = re.findall(r"== (train|eval) rc=(\d+)", text)
    print(json.dumps({"type": t, "rc": rcs, "steps": steps[-1]["step"] if steps else None,
                      "train_s": round(sec, 1), "tok_s": round(tok / sec) if sec else None,
                      "tok_s_windows": [round(r["tokens_per_s"]) for r in steps],
                      "last_loss": round(steps[-1]["loss"], 3) if steps else None,
                      "val": [(r.get("step"), round(r["val_loss"], 3), round(r["val_bleu"], 2)) for r in val],
                      "test": test, "errors": errors, "times": starts}))
