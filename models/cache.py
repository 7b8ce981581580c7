"""The decoder's incremental state: per layer, the self-attention keys/values so far (or a recurrent attention's
constant-size state) and the cross-attention keys/values of the source, computed once on first use.

Self-attention keys/values stay contiguous (torch's CPU attention kernel runs 2-3x slower on a strided view): a
reorder copies them into new tensors with room for one more position, which the next step fills in place, so beam
search copies the cache once per step, where a concatenation after the reorder copied it twice.
Cross-attention keys/values may be shared by `group` consecutive target rows (the beams of one sentence): computed
once per source, they are reselected only when sentences leave the batch, never when beams are reordered.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
from torch import Tensor


@dataclass
class AttentionCache:
    k: Tensor | None = None                  # (b, h, t, d): self-attention grows t; cross-attention t = j
    v: Tensor | None = None
    state: tuple[Tensor, ...] | None = None  # recurrent attentions (linear: S (b, h, d, e), z (b, h, d))
    group: int = 1                           # cross-attention: target rows that read each cached source row
    room: tuple[Tensor, Tensor] | None = None   # self-attention after a reorder: k, v (b, h, t + 1, d), k/v their start

    def extend(self, k: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
        """Self-attention: append new positions k, v (b, h, n, d); -> every position so far, (b, h, t + n, d)."""
        if self.k is None:
            self.k, self.v = k, v
        elif self.room is not None and self.room[0].size(2) == self.k.size(2) + k.size(2):
            t = self.k.size(2)
            self.room[0][:, :, t:], self.room[1][:, :, t:] = k, v
            self.k, self.v = self.room
        else:
            self.k, self.v = torch.cat([self.k, k], dim=2), torch.cat([self.v, v], dim=2)
        self.room = None
        return self.k, self.v

    def keep_last(self, n: int) -> None:
        """Self-attention: forget all but the last n positions' keys/values (for an attention that reads no further
        back)."""
        if self.k is not None and self.k.size(2) > n:
            start = self.k.size(2) - n
            self.k, self.v = self.k[:, :, start:], self.v[:, :, start:]

    def reorder(self, indices: Tensor) -> None:
        """Keep rows `indices` (b',) of the self-attention or recurrent state, in that order, repeats allowed."""
        if self.k is not None:
            b, h, t, d = self.k.shape
            self.room = tuple(x.new_empty(indices.numel(), h, t + 1, d) for x in (self.k, self.v))
            for source, target in zip((self.k, self.v), self.room):
                torch.index_select(source, 0, indices, out=target[:, :, :t])
            self.k, self.v = self.room[0][:, :, :t], self.room[1][:, :, :t]
        if self.state is not None:
            self.state = tuple(s.index_select(0, indices) for s in self.state)

    def reorder_source(self, indices: Tensor, group: int) -> None:
        """Cross-attention: source rows `indices`, each now read by `group` consecutive target rows."""
        if self.k is not None and not _is_identity(indices, self.k.size(0)):
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

        Where each block of consecutive new rows comes from one source row (beams reordered within their sentence,
        a sentence's row expanded into its beams, whole sentences dropped), the cross-attention is kept once per
        source row, read by the block's rows; otherwise each target row gets its own copy."""
        cross = self.layers[0].cross_attn if self.layers else None
        if cross is None or cross.k is None:
            group, sources = 1, indices
        else:
            sources = indices // cross.group                                            # (b',) each row's source
            group = cross.group if cross.group > 1 else _first_run(sources)
            blocks = sources.view(-1, group) if sources.numel() % group == 0 else None
            if group > 1 and blocks is not None and bool((blocks == blocks[:, :1]).all()):
                sources = blocks[:, 0]
            else:
                group = 1
        for layer in self.layers:
            layer.self_attn.reorder(indices)
            layer.cross_attn.reorder_source(sources, group)


def _is_identity(indices: Tensor, rows: int) -> bool:
    """indices selects all `rows` rows in their order."""
    return indices.numel() == rows and bool((indices == torch.arange(rows, device=indices.device)).all())


def _first_run(values: Tensor) -> int:
    """How many leading elements equal the first."""
    different = (values != values[0]).nonzero()
    return values.numel() if different.numel() == 0 else int(different[0, 0])
