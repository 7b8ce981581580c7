"""A training loss that is no longer a number (NaN, infinite): the run stops before anything is written from the
lost weights, saying what to change: the optimizer's flags once training has diverged, or, at the first step, before
any update, what computes the loss from the starting weights (a --user-module attention first)."""
from __future__ import annotations

import math

from models.attention import attention_class
from models.attention.choice import attention_roles
from models.attention.registry import built_in
from training.run import Run
from util.errors import UserError

HIGH_WEIGHT_DECAY = 1.0     # above every preset's (at most 0.3): a divergence names it first


def check_finite_loss(run: Run, loss: float) -> None:
    """A NaN or infinite training loss means the weights are lost: stop before anything is written from them
    (a Python float, so the check costs nothing per step)."""
    if math.isfinite(loss):
        return
    if run.state.step == 0:
        raise UserError(first_step_not_finite(run, loss))
    train = run.cfg.train
    advice = [f"lower --train.lr (now {train.lr:g})"]
    if train.weight_decay > HIGH_WEIGHT_DECAY:
        advice.insert(0, f"lower --train.weight_decay (now {train.weight_decay:g}, unusually high: each step scales "
                         "the weights by 1 - lr × weight_decay)")
    advice.append("enable --train.clip_norm (e.g. --train.clip_norm=1)" if not train.clip_norm else
                  f"lower --train.clip_norm (now {train.clip_norm:g})")
    if train.warmup_steps < 100:
        advice.append(f"raise --train.warmup_steps (now {train.warmup_steps})")
    raise UserError(f"training diverged at step {run.state.step + 1}: the loss is {loss}; {', '.join(advice)}. "
                    f"Nothing was saved from the diverged weights; {run.checkpoints.kept()} (add the changed --train.* flags)")


def first_step_not_finite(run: Run, loss: float) -> str:
    """A non-finite loss before any update comes from the starting weights' forward pass, which no --train.* flag
    of the optimizer changes: the message names what computes it (a --user-module attention first)."""
    own = sorted({name for name in attention_roles(run.cfg.model).values() if not built_in(attention_class(name))})
    if own:
        what = (f"check that attention {', '.join(map(repr, own))} (from --user-module) returns finite values "
                "(a row with no visible key gives zeros)")
    elif run.state.precision == "bf16":
        what = "try --train.precision=fp32, and report it as a bug if that fails too"
    else:
        what = "report it as a bug, with the command"
    return (f"the loss is {loss} at step 1, before any weight update: the model computes non-finite values from its "
            f"starting weights, which no --train.lr or other optimizer flag changes; {what}. Nothing was saved; "
            f"{run.checkpoints.kept()}")
