"""The columns a search chooses among: the model's scored pieces (models/output.py), or every target id.

A model that scores only the pieces its training targets use (about half of a joint vocabulary) gives each step's
logits over those K columns; the search then takes the softmax, applies its rules and picks the top candidates over
K, not over the V ids with -inf at the others, and writes each chosen column's id. The same choices, in about half
the work a step outside the network (and none to widen the logits to V). A model of both directions scores the
pieces of the sources' direction alone (fewer again). Engines whose logits are over V (CTranslate2, ensembles)
search over V as before: their columns are the ids themselves.

    columns = Columns.of(model, src)                # from the model's `scored_after(src)` mask, if it has one
    logits = model.decoder_logits(..., **columns.narrow)   # (n, K)
    ids = columns.ids_of(picked)                    # columns -> target ids
"""
from __future__ import annotations

from typing import Iterable

import torch
from torch import Tensor


class Columns:
    def __init__(self, scored: Tensor | None = None):
        """scored: the model's (V,) bool mask of scored ids, or None (every id is a column)."""
        self.scored = scored
        self.ids = None if scored is None else scored.nonzero().squeeze(1)               # (K,) ascending
        self.column = None
        if scored is not None:
            self.column = torch.full((scored.numel(),), -1, dtype=torch.long, device=scored.device)   # (V,)
            self.column[self.ids] = torch.arange(self.ids.numel(), device=scored.device)

    @classmethod
    def of(cls, model, src: Tensor) -> "Columns":
        """The columns of a search of `model` over the sources src (b, j)."""
        return cls(model.scored_after(src) if hasattr(model, "scored_after") else None)

    @property
    def narrow(self) -> dict:
        """decoder_logits' keywords for logits over the columns."""
        return {} if self.ids is None else {"among": self.scored}

    def ids_of(self, columns: Tensor) -> Tensor:
        return columns if self.ids is None else self.ids[columns]

    def of_id(self, token: int) -> int:
        """The column of an id the model scores (specials, placeholders): -1 if it has none."""
        return token if self.column is None else int(self.column[token])

    def of_ids(self, tokens: Iterable[int]) -> list[int]:
        """The columns of those ids that have one: ids the model does not score are never written anyway."""
        return [c for c in (self.of_id(t) for t in tokens) if c >= 0]
