"""`square`: weights ∝ (q·k)², row-normalized. Shapes: the legend in models/attention/base.py."""
from __future__ import annotations

import torch

from models.attention.base import Attention
from models.attention.registry import register_attention

EPS = 1e-6


@register_attention("square")
class SquareAttention(Attention):
    """Quadratic kernel attention (fast-transformers' custom-attention guide): weights ∝ (q·k)², masked
    multiplicatively and normalized by their row sum."""

    def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
        weights = torch.einsum("bhid,bhjd->bhij", q, k) ** 2                     # (b, h, i, j)
        if mask is not None:
            weights = weights * mask
        weights = weights / (weights.sum(dim=-1, keepdim=True) + EPS)            # empty rows -> zeros
        return torch.einsum("bhij,bhjd->bhid", self.dropout(weights), v), weights
