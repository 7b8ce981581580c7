"""The end of a run, after its last step: the final validation (the last partial epoch's, or with
--train.final_beam every candidate for best.pt on the whole val split), averaged.pt, the last records, MODEL.md and
curves.png. last.pt holds all of the training first, so a stop signal ends that work at once (training/stop.py), and
a kill loses nothing either; a resume does it again."""
from __future__ import annotations

from models.checkpoint import average_weights, load_checkpoint
from training.card import directions_of, translate_commands
from training.ema import weights_in
from training.run import Run
from training.stop import Stopped, StopSignal, end_notice
from training.loop import draw_curves, validate_model, validate_with_ema
from training.validation import ValScores
from util import distributed


def finish(run: Run, reason: str | None, stop: StopSignal) -> None:
    """After the loop: validate a partial epoch (or, with --train.final_beam, the candidates for best.pt on the whole
    val split), average, record the end, draw the curves."""
    state, cfg = run.state, run.cfg
    final = bool(cfg.train.final_beam)
    validate = (state.batch_in_epoch or final) and state.partial_step != state.step    # not again for a finished run
    doing = (f"the final validation (beam {cfg.train.final_beam} on all of val)" if final else
             "the validation of the last partial epoch") if validate else "averaged.pt" if cfg.train.average_last \
        else None
    stop.notice = lambda: end_notice(run, doing)
    ended = reason or f"{cfg.train.max_epochs} epochs"
    weights_sum = sum(float(p.detach().double().sum()) for p in run.model.parameters())
    in_sync = distributed.ranks_agree(run.dist, weights_sum)     # the last step the ranks take together: a signal
    run.checkpoints.before_end(run)                              # ends what follows on each rank at its own point
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
            run.log(f"done: {ended}; best val BLEU {state.best_bleu:.2f}")
            doing = "averaged.pt" if cfg.train.average_last else None
            average(run, ended)
            doing = None
    except Stopped:
        best = ("best.pt the best weights validated so far" if (run.dir / "best.pt").is_file() else
                "there is no best.pt yet (it comes with the first validation)")
        run.log(f"stopped before {doing or 'the end of the run'} was done, at step {state.step}: last.pt holds all "
                f"of the training and {best}. Resume to do it: {run.checkpoints.resume_command}")
        return
    run.record("final", step=state.step, best_bleu=state.best_bleu, world_size=run.dist.world_size,
               ranks_in_sync=in_sync)
    run.checkpoints.at_end(run, ended)
    if draw_curves(run):
        run.log(f"checkpoints, MODEL.md and curves.png in {run.dir}")
    if (run.dir / "best.pt").is_file():
        for command in translate_commands(run.dir / "best.pt", directions_of(run.cfg.data)):
            run.log(f"translate with it: {command}")


def final_validation(run: Run) -> ValScores:
    """With --train.final_beam: best.pt's weights (when they are older than the final ones), the final weights and
    their EMA, each on the whole val split at that beam; best.pt becomes the highest."""
    best = run.checkpoints.before_final_validation(run)
    if best is not None:
        info, weights = best
        with weights_in(run.model, weights):
            scores = validate_model(run, "final-val-best", full=True, keep=False, best_step=info["step"])
            run.checkpoints.after_best_validated(run, info, scores.val_bleu, scores.by_direction)
    return validate_with_ema(run, "final-val", full=True)


def average(run: Run, ended: str) -> None:
    """The mean of the epochN.pt files the save policy names, validated (best.pt when it scores highest), as
    averaged.pt, whose card says why the run ended (`ended`)."""
    paths = run.checkpoints.to_average(run)
    if not paths:
        return
    loaded = [load_checkpoint(path) for path in paths]
    run.model.load_state_dict(average_weights([ckpt.raw["model"] for ckpt in loaded]))
    full = bool(run.cfg.train.final_beam)
    scores = validate_model(run, "averaged", full, epochs=len(paths))
    averaged = [{"checkpoint": path.name, "step": ckpt.step} for path, ckpt in zip(paths, loaded)]
    name = run.checkpoints.after_averaging(run, averaged, scores.val_bleu, scores.by_direction, full,
                                           loaded[-1].card, ended)
    run.log(f"averaged the last {len(paths)} epochs{f' into {name}' if name != 'averaged.pt' else ''}: val BLEU "
            f"{scores.val_bleu:.2f}"
            f"{' (best)' if scores.improved else ''}")
