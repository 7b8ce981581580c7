"""`aft-simple` and `aft-full`: the Attention Free Transformer (Zhai et al. 2021).

Shapes: the legend in models/attention/base.py (d: the features of one head).
"""
from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

from config import AT_LEAST_1, opt
from models.attention.base import Attention
from models.attention.registry import register_attention
from util.errors import UserError

# exp(k) and exp(w) with k, w clipped to ±30: every product exp(k + w) lies in [e^-60, e^60], which float32 holds
# without overflow or underflow, so no max has to be subtracted (a max over all keys would tie a position's
# rounding to later ones, and causal outputs must not depend on them at all)
CLIP = 30.0


def positive(x):
    return x.float().clamp(-CLIP, CLIP).exp()


def gated(q, num, den):
    """σ(q) ⊙ num / den, zeros where nothing was seen (den = 0)."""
    return torch.sigmoid(q.float()) * torch.where(den > 0, num / den.clamp(min=1e-30), torch.zeros_like(num))


@register_attention("aft-simple")
class AftSimpleAttention(Attention):
    """out_i = σ(q_i) ⊙ Σ_j exp(k_j) ⊙ v_j / Σ_j exp(k_j): every feature takes its own softmax over the keys, and
    the query only gates the result (no query-key product at all).

    Cost: O(j·d) time and memory, the same for every query; causal: prefix sums, and decoding keeps a constant-size
    state (Σ exp(k) v, Σ exp(k)) per head. Masks: key padding and causal. Usable as encoder, decoder and cross-
    attention. Computed in float32 (under bf16 autocast too); no weights to drop out or return.
    """

    supports_arbitrary_mask = False
    provides_weights = False
    recurrent = True

    def forward(self, q, k, v, mask=None, causal=False):
        """q: (b, h, i, d), k/v: (b, h, j, d), mask: key padding (b|1, 1, 1, j) or None -> (b, h, i, d)."""
        i, j = q.size(2), k.size(2)
        weight = positive(k)                                                   # (b, h, j, d)
        if mask is not None:
            weight = weight * mask[:, :, -1, :, None]
        if causal:   # query t is position j - i + t: the prefix sums up to it
            num, den = ((weight * v.float()).cumsum(dim=2)[:, :, j - i:], weight.cumsum(dim=2)[:, :, j - i:])
        else:
            num, den = (weight * v.float()).sum(dim=2, keepdim=True), weight.sum(dim=2, keepdim=True)
        return gated(q, num, den).to(v.dtype)

    def step(self, q, k, v, state=None):
        """n new positions (b, h, n, d) after the state (Σ exp(k) v, Σ exp(k)) of the earlier ones."""
        weight = positive(k)
        num, den = (weight * v.float()).cumsum(dim=2), weight.cumsum(dim=2)
        if state is not None:
            num, den = num + state[0][:, :, None], den + state[1][:, :, None]
        return gated(q, num, den).to(v.dtype), (num[:, :, -1], den[:, :, -1])


@dataclass
class AftOptions:
    max_len: int = opt(256, 'aft-full: positions its learned biases cover (at least --model.max_len)', AT_LEAST_1)


@register_attention("aft-full")
class AftFullAttention(Attention):
    """out_t = σ(q_t) ⊙ Σ_t' exp(k_t' + w_tt') ⊙ v_t' / Σ_t' exp(k_t' + w_tt'), with learned pairwise position
    biases w (max_len × max_len, shared by the heads, zero at the start: aft-simple).

    Cost: exp(w) (i, j) times exp(k) ⊙ v: O(i·j·d) time like full, but O(i·j) memory for the whole batch and all
    heads instead of full's O(b·h·i·j). Masks: key padding and causal (queries aligned to the end of the keys, so a
    K/V cache decodes as full decoding does). Usable as encoder and decoder self-attention; not cross-attention.
    Computed in float32.
    """

    supports_arbitrary_mask = False
    provides_weights = False
    Options = AftOptions
    unusable = {"cross": "its learned biases w[t, t'] are indexed by the query's position, which cross-attention "
                         "does not know"}

    def __init__(self, head_dim, dropout=0.0, options=None):
        super().__init__(head_dim, dropout, options)
        self.w = nn.Parameter(torch.zeros(options.max_len, options.max_len))

    def forward(self, q, k, v, mask=None, causal=False):
        """q: (b, h, i, d), k/v: (b, h, j, d), mask: key padding (b|1, 1, 1, j) or None -> (b, h, i, d)."""
        i, j = q.size(2), k.size(2)
        if j > self.w.size(0):
            raise UserError(f"aft-full covers {self.w.size(0)} positions and got {j}; raise "
                            f"--model.attention_options=max_len=N to at least --model.max_len")
        bias = positive(self.w[j - i:j, :j])                                    # (i, j): query t is position j - i + t
        if causal:
            bias = bias.tril(j - i)
        weight = positive(k)                                                    # (b, h, j, d)
        if mask is not None:
            weight = weight * mask[:, :, -1, :, None]
        num = torch.einsum("ij,bhjd->bhid", bias, weight * v.float())
        den = torch.einsum("ij,bhjd->bhid", bias, weight)
        return gated(q, num, den).to(v.dtype)
