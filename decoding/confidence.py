"""How far to trust a translation: the geometric mean probability the model gave the tokens of its own output
(<eos> included), in [0, 1]. It is read off the search's score (no extra model work), so it is the same for any
length penalty and in both engines.

    confidence(mean_log_prob(hyp, decode.length_penalty))    -> 0.62   (exp of the mean token log-probability)
    line_confidence([0.62, 0.31])                            -> 0.31   (a line is as trustworthy as its worst sentence)

A line unlike the photo captions the model was trained on ("Wie spät ist es?", news, instructions) gets outputs the
model itself finds unlikely, token by token: on the 4,000-step de→en cpu model, 90% of the caption-like lines of
probes/data score 0.68-0.87, 90% of the other lines 0.29-0.56 (docs/CONFIDENCE.md). It was
chosen over what the corpus knows of the source (share of unknown or rare words, rare subword pieces), the entropy of
the output distribution, greedy-beam agreement and combinations of these: it ranked val's sentences by chrF as well as
any of them and needs nothing but the score. It is not calibrated per checkpoint: a weaker model gives lower values
throughout, and flags more.
"""
from __future__ import annotations

import math
from typing import NamedTuple

from decoding.search import Hypothesis

LOW = 0.5       # below: flagged as unlike the training data (chosen on val and probes/data/confidence_tune.de.tsv: it
                # flags 4.5% of val, whose mean sentence chrF is 38 against 63, and 80% of the tuning set's other lines)
DIGITS = 3      # a sentence decoded alone and in a batch differs in the last bits of its score (about 1e-6):
                # rounded away, unless it lies on a rounding boundary


def mean_log_prob(hyp: Hypothesis, length_penalty: float) -> float:
    """The hypothesis' mean token log-probability, <eos> included, from its score (log p / length ** penalty, length
    counting <eos>: decoding/search.py)."""
    length = len(hyp.tokens) + 1
    return hyp.score * length ** length_penalty / length


def confidence(mean_log_prob: float) -> float:
    """The geometric mean token probability, exp(mean log-probability), rounded to DIGITS; 0.0 for a translation
    with a token the model cannot write (-inf) and for NaN."""
    if math.isnan(mean_log_prob):
        return 0.0
    return round(min(1.0, math.exp(mean_log_prob)), DIGITS)


def line_confidence(sentences: list[float]) -> float:
    """A line's confidence from its sentences': the lowest (1.0 for a line with none, e.g. an empty one)."""
    return min(sentences, default=1.0)


def is_low(value: float) -> bool:
    return value < LOW


class Ranking(NamedTuple):
    """How well confidences order sentences by a quality (e.g. sentence chrF)."""
    low_quality: float     # mean quality of the lowest-confidence tenth
    rest_quality: float    # mean quality of the other nine tenths
    low_count: int
    spearman: float        # rank correlation of confidence and quality (ties share their mean rank)


def ranking(confidences: list[float], qualities: list[float], share: float = 0.1) -> Ranking:
    """The lowest-confidence `share` of sentences (at least one; ties broken by input order) against the rest."""
    if len(confidences) != len(qualities) or len(confidences) < 2:
        raise ValueError(f"ranking needs at least two (confidence, quality) pairs, got {len(confidences)} and "
                         f"{len(qualities)}")
    order = sorted(range(len(confidences)), key=confidences.__getitem__)
    low = max(1, int(len(order) * share))
    mean = lambda rows: sum(qualities[n] for n in rows) / len(rows)      # noqa: E731
    return Ranking(mean(order[:low]), mean(order[low:]), low, spearman(confidences, qualities))


def auc(higher: list[float], lower: list[float]) -> float:
    """The share of (h, l) pairs, h from `higher` and l from `lower`, with h > l (a tie counts half): how often the
    confidence ranks a line of the first kind above one of the second (0.5 = chance)."""
    if not higher or not lower:
        raise ValueError("auc needs values of both kinds")
    wins = sum((h > l) + 0.5 * (h == l) for h in higher for l in lower)
    return wins / (len(higher) * len(lower))


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation (Pearson's of the ranks); 0.0 where either side is constant."""
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    var = math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))
    return cov / var if var else 0.0


def ranks(values: list[float]) -> list[float]:
    """1-based ranks, tied values sharing the mean of their ranks."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            out[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return out
