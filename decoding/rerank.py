"""Reranking by the way back: a model of both directions also knows how likely a source is given its translation, so
each of the beam's hypotheses is scored translating back (forced decoding the other way, the same engine), and the
two scores together rank them:

    rank = hypothesis.score + weight * (log p(source | hypothesis) / (source tokens + 1))

A hypothesis that says what its source says gives the source back likely; one that drops or adds a part, or reads
it wrong, does not. `--rerank W` (decode.rerank) turns it on; the search then keeps all of its beam's hypotheses for
it to choose from, and the way back costs one forced pass over them (no search). Both sides are ids: the
hypothesis's tokens are the other direction's source (after its tag), the source's are its target, so nothing is
tokenized again.
"""
from __future__ import annotations

from typing import Callable

from decoding.search import Hypothesis

Score = Callable[[list[list[int]], list[list[int]]], list[list[float]]]     # Engine.score


def back_scores(score: Score, back_prefix: list[int], sources: list[list[int]],
                hypotheses: list[list[Hypothesis]], limit: int, batch: int) -> list[list[float]]:
    """Each hypothesis's per-token log-probability of its source (the ids without the forward tag) given it, read
    the other way (its tokens after `back_prefix`, the other direction's tag, at most `limit` of them); scored
    `batch` pairs at a time, in order of length."""
    pairs = [(back_prefix + h.tokens[:limit], source) for source, hs in zip(sources, hypotheses) for h in hs]
    order = sorted(range(len(pairs)), key=lambda k: (len(pairs[k][1]), len(pairs[k][0])))     # dense batches
    per_token: list = [None] * len(pairs)
    for start in range(0, len(order), batch):
        chunk = order[start:start + batch]
        for k, lp in zip(chunk, score([pairs[k][0] for k in chunk], [pairs[k][1] for k in chunk])):
            per_token[k] = sum(lp) / len(lp)
    flat = iter(per_token)
    return [[next(flat) for _ in hs] for hs in hypotheses]


def reranked(hypotheses: list[Hypothesis], back: list[float], weight: float) -> list[Hypothesis]:
    """The hypotheses, best first by their score plus `weight` times their way back's (a tie keeps the search's
    order)."""
    order = sorted(range(len(hypotheses)), key=lambda k: -(hypotheses[k].score + weight * back[k]))
    return [hypotheses[k] for k in order]
