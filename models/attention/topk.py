"""`exact-topk`: softmax over each query's k highest-scoring keys (the exact top-k attention of fast-transformers).

Shapes: the legend in models/attention/base.py.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch

from config import AT_LEAST_1, opt
from models.attention.base import Attention, masked_softmax
from models.attention.registry import register_attention


@dataclass
class TopKOptions:
    topk: int = opt(32, 'exact-topk, improved-clustered: keys each query (cluster) keeps', AT_LEAST_1)


def keep_top(scores, mask, k: int):
    """scores: (b, h, i, j) with masked keys at the dtype's minimum -> mask of each row's k best keys (ties broken
    by position), and'ed with `mask`; with k >= j the mask itself."""
    if k >= scores.size(-1):
        return mask
    top = scores.topk(k, dim=-1).indices                                        # (b, h, i, k)
    kept = torch.zeros_like(scores, dtype=torch.bool).scatter_(-1, top, True)   # (b, h, i, j)
    return kept if mask is None else kept & mask


@register_attention("exact-topk")
class ExactTopKAttention(Attention):
    """Full softmax attention restricted to each query's `topk` best visible keys (Zhao et al. 2019's explicit
    sparse attention; fast-transformers' exact-topk): the other keys get weight 0.

    Cost: the full (i, j) scores are computed, so time and memory stay O(i·j) as in `full`; what it buys is
    sparsity, not speed. With topk >= the number of keys it is `full` exactly. Masks: any (the top k are taken among
    the visible keys, so causal decoding from a K/V cache equals full decoding); relative-position biases count in
    the scores. Usable as encoder, decoder and cross-attention.
    """

    supports_bias = True
    Options = TopKOptions

    def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
        scores = torch.einsum("bhid,bhjd->bhij", q, k) * q.size(-1) ** -0.5        # (b, h, i, j)
        if bias is not None:
            scores = scores + bias
        visible = scores if mask is None else scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
        weights = masked_softmax(scores, keep_top(visible.detach(), mask, self.options.topk))   # (b, h, i, j)
        return torch.einsum("bhij,bhjd->bhid", self.dropout(weights), v), weights             # (b, h, i, d)

    @classmethod
    def full_up_to(cls, given):
        return cls.check(given).topk
