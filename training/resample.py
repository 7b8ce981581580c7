"""Subword regularization of the training sources (Kudo 2018): from the epoch dropout starts (--train.dropout_after),
each epoch cuts every source sentence into pieces anew, sampled from the unigram model's segmentations
(--train.subword_sampling=ALPHA; BPE models drop merges with that probability instead), so the model sees the same
words cut in several ways. The targets keep their one segmentation. The sampling of an epoch depends on the seed
and the epoch alone, so a resumed run cuts that epoch as the straight run did.

    sources = EpochSources(subwords, alpha=0.1, seed=1, max_len=254)
    ids = sources.of(train.src, epoch=5)         # a Ragged like train.src: the same text, other pieces

A model of both directions keeps each source's first piece, its direction's tag (data/tags.py), as it is: `keep=1`.
"""
from __future__ import annotations

from data.batching import TokenBatchSampler
from data.prepared import Ragged
from data.subwords import Subwords

SEED_STRIDE = 100_003             # the seed of an epoch's sampling: seed * SEED_STRIDE + epoch


class EpochSources:
    def __init__(self, subwords: Subwords, alpha: float, seed: int, max_len: int, bpe: bool = False, keep: int = 0):
        self.subwords, self.alpha, self.seed, self.max_len, self.bpe = subwords, alpha, seed, max_len, bpe
        self.keep = keep                  # leading pieces of each source that are not cut anew (a direction's tag)

    def of(self, sources: Ragged, epoch: int) -> Ragged:
        """The sources cut anew for this epoch; a sentence whose sampled cut is longer than max_len keeps its own."""
        import sentencepiece

        sp, keep = self.subwords.sp, self.keep
        lines = [sp.decode(ids[keep:]) for ids in sources]        # the lines the pieces were cut from
        sentencepiece.set_random_generator_seed(self.seed * SEED_STRIDE + epoch)
        options = {"alpha": self.alpha} if self.bpe else {"alpha": self.alpha, "nbest_size": -1}
        sampled = sp.encode(lines, out_type=int, enable_sampling=True, num_threads=1, **options)
        return Ragged.of([old[:keep] + new if line and 0 < len(new) + keep <= self.max_len else old
                          for new, old, line in zip(sampled, sources, lines)])


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
