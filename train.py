"""Train a German→English Transformer on Multi30K.

    python train.py                                   # the base preset
    python train.py --preset cpu --data-dir ../shared/data/multi30k
    python train.py --resume runs/20261122-150000-base   # continue where it stopped
    torchrun --nproc_per_node=2 train.py ...          # data-parallel, one shard of batches per rank
"""
from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path

import torch
from tqdm import tqdm

from config import apply_overrides, check_config, help_text, make_config
from data.batching import collate
from models.checkpoint import load_checkpoint
from training.rundir import RunDirLock, claim_run_dir
from training.run import (Run, average_last_epochs, build_run, check_finite_loss, check_usable, install_stop_handlers,
                          validate_and_keep_best)
from training.step import train_step
from util import distributed
from util.cli import import_user_module, pick_device, run_main, split_overrides
from util.errors import UserError
from util.plotting import plot_curves


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=help_text())
    parser.add_argument("--preset", default="base")
    parser.add_argument("--data-dir", default=None, help="Multi30K files (default: $MULTI30K_DIR or a user cache)")
    parser.add_argument("--out", default=None, help="run directory (default: runs/<time>-<preset>)")
    parser.add_argument("--resume", default=None, metavar="RUN_DIR", help="continue the run in RUN_DIR")
    parser.add_argument("--user-module", default=None, help="a .py file to import first (custom attentions)")
    return split_overrides(argv, parser)


def setup(args, overrides) -> tuple[Run, RunDirLock | None]:
    """Config (checked first), the run directory (locked before any data work), devices, data, model and
    optimizer; the saved state when resuming."""
    import_user_module(args.user_module)
    if args.resume:
        run_dir = Path(args.resume)
        if not (run_dir / "last.pt").is_file():
            raise UserError(f"--resume {run_dir}: no last.pt there; pass the directory of a run that train.py "
                            "wrote (e.g. runs/<time>-<preset>)")
    else:
        cfg = make_config(args.preset, overrides)
        run_dir = Path(args.out or f"runs/{time.strftime('%Y%m%d-%H%M%S')}-{cfg.preset}")
        check_usable(cfg)
    lock = claim_run_dir(run_dir, resuming=bool(args.resume)) if distributed.is_main_process() else None
    try:
        resume = None
        if args.resume:      # read once the directory is ours: another run cannot be writing last.pt meanwhile
            resume = load_checkpoint(run_dir / "last.pt")
            if not resume.raw.get("train_state"):
                raise UserError(f"{run_dir / 'last.pt'} holds weights only, no training state, so the run cannot "
                                "continue from it")
            cfg = check_config(apply_overrides(resume.cfg, overrides, ("train", "decode"), "when resuming"))
            check_usable(cfg)
        dist = distributed.setup(cfg.train.device)
        device = pick_device(cfg.train.device)
        if device.type == "cuda" and dist.enabled:
            device = torch.device("cuda", dist.local_rank)
        return build_run(args.data_dir, cfg, run_dir, resume, dist, device), lock
    except BaseException:
        if lock:
            lock.release()
        raise


def train_epoch(run: Run, stop: dict) -> str | None:
    """Train from the run's position to the end of its epoch, then end the epoch; -> a stop reason or None."""
    state, cfg, world = run.state, run.cfg, run.dist.world_size
    batches = run.sampler.batches(state.epoch)
    bar = tqdm(total=len(batches), initial=state.batch_in_epoch, desc=f"epoch {state.epoch + 1}",
               disable=not run.dist.is_main, leave=False, mininterval=1.0, file=sys.stderr)
    reason, last = None, time.perf_counter()
    window_tokens, window_seconds = 0, 0.0    # since the last record: its tok/s is theirs, not one step's
    while state.batch_in_epoch < len(batches) and reason is None:
        group = batches[state.batch_in_epoch:state.batch_in_epoch + cfg.train.accum_steps]
        group = [collate([(run.train_data.src[n], run.train_data.tgt[n]) for n in idx]).to(run.device)
                 for idx in group]
        loss, tokens = train_step(run.ddp_model, run.optimizer, run.schedule, group, cfg, run.amp)
        check_finite_loss(run, loss)
        # from the end of the previous step: collation, the step and the previous step's bookkeeping all count
        now = time.perf_counter()
        seconds, last = now - last, now
        state.step, state.batch_in_epoch, state.elapsed = state.step + 1, state.batch_in_epoch + len(group), \
            state.elapsed + seconds
        state.epoch_loss, state.epoch_tokens = state.epoch_loss + loss * tokens, state.epoch_tokens + tokens
        window_tokens, window_seconds = window_tokens + tokens, window_seconds + seconds
        lr = run.schedule.get_last_lr()[0]
        bar.update(len(group))
        bar.set_postfix(loss=f"{loss:.3f}", lr=f"{lr:.2e}", tok_s=f"{window_tokens * world / window_seconds:.0f}")
        if state.step % cfg.train.log_every == 0:
            run.record("step", step=state.step, epoch=state.epoch, loss=loss, lr=lr, elapsed=state.elapsed,
                       tokens_per_s=window_tokens * world / window_seconds)
            window_tokens, window_seconds = 0, 0.0
        reason = "stopped by signal" if stop["stop"] else run.out_of_budget()
    bar.close()
    # an epoch whose last batch is trained ends here, whatever stopped the loop; after a signal, when resumed
    if state.batch_in_epoch >= len(batches) and not stop["stop"]:
        reason = end_epoch(run) or reason
    return reason


def end_epoch(run: Run) -> str | None:
    """Validate, keep best/last (and the epoch's weights for averaging); -> a stop reason from early stopping.

    last.pt is written last: a kill before it leaves the previous last.pt, and the resumed run redoes the epoch."""
    state, cfg = run.state, run.cfg
    train_loss = state.epoch_loss / state.epoch_tokens if state.epoch_tokens else None
    state.epoch, state.batch_in_epoch, state.epoch_loss, state.epoch_tokens = state.epoch + 1, 0, 0.0, 0
    scores = validate_and_keep_best(run, "epoch", train_loss=train_loss)
    state.bad_epochs = 0 if scores["improved"] else state.bad_epochs + 1
    run.log(f"epoch {state.epoch} | step {state.step} | train loss "
            f"{'-' if train_loss is None else f'{train_loss:.3f}'} | val loss {scores['val_loss']:.3f} | "
            f"val BLEU {scores['val_bleu']:.2f}{' (best)' if scores['improved'] else ''} | "
            f"{state.elapsed:.0f}s (val {scores['seconds']:.0f}s)")
    if cfg.train.average_last:
        run.checkpoint(f"epoch{state.epoch}.pt", epoch=state.epoch)
        old = run.dir / f"epoch{state.epoch - cfg.train.average_last}.pt"
        if run.dist.is_main and old.exists():
            old.unlink()
    run.checkpoint("last.pt", training=True)
    if cfg.train.patience and state.bad_epochs >= cfg.train.patience:
        return f"val BLEU did not improve for {cfg.train.patience} epochs"
    return None


def finish(run: Run, reason: str | None) -> None:
    """After the loop: validate a partial epoch, average, record the end, draw the curves."""
    state, cfg = run.state, run.cfg
    if state.batch_in_epoch and state.partial_step != state.step:     # not again when a finished run is resumed
        state.partial_step = state.step
        scores = validate_and_keep_best(run, "partial")
        run.log(f"final | step {state.step} | val loss {scores['val_loss']:.3f} | val BLEU {scores['val_bleu']:.2f}")
        run.checkpoint("last.pt", training=True)
    run.log(f"done: {reason or f'{cfg.train.max_epochs} epochs'}; best val BLEU {state.best_bleu:.2f}")
    weights_sum = sum(float(p.detach().double().sum()) for p in run.model.parameters())
    in_sync = distributed.ranks_agree(run.dist, weights_sum)
    if cfg.train.average_last and run.dist.is_main:
        average_last_epochs(run)
    run.record("final", step=state.step, best_bleu=state.best_bleu, world_size=run.dist.world_size,
               ranks_in_sync=in_sync)
    if run.metrics_log:
        try:
            plot_curves(run.dir / "metrics.jsonl", run.dir / "curves.png")
            run.log(f"checkpoints and curves.png in {run.dir}")
        except Exception as e:       # a drawing never fails a finished run (a full disk, a matplotlib problem)
            why = e.strerror if isinstance(e, OSError) else f"{type(e).__name__}: {e}".splitlines()[0]
            print(f"warning: could not draw {run.dir / 'curves.png'} ({why}); the checkpoints are complete",
                  file=sys.stderr)


def main(argv) -> int:
    args, overrides = parse_args(argv)
    run, lock = setup(args, overrides)
    stop = install_stop_handlers()
    try:
        reason = run.out_of_budget()
        while reason is None and run.state.epoch < run.cfg.train.max_epochs:
            reason = train_epoch(run, stop)
        if stop["stop"]:
            run.checkpoint("last.pt", training=True)
            run.log(f"stopped at step {run.state.step}; nothing is lost. Resume with: "
                    f"python train.py --resume {run.dir}")
        else:
            finish(run, reason)
    finally:
        for sig, previous in stop["previous"].items():
            signal.signal(sig, previous)
        if run.metrics_log:
            run.metrics_log.close()
        if run.tensorboard:
            run.tensorboard.close()
        if lock:
            lock.release()
    distributed.cleanup(run.dist)
    return 0


if __name__ == "__main__":
    run_main(main, needs_stdout=False)
