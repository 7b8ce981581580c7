"""The learning-rate schedule: linear warmup, then inverse-square-root decay for a run without a budget, or a hold
and a linear or cosine decay that reaches zero exactly where the run's budget ends (--train.max_steps or
--train.time_budget, whichever ends first). A time budget is counted in the run's own seconds (training and
validation, as the budget itself), so a slower machine or a longer validation moves the decay with them."""
from __future__ import annotations

import math
from typing import NamedTuple

import torch

from config import TrainConfig


class Plan(NamedTuple):
    shape: str              # inverse-sqrt | linear | cosine
    warmup_steps: int       # at least 1
    max_steps: int          # 0 = no step budget
    time_budget: float      # seconds; 0 = no time budget
    decay_start: float      # share of the budget spent at the peak before the decay begins


def plan_of(train: TrainConfig) -> Plan:
    """auto: linear where the run has a budget, else inverse-sqrt."""
    shape = train.schedule
    if shape == "auto":
        shape = "linear" if train.max_steps or train.time_budget else "inverse-sqrt"
    return Plan(shape, max(1, train.warmup_steps), train.max_steps, train.time_budget, train.decay_start)


def budget_spent(plan: Plan, step: int, elapsed: float) -> float:
    """The share of the budget spent after `step` steps and `elapsed` seconds: the larger of the two, at most 1."""
    shares = [step / plan.max_steps] if plan.max_steps else []
    if plan.time_budget:
        shares.append(elapsed / plan.time_budget)
    return min(1.0, max(shares, default=0.0))


def lr_factor(plan: Plan, step: int, elapsed: float = 0.0) -> float:
    """The share of the peak lr for the step after `step` steps (and `elapsed` seconds) of the run."""
    warm = min(1.0, (step + 1) / plan.warmup_steps)
    if plan.shape == "inverse-sqrt":                   # Vaswani et al. 2017
        return min(warm, math.sqrt(plan.warmup_steps / (step + 1)))
    x = max(0.0, budget_spent(plan, step, elapsed) - plan.decay_start) / (1.0 - plan.decay_start)
    return warm * (1.0 - x if plan.shape == "linear" else 0.5 * (1.0 + math.cos(math.pi * x)))


class Schedule(torch.optim.lr_scheduler.LRScheduler):
    """`lr_factor` of the run so far, times each group's peak lr. The loop sets `elapsed` (the run's seconds) after
    each step; it is saved with the step in last.pt, so a resumed run continues the same curve. The plan is not
    saved: it comes from the config, so `--resume ... --train.max_steps=N` moves the end of the decay."""

    def __init__(self, optimizer: torch.optim.Optimizer, plan: Plan):
        self.plan, self.elapsed = plan, 0.0
        super().__init__(optimizer)

    def factor(self) -> float:
        return lr_factor(self.plan, self.last_epoch, self.elapsed)

    def get_lr(self) -> list[float]:
        return [base * self.factor() for base in self.base_lrs]

    def state_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k not in ("optimizer", "plan")}

    def load_state_dict(self, state: dict) -> None:
        """Also the LambdaLR state of a last.pt written before this schedule (its lambdas are not kept)."""
        self.__dict__.update({k: v for k, v in state.items() if k not in ("plan", "lr_lambdas")})
