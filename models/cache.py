"""The decoder's incremental state: per layer, the self-attention keys/values so far (or a recurrent attention's
constant-size state) and the cross-attention keys/values of the source, computed once on first use.

Self-attention keys/values live in buffers with room for more positions (doubled when full): a step writes its
position in place and attends to a view of the positions so far, where concatenating would copy the whole cache
every step; a reorder writes into a spare pair of buffers and swaps, so beam search allocates nothing per step.
Cross-attention keys/values may be shared by `group` consecutive target rows (the beams of one sentence): computed
once per source, they are reselected only when sentences leave the batch, never when beams are reordered.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
from torch import Tensor

FIRST_CAPACITY = 16          # positions a self-attention buffer holds before it first doubles


@dataclass
class AttentionCache:
    k: Tensor | None = None                  # (b, h, t, d): self-attention grows t (a view of `buffers`); cross t = j
    v: Tensor | None = None
    state: tuple[Tensor, ...] | None = None  # recurrent attentions (linear: S (b, h, d, e), z (b, h, d))
    group: int = 1                           # cross-attention: target rows that read each cached source row
    buffers: tuple[Tensor, Tensor] | None = None   # self-attention: k, v (rows, h, capacity, d); k, v view them
    spare: tuple[Tensor, Tensor] | None = None     # buffers of the same size a reorder writes into

    def extend(self, k: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
        """Self-attention: append new positions k, v (b, h, n, d); -> every position so far, (b, h, t + n, d)."""
        t, n = (0 if self.k is None else self.k.size(2)), k.size(2)
        if self.buffers is None or t + n > self.buffers[0].size(2):
            capacity = max(FIRST_CAPACITY, 2 * (t + n))
            grown = tuple(x.new_empty(x.size(0), x.size(1), capacity, x.size(3)) for x in (k, v))
            if t:
                grown[0][:, :, :t], grown[1][:, :, :t] = self.k, self.v
            self.buffers, self.spare = grown, None
        kb, vb = self.buffers
        kb[:, :, t:t + n], vb[:, :, t:t + n] = k, v
        self.k, self.v = kb[:, :, :t + n], vb[:, :, :t + n]
        return self.k, self.v

    def reorder(self, indices: Tensor) -> None:
        """Keep rows `indices` (b',) of the self-attention or recurrent state, in that order, repeats allowed."""
        if self.buffers is not None:
            rows, t = indices.numel(), self.k.size(2)
            if self.spare is None or self.spare[0].size(0) < rows:
                self.spare = tuple(x.new_empty(rows, *x.shape[1:]) for x in self.buffers)
            targets = tuple(x[:rows] for x in self.spare)
            for source, target in zip((self.k, self.v), targets):
                torch.index_select(source, 0, indices, out=target[:, :, :t])
            self.spare, self.buffers = self.buffers, targets
            self.k, self.v = targets[0][:, :, :t], targets[1][:, :, :t]
        elif self.k is not None:
            self.k, self.v = self.k.index_select(0, indices), self.v.index_select(0, indices)
        if self.state is not None:
            self.state = tuple(s.index_select(0, indices) for s in self.state)

    def reorder_source(self, indices: Tensor, group: int) -> None:
        """Cross-attention: source rows `indices`, each now read by `group` consecutive target rows."""
        if self.k is not None and not (group == self.group and indices.numel() == self.k.size(0)
                                       and bool((indices == torch.arange(indices.numel())).all())):
            self.k, self.v = self.k.index_select(0, indices), self.v.index_select(0, indices)
        self.group = group


@dataclass
class LayerCache:
    self_attn: AttentionCache = field(default_factory=AttentionCache)
    cross_attn: AttentionCache = field(default_factory=AttentionCache)


class DecoderCache:
    """Made by `Transformer.new_cache()`; `decode(..., cache=cache)` reads and extends it in place.

    `length` (= len(cache)) is the number of target positions processed. After `reorder`, pass `decode`
    a src_mask reselected the same way (memory is not read again once the cross keys/values are cached): one row
    per target row, or one per group of consecutive target rows when the cache kept its cross-attention shared
    (`source_rows` says how many: beam search passes one source row per sentence for its beams).
    """

    def __init__(self, n_layers: int):
        self.layers = [LayerCache() for _ in range(n_layers)]
        self.length = 0

    def __len__(self) -> int:
        return self.length

    @property
    def source_rows(self) -> int | None:
        """Rows of the cached cross-attention keys/values (None before the first step)."""
        k = self.layers[0].cross_attn.k if self.layers else None
        return None if k is None else k.size(0)

    def reorder(self, indices: Tensor) -> None:
        """Keep target rows `indices` (b',) long, in that order, repeats allowed (beam search).

        Where the cross-attention is shared by groups of target rows and every new group of that size comes from
        one source row (beams reordered within their sentence, whole sentences dropped), it stays shared; otherwise
        each target row gets its own copy."""
        group = self.layers[0].cross_attn.group if self.layers else 1
        sources = indices // group if group > 1 else indices                          # (b',) source row of each row
        if group > 1:
            per_group = sources.view(-1, group) if indices.numel() % group == 0 else None
            if per_group is not None and bool((per_group == per_group[:, :1]).all()):
                sources = per_group[:, 0]
            else:
                group = 1
        for layer in self.layers:
            layer.self_attn.reorder(indices)
            layer.cross_attn.reorder_source(sources, group)
