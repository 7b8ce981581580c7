"""Subword regularization of the training sources (Kudo 2018): from the epoch dropout starts (--train.dropout_after),
each epoch cuts every source sentence into pieces anew, sampled from the unigram model's segmentations
(--train.subword_sampling=ALPHA; BPE models drop merges with that probability instead), so the model sees the same
words cut in several ways. The targets keep their one segmentation. The sampling of an epoch depends on the seed
and the epoch alone, so a resumed run cuts that epoch as the straight run did.

    sources = EpochSources(subwords, alpha=0.1, seed=1, max_len=254)
    ids = sources.of(train.src, epoch=5)         # a Ragged like train.src: the same text, other pieces

A model of both directions keeps each source's first piece, its direction's tag (data/tags.py), as it is: `keep=1`.

The cuts are drawn here, from a random.Random of the epoch's own, as sentencepiece's encode(enable_sampling=True)
draws them (unigram: nbest_size=-1, every segmentation). sentencepiece's own sampling cannot serve: it salts its seed
with entropy read once a process (abseil's BitGen), so two processes given one seed cut an epoch differently. No
piece holds "▁" but first, so a sentence's cut is its words' cuts; a word with a byte or unknown piece keeps
its prepared cut.
"""
from __future__ import annotations

import bisect
import heapq
import itertools
import math
import random

from data.batching import TokenBatchSampler
from data.prepared import Ragged
from data.subwords import Subwords

SEED_STRIDE = 100_003             # the seed of an epoch's sampling: seed * SEED_STRIDE + epoch


class EpochSources:
    def __init__(self, subwords: Subwords, alpha: float, seed: int, max_len: int, bpe: bool = False, keep: int = 0):
        self.subwords, self.alpha, self.seed, self.max_len, self.bpe = subwords, alpha, seed, max_len, bpe
        self.keep = keep                  # leading pieces of each source that are not cut anew (a direction's tag)
        self.cuts = (MergeDropout if bpe else LatticeSampling)(subwords.sp, alpha)

    def of(self, sources: Ragged, epoch: int) -> Ragged:
        """The sources cut anew for this epoch; a sentence whose sampled cut is longer than max_len keeps its own."""
        rng, keep, cuts = random.Random(self.seed * SEED_STRIDE + epoch), self.keep, self.cuts
        sampled = []
        for old in sources:
            new = old[:keep] + [i for word in cuts.words(old[keep:]) for i in cuts.sample(word, rng)]
            sampled.append(new if len(new) <= self.max_len else old)
        return Ragged.of(sampled)


class Cuts:
    """A sentencepiece model's pieces, read once: a word's ids -> a sampled cut of its text (ids)."""

    def __init__(self, sp, alpha: float):
        self.alpha, n = alpha, sp.get_piece_size()
        self.pieces = [sp.id_to_piece(i) for i in range(n)]
        self.scores = [sp.get_score(i) for i in range(n)]
        self.opens = [piece.startswith("▁") for piece in self.pieces]
        self.whole = [sp.is_byte(i) or sp.is_unknown(i) or sp.is_control(i) or sp.is_unused(i) for i in range(n)]
        self.ids = {piece: i for i, piece in enumerate(self.pieces) if not self.whole[i]}   # what a cut may hold

    def words(self, ids: list[int]):
        word = []
        for i in ids:
            if self.opens[i] and word:
                yield word
                word = []
            word.append(i)
        if word:
            yield word

    def sample(self, word: list[int], rng: random.Random) -> list[int]:
        if any(self.whole[i] for i in word):
            return word
        return self.cut("".join(self.pieces[i] for i in word), rng) or word

    def cut(self, text: str, rng: random.Random) -> list[int] | None:
        raise NotImplementedError


class LatticeSampling(Cuts):
    """Unigram: a cut drawn from all segmentations of the word, P(cut) ∝ exp(alpha * the sum of its pieces' scores),
    by forward filtering and backward sampling on the word's lattice (computed once a word)."""

    def __init__(self, sp, alpha: float):
        super().__init__(sp, alpha)
        self.longest = max(map(len, self.ids))
        self.lattices: dict[str, list] = {}

    def lattice(self, text: str) -> list[tuple[list[float], list[tuple[int, int]]]]:
        """For each end position e: the pieces ending there as (start, id), and their cumulative probabilities of
        being the last piece of a cut of text[:e]."""
        log_z, ends = [0.0] + [-math.inf] * len(text), [([], [])]         # log_z[e]: log of all cuts' weight
        for e in range(1, len(text) + 1):
            arcs = [(s, self.ids[text[s:e]]) for s in range(max(0, e - self.longest), e)
                    if text[s:e] in self.ids and log_z[s] > -math.inf]
            logs = [log_z[s] + self.alpha * self.scores[i] for s, i in arcs]
            top = max(logs, default=-math.inf)
            weights = [math.exp(x - top) for x in logs]
            total = sum(weights)
            log_z[e] = top + math.log(total) if arcs else -math.inf
            ends.append((list(itertools.accumulate(w / total for w in weights)), arcs))
        return ends

    def cut(self, text: str, rng: random.Random) -> list[int] | None:
        ends = self.lattices.get(text) or self.lattices.setdefault(text, self.lattice(text))
        e, cut = len(text), []
        while e:
            cumulative, arcs = ends[e]
            if not arcs:
                return None
            e, i = arcs[min(bisect.bisect(cumulative, rng.random()), len(arcs) - 1)]
            cut.append(i)
        return cut[::-1]


class MergeDropout(Cuts):
    """BPE-dropout (Provilkov et al. 2020): the word's characters merged pair by pair, the best-scored pair first
    (the leftmost of equals), each merge skipped with probability alpha."""

    def __init__(self, sp, alpha: float):
        super().__init__(sp, alpha)
        self.starts: dict[str, list] = {}       # a word's first candidate merges, as a heap

    def cut(self, text: str, rng: random.Random) -> list[int] | None:
        ids, scores, alpha, draw = self.ids, self.scores, self.alpha, rng.random
        if text not in self.starts:
            if any(c not in ids for c in text):
                return None
            self.starts[text] = [(-scores[ids[a + b]], k, k + 1, a + b) for k, (a, b) in enumerate(zip(text, text[1:]))
                                 if a + b in ids]
            heapq.heapify(self.starts[text])
        symbols, agenda = list(text), self.starts[text].copy()
        after, before = list(range(1, len(text))) + [-1], list(range(-1, len(text) - 1))
        while agenda:
            _, left, right, merged = heapq.heappop(agenda)
            if after[left] != right or symbols[left] + symbols[right] != merged or draw() < alpha:
                continue                                      # a pair merged away since, or a dropped merge
            symbols[left], symbols[right], after[left] = merged, "", after[right]
            if after[right] >= 0:
                before[after[right]] = left
            for a, b in ((before[left], left), (left, after[left])):          # the new pairs around the merge
                if a >= 0 and b >= 0 and symbols[a] + symbols[b] in ids:
                    heapq.heappush(agenda, (-scores[ids[symbols[a] + symbols[b]]], a, b, symbols[a] + symbols[b]))
        return [ids[s] for s in symbols if s]


class EpochData:
    """The training pairs and batches of each epoch: the prepared ones, or from `start` on sources sampled anew per
    epoch with batches cut to their lengths (the batch sampler's seed, rank and world size, the epoch's own lengths)."""

    def __init__(self, split, sampler: TokenBatchSampler, sources: EpochSources | None = None, start: int = 0):
        self.split, self.sampler, self.sources, self.start = split, sampler, sources, start
        self._epoch: tuple[int, Ragged, list[list[int]]] | None = None

    def of(self, epoch: int) -> tuple:
        """(sources, targets, batches of indices) for this epoch."""
        if self.sources is None or epoch < self.start:
            return self.split.src, self.split.tgt, self.sampler.batches(epoch)
        if self._epoch is None or self._epoch[0] != epoch:
            src = self.sources.of(Ragged.of(self.split.src), epoch)
            s = self.sampler
            cut = TokenBatchSampler(src.lengths, [len(t) for t in self.split.tgt], s.max_tokens, s.shuffle, s.seed,
                                    s.rank, s.world_size)
            self._epoch = (epoch, src, cut.batches(epoch))
        return self._epoch[1], self.split.tgt, [list(b) for b in self._epoch[2]]
