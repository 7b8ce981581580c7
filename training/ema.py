"""An exponential moving average of the weights, the averaging that works in a short run (--train.ema): unlike
averaged epoch checkpoints it needs no epochs, and it is validated beside the raw weights, so best.pt is whichever
scores higher."""
from __future__ import annotations

from contextlib import contextmanager

import torch


class EMA:
    """After t updates with decay d the average is bias-corrected,

        ema_t = sum_i (1 - d) d^(t - i) w_i / (1 - d^t), i.e. ema_t = ema_(t-1) + (w_t - ema_(t-1)) (1 - d) / (1 - d^t)

    so the first update is the weights themselves and the random init never weighs in (a plain EMA started at the
    init keeps d^t of it: 1% after 920 steps of d = 0.995)."""

    def __init__(self, model: torch.nn.Module, decay: float):
        self.decay, self.updates = decay, 0
        self.weights = {name: p.detach().clone() for name, p in model.named_parameters()}

    def update(self, model: torch.nn.Module) -> None:
        self.updates += 1
        share = (1 - self.decay) / (1 - self.decay ** self.updates)      # 1 at the first update
        params = dict(model.named_parameters())
        names = list(self.weights)
        torch._foreach_lerp_([self.weights[n] for n in names], [params[n].detach() for n in names], share)

    def state_dict(self) -> dict:
        return {"decay": self.decay, "updates": self.updates, "weights": self.weights}

    def load_state_dict(self, state: dict) -> None:
        """The average saved in last.pt; this run's decay (a --train.ema override) applies from the next update."""
        missing = set(self.weights) ^ set(state["weights"])
        if missing:
            raise KeyError(f"the EMA's weights do not match the model's ({sorted(missing)[0]})")
        self.updates = state["updates"]
        for name, value in state["weights"].items():
            self.weights[name].copy_(value)


@contextmanager
def weights_in(model: torch.nn.Module, weights: dict):
    """Inside the block `model` holds `weights` (a state dict, whole or a part of it), after it its own again."""
    own = {name: value.detach().clone() for name, value in model.state_dict().items() if name in weights}
    model.load_state_dict(weights, strict=False)
    try:
        yield
    finally:
        model.load_state_dict(own, strict=False)
