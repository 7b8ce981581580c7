"""Residual blocks: encoder and decoder layers, pre-LN (default) or post-LN, and the feed-forward block.

pre:  x = x + drop(sublayer(norm(x)))      post: x = norm(x + drop(sublayer(x)))
"""
from __future__ import annotations

import torch.nn.functional as F
from torch import Tensor, nn

from config import ACTIVATIONS as ACTIVATION_NAMES, NORMS, ModelConfig
from models.attention.options import parse_options
from models.cache import LayerCache
from models.dropout import Dropout
from models.packed_linear import PackedLinear, packed_path
from models.multihead import MultiHeadAttention
from util.errors import UserError


class SwiGLU(nn.Module):
    """The gated unit of a SwiGLU feed-forward block (Shazeer 2020): the first product gives the gate and the value
    side by side, (..., 2f) -> silu(gate) * value, (..., f)."""

    def forward(self, x: Tensor) -> Tensor:
        gate, value = x.chunk(2, dim=-1)                                   # (..., f) each
        return F.silu(gate) * value


ACTIVATIONS = dict(zip(ACTIVATION_NAMES, (nn.ReLU, nn.GELU, SwiGLU), strict=True))     # in config.ACTIVATIONS' order
GATED = (SwiGLU,)          # their first product is twice d_ff wide: a gate and a value (exporting/ct2.py: ffn_glu)


# the activations oneDNN applies inside the first product when decoding: (its name, its algorithm)
FUSED = {nn.ReLU: ("relu", ""), nn.GELU: ("gelu", "none")}


class FeedForward(nn.Sequential):
    """Linear, activation, Linear (nn.Sequential: the state_dict keys stay 0.* and 2.*); fp32 inference on a CPU
    applies the activation inside the first product (models/packed_linear.py)."""

    def forward(self, x: Tensor) -> Tensor:
        first, activation, second = self
        if type(activation) in FUSED and packed_path(x, first.weight):
            return second(first.fused(x, *FUSED[type(activation)]))
        return second(activation(first(x)))


def feed_forward(cfg: ModelConfig) -> FeedForward:
    if cfg.activation not in ACTIVATIONS:
        raise UserError(f"unknown model.activation {cfg.activation!r}; choose one of: {', '.join(ACTIVATIONS)}")
    activation = ACTIVATIONS[cfg.activation]()
    width = 2 * cfg.d_ff if isinstance(activation, GATED) else cfg.d_ff
    return FeedForward(PackedLinear(cfg.d_model, width), activation, PackedLinear(cfg.d_ff, cfg.d_model))


def _pre_norm(cfg: ModelConfig) -> bool:
    if cfg.norm not in NORMS:
        raise UserError(f"unknown model.norm {cfg.norm!r}; choose one of: {', '.join(NORMS)}")
    return cfg.norm == "pre"


def _max_relative(cfg: ModelConfig) -> int:
    return cfg.max_relative if cfg.position == "relative" else 0


class EncoderLayer(nn.Module):
    def __init__(self, cfg: ModelConfig):
        super().__init__()
        self.pre = _pre_norm(cfg)
        self.self_attn = MultiHeadAttention(cfg.d_model, cfg.n_heads, cfg.attention, cfg.attention_dropout,
                                            max_relative=_max_relative(cfg),
                                            options=parse_options(cfg.attention_options), role="encoder")
        self.ffn = feed_forward(cfg)
        self.norm1, self.norm2 = nn.LayerNorm(cfg.d_model), nn.LayerNorm(cfg.d_model)
        self.drop = Dropout(cfg.dropout)

    def forward(self, x: Tensor, mask: Tensor | None) -> Tensor:
        """x: (b, j, m), mask: (b, 1, 1, j) -> (b, j, m)."""
        if self.pre:
            x = x + self.drop(self.self_attn(self.norm1(x), mask=mask)[0])
            return x + self.drop(self.ffn(self.norm2(x)))
        x = self.norm1(x + self.drop(self.self_attn(x, mask=mask)[0]))
        return self.norm2(x + self.drop(self.ffn(x)))


class DecoderLayer(nn.Module):
    def __init__(self, cfg: ModelConfig):
        super().__init__()
        self.pre = _pre_norm(cfg)
        options = parse_options(cfg.attention_options)
        self.self_attn = MultiHeadAttention(cfg.d_model, cfg.n_heads, cfg.decoder_attention or cfg.attention,
                                            cfg.attention_dropout, max_relative=_max_relative(cfg), options=options,
                                            role="decoder")
        self.cross_attn = MultiHeadAttention(cfg.d_model, cfg.n_heads, cfg.cross_attention or cfg.attention,
                                             cfg.attention_dropout, cross=True, options=options, role="cross")
        self.ffn = feed_forward(cfg)
        self.norm1, self.norm2, self.norm3 = (nn.LayerNorm(cfg.d_model) for _ in range(3))
        self.drop = Dropout(cfg.dropout)

    def forward(self, x: Tensor, memory: Tensor, self_mask: Tensor | None, src_mask: Tensor | None,
                cache: LayerCache | None = None, need_weights: bool = False) -> tuple[Tensor, Tensor | None]:
        """x: (b, i, m), memory: (b, j, m), self_mask: (b|1, 1, i, i'), src_mask: (b, 1, 1, j)
        -> (b, i, m), cross-attention weights (b, h, i, j) or None."""
        self_cache = cross_cache = None
        if cache is not None:
            self_cache, cross_cache = cache.self_attn, cache.cross_attn
        if self.pre:
            x = x + self.drop(self.self_attn(self.norm1(x), mask=self_mask, causal=True, cache=self_cache)[0])
            y, weights = self.cross_attn(self.norm2(x), memory, src_mask, cache=cross_cache, need_weights=need_weights)
            x = x + self.drop(y)
            return x + self.drop(self.ffn(self.norm3(x))), weights
        x = self.norm1(x + self.drop(self.self_attn(x, mask=self_mask, causal=True, cache=self_cache)[0]))
        y, weights = self.cross_attn(x, memory, src_mask, cache=cross_cache, need_weights=need_weights)
        x = self.norm2(x + self.drop(y))
        return self.norm3(x + self.drop(self.ffn(x))), weights
