"""A run continued from last.pt: the state besides weights and optimizer that it saved (`TrainState`), read back
with the weights, optimizer, schedule, EMA and random state (`resume_training_state`), and this run's --train.*
values put over the saved optimizer's (`apply_schedule_overrides`). training/run.py's build_run calls it."""
from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from pathlib import Path

import torch

from models.checkpoint import ModelCheckpoint, best_checkpoint_info, instead_of, load_weights
from models.resume_command import recorded_flag
from training.ema import EMA
from training.forecast import apply_forecast, forecast
from util.errors import UserError


@dataclass
class TrainState:
    """Everything besides weights and optimizer that a resumed run needs to continue the same curve."""
    step: int = 0
    epoch: int = 0                 # epochs completed
    batch_in_epoch: int = 0        # batches of the current epoch already trained on
    elapsed: float = 0.0           # training and validation seconds over all sessions of this run
    best_bleu: float = -1.0        # val BLEU of best.pt
    bad_epochs: int = 0            # epochs since val BLEU last improved
    epoch_loss: float = 0.0        # summed training loss of the current epoch so far
    epoch_tokens: int = 0
    record_loss: float = 0.0       # summed training loss since the last step record of metrics.jsonl (its mean is
    record_tokens: int = 0         # the record's loss), kept so a resumed run records the same curve
    metrics_bytes: int = -1        # length of metrics.jsonl when saved; a resumed run drops the records after it
    partial_step: int = -1         # the step whose partial epoch was validated (once, however often resumed)
    precision: str = ""            # fp32 or bf16, as training/precision.py chose it ("" in runs begun before)
    forecast: dict = field(default_factory=dict)   # training/forecast.Forecast's fields, once made ({} before)
    commands: list = field(default_factory=list)   # the command lines that trained it: the start, each resume
    runs: list = field(default_factory=list)       # the ids of the runs it was fine-tuned from, then its own
    ranks: int = 0                 # the processes that trained it (torchrun's ranks); 0 in runs begun before
    corpus: str = ""               # your --data.train's Corpus.text_digest ("" for Multi30K and in runs begun before)


def resume_training_state(run, ckpt: ModelCheckpoint) -> None:
    """Continue from last.pt; the best val BLEU comes from best.pt, the file a later improvement must beat."""
    path, saved = run.dir / "last.pt", ckpt.raw["train_state"]
    load_weights(run.model, ckpt.raw["model"], path)
    try:
        run.optimizer.load_state_dict(saved["optimizer"])
        run.schedule.load_state_dict(saved["schedule"])
        run.state = TrainState(**saved["state"])
        if run.ema is not None:         # a run that had no EMA starts one at its current weights
            run.ema = EMA(run.model, run.cfg.train.ema)
            if saved.get("ema"):
                run.ema.load_state_dict(saved["ema"])
        torch.set_rng_state(saved["rng"]["torch"])
        random.setstate(saved["rng"]["python"])
    except (KeyError, TypeError, ValueError, RuntimeError) as e:
        raise UserError(f"{path}: its training state is damaged ({str(e).splitlines()[0] if str(e) else e!r}); "
                        f"{instead_of(path)}") from None
    run.checkpoints.saved_step = run.state.step
    apply_schedule_overrides(run, ckpt.raw["config"].get("train", {}))
    made = run.state.forecast
    if made and run.cfg.train.forecast_after:      # the same rules on the steps predicted, with this run's values
        train = run.cfg.train
        apply_forecast(run.model, run.optimizer, run.schedule, forecast(
            made["measured"], made["seconds"], train.time_budget, run.cfg.model.dropout, train.weight_decay,
            made.get("limit", 0)))
    try:
        best = best_checkpoint_info(run.dir / "best.pt")
    except UserError as e:
        raise UserError(f"{str(e).split(';')[0]}; move it away and resume again: the run writes a new best.pt at its "
                        "next validation") from None
    run.state.best_bleu = best["val_bleu"] if best else -1.0
    if best and best["step"] > run.state.step:     # killed after best.pt was written and before last.pt
        run.checkpoints.best_on_disk = (best["step"], best["kind"])


def apply_schedule_overrides(run, saved: dict) -> None:
    """The optimizer state last.pt holds carries the old lr, weight decay and betas: this run's --train.* values
    replace them (warmup_steps is in the schedule make_optimizer built), so config.json says what runs; the log
    names every --train.* value that differs from the run's saved config."""
    train, schedule = run.cfg.train, run.schedule
    schedule.base_lrs = [train.lr] * len(run.optimizer.param_groups)
    for n, group in enumerate(run.optimizer.param_groups):
        group["initial_lr"] = train.lr
        group["lr"] = train.lr * schedule.factor()
        group["betas"] = (group["betas"][0], train.beta2)
        if n == 0:                     # the matrices; biases and norms (group 1) never decay
            group["weight_decay"] = train.weight_decay
    changed = [f"--train.{f.name}={getattr(train, f.name)} (was {saved[f.name]})" for f in fields(train)
               if f.name in saved and saved[f.name] != getattr(train, f.name)]
    if changed:
        run.log(f"resuming with {', '.join(changed)}: in effect from step {run.state.step + 1}")


def recorded_data_dir(state: dict, data) -> tuple[str | None, str]:
    """(the data directory, a line that says so) for a resume given no --data-dir: the --data-dir of the command that
    last trained the run (`state`: last.pt's TrainState) while it holds every Multi30K file the run reads (`data`: its
    DataConfig), so a run trained offline on --data-dir resumes with `--resume RUN` alone; else (None, a line where
    one was recorded), and the data comes from where it comes for any run ($MULTI30K_DIR, the user cache). A relative
    path is read from where train.py runs now, as a typed one is."""
    recorded = recorded_flag(state, "--data-dir")
    if not recorded:
        return None, ""
    splits = [split for split, own in ((data.train_split, data.train), (data.val_split, data.val)) if not own]
    splits += ["train"] if data.mix_original else []
    names = [f"{split}.{lang}.gz" for split in dict.fromkeys(splits) for lang in (data.src_lang, data.tgt_lang)]
    if not names:           # your corpora alone: no Multi30K file is read
        return None, ""
    missing = [name for name in names if not (Path(recorded).expanduser() / name).is_file()]
    if missing:
        return None, (f"data: the run was trained with --data-dir {recorded}, which has no {missing[0]} now, so the "
                      "data comes from $MULTI30K_DIR or the user cache, as for a run without --data-dir; give "
                      "--data-dir DIR to read it from DIR")
    return recorded, (f"data: {recorded}, the --data-dir the run was trained with (give --data-dir DIR to read it "
                      "from DIR)")
