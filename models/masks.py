"""Boolean attention masks. One convention for the whole project: True = may attend, broadcastable to (b, h, i, j)."""
from __future__ import annotations

import torch
from torch import Tensor

from data.vocab import PAD


def padding_mask(tokens: Tensor, pad_id: int = PAD) -> Tensor:
    """tokens: (b, j) -> (b, 1, 1, j), False at padding keys."""
    return tokens.ne(pad_id)[:, None, None, :]


def causal_mask(n: int, device: torch.device | str | None = None, n_keys: int | None = None) -> Tensor:
    """(1, 1, n, n_keys): query i may attend key j <= i + n_keys - n.

    Queries are aligned to the end of the keys, so with a cache of n_keys - n earlier positions the n new
    queries see everything before them. n_keys defaults to n (the square, lower-triangular mask).
    """
    n_keys = n if n_keys is None else n_keys
    return torch.ones(n, n_keys, dtype=torch.bool, device=device).tril(n_keys - n)[None, None]
