"""The training loop: the steps of an epoch, then the epoch's end (validation, early stopping, its checkpoints).
A validation hands its scores to the save policy (training/save_policy.py), which decides on best.pt."""
from __future__ import annotations

import sys
import time
from dataclasses import asdict

from tqdm import tqdm

from data.batching import collate
from models.dropout import pause_dropout
from training.ema import weights_in
from training.forecast import apply_forecast, due, forecast, refined_at
from training.divergence import check_finite_loss
from training.run import Run
from training.stop import StopSignal
from training.step import loss_label, train_step
from training.validation import ValScores, record_scores, score_on_val
from util import distributed
from util.plotting import plot_curves


def train_epoch(run: Run, stop: StopSignal) -> str | None:
    """Train from the run's position to the end of its epoch, then end the epoch; -> a stop reason or None."""
    state, cfg = run.state, run.cfg
    sources, targets, batches = run.epochs.of(state.epoch)
    pause_dropout(run.model, state.epoch < cfg.train.dropout_after)
    # a terminal gets the bar; a log file (`> log 2>&1`) a plain line at each record, not the bar's carriage returns
    lines = run.dist.is_main and not sys.stderr.isatty()
    # closed however the loop ends, so an error's line starts on a line of its own, not after the bar's
    with tqdm(total=len(batches), initial=state.batch_in_epoch, desc=f"epoch {state.epoch + 1}",
              disable=not run.dist.is_main or lines, leave=False, mininterval=1.0, file=sys.stderr) as bar:
        reason, stopping, last = None, False, time.perf_counter()
        window_tokens, window_seconds = 0, 0.0    # since the last record: its tok/s is theirs, not one step's
        while state.batch_in_epoch < len(batches) and reason is None:
            group = batches[state.batch_in_epoch:state.batch_in_epoch + cfg.train.accum_steps]
            group = [collate([(sources[n], targets[n]) for n in idx]).to(run.device)
                     for idx in group]
            distributed.seed_step(run.dist, cfg.train.seed, state.step)
            loss, tokens = train_step(run.ddp_model, run.optimizer, run.schedule, group, cfg, run.amp, run.threads)
            check_finite_loss(run, loss)
            if run.ema is not None:
                run.ema.update(run.model)
            # from the end of the previous step: collation, the step and the previous step's bookkeeping all count
            now = time.perf_counter()
            seconds, last = now - last, now
            run.step_seconds = seconds
            # the ranks stop after the same step; the loss and tokens recorded are all ranks' (a run of one: its own)
            state.elapsed, stopping, (loss_sum, tokens) = distributed.agree_step(
                run.dist, state.elapsed + seconds, stop.requested, (loss * tokens, tokens))
            tokens = int(tokens)
            stop.requested = stop.requested or stopping
            state.step, state.batch_in_epoch = state.step + 1, state.batch_in_epoch + len(group)
            state.epoch_loss, state.epoch_tokens = state.epoch_loss + loss_sum, state.epoch_tokens + tokens
            window_tokens, window_seconds = window_tokens + tokens, window_seconds + seconds
            state.record_loss, state.record_tokens = state.record_loss + loss_sum, state.record_tokens + tokens
            run.schedule.elapsed = state.elapsed      # the next step's lr, for a time budget
            if due(cfg.train.forecast_after, cfg.train.time_budget, state.step, state.forecast):
                said = make_forecast(run, len(batches))
                if said and run.dist.is_main:
                    bar.write(said, file=sys.stdout)      # above the progress bar, not inside its line
            lr = run.schedule.get_last_lr()[0]
            bar.update(len(group))
            bar.set_postfix(loss=f"{loss_sum / max(tokens, 1):.3f}", lr=f"{lr:.2e}",
                            tok_s=f"{window_tokens / window_seconds:.0f}")
            if state.step % cfg.train.log_every == 0:
                # the loss since the last record, not one batch's (noise)
                record_loss = state.record_loss / max(state.record_tokens, 1)
                tokens_per_s = window_tokens / window_seconds
                run.record("step", step=state.step, epoch=state.epoch, loss=record_loss, lr=lr, elapsed=state.elapsed,
                           tokens_per_s=tokens_per_s)
                if lines:
                    print(f"epoch {state.epoch + 1} | step {state.step} ({state.batch_in_epoch}/{len(batches)} of the "
                          f"epoch) | loss {record_loss:.3f} | lr {lr:.2e} | {tokens_per_s:,.0f} tok/s | "
                          f"{state.elapsed:.0f}s", file=sys.stderr, flush=True)
                window_tokens, window_seconds = 0, 0.0
                state.record_loss, state.record_tokens = 0.0, 0
            reason = "stopped by signal" if stopping else run.out_of_budget()
            # inside the epoch, and going on: at its end, or at a stop, last.pt comes anyway
            if reason is None and state.batch_in_epoch < len(batches) and run.checkpoints.after_step(run):
                last = time.perf_counter()       # writing is not training time (nor is it at an epoch's end)
    # an epoch whose last batch is trained ends here, whatever stopped the loop; after a signal, when resumed
    if state.batch_in_epoch >= len(batches) and not stopping:
        reason = end_epoch(run, len(batches)) or reason
    return reason


def make_forecast(run: Run, epoch_batches: int) -> str | None:
    """Once the run's seconds (rank 0's) reach --train.forecast_after: predict its steps from its speed so far (at
    most the steps of --train.max_epochs epochs of `epoch_batches`) and set what follows from them
    (training/forecast.py); -> what to say, None before then."""
    state, train = run.state, run.cfg.train
    elapsed = distributed.from_main(run.dist, state.elapsed)
    if elapsed < train.forecast_after:
        return None
    last_step = train.max_epochs * -(-epoch_batches // train.accum_steps)
    made = forecast(state.step, elapsed, train.time_budget, run.cfg.model.dropout, train.weight_decay, last_step)
    apply_forecast(run.model, run.optimizer, run.schedule, made)
    state.forecast = asdict(made)
    run.record("forecast", step=state.step, **state.forecast)
    return made.note()


def end_epoch(run: Run, epoch_batches: int) -> str | None:
    """Validate, forecast again while dropout waits (training/forecast.py), then the epoch's checkpoints; -> a stop
    reason from early stopping."""
    state, cfg = run.state, run.cfg
    train_loss = state.epoch_loss / state.epoch_tokens if state.epoch_tokens else None
    state.epoch, state.batch_in_epoch, state.epoch_loss, state.epoch_tokens = state.epoch + 1, 0, 0.0, 0
    run.ending_epoch = state.epoch      # a stop signal now waits for this epoch's end, not for a step
    try:
        scores = validate_with_ema(run, "epoch", train_loss=train_loss)
        state.bad_epochs = 0 if scores.improved else state.bad_epochs + 1
        run.log(f"epoch {state.epoch} | step {state.step} | train loss "
                f"{'-' if train_loss is None else f'{train_loss:.3f}'} | val loss {scores.val_loss:.3f} | "
                f"{scores.note()} | "
                f"{state.elapsed:.0f}s (val {scores.seconds:.0f}s)")
        if refined_at(state.epoch, cfg.train.dropout_after, state.forecast):
            said = make_forecast(run, epoch_batches)
            if said:
                run.log(said)
        run.checkpoints.at_epoch_end(run, scores.val_bleu, scores.by_direction)
        if time.monotonic() - run.curves_drawn >= CURVES_EVERY:
            draw_curves(run)    # a run stopped early has its curves too, not only one that reached its end
    finally:
        run.ending_epoch = 0
    if cfg.train.patience and state.bad_epochs >= cfg.train.patience:
        return f"val BLEU did not improve for {cfg.train.patience} epochs"
    return None


CURVES_EVERY = 60.0    # seconds: curves.png is drawn again at an epoch's end at most this often (0.2 to 0.6 s each)


def draw_curves(run: Run) -> bool:
    """curves.png from metrics.jsonl so far (rank 0); a failure is a warning, never the run's end; -> drawn."""
    if not run.metrics_log:
        return False
    run.curves_drawn = time.monotonic()
    try:
        plot_curves(run.dir / "metrics.jsonl", run.dir / "curves.png", loss_label(run.cfg))
        return True
    except Exception as e:       # a full disk, a matplotlib problem: the checkpoints are what matters
        why = e.strerror if isinstance(e, OSError) else f"{type(e).__name__}: {e}".splitlines()[0]
        print(f"warning: could not draw {run.dir / 'curves.png'} ({why}); the checkpoints are complete",
              file=sys.stderr)
        return False


def validate_model(run: Run, kind: str, full: bool = False, keep: bool = True, **record) -> ValScores:
    """The current weights on val, handed to the save policy, which keeps them as best.pt when their BLEU is the best
    (unless not `keep`); then their record, as `kind`."""
    scores = score_on_val(run, full)
    improved = keep and run.checkpoints.after_validation(run, kind, scores.val_bleu, scores.by_direction, full)
    scores = scores._replace(improved=improved)
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
