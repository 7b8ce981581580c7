"""A user's attention tried once on tiny inputs before a model uses it: does it honor the masks it is given?

A forward that forgets `mask` (or, with supports_arbitrary_mask = False, the causal structure) trains without any
error: the decoder reads the tokens it should predict, the loss falls, and translations are garbage. Here a query's
output must not change when the keys it may not see (later positions, padding) change.

Shapes: the legend in models/attention/base.py.
"""
from __future__ import annotations

from typing import Callable

import torch
from torch import Tensor

from models.masks import causal_mask

N, PADDED = 6, 2           # positions, of which the last PADDED are padding


def mask_leak(call: Callable[..., Tensor], head_dim: int, role: str, arbitrary_mask: bool) -> str | None:
    """What the attention `call(q, k, v, mask, causal) -> out` lets a query see that its mask hides, or None.

    role: "encoder", "decoder" or "cross"; arbitrary_mask: it gets the complete mask (else key padding and causal).
    """
    g = torch.Generator().manual_seed(0)
    q, k, v = (torch.randn(1, 2, N, head_dim, generator=g) for _ in range(3))
    padding = torch.arange(N)[None, None, None, :] < N - PADDED                          # (1, 1, 1, j)
    causal = role == "decoder"
    mask = causal_mask(N) & padding if causal and arbitrary_mask else padding
    base = run(call, q, k, v, mask, causal)
    hidden = [(t, torch.arange(N) > t) for t in range(N)] if causal else \
        [(t, ~padding.view(N)) for t in range(N - (PADDED if role == "encoder" else 0))]
    for t, positions in hidden:            # a query's output, when what it may not see changes
        changed = [x.clone() for x in (q, k, v)]
        for x in changed[(0 if role != "cross" else 1):]:      # self-attention: the hidden positions' queries too
            x[:, :, positions] = torch.randn(x[:, :, positions].shape, generator=g) * 3
        out = run(call, *changed, mask, causal)
        if not torch.allclose(out[:, :, t], base[:, :, t], atol=1e-4, rtol=1e-4):
            what = "a later position's key or query" if causal and t < N - PADDED else "a padded key"
            how = "apply `mask` (True = may attend) to its weights" if arbitrary_mask else \
                "apply the key padding `mask` and, when `causal` is True, the causal structure itself"
            return f"query {t}'s output changes with {what}, which its mask hides; {how}"
    return None


def run(call, q, k, v, mask, causal) -> Tensor:
    """The attention's output with the same random state every time (an attention may draw random numbers)."""
    with torch.no_grad(), torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        return call(q, k, v, mask, causal)
