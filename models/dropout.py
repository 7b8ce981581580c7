"""Dropout whose mask costs a quarter of the random numbers on a CPU.

torch's CPU dropout draws one random number per element with a scalar generator (`bernoulli_`): 8% of a CPU
training step of the `cpu` preset, more than any other element-wise work. Here each 64-bit draw of the
same generator gives four 16-bit uniforms, so the mask costs a quarter of the draws; p is rounded to a multiple of
2^-16 (0.15 -> 0.1499939) and kept elements are scaled by 1 / (1 - that p), so the expectation is kept exactly.
The masks come from torch's default generator, so a seed (and a restored RNG state) gives the same masks again; a
thread that runs a part of a step (training/parts.py) draws from its own generator instead (`drawing_from`), so its
masks do not depend on which thread draws first.
Off the CPU, torch's own dropout (fused on GPUs) runs. A run can pause a model's dropout (`pause_dropout`) for its
first epochs (--train.dropout_after): `rate` is then 0, whatever p the model was built with.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager

import torch
import torch.nn.functional as F
from torch import Tensor, nn

LEVELS = 1 << 16                   # a mask element is one 16-bit uniform
_drawing = threading.local()       # .generator: the one this thread's masks come from (None: torch's default)


@contextmanager
def drawing_from(generator: torch.Generator):
    """Masks made on this thread inside the block come from `generator`."""
    _drawing.generator = generator
    try:
        yield
    finally:
        _drawing.generator = None


def dropout(x: Tensor, p: float) -> Tensor:
    """x with each element zeroed with probability p (rounded to a multiple of 2^-16), the rest scaled up."""
    dropped = round(p * LEVELS)
    if x.device.type != "cpu" or dropped in (0, LEVELS):
        return F.dropout(x, dropped / LEVELS, training=True)
    n = x.numel()
    bits = torch.empty((n + 3) // 4, dtype=torch.int64).random_(-2 ** 63, None,          # every 64-bit value alike
                                                                 generator=getattr(_drawing, "generator", None))
    keep = bits.view(torch.int16)[:n].view(x.shape) >= dropped - LEVELS // 2      # P(keep) = 1 - dropped / LEVELS
    scale = torch.tensor(LEVELS / (LEVELS - dropped), dtype=x.dtype)
    return x * torch.where(keep, scale, torch.zeros((), dtype=x.dtype))


class Dropout(nn.Dropout):
    """nn.Dropout (same p, same train/eval behaviour) with the cheaper mask above; `rate` is the p in force."""
    paused: bool = False

    @property
    def rate(self) -> float:
        return 0.0 if self.paused or not self.training else self.p

    def forward(self, x: Tensor) -> Tensor:
        return dropout(x, self.rate) if self.rate > 0 else x


def pause_dropout(model: nn.Module, paused: bool) -> None:
    """Every Dropout of the model off (paused) or back at the p it was built with."""
    for module in model.modules():
        if isinstance(module, Dropout):
            module.paused = paused
