"""Positions: fixed sinusoidal encodings and learned embeddings, added to or concatenated with the token embedding,
and relative position representations inside self-attention (Shaw et al. 2018).

Einsum legend: b batch, h heads, i query positions, j key positions, d head width, r relative distances.
Every mode takes `offset`, the number of positions already processed, so incremental decoding continues.
"""
from __future__ import annotations

import enum
import math

import torch
from torch import Tensor, nn

from util.errors import UserError


class PositionMode(enum.Enum):
    ADD = "add"          # x + p
    CONCAT = "concat"    # [x; p], the token width + position width = d_model


def sinusoids(n: int, dim: int) -> Tensor:
    """(n, dim): sin on even, cos on odd features, wavelengths 2π .. 10000·2π (Vaswani et al. 2017)."""
    position = torch.arange(n, dtype=torch.float32)[:, None]
    inv_freq = torch.exp(torch.arange(0, dim, 2, dtype=torch.float32) * (-math.log(10000.0) / dim))
    table = torch.zeros(n, dim)
    table[:, 0::2] = torch.sin(position * inv_freq)
    table[:, 1::2] = torch.cos(position * inv_freq[: dim // 2])
    return table


def _combine(x: Tensor, p: Tensor, mode: PositionMode) -> Tensor:
    if mode is PositionMode.ADD:
        return x + p
    return torch.cat([x, p.expand(x.size(0), -1, -1).to(x.dtype)], dim=-1)


def _check_length(end: int, max_len: int) -> None:
    if end > max_len:
        raise UserError(f"position {end - 1} is beyond the position table (model.max_len={max_len}); "
                        f"raise --model.max_len or shorten the input")


class PositionEncoding(nn.Module):
    """Fixed sinusoidal positions. forward(x (b, i, w), offset) -> (b, i, w) for ADD, (b, i, w + dim) for CONCAT."""

    def __init__(self, dim: int, max_len: int, mode: PositionMode = PositionMode.ADD):
        super().__init__()
        self.mode, self.max_len = mode, max_len
        self.register_buffer("table", sinusoids(max_len, dim), persistent=False)  # rebuilt, not checkpointed

    def forward(self, x: Tensor, offset: int = 0) -> Tensor:
        _check_length(offset + x.size(1), self.max_len)
        return _combine(x, self.table[offset:offset + x.size(1)][None], self.mode)


class PositionEmbedding(nn.Module):
    """Learned absolute positions: `n` of them. forward(x (b, i, w), offset) as for PositionEncoding."""

    def __init__(self, n: int, dim: int, mode: PositionMode = PositionMode.ADD):
        super().__init__()
        self.mode, self.n = mode, n
        self.weight = nn.Parameter(torch.randn(n, dim) * dim ** -0.5)

    def forward(self, x: Tensor, offset: int = 0) -> Tensor:
        _check_length(offset + x.size(1), self.n)
        return _combine(x, self.weight[offset:offset + x.size(1)][None], self.mode)


class RelativePositions(nn.Module):
    """Relative position representations for self-attention scores (Shaw et al. 2018, keys only).

    2·max_relative + 1 learned vectors of the head width d, one per clipped distance j − i, shared by the heads.
    forward(q (b, h, i, d), offset) -> scores q·r_{clip(j−i)} (b, h, i, j) for the keys 0 .. offset + i − 1.
    """

    def __init__(self, max_relative: int, head_dim: int):
        super().__init__()
        if max_relative < 1:
            raise UserError(f"model.max_relative={max_relative} must be at least 1 for relative positions")
        self.max_relative = max_relative
        self.weight = nn.Parameter(torch.randn(2 * max_relative + 1, head_dim) * head_dim ** -0.5)

    def forward(self, q: Tensor, offset: int = 0) -> Tensor:
        i, j = q.size(-2), offset + q.size(-2)
        query = torch.arange(offset, j, device=q.device)
        key = torch.arange(j, device=q.device)
        index = (key[None, :] - query[:, None]).clamp(-self.max_relative, self.max_relative) + self.max_relative
        # score every query against the 2K+1 vectors, then pick per (i, j): no (i, j, d) tensor
        per_distance = torch.einsum("bhid,rd->bhir", q, self.weight.to(q.dtype))   # (b, h, i, r)
        return per_distance.gather(-1, index.expand(*q.shape[:-2], i, j))          # (b, h, i, j)
