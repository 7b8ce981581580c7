"""The decoder's incremental state: per layer, the self-attention keys/values so far (or a recurrent attention's
constant-size state) and the cross-attention keys/values of the source, computed once on first use."""
from __future__ import annotations

from dataclasses import dataclass, field

from torch import Tensor


@dataclass
class AttentionCache:
    k: Tensor | None = None                  # (b, h, t, d): self-attention grows t; cross-attention t = j
    v: Tensor | None = None
    state: tuple[Tensor, ...] | None = None  # recurrent attentions (linear: S (b, h, d, e), z (b, h, d))

    def reorder(self, indices: Tensor) -> None:
        if self.k is not None:
            self.k, self.v = self.k.index_select(0, indices), self.v.index_select(0, indices)
        if self.state is not None:
            self.state = tuple(s.index_select(0, indices) for s in self.state)


@dataclass
class LayerCache:
    self_attn: AttentionCache = field(default_factory=AttentionCache)
    cross_attn: AttentionCache = field(default_factory=AttentionCache)


class DecoderCache:
    """Made by `Transformer.new_cache()`; `decode(..., cache=cache)` reads and extends it in place.

    `length` (= len(cache)) is the number of target positions processed. After `reorder`, pass `decode`
    a src_mask reselected the same way (memory is not read again once the cross keys/values are cached).
    """

    def __init__(self, n_layers: int):
        self.layers = [LayerCache() for _ in range(n_layers)]
        self.length = 0

    def __len__(self) -> int:
        return self.length

    def reorder(self, indices: Tensor) -> None:
        """Keep batch rows `indices` (b',) long, in that order, repeats allowed (beam search)."""
        for layer in self.layers:
            layer.self_attn.reorder(indices)
            layer.cross_attn.reorder(indices)
