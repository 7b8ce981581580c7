"""Attention kernels: the protocol a kernel implements, the registry of names, and the softmax kernels.

Einsum legend: b batch, h heads, i query positions, j key positions, d head width, m model width.

A kernel maps per-head queries, keys and values to per-head outputs; projections, head split/merge, caching
and relative positions live in models/multihead.py. A new attention is one short file:

    from models.attention import Attention, register_attention

    @register_attention("square")
    class SquareAttention(Attention):
        def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
            weights = torch.einsum("bhid,bhjd->bhij", q, k) ** 2                 # (b, h, i, j)
            if mask is not None:
                weights = weights * mask
            weights = weights / (weights.sum(-1, keepdim=True) + 1e-6)
            return torch.einsum("bhij,bhjd->bhid", self.dropout(weights), v), weights

and `--model.attention=square` builds it once that file is imported.
"""
from __future__ import annotations

from typing import Callable

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from util.errors import UserError

_REGISTRY: dict[str, type[nn.Module]] = {}


class Attention(nn.Module):
    """The protocol of an attention kernel. Subclass it, set the flags, write `forward`.

    Built as `cls(head_dim=d, dropout=p)`; `self.dropout` is the dropout on attention weights.

    forward(q, k, v, mask=None, causal=False, bias=None, need_weights=False) -> (out, weights)
        q: (b, h, i, d); k, v: (b, h, j, d); out: (b, h, i, d); weights: (b, h, i, j) or None.
        mask: bool, broadcastable to (b, h, i, j), True = may attend; None = attend to everything.
            A query row with nothing to attend to must give zeros.
        causal: the mask is causal (query i sees keys j <= i + j_len - i_len) and key padding. Kernels with
            supports_arbitrary_mask get the complete mask and may ignore this; the others get only the key
            padding, (b, 1, 1, j) or None, and must apply the causal structure themselves.
        bias: float, broadcastable to (b, h, i, j), added to the scaled scores (relative positions);
            only passed to kernels with supports_bias.
        need_weights: the caller wants weights; a kernel may return None otherwise.

    step(q, k, v, state) -> (out, state), only for `recurrent` kernels: causal attention of n new positions
        (b, h, n, d) given the constant-size state of all earlier ones (None at the start).
    """

    supports_arbitrary_mask = True   # False: only key padding and causal masks
    supports_bias = False            # accepts an additive score bias (needed for relative positions)
    provides_weights = True          # returns (b, h, i, j) weights when need_weights (for return_attention)
    recurrent = False                # decodes from a constant-size state (implements `step`), not a K/V cache

    def __init__(self, head_dim: int, dropout: float = 0.0):
        super().__init__()
        self.head_dim = head_dim
        self.dropout = nn.Dropout(dropout)

    def forward(self, q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None = None, causal: bool = False,
                bias: Tensor | None = None, need_weights: bool = False) -> tuple[Tensor, Tensor | None]:
        raise NotImplementedError


def register_attention(name: str, override: bool = False) -> Callable[[type[nn.Module]], type[nn.Module]]:
    """Class decorator: `@register_attention("square")` makes `attention="square"` build that class."""
    def add(cls: type[nn.Module]) -> type[nn.Module]:
        if name in _REGISTRY and not override:
            raise UserError(f"attention {name!r} is already registered by {_REGISTRY[name].__qualname__}; "
                            f"pick another name or pass override=True")
        _REGISTRY[name] = cls
        return cls
    return add


def registered_attentions() -> list[str]:
    return sorted(_REGISTRY)


def attention_class(name: str) -> type[nn.Module]:
    if name not in _REGISTRY:
        raise UserError(f"unknown attention {name!r}; registered: {', '.join(registered_attentions())} "
                        f"(register your own with @register_attention)")
    return _REGISTRY[name]


def build_attention(name: str, head_dim: int, dropout: float = 0.0) -> nn.Module:
    return attention_class(name)(head_dim=head_dim, dropout=dropout)


@register_attention("full")
class FullAttention(Attention):
    """Scaled dot-product softmax attention written out in einsum: the reference kernel."""

    supports_bias = True

    def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
        scores = torch.einsum("bhid,bhjd->bhij", q, k) * q.size(-1) ** -0.5        # (b, h, i, j)
        if bias is not None:
            scores = scores + bias
        if mask is None:
            weights = scores.softmax(dim=-1)
        else:
            # the most negative finite value, not -inf: an empty row softmaxes to uniform, then is zeroed
            scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
            weights = scores.softmax(dim=-1) * mask.any(dim=-1, keepdim=True)    # (b, h, i, j)
        out = torch.einsum("bhij,bhjd->bhid", self.dropout(weights), v)          # (b, h, i, d)
        return out, weights


@register_attention("sdpa")
class SdpaAttention(FullAttention):
    """torch's fused scaled_dot_product_attention: the same function as `full`, faster; no weights unless asked."""

    def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
        if need_weights:
            return super().forward(q, k, v, mask, causal, bias, need_weights)
        keep = None
        if mask is not None:
            # let empty rows attend everywhere, then zero them: no backend then sees a fully masked row
            keep = mask.any(dim=-1, keepdim=True)                                 # (b, 1|h, i, 1)
            mask = mask | ~keep
            if bias is not None:
                bias = bias.masked_fill(~mask, torch.finfo(bias.dtype).min)
        attn_mask = mask if bias is None else bias
        p = self.dropout.p if self.training else 0.0
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask, dropout_p=p)  # (b, h, i, d)
        return (out if keep is None else out * keep), None
