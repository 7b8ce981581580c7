"""Multi-head attention: projections, head split/merge and caching around one registered attention.

Einsum legend: b batch, h heads, i query positions, j key positions, d head width, m model width.
"""
from __future__ import annotations

from torch import Tensor, nn

from models.attention import ROLE_FLAGS, accepted_keywords, attention_class, build_attention, check_relative
from models.attention.probe import mask_leak
from models.cache import AttentionCache
from models.packed_linear import PackedLinear
from models.masks import causal_mask
from models.position import RelativePositions
from util.errors import UserError, one_line, raised_at, user_file


class MultiHeadAttention(nn.Module):
    """Self-attention (fused Q/K/V projection) or cross-attention (Q from x, K/V from memory).

    max_relative > 0 adds relative position representations (Shaw et al. 2018) to self-attention scores.
    """

    def __init__(self, d_model: int, n_heads: int, attention: str, dropout: float = 0.0,
                 cross: bool = False, max_relative: int = 0, options: dict[str, str] | None = None,
                 role: str | None = None):
        """options: parsed --model.attention_options; role: "encoder", "decoder" or "cross", refused in one line
        where the attention cannot fill it (None: not checked)."""
        super().__init__()
        if d_model % n_heads:
            raise UserError(f"model.d_model={d_model} is not divisible by model.n_heads={n_heads}")
        self.h, self.d, self.cross = n_heads, d_model // n_heads, cross
        cls = attention_class(attention)
        self.attention = build_attention(attention, self.d, dropout, options, role)
        self.name, self.keywords = attention, accepted_keywords(cls)
        self.arbitrary_mask, self.provides_weights = cls.supports_arbitrary_mask, cls.provides_weights
        self.recurrent = cls.recurrent and not cross
        self.kept = None if cross else self.attention.kept_keys()           # a self-attention cache keeps these keys
        if cross:
            self.q = PackedLinear(d_model, d_model)
            self.kv = PackedLinear(d_model, 2 * d_model)
        else:
            self.qkv = PackedLinear(d_model, 3 * d_model)
        self.out = PackedLinear(d_model, d_model)
        if role is not None and user_file(self.attention) is not None:
            self.check_masks(role)
        self.relative = None
        if max_relative:
            if cross:
                raise UserError("relative positions apply to self-attention only")
            check_relative(attention, role or "encoder")
            self.relative = RelativePositions(max_relative, self.d)

    def check_masks(self, role: str) -> None:
        """A user's attention that lets a query see what its mask hides (it forgot `mask`, or `causal`) is refused
        in one line before any work, instead of training a decoder that reads the tokens it predicts."""
        training = self.attention.training
        self.attention.eval()                                  # no dropout: two calls must agree
        try:
            leak = mask_leak(lambda q, k, v, mask, causal: self.attend(q, k, v, mask, causal=causal, bias=None,
                                                                        need_weights=False)[0],
                             self.d, role, self.arbitrary_mask)
        finally:
            self.attention.train(training)
        if leak:
            raise UserError(f"attention {self.name!r} ({user_file(self.attention)}) cannot be {ROLE_FLAGS[role][1]}: "
                            f"{leak}; see models/attention/base.py for the protocol")

    def split(self, x: Tensor, parts: int) -> tuple[Tensor, ...]:
        """(b, l, parts·m) -> parts × (b, h, l, d): the heads come out of the feature axis, then move before l."""
        b, l, _ = x.shape
        return x.view(b, l, parts, self.h, self.d).permute(2, 0, 3, 1, 4).unbind(0)

    def forward(self, x: Tensor, memory: Tensor | None = None, mask: Tensor | None = None, causal: bool = False,
                cache: AttentionCache | None = None, need_weights: bool = False) -> tuple[Tensor, Tensor | None]:
        """x: (b, i, m); memory: (b, j, m) for cross-attention; mask: bool, broadcastable to (b, h, i, j),
        complete (causal already in it when causal=True); cache: extended in place.
        -> (b, i, m), weights (b, h, i, j) or None."""
        b, i, m = x.shape
        if self.cross:
            if cache is not None and cache.k is not None:
                k, v = cache.k, cache.v
            else:
                k, v = self.split(self.kv(memory), 2)                                   # (s, h, j, d)
                if cache is not None:
                    cache.k, cache.v, cache.group = k, v, b // k.size(0)
            if b != k.size(0):
                return self.shared_source(x, k, v, mask, need_weights)
            q, = self.split(self.q(x), 1)
        else:
            q, k, v = self.split(self.qkv(x), 3)                                        # (b, h, i, d)
            if cache is not None and self.recurrent:
                out, cache.state = self.attention.step(q, k, v, cache.state)
                return self.out(out.transpose(1, 2).reshape(b, i, m)), None
            if cache is not None:
                k, v = cache.extend(k, v)                                                # (b, h, j, d)
                if mask is not None and mask.size(-1) > k.size(2):   # the cache kept only the latest keys
                    mask = mask[..., mask.size(-1) - k.size(2):]
        bias = None
        if self.relative is not None:
            bias = self.relative(q, k.size(2) - i) * self.d ** -0.5                     # (b, h, i, j)
        if self.arbitrary_mask:
            if causal and mask is None and i > 1:
                mask = causal_mask(i, q.device, k.size(2))
        elif mask is not None:
            if causal:  # the last query row of a causal mask sees every key it may: that row is the padding
                mask = mask[..., -1:, :]
            elif mask.size(-2) != 1:
                raise UserError(f"attention {self.name!r} supports only key-padding and causal masks")
        out, weights = self.attend(q, k, v, mask, causal=causal, bias=bias, need_weights=need_weights)
        if cache is not None and self.kept is not None:
            cache.keep_last(self.kept)
        return self.out(out.transpose(1, 2).reshape(b, i, m)), weights                  # merge: (b, i, h·d)

    def shared_source(self, x: Tensor, k: Tensor, v: Tensor, mask: Tensor | None,
                      need_weights: bool) -> tuple[Tensor, Tensor | None]:
        """Cross-attention of b = s·g target rows on s sources, g consecutive rows per source (the beams of one
        sentence): each source's keys/values are read once for its g rows' queries, which attend independently
        (queries never see each other across the key axis), so the result is that of per-row copies.
        x: (s·g, i, m), k/v: (s, h, j, d), mask: (s, 1, 1, j) or None -> (s·g, i, m), weights (s·g, h, i, j)."""
        b, i, m = x.shape
        s = k.size(0)
        if b % s:
            raise ValueError(f"{b} target rows cannot share {s} cached sources: pass one source row per row "
                             "or per group of rows")
        g = b // s
        if mask is not None and mask.size(0) == b:        # one mask row per target row: the rows of a group agree
            mask = mask[::g]
        q, = self.split(self.q(x).view(s, g * i, m), 1)                                  # (s, h, g·i, d)
        out, weights = self.attend(q, k, v, mask, causal=False, bias=None, need_weights=need_weights)
        if weights is not None:
            weights = weights.unflatten(2, (g, i)).transpose(1, 2).reshape(b, self.h, i, -1)  # (s·g, h, i, j)
        return self.out(out.transpose(1, 2).reshape(b, i, m)), weights                  # merge: (s·g, i, h·d)

    def attend(self, q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None, **options) -> tuple[Tensor, Tensor | None]:
        """Call the attention with the keywords its forward takes; it may return out or (out, weights)."""
        if self.keywords is not None:
            options = {key: value for key, value in options.items() if key in self.keywords}
        try:
            result = self.attention(q, k, v, mask=mask, **options)
        except Exception as e:
            file = user_file(self.attention)
            if file is None:
                raise
            raise UserError(f"attention {self.name!r} ({file}) failed at {raised_at(e, file)}: {one_line(e)}") from None
        expected = q.shape[:-1] + v.shape[-1:]                                           # (b, h, i, d)
        if isinstance(result, (tuple, list)) and len(result) not in (1, 2):       # a third value was dropped unseen
            raise UserError(f"attention {self.name!r} returned a {type(result).__name__} of {len(result)} values "
                            f"where out {tuple(expected)} or (out, weights) was expected: return out, or (out, "
                            "weights); see models/attention/base.py for the protocol")
        out, weights = (tuple(result) + (None,))[:2] if isinstance(result, (tuple, list)) else (result, None)
        if not isinstance(out, Tensor) or out.shape != expected or out.dtype != v.dtype:
            got = (f"shape {tuple(out.shape)}" if out.shape != expected else f"dtype {out.dtype}") \
                if isinstance(out, Tensor) else type(out).__name__
            raise UserError(f"attention {self.name!r} returned {got} where out {tuple(expected)} of {v.dtype} or "
                            "(out, weights) was expected; see models/attention/base.py for the protocol")
        scores = q.shape[:-1] + k.shape[2:3]                                              # (b, h, i, j)
        if weights is not None and not (isinstance(weights, Tensor) and weights.shape == scores):
            got = f"shape {tuple(weights.shape)}" if isinstance(weights, Tensor) else type(weights).__name__
            raise UserError(f"attention {self.name!r} returned weights of {got} where {tuple(scores)} (b, h, i, j) or "
                            "None was expected; see models/attention/base.py for the protocol")
        return out, weights

