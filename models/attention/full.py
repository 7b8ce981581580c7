"""`full` and `sdpa`: scaled dot-product softmax attention, written out in einsum (the reference) and through
torch's fused kernel. Shapes: the legend in models/attention/base.py.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor

from models.attention.base import Attention, masked_softmax
from models.attention.registry import register_attention


@register_attention("full")
class FullAttention(Attention):
    """Scaled dot-product softmax attention written out in einsum: the reference."""

    supports_bias = True

    @classmethod
    def full_up_to(cls, given):
        return 2 ** 62

    def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
        scores = torch.einsum("bhid,bhjd->bhij", q, k) * q.size(-1) ** -0.5        # (b, h, i, j)
        if bias is not None:
            scores = scores + bias
        weights = masked_softmax(scores, mask)                                     # (b, h, i, j)
        out = torch.einsum("bhij,bhjd->bhid", self.dropout(weights), v)          # (b, h, i, d)
        return out, weights


def bf16_on_cpu(q: Tensor) -> bool:
    """Whether this CPU attention computes in bf16. torch's CPU sdpa kernels have no dropout (with it, sdpa runs its math
    path: `full` with a costlier mask), and in bf16 their backward takes about 6x the einsum path's time (torch 2.13,
    AVX512-BF16; docs/RESULTS.md), so `sdpa` runs as `full` in both cases on a CPU."""
    return q.dtype == torch.bfloat16 or (torch.is_autocast_enabled("cpu")
                                         and torch.get_autocast_dtype("cpu") == torch.bfloat16)


# attentions that compute another's function with the same weights, only by other kernels: their checkpoints are
# that one's (average.py averages them together)
SAME_FUNCTION = {"sdpa": "full"}


@register_attention("sdpa")
class SdpaAttention(FullAttention):
    """torch's fused scaled_dot_product_attention: the same function as `full`, faster; no weights unless asked."""

    def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
        if need_weights or (q.device.type == "cpu" and (self.dropout.rate > 0 or bf16_on_cpu(q))):
            return super().forward(q, k, v, mask, causal, bias, need_weights)
        keep = None
        if mask is not None:
            mask, keep = self.opened(mask)
            if bias is not None:
                bias = bias.masked_fill(~mask, torch.finfo(bias.dtype).min)
        attn_mask = mask if bias is None else bias
        p = self.dropout.rate
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask, dropout_p=p)  # (b, h, i, d)
        return (out if keep is None else out * keep), None

    def opened(self, mask: Tensor) -> tuple[Tensor, Tensor | None]:
        """(the mask with empty rows opened, the rows to zero after, or None when no row is empty): empty rows
        attend everywhere and are zeroed, so no backend sees a fully masked row. Decoding passes the same src_mask
        every step, so the last answer is kept for the same mask object, unchanged since (its version)."""
        last = getattr(self, "_opened", None)
        if last is not None and last[0] is mask and last[1] == mask._version:
            return last[2]
        keep = mask.any(dim=-1, keepdim=True)                                     # (b, 1|h, i, 1)
        answer = (mask, None) if bool(keep.all()) else (mask | ~keep, keep)
        self._opened = (mask, mask._version, answer)
        return answer
