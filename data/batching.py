"""Padded batches and a length-bucketed token-budget sampler.

Einsum legend: b sentences, j source positions, i target positions.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Sequence

import torch

from data.vocab import BOS, EOS, PAD


@dataclass
class Batch:
    src: torch.Tensor       # (b, j) long, right-padded source ids
    tgt_in: torch.Tensor    # (b, i) long, BOS + y
    tgt_out: torch.Tensor   # (b, i) long, y + EOS
    n_tgt_tokens: int       # non-pad entries of tgt_out (the loss is over these)

    def to(self, device, non_blocking: bool = False) -> "Batch":
        move = lambda t: t.to(device, non_blocking=non_blocking)  # noqa: E731
        return dataclasses.replace(self, src=move(self.src), tgt_in=move(self.tgt_in), tgt_out=move(self.tgt_out))

    def __len__(self) -> int:
        return self.src.size(0)

    def parts(self, n: int) -> list["Batch"]:
        """The rows cut into at most n runs of consecutive rows with about equal work each (source + target
        tokens; the sampler puts sentences of a size together), each trimmed to its own longest source and target.
        The same pairs: their summed loss and gradient are the batch's."""
        src_len, tgt_len = (self.src != PAD).sum(1), (self.tgt_out != PAD).sum(1)          # (b,), (b,)
        work = (src_len + tgt_len).cumsum(0)                                              # (b,)
        cuts = [0, *(int((work - work[-1] * k / n).abs().argmin()) + 1 for k in range(1, n)), len(self)]
        found = []
        for start, end in zip(cuts, cuts[1:]):
            if end > start:
                j, i = int(src_len[start:end].max()), int(tgt_len[start:end].max())
                found.append(Batch(self.src[start:end, :j], self.tgt_in[start:end, :i], self.tgt_out[start:end, :i],
                                   n_tgt_tokens=int(tgt_len[start:end].sum())))
        return found


def collate(pairs: Sequence[tuple[list[int], list[int]]]) -> Batch:
    """(source ids, target ids) pairs without BOS/EOS -> one right-padded Batch."""
    b = len(pairs)
    j = max((len(x) for x, _ in pairs), default=0)
    i = max((len(y) for _, y in pairs), default=0) + 1
    src = torch.full((b, j), PAD, dtype=torch.long)
    tgt_in = torch.full((b, i), PAD, dtype=torch.long)
    tgt_out = torch.full((b, i), PAD, dtype=torch.long)
    for row, (x, y) in enumerate(pairs):
        src[row, :len(x)] = torch.tensor(x, dtype=torch.long)
        tgt_in[row, :len(y) + 1] = torch.tensor([BOS, *y], dtype=torch.long)
        tgt_out[row, :len(y) + 1] = torch.tensor([*y, EOS], dtype=torch.long)
    return Batch(src, tgt_in, tgt_out, n_tgt_tokens=sum(len(y) + 1 for _, y in pairs))


class TokenBatchSampler:
    """Batches of sentence indices whose padded size, n * (max source + max target + 1), fits max_tokens.

    Sentences are sorted by their longer side (source or target + 1), then source and target length, ties broken at
    random per (seed, epoch), and cut greedily: against sorting by source length, whose targets still vary in a
    batch, this pads 3.0% instead of 4.4% of Multi30K's slots and puts 1.4% more tokens in a batch;
    with shuffle the batch order is shuffled per epoch too, else it stays fixed (for validation). A single pair
    larger than max_tokens becomes a batch of its own. With world_size > 1 each rank takes every world_size-th
    batch of the same global list, and the last len % world_size batches are dropped so all ranks step together.
    """

    def __init__(self, src_lengths: Sequence[int], tgt_lengths: Sequence[int], max_tokens: int,
                 shuffle: bool = True, seed: int = 0, rank: int = 0, world_size: int = 1):
        if len(src_lengths) != len(tgt_lengths):
            raise ValueError(f"{len(src_lengths)} source lengths but {len(tgt_lengths)} target lengths")
        if not 0 <= rank < world_size:
            raise ValueError(f"rank {rank} is outside world_size {world_size}")
        self.src_lengths, self.tgt_lengths = list(src_lengths), list(tgt_lengths)
        self.max_tokens, self.shuffle, self.seed = max_tokens, shuffle, seed
        self.rank, self.world_size = rank, world_size
        self._cache: tuple[int, list[list[int]]] | None = None

    def batches(self, epoch: int) -> list[list[int]]:
        """This rank's batches for the epoch; the same (seed, epoch) gives the same."""
        if self._cache is None or self._cache[0] != epoch:
            self._cache = (epoch, self._make(epoch))
        return [list(batch) for batch in self._cache[1]]

    def _make(self, epoch: int) -> list[list[int]]:
        rng = random.Random(f"{self.seed}/{epoch}") if self.shuffle else None
        ties = [rng.random() for _ in self.src_lengths] if rng else range(len(self.src_lengths))
        src, tgt = self.src_lengths, self.tgt_lengths
        order = sorted(range(len(ties)), key=lambda k: (max(src[k], tgt[k] + 1), src[k], tgt[k], ties[k]))
        batches, current, max_src, max_tgt = [], [], 0, 0
        for k in order:
            s, t = max(max_src, self.src_lengths[k]), max(max_tgt, self.tgt_lengths[k] + 1)
            if current and (len(current) + 1) * (s + t) > self.max_tokens:
                batches.append(current)
                current, s, t = [], self.src_lengths[k], self.tgt_lengths[k] + 1
            current.append(k)
            max_src, max_tgt = s, t
        if current:
            batches.append(current)
        if rng:
            rng.shuffle(batches)
        per_rank = len(batches) // self.world_size if self.world_size > 1 else len(batches)
        return batches[self.rank::self.world_size][:per_rank]
