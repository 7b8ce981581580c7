"""`conditional-full`: full attention for short sequences, another attention type for long ones.

Shapes: the legend in models/attention/base.py.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch

from config import AT_LEAST_1, NOT_EMPTY, opt
from models.attention.base import Attention
from models.attention.full import FullAttention
from models.attention.registry import attention_class, build_attention, register_attention
from models.masks import causal_mask
from util.errors import UserError

NAME = "conditional-full"


@dataclass
class ConditionalOptions:
    threshold: int = opt(512, 'conditional-full: full attention while a query sees at most this many keys',
                         AT_LEAST_1)
    inner: str = opt("local", 'conditional-full: the attention type used above the threshold', NOT_EMPTY)


@register_attention(NAME)
class ConditionalFullAttention(Attention):
    """`full` for a query that sees at most `threshold` keys, the `inner` type (built with the same options) for the
    others (fast-transformers' conditional-full). Not causal: a sequence's real (unpadded) length decides, row by
    row, so padding changes nothing. Causal: query p sees p + 1 keys, so the first `threshold` positions take full
    and the rest the inner type, and decoding from a K/V cache equals full decoding.

    Cost: full's below the threshold, the inner type's above. Masks: key padding and causal. Usable wherever the
    inner type is (decoder self-attention needs an inner type that decodes from a K/V cache, not a state).
    """

    supports_arbitrary_mask = False
    provides_weights = False
    Options = ConditionalOptions

    @classmethod
    def build(cls, head_dim, dropout, given):
        attention = super().build(head_dim, dropout, given)
        attention.full = FullAttention(head_dim, dropout)
        attention.inner = build_attention(attention.options.inner, head_dim, dropout, given)
        return attention

    @classmethod
    def check(cls, given):
        options = super().check(given)
        if options.inner == NAME:
            raise UserError(f"--model.attention_options: inner={NAME} would nest without end; pick another type")
        attention_class(options.inner).check(given)
        return options

    @classmethod
    def option_names(cls, given):
        return super().option_names(given) | attention_class(cls.check(given).inner).option_names(given)

    @classmethod
    def parts(cls, given):
        return [cls, *attention_class(cls.check(given).inner).parts(given)]

    @classmethod
    def why_not(cls, role, given):
        inner = attention_class(cls.check(given).inner)
        why = inner.why_not(role, given)
        if why:
            return f"its inner type {inner.registered_name()!r} cannot: {why}"
        if role == "decoder" and inner.recurrent:
            return (f"its inner type {inner.registered_name()!r} decodes from a state, and conditional-full "
                    "decodes from a K/V cache")
        return None

    @classmethod
    def full_up_to(cls, given):
        options = cls.check(given)
        return max(options.threshold, attention_class(options.inner).full_up_to(given))

    def forward(self, q, k, v, mask=None, causal=False):
        """q: (b, h, i, d), k/v: (b, h, j, d), mask: key padding (b|1, 1, 1, j) or None -> (b, h, i, d)."""
        i, j, threshold = q.size(2), k.size(2), self.options.threshold
        if causal:     # queries are aligned to the end of the keys: query t is position j - i + t
            s = max(0, min(i, threshold - (j - i)))
            parts = []
            if s:
                seen = j - i + s
                head_mask = causal_mask(s, q.device, seen)
                head_mask = head_mask if mask is None else head_mask & mask[..., :seen]
                parts.append(self.full(q[:, :, :s], k[:, :, :seen], v[:, :, :seen], head_mask)[0])
            if s < i:
                parts.append(self.run_inner(q[:, :, s:], k, v, mask, causal=True))
            return torch.cat(parts, dim=2)
        lengths = (torch.full((q.size(0),), j, device=q.device) if mask is None else
                   mask[:, 0, -1].sum(-1).expand(q.size(0)))                            # real keys per row
        short = lengths <= threshold
        if bool(short.all()):
            return self.full(q, k, v, mask)[0]
        if not bool(short.any()):
            return self.run_inner(q, k, v, mask, causal=False)
        out = q.new_empty(q.shape[:-1] + v.shape[-1:])
        for rows, run in ((short, lambda *t: self.full(*t)[0]), (~short, self.run_inner)):
            row_mask = None if mask is None else mask.expand(q.size(0), *mask.shape[1:])[rows]
            out[rows] = run(q[rows], k[rows], v[rows], row_mask)
        return out

    def run_inner(self, q, k, v, mask, causal=False):
        """The inner attention, given a complete mask if it takes arbitrary masks; -> out alone."""
        if causal and self.inner.supports_arbitrary_mask:
            full_mask = causal_mask(q.size(2), q.device, k.size(2))
            mask = full_mask if mask is None else full_mask & mask
        keywords = {"causal": causal} if causal else {}
        result = self.inner(q, k, v, mask=mask, **keywords)
        return result[0] if isinstance(result, (tuple, list)) else result
