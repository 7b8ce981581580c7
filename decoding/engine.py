"""What the translator needs of an engine (the PyTorch model, an ensemble, CTranslate2): search ids, score ids,
and, where it can, draw cross-attention. Engines know ids, never text.
"""
from __future__ import annotations

from typing import Protocol

import torch

from config import DecodeConfig
from decoding.search import Hypothesis
from decoding.search_rules import Owed


class Engine(Protocol):
    name: str             # "pytorch" or "ctranslate2", as /health and the logs say
    why_no_attention: str | None   # None where `attention` works, else the one line a user is told

    def search(self, src_ids: list[list[int]], decode: DecodeConfig, banned: list[int],
               owed: Owed | None = None) -> list[list[Hypothesis]]:
        """The decode.n_best best hypotheses of each source of one batch, best first; `banned` ids never appear,
        each of `owed.tokens[n]` exactly once in each hypothesis of source n, and no other of owed.vocabulary."""

    def score(self, src_ids: list[list[int]], tgt_ids: list[list[int]]) -> list[list[float]]:
        """Per-token log-probabilities of each target (its <eos> included) given its source: forced decoding."""

    def attention(self, src_ids: list[int], tokens: list[int]) -> torch.Tensor:
        """(i, j): where output token i (then <eos>) looked in the source (only where why_no_attention is None)."""

    def not_written_after(self, tag: int) -> list[int]:
        """Ids the model scores but not after sources opened by `tag`, a direction's tag: the other direction's
        pieces in a model of both (models/output.py Ways); none for other models."""

    def describe(self) -> str:
        """One line for a person: the engine and its model."""
