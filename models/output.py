"""The scored pieces of the output layer (model.output_pieces=seen).

A joint subword vocabulary holds both languages' pieces, and the target side of Multi30K uses about half of them
(3,879 of 8,000 English pieces). Scoring the others costs half of the output projection and of the loss, a quarter of
a training step, to learn only that they never come. With `seen` the model keeps a bool buffer `scored` (V,), filled
from the training targets, and multiplies by those rows of the (tied) output weight alone: (..., K) logits; decoding
gets -inf at the other ids, so no search, engine or rule can write them.

A model of both directions scores each direction's pieces apart (`Ways`): an English target is scored over the
pieces English targets use, a German one over the German ones (on Multi30K about half and about 70% of the union).
Training's output product and loss shrink by as much (a few percent of an fp32 step; ledger: bench.loop), and
decoding bans the other direction's pieces (Translator.banned), which the model never learned to rule out after that
direction's tag.
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from data.vocab import SPECIALS, Vocab
from models.packed_linear import PackedWeight
from text.forms.masking import PLACEHOLDER


ROUND = 64     # K rounded up to a multiple of this: fp32 matmuls with 3,891 columns run 15% slower than with 3,904


def pieces_to_score(targets: array, vocab: Vocab, scored_before: Tensor | None = None) -> Tensor:
    """The target ids the output layer scores: those the training targets use (a flat array of ids), the specials,
    every piece holding a placeholder (a glossary term or name may bring any of them to a sentence) and those a
    fine-tuned model scored before, then the first other ids until their count is a multiple of ROUND (the model
    learns that those never come)."""
    seen = torch.zeros(len(vocab), dtype=torch.bool)
    if scored_before is not None:
        seen[scored_before.cpu()] = True
    seen[torch.frombuffer(targets, dtype=torch.int32).long() if len(targets) else []] = True
    seen[:len(SPECIALS)] = True
    seen[[i for i, piece in enumerate(vocab.itos) if PLACEHOLDER.search(piece)]] = True
    short = min(-int(seen.sum()) % ROUND, len(vocab) - int(seen.sum()))
    seen[(~seen).nonzero().squeeze(1)[:short]] = True
    return seen.nonzero().squeeze(1)


def other_pieces(scored: Tensor, way: Tensor) -> list[int]:
    """The ids of `scored` (V,) that a direction's `way` (V,) does not score: those it bans."""
    return (scored & ~way).nonzero().squeeze(1).tolist()


@dataclass
class _Subset:
    """One mask's entry in ScoredSubset: its ids, and the weight rows they select once asked for."""
    mask_key: tuple                        # (storage, version, device) of the mask the ids came from
    ids: Tensor                            # (K,)
    packed: PackedWeight = field(default_factory=PackedWeight)
    rows_key: tuple | None = None          # (storage, version, dtype) of the weight `rows` came from
    rows: Tensor | None = None             # (K, w)


class ScoredSubset:
    """The ids of a mask of scored pieces (the model's `scored`, or a direction's row of `Ways.scored`) and, for
    inference, the rows of the output weight they select (with their packed layout): kept per mask, remade when the
    mask or the weight changes (storage, version counter) and on `forget`."""

    def __init__(self):
        self.masks: dict[int, _Subset] = {}          # mask's storage -> its entry

    def forget(self) -> None:
        for entry in self.masks.values():
            entry.rows_key = entry.rows = None
            entry.packed.forget()

    def _entry(self, scored: Tensor) -> _Subset:
        key = (scored.data_ptr(), scored._version, scored.device)
        entry = self.masks.get(key[0])
        if entry is None or entry.mask_key != key:
            entry = self.masks[key[0]] = _Subset(key, scored.nonzero().squeeze(1))
        return entry

    def ids(self, scored: Tensor) -> Tensor:
        """The ids of a (V,) mask, ascending: (K,)."""
        return self._entry(scored).ids

    def __call__(self, weight: Tensor, scored: Tensor) -> tuple[Tensor, None, PackedWeight]:
        """(rows of weight at the mask's ids, no bias, their packed layout): packed_linear()'s arguments after x."""
        entry = self._entry(scored)
        key = (weight.data_ptr(), weight._version, weight.dtype)
        if key != entry.rows_key:
            with torch.no_grad():
                entry.rows, entry.rows_key = weight[entry.ids], key                        # (K, w)
            entry.packed.forget()
        return entry.rows, None, entry.packed


class Ways(nn.Module):
    """The pieces each direction scores, in a model of both directions: `tags` (W,), the tag id that opens a
    direction's sources (data/tags.py), and `scored` (W, V), its pieces. No ways (W = 0) in a model of one
    direction, or one saved before they existed: every row is scored over the model's `scored` pieces. A
    checkpoint's ways give the buffers their shape when it loads."""

    def __init__(self, vocab_size: int):
        super().__init__()
        self.register_buffer("tags", torch.zeros(0, dtype=torch.long))
        self.register_buffer("scored", torch.zeros(0, vocab_size, dtype=torch.bool))
        self.key, self.ids, self.column = None, None, None

    def __len__(self) -> int:
        return len(self.tags)

    def set(self, tags: list[int], ids: list[Tensor]) -> None:
        """Direction k opens its sources with tags[k] and scores ids[k]."""
        scored = torch.zeros(len(tags), self.scored.size(1), dtype=torch.bool, device=self.scored.device)
        for row, way_ids in zip(scored, ids):
            row[way_ids.to(scored.device)] = True
        self.tags, self.scored = torch.tensor(tags, dtype=torch.long, device=self.tags.device), scored

    def of(self, src: Tensor) -> Tensor:
        """src (b, j) -> each row's direction (b,): the way whose tag opens it."""
        return (src[:, :1] == self.tags).long().argmax(1)

    def columns(self) -> tuple[list[Tensor], Tensor]:
        """(each way's scored ids (K_w,), ascending; column (W, V): an id's column in its way's, -1 if none)."""
        key = (self.scored.data_ptr(), self.scored._version, self.scored.device)
        if key != self.key:
            self.ids = [row.nonzero().squeeze(1) for row in self.scored]
            self.column = torch.full(self.scored.shape, -1, dtype=torch.long, device=self.scored.device)
            for column, ids in zip(self.column, self.ids):
                column[ids] = torch.arange(len(ids), device=ids.device)
            self.key = key
        return self.ids, self.column

    def groups(self, ways: Tensor) -> list[Tensor]:
        """The kept positions of each way, `ways` (n,) being each one's direction: [(n_w,) indices]."""
        return [(ways == way).nonzero().squeeze(1) for way in range(len(self))]

    def project(self, x: Tensor, ways: Tensor, rows: list[Tensor]) -> list[Tensor]:
        """Scored positions x (n, w) of directions `ways` (n,) -> each way's logits (n_w, K_w) over its own pieces,
        its rows in the order of x's: one product per direction, over its own rows of the output weight, `rows`
        [(K_w, w)] (the weight at `columns()[0]`)."""
        return [F.linear(x.index_select(0, positions), rows[way]) for way, positions in enumerate(self.groups(ways))]

    def targets(self, targets: Tensor, ways: Tensor) -> list[Tensor]:
        """Kept target ids (n,) of directions `ways` (n,) -> each way's target columns (n_w,), as `project` gives."""
        column = self.columns()[1]
        return [column[way, targets.index_select(0, rows)] for way, rows in enumerate(self.groups(ways))]

    def not_written_after(self, tag: int, scored: Tensor) -> list[int]:
        """The ids of `scored` (V,) that the direction opened by `tag` does not score: none without ways."""
        hits = (self.tags == tag).nonzero().squeeze(1)
        return other_pieces(scored, self.scored[int(hits[0])]) if len(hits) else []

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        for name in ("tags", "scored"):
            old = getattr(self, name)
            if prefix + name in state_dict:
                setattr(self, name, torch.empty_like(state_dict[prefix + name], device=old.device))
            else:                                                    # saved before ways existed: none
                setattr(self, name, old[:0].clone())
        state = {**state_dict, **{prefix + name: getattr(self, name) for name in ("tags", "scored")
                                  if prefix + name not in state_dict}}
        super()._load_from_state_dict(state, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)
