"""The scored pieces of the output layer (model.output_pieces=seen).

A joint subword vocabulary holds both languages' pieces, and the target side of Multi30K uses about half of them
(3,879 of 8,000 English pieces). Scoring the others costs half of the output projection and of the loss, a quarter of
a training step, to learn only that they never come. With `seen` the model keeps a bool buffer `scored` (V,), filled
from the training targets, and multiplies by those rows of the (tied) output weight alone: (..., K) logits; decoding
gets -inf at the other ids, so no search, engine or rule can write them.
"""
from __future__ import annotations

from array import array

import torch
from torch import Tensor

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


class ScoredSubset:
    """The scored ids of a `scored` mask and, for inference, the rows of the output weight they select (with their
    packed layout), remade when the mask or the weight changes (storage, version counter) and on `forget`."""

    def __init__(self):
        self.ids_key, self.scored_ids = None, None
        self.rows_key, self.rows = None, None
        self.packed = PackedWeight()

    def forget(self) -> None:
        self.rows_key = self.rows = None
        self.packed.forget()

    def ids(self, scored: Tensor) -> Tensor:
        key = (scored.data_ptr(), scored._version, scored.device)
        if key != self.ids_key:
            self.scored_ids, self.ids_key = scored.nonzero().squeeze(1), key       # (K,) ascending
        return self.scored_ids

    def __call__(self, weight: Tensor, ids: Tensor) -> tuple[Tensor, None, PackedWeight]:
        """(rows of weight at ids, no bias, their packed layout): packed_linear()'s arguments after x."""
        key = (weight.data_ptr(), weight._version, weight.dtype, self.ids_key)
        if key != self.rows_key:
            with torch.no_grad():
                self.rows, self.rows_key = weight[ids], key                                # (K, w)
            self.packed.forget()
        return self.rows, None, self.packed
