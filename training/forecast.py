"""A run that knows how many steps it will get: with a time budget and --train.forecast_after=S, the run times its
own first S seconds of steps, predicts the steps the whole budget holds at that speed, and sets what depends on that
number by the rules below, before any of it has taken effect (dropout is paused for the first epochs,
--train.dropout_after, and the weight decay of one minute is negligible). A machine that trains 2,800 steps in 30
minutes and one that trains 40,000 thus get the recipe that was measured best at their number of steps, instead of one
tuned where steps were plentiful. The forecast is kept in last.pt, so a resumed run keeps it.

A first minute can run faster than the rest (on a Zen 4 the first minutes of bf16 runs did, and their one-minute
forecasts ran well above the steps trained). So while dropout is paused, the end of every epoch forecasts again from
all the steps and seconds so far (validation included, as the budget counts it) and sets the rules anew
(`refined_at`); dropout starts with the last of them, made at the end of the last epoch without dropout, which has
seen the most of the run.

The rules, for one model of both directions with batches of 2,048 tokens; the figures behind each are in
docs/TRAINING.md ("Both directions in one model"), with their commands in docs/HISTORY.md:
- dropout: the preset's (0.1) below LONG_STEPS steps, 0.2 (the `long` preset's) from there. At 8,000 steps 0.2 lost
  to 0.1 on test and val; at 16,000 it won: the model overfits only when the steps are many. LONG_STEPS lies between
  the two; no run between them was measured.
- weight decay: the preset's up to DECAY_STEPS steps, past them scaled by DECAY_STEPS / steps, so that the decay over
  the whole run stays that of 0.3 over 16,000 steps: 32,000 steps with dropout 0.2 and decay 0.15 had a higher val
  mean than the 16,000 steps of the preset and than 32,000 steps with dropout 0.3 and decay 0.3; no 32,000-step run
  with dropout 0.2 and decay 0.3 was measured.
A run whose --train.max_epochs ends it before its time budget (a fast GPU) takes the step where they end as its
number of steps, and its learning rate decays to zero there rather than at a budget it never reaches.
Both rules leave every run of fewer than 12,000 steps as the preset made it: on 2 CPU cores in 30 minutes that is
every machine measured so far, so the default run is unchanged there and changes where a GPU trains far more steps.
"""
from __future__ import annotations

from dataclasses import dataclass

from torch import nn

from models.attention.base import Attention
from models.dropout import Dropout

LONG_STEPS = 12_000         # from here the model overfits enough for more dropout
LONG_DROPOUT = 0.2
DECAY_STEPS = 16_000        # past here the weight decay shrinks as 1 / steps
CHECK_EVERY = 10            # steps between the checks of whether the forecast is due


@dataclass(frozen=True)
class Forecast:
    """What the run predicted and what it set from the prediction."""
    steps: int              # the steps the time budget holds at the speed measured
    measured: int           # the steps the speed was measured over
    seconds: float          # and their seconds
    dropout: float          # model.dropout from now on (residual branches and embeddings)
    weight_decay: float     # of the matrices, from now on
    limit: int = 0          # the step where --train.max_epochs ends the run before its budget (0: the budget ends it)
    budget: float = 0.0     # --train.time_budget, seconds (0 in forecasts made before it was kept)

    def note(self) -> str:
        budget = ("the budget" if not self.budget else f"the {self.budget / 60:g}-minute budget"
                  if self.budget % 60 == 0 else f"the {self.budget:g}-second budget")
        end = (f"{budget} holds about {self.steps:,} steps" if not self.limit else
               f"--train.max_epochs ends the run at step {self.limit:,}, before its budget: the lr decays to zero "
               "there")
        return (f"forecast: {self.measured:,} steps in {self.seconds:.0f} s, so {end}; dropout {self.dropout:g}, "
                f"weight decay {self.weight_decay:g} (training/forecast.py)")


def predicted_steps(step: int, elapsed: float, time_budget: float) -> int:
    """The steps of the whole budget at the speed of the first `step` steps in `elapsed` seconds. Validation's share
    of the budget is not known yet and is left out: the prediction runs a little high."""
    return round(step / elapsed * time_budget) if elapsed > 0 else 0


def forecast(step: int, seconds: float, time_budget: float, dropout: float, weight_decay: float,
             last_step: int = 0) -> Forecast:
    """The rules of the module docstring, from `step` steps in `seconds` and the preset's dropout and weight decay;
    last_step: where the run's epochs end it (0: no such end), which counts where it comes before the budget's."""
    steps = predicted_steps(step, seconds, time_budget)
    limit = last_step if 0 < last_step < steps else 0
    steps = limit or steps
    return Forecast(steps, step, seconds, max(dropout, LONG_DROPOUT) if steps >= LONG_STEPS else dropout,
                    weight_decay * min(1.0, DECAY_STEPS / steps) if steps > 0 else weight_decay, limit, time_budget)


def due(forecast_after: float, time_budget: float, step: int, made: dict) -> bool:
    """Whether the run asks now if forecast_after seconds have passed: it has a time budget, a forecast to make and
    none `made` yet (the state's), and `step` is a multiple of CHECK_EVERY (the same steps on every rank of a
    distributed run, which then all take rank 0's seconds: they make one forecast, at one step)."""
    return bool(forecast_after and time_budget and not made and step % CHECK_EVERY == 0)


def refined_at(epochs_done: int, dropout_after: int, made: dict) -> bool:
    """Whether the end of an epoch forecasts again: a forecast was made (the state's `made`) and dropout is still
    paused, or starts with the next epoch (`epochs_done` <= --train.dropout_after; a run with dropout from the start
    keeps its first forecast)."""
    return bool(made and 0 < epochs_done <= dropout_after)


def set_dropout(model: nn.Module, p: float) -> None:
    """p on the dropout of residual branches and embeddings (model.dropout); attention weights' keep theirs."""
    inside_attention = {id(m) for a in model.modules() if isinstance(a, Attention) for m in a.modules()}
    for module in model.modules():
        if isinstance(module, Dropout) and id(module) not in inside_attention:
            module.p = p


def apply_forecast(model: nn.Module, optimizer, schedule, made: Forecast) -> None:
    """The forecast's settings on the model, on the optimizer's matrices (its first group) and, where the epochs end
    the run first, on the schedule: its decay ends with the last epoch instead of with a budget never reached."""
    set_dropout(model, made.dropout)
    optimizer.param_groups[0]["weight_decay"] = made.weight_decay
    if made.limit and not (schedule.plan.max_steps and schedule.plan.max_steps <= made.limit):
        schedule.plan = schedule.plan._replace(max_steps=made.limit)
