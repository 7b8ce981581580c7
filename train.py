"""Train a German→English Transformer on Multi30K.

    python train.py                                   # the base preset
    python train.py --preset cpu --data-dir ../shared/data/multi30k
    python train.py --resume runs/20261122-150000-base   # continue where it stopped
    python train.py --init runs/X/best.pt --data.train=mine/train --data.val=mine/dev   # fine-tune on your data
    torchrun --nproc_per_node=2 train.py ...          # data-parallel, one shard of batches per rank
"""
from __future__ import annotations

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.kernels import keep_kernels
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()
    keep_kernels()

import sys
import time
from pathlib import Path

import torch
from tqdm import tqdm

from config import apply_overrides, check_config, help_text, make_config
from data.batching import collate
from models.checkpoint import average_checkpoints, load_checkpoint
from models.dropout import pause_dropout
from training.ema import weights_in
from training.finetune import PRESET as FINETUNE, finetune_config, load_init
from training.rundir import RunDirLock, check_resumable, claim_run_dir
from training.run import Run, build_run, check_finite_loss, check_usable
from training.stop import Stopped, StopSignal, end_notice, stop_notice
from training.step import train_step
from training.validation import ValScores, record_scores, score_on_val
from util import distributed
from util.cli import (CommandParser, add_user_module_flag, import_user_module, pick_device, run_main,
                      split_overrides)
from util.errors import UserError
from util.plotting import plot_curves


def parse_args(argv):
    parser = CommandParser(__doc__, epilog=help_text())
    parser.add_argument("--preset", default=None, help="base (the default), tiny, cpu, long, full; finetune with --init")
    parser.add_argument("--data-dir", default=None, help="Multi30K files (default: $MULTI30K_DIR or a user cache)")
    parser.add_argument("--out", default=None, help="run directory (default: runs/<time>-<preset>)")
    parser.add_argument("--resume", default=None, metavar="RUN_DIR", help="continue the run in RUN_DIR")
    parser.add_argument("--init", default=None, metavar="CHECKPOINT", help="a new run that starts from these weights, "
                        "with their vocabulary and subword model (fine-tuning, e.g. on --data.train/--data.val)")
    add_user_module_flag(parser)
    return split_overrides(argv, parser)


def setup(args, overrides) -> tuple[Run, RunDirLock | None]:
    """Config (checked first), the run directory (locked before any data work), devices, data, model and
    optimizer; the saved state when resuming, the initial weights when fine-tuning."""
    import_user_module(args.user_module)
    init = None
    if args.resume:
        if args.init:
            raise UserError("--resume continues a run, --init starts a new one from a checkpoint's weights; give one")
        if args.preset:
            raise UserError(f"--preset cannot change when resuming: the run keeps the config it started with "
                            f"(see {Path(args.resume) / 'config.json'}); only --train.* and --decode.* flags can")
        run_dir = Path(args.resume)
        check_resumable(run_dir)
    else:
        if args.init:
            init = load_init(args.init)
            cfg = finetune_config(init, args.init, args.preset, overrides)
        elif args.preset == FINETUNE:
            raise UserError("--preset finetune is the recipe of --init CHECKPOINT (it fine-tunes a trained model); "
                            "for a new model choose base, tiny, cpu or full")
        else:
            cfg = make_config(args.preset or "base", overrides)
        run_dir = Path(args.out or f"runs/{time.strftime('%Y%m%d-%H%M%S')}-{cfg.preset}")
        check_usable(cfg)
    lock = claim_run_dir(run_dir, bool(args.resume), args.data_dir) if distributed.is_main_process() else None
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
        return build_run(args.data_dir, cfg, run_dir, resume, dist, device, init), lock
    except BaseException:
        if lock:
            lock.release()
        raise


def train_epoch(run: Run, stop: StopSignal) -> str | None:
    """Train from the run's position to the end of its epoch, then end the epoch; -> a stop reason or None."""
    state, cfg, world = run.state, run.cfg, run.dist.world_size
    sources, targets, batches = run.epochs.of(state.epoch)
    pause_dropout(run.model, state.epoch < cfg.train.dropout_after)
    bar = tqdm(total=len(batches), initial=state.batch_in_epoch, desc=f"epoch {state.epoch + 1}",
               disable=not run.dist.is_main, leave=False, mininterval=1.0, file=sys.stderr)
    reason, last = None, time.perf_counter()
    window_tokens, window_seconds = 0, 0.0    # since the last record: its tok/s is theirs, not one step's
    while state.batch_in_epoch < len(batches) and reason is None:
        group = batches[state.batch_in_epoch:state.batch_in_epoch + cfg.train.accum_steps]
        group = [collate([(sources[n], targets[n]) for n in idx]).to(run.device)
                 for idx in group]
        loss, tokens = train_step(run.ddp_model, run.optimizer, run.schedule, group, cfg, run.amp)
        check_finite_loss(run, loss)
        if run.ema is not None:
            run.ema.update(run.model)
        # from the end of the previous step: collation, the step and the previous step's bookkeeping all count
        now = time.perf_counter()
        seconds, last = now - last, now
        run.step_seconds = seconds
        state.step, state.batch_in_epoch, state.elapsed = state.step + 1, state.batch_in_epoch + len(group), \
            state.elapsed + seconds
        state.epoch_loss, state.epoch_tokens = state.epoch_loss + loss * tokens, state.epoch_tokens + tokens
        window_tokens, window_seconds = window_tokens + tokens, window_seconds + seconds
        run.schedule.elapsed = state.elapsed      # the next step's lr, for a time budget
        lr = run.schedule.get_last_lr()[0]
        bar.update(len(group))
        bar.set_postfix(loss=f"{loss:.3f}", lr=f"{lr:.2e}", tok_s=f"{window_tokens * world / window_seconds:.0f}")
        if state.step % cfg.train.log_every == 0:
            run.record("step", step=state.step, epoch=state.epoch, loss=loss, lr=lr, elapsed=state.elapsed,
                       tokens_per_s=window_tokens * world / window_seconds)
            window_tokens, window_seconds = 0, 0.0
        reason = "stopped by signal" if stop.requested else run.out_of_budget()
        # inside the epoch, and going on: at its end, or at a stop, last.pt comes anyway
        if reason is None and state.batch_in_epoch < len(batches) and run.checkpoints.after_step(run):
            last = time.perf_counter()       # writing is not training time (nor is it at an epoch's end)
    bar.close()
    # an epoch whose last batch is trained ends here, whatever stopped the loop; after a signal, when resumed
    if state.batch_in_epoch >= len(batches) and not stop.requested:
        reason = end_epoch(run) or reason
    return reason


def end_epoch(run: Run) -> str | None:
    """Validate, then the epoch's checkpoints; -> a stop reason from early stopping."""
    state, cfg = run.state, run.cfg
    train_loss = state.epoch_loss / state.epoch_tokens if state.epoch_tokens else None
    state.epoch, state.batch_in_epoch, state.epoch_loss, state.epoch_tokens = state.epoch + 1, 0, 0.0, 0
    scores = validate_with_ema(run, "epoch", train_loss=train_loss)
    state.bad_epochs = 0 if scores.improved else state.bad_epochs + 1
    run.log(f"epoch {state.epoch} | step {state.step} | train loss "
            f"{'-' if train_loss is None else f'{train_loss:.3f}'} | val loss {scores.val_loss:.3f} | "
            f"{scores.note()} | "
            f"{state.elapsed:.0f}s (val {scores.seconds:.0f}s)")
    run.checkpoints.at_epoch_end(run)
    if cfg.train.patience and state.bad_epochs >= cfg.train.patience:
        return f"val BLEU did not improve for {cfg.train.patience} epochs"
    return None


def validate_model(run: Run, kind: str, full: bool = False, keep: bool = True, **record) -> ValScores:
    """The current weights on val, handed to the save policy, which keeps them as best.pt when their BLEU is the best
    (unless not `keep`); then their record, as `kind`."""
    scores = score_on_val(run, full)
    scores = scores._replace(improved=keep and run.checkpoints.after_validation(run, kind, scores.val_bleu))
    record_scores(run, kind, scores, **record)
    return scores


def validate_with_ema(run: Run, kind: str, full: bool = False, **record) -> ValScores:
    """The weights, then their EMA (as `kind`-ema) when the run keeps one; -> the weights' scores, `improved` when
    either became best.pt."""
    scores = validate_model(run, kind, full, **record)
    if run.ema is None:
        return scores
    with weights_in(run.model, run.ema.weights):
        ema = validate_model(run, f"{kind}-ema", full, **record)
    return scores._replace(improved=scores.improved or ema.improved, seconds=scores.seconds + ema.seconds,
                           ema_bleu=ema.val_bleu, ema_best=ema.improved)


def final_validation(run: Run) -> ValScores:
    """With --train.final_beam: best.pt's weights (when they are older than the final ones), the final weights and
    their EMA, each on the whole val split at that beam; best.pt becomes the highest."""
    best = run.checkpoints.before_final_validation(run)
    if best is not None:
        info, weights = best
        with weights_in(run.model, weights):
            scores = validate_model(run, "final-val-best", full=True, keep=False, best_step=info["step"])
            run.checkpoints.after_best_validated(run, info, scores.val_bleu)
    return validate_with_ema(run, "final-val", full=True)


def average(run: Run) -> None:
    """The mean of the epochN.pt files the save policy names, validated (best.pt when it scores highest), as
    averaged.pt."""
    paths = run.checkpoints.to_average(run)
    if not paths:
        return
    run.model.load_state_dict(average_checkpoints(paths))
    scores = validate_model(run, "averaged", bool(run.cfg.train.final_beam), epochs=len(paths))
    run.checkpoints.after_averaging(run, scores.val_bleu, len(paths))
    run.log(f"averaged the last {len(paths)} epochs: val BLEU {scores.val_bleu:.2f}"
            f"{' (best)' if scores.improved else ''}")


def finish(run: Run, reason: str | None, stop: StopSignal) -> None:
    """After the loop: validate a partial epoch (or, with --train.final_beam, the candidates for best.pt on the whole
    val split), average, record the end, draw the curves. last.pt holds all of the training first, so a stop signal
    ends that work at once (training/stop.py), and a kill loses nothing either; a resume does it again."""
    state, cfg = run.state, run.cfg
    final = bool(cfg.train.final_beam)
    validate = (state.batch_in_epoch or final) and state.partial_step != state.step    # not again for a finished run
    doing = (f"the final validation (beam {cfg.train.final_beam} on all of val)" if final else
             "the validation of the last partial epoch") if validate else "averaged.pt" if cfg.train.average_last \
        else None
    stop.notice = lambda: end_notice(run, doing)
    run.checkpoints.before_end(run)
    try:
        if stop.requested:          # it came while last.pt was written
            raise Stopped
        with stop.cancellable():
            if validate:
                scores = final_validation(run) if final else validate_with_ema(run, "partial")
                state.partial_step = state.step
                run.log(f"final | step {state.step} | val loss {scores.val_loss:.3f} | {scores.note()}"
                        f"{f' | beam {cfg.train.final_beam} on all of val' if final else ''}")
                run.checkpoints.after_partial_epoch(run)
            run.log(f"done: {reason or f'{cfg.train.max_epochs} epochs'}; best val BLEU {state.best_bleu:.2f}")
            weights_sum = sum(float(p.detach().double().sum()) for p in run.model.parameters())
            in_sync = distributed.ranks_agree(run.dist, weights_sum)
            doing = "averaged.pt" if cfg.train.average_last else None
            average(run)
            doing = None
    except Stopped:
        run.log(f"stopped before {doing or 'the end of the run'} was done, at step {state.step}: last.pt holds all "
                f"of the training and best.pt the best weights validated so far. Resume to do it: "
                f"{run.checkpoints.resume_command}")
        return
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
    try:
        with StopSignal(lambda: stop_notice(run), announce=run.dist.is_main) as stop:
            reason = run.out_of_budget()
            while reason is None and run.state.epoch < run.cfg.train.max_epochs:
                reason = train_epoch(run, stop)
            if stop.requested:
                run.checkpoints.at_stop(run)
                run.log(f"stopped at step {run.state.step}; nothing is lost. Resume with: "
                        f"{run.checkpoints.resume_command}")
            else:
                finish(run, reason, stop)
    finally:
        run.close()
        if lock:
            lock.release()
    distributed.exit_rank(run.dist)     # a rank of torchrun ends its process here
    return 0


if __name__ == "__main__":
    run_main(main, needs_stdout=False)
