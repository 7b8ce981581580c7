"""One training run that steps on command, for timing two checkouts against each other (python -m bench.loop
--against starts two).

    PYTHONPATH=../other-checkout python -P bench/step_worker.py --data-dir DIR --preset cpu [--key=value]

It imports the code its Python path finds first (-P: not this file's directory; PYTHONPATH: the checkout to time, any
with make_config (config/presets.py, or config.py before config/ was a package), training.run.build_run,
training.step.train_step and data.batching.collate), builds the run as train.py does, then reads lines from
stdin: `N` trains on the next N batches of the epoch (collated as train.py collates them) and answers `tokens
seconds loss` (loss: the sum of the steps' mean loss a token); an empty line ends it.

--dropout on (the default) steps with the model's dropout on; --dropout as-run pauses it where train.py's first epoch
does (--train.dropout_after > 0, as the 30-minute recipes have: their steps before the fifth epoch are these).
"""
from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from pathlib import Path

DROPOUT = ("on", "as-run")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--preset", default="cpu")
    parser.add_argument("--dropout", choices=DROPOUT, default="on", help="on, or paused as in the run's first epoch")
    args, overrides = parser.parse_known_args()
    import torch
    try:
        from config.presets import make_config
    except ImportError:                       # a checkout from before config/ was a package
        from config import make_config
    from data.batching import collate
    from training.run import build_run
    from training.step import train_step
    from util import distributed

    cfg = make_config(args.preset, [*overrides, "--train.time_budget=0"])
    with contextlib.redirect_stdout(sys.stderr):           # build_run prints the config
        run = build_run(args.data_dir, cfg, Path(tempfile.mkdtemp(prefix="step-worker-")), None,
                        distributed.DistInfo(), torch.device("cpu"))
    if args.dropout == "as-run":
        from models.dropout import pause_dropout
        pause_dropout(run.model, run.cfg.train.dropout_after > 0)          # epoch 0, as training/loop.py starts it
    parts = [run.threads] if getattr(run, "threads", None) else []     # a step in parts (training/parts.py)
    batches, done = run.sampler.batches(0), 0
    print("ready", flush=True)
    for line in sys.stdin:
        if not line.strip():
            break
        tokens, seconds, loss = 0, 0.0, 0.0
        for idx in batches[done:done + int(line)]:
            start = time.perf_counter()
            batch = collate([(run.train_data.src[n], run.train_data.tgt[n]) for n in idx])
            mean, n = train_step(run.ddp_model, run.optimizer, run.schedule, [batch], run.cfg, run.amp, *parts)
            seconds += time.perf_counter() - start
            tokens, loss = tokens + n, loss + mean
        done += int(line)
        print(tokens, seconds, loss, flush=True)


if __name__ == "__main__":
    main()
