"""One training run that steps on command, for timing two checkouts against each other (python -m bench.loop
--against starts two).

    PYTHONPATH=../other-checkout python -P bench/step_worker.py --data-dir DIR --preset cpu [--key=value]

It imports the code its Python path finds first (-P: not this file's directory; PYTHONPATH: the checkout to time, any
with config.make_config, training.run.build_run, training.step.train_step and data.batching.collate), builds the run
as train.py does, then reads lines from stdin: `N` trains on the next N batches of the epoch (collated as train.py
collates them) and answers `tokens seconds`; an empty line ends it.
"""
from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--preset", default="cpu")
    args, overrides = parser.parse_known_args()
    import torch
    from config import make_config
    from data.batching import collate
    from training.run import build_run
    from training.step import train_step
    from util import distributed

    cfg = make_config(args.preset, [*overrides, "--train.time_budget=0"])
    with contextlib.redirect_stdout(sys.stderr):           # build_run prints the config
        run = build_run(args.data_dir, cfg, Path(tempfile.mkdtemp(prefix="step-worker-")), None,
                        distributed.DistInfo(), torch.device("cpu"))
    parts = [run.threads] if getattr(run, "threads", None) else []     # a step in parts (training/parts.py)
    batches, done = run.sampler.batches(0), 0
    print("ready", flush=True)
    for line in sys.stdin:
        if not line.strip():
            break
        tokens, seconds = 0, 0.0
        for idx in batches[done:done + int(line)]:
            start = time.perf_counter()
            batch = collate([(run.train_data.src[n], run.train_data.tgt[n]) for n in idx])
            tokens += train_step(run.ddp_model, run.optimizer, run.schedule, [batch], run.cfg, run.amp, *parts)[1]
            seconds += time.perf_counter() - start
        done += int(line)
        print(tokens, seconds, flush=True)


if __name__ == "__main__":
    main()
