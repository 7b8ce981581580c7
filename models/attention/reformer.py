"""`reformer`: LSH attention with shared queries and keys (Kitaev et al. 2020).

Einsum legend: models/attention/base.py's (i: the positions, queries and keys alike), and r hashing rounds,
n chunks, c positions in a chunk, l keys in a chunk's window (2c), k half the buckets.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F

from config import AT_LEAST_1, Rule, between, opt
from models.attention.base import Attention
from models.attention.registry import register_attention

SELF = -1e5        # a query's score for itself: attended only when it sees no other key (Reformer's rule)
HIDDEN = -1e9      # a key outside the window or masked (fp32: the scores are computed in float32)


@dataclass
class ReformerOptions:
    rounds: int = opt(4, 'reformer: hashing rounds, combined into one softmax over every key they reach',
                      between(1, 64))
    buckets: int = opt(32, 'reformer: hash buckets per round (even)', Rule(lambda v: v >= 2 and v % 2 == 0,
                                                                            "an even number, at least 2"))
    chunk: int = opt(32, 'reformer: positions per chunk of the bucket-sorted sequence', AT_LEAST_1)


def rotations(d: int, rounds: int, half: int, training: bool, device) -> torch.Tensor:
    """Random rotations (d, r, k): fresh every training step, fixed (seed 0) in eval so results repeat."""
    generator = None if training else torch.Generator().manual_seed(0)
    return torch.randn(d, rounds, half, generator=generator).to(device)


@register_attention("reformer")
class ReformerAttention(Attention):
    """Each round hashes the positions by angular LSH of their normalized queries (argmax of [xR; -xR]), sorts them by
    (bucket, position) and cuts the order into chunks; a query attends to the keys of its chunk and the chunk before.
    Keys are the queries normalized to unit length (shared-QK; the layer's key projection goes unused). A position
    attends to itself only when it reaches no other key. The rounds combine exactly: one softmax over the union of
    the keys any round reached (each key counted once), as in the paper's duplicate correction.

    Cost: O(r·i·2c) scores and O(r²·i·2c) duplicate counting, against full's O(i²). Masks: key padding only;
    padded positions are hashed to an extra last bucket, so real positions keep their order and chunks (padding
    invariance). Usable as encoder self-attention only: it is not causal, and it attends within one sequence.
    Computed in float32 (under bf16 autocast too). There are no (i, j) weights to return.
    """

    supports_arbitrary_mask = False
    provides_weights = False
    Options = ReformerOptions
    unusable = {"decoder": "it sorts all positions into hash buckets, so a position's output depends on later ones "
                           "and cannot be decoded step by step",
                "cross": "queries and keys are one set (shared-QK hashing), so it attends within one sequence"}

    def forward(self, q, k, v, mask=None, causal=False):
        """q/v: (b, h, i, d) (k is not read: keys are the normalized queries), mask: (b|1, 1, 1, i) or None."""
        if causal:
            raise ValueError("reformer is not causal (the builder refuses it as decoder self-attention)")
        o = self.options
        dtype, (b, h, i, d) = v.dtype, q.shape
        q, v = q.float(), v.float()
        c = min(o.chunk, i)
        n = -(-i // c)
        valid = torch.ones(b, h, i, dtype=torch.bool, device=q.device) if mask is None else \
            mask[:, :, -1].expand(b, h, i)
        key = F.normalize(q, dim=-1)
        with torch.no_grad():
            projected = torch.einsum("bhid,drk->bhrik", key, rotations(d, o.rounds, o.buckets // 2, self.training,
                                                                       q.device))
            bucket = torch.cat([projected, -projected], dim=-1).argmax(dim=-1)          # (b, h, r, i)
            bucket = bucket.masked_fill(~valid[:, :, None], o.buckets)                  # padding sorts last
            order = (bucket * i + torch.arange(i, device=q.device)).argsort(dim=-1)     # (b, h, r, i)
            rank = order.argsort(dim=-1)                                                 # position -> sorted place
            # positions in sorted order, padded to whole chunks with position i (a hidden dummy)
            position = F.pad(order, (0, n * c - i), value=i).view(b, h, o.rounds, n, c)
            before = F.pad(position[:, :, :, :-1], (0, 0, 1, 0), value=i)             # the chunk before (none: dummy)
            window = torch.cat([before, position], dim=-1)                               # (b, h, r, n, l)
            chunk_of = F.pad(rank // c, (0, 1), value=-2)                                # (b, h, r, i + 1)
        seen = F.pad(valid, (0, 1), value=False)                                         # (b, h, i + 1)
        q_, key_, v_ = (F.pad(t, (0, 0, 0, 1)) for t in (q, key, v))                    # dummy row i: zeros
        scores = torch.einsum("bhrncd,bhrnld->bhrncl", pick(q_, position), pick(key_, window)) * d ** -0.5
        hidden = ~pick_flag(seen, window)[..., None, :]
        scores = scores.masked_fill(position[..., :, None] == window[..., None, :], SELF).masked_fill(hidden, HIDDEN)
        if o.rounds > 1:
            scores = scores - duplicates(chunk_of, position, window).log()
        lse = scores.logsumexp(dim=-1, keepdim=True)                                     # (b, h, r, n, c, 1)
        out = torch.einsum("bhrncl,bhrnld->bhrncd", self.dropout((scores - lse).exp()), pick(v_, window))
        out, lse = (t.reshape(b, h, o.rounds, n * c, -1).gather(3, rank[..., None].expand(-1, -1, -1, -1, t.size(-1)))
                    for t in (out, lse))                                                 # back to positions
        out = (out * lse.softmax(dim=2)).sum(dim=2)                                      # (b, h, i, d)
        return out.to(dtype)


def pick(x, index):
    """x: (b, h, i + 1, d), index: (b, h, r, n, m) positions -> (b, h, r, n, m, d)."""
    b, h, _, d = x.shape
    flat = index.reshape(b, h, -1)
    return x.gather(2, flat[..., None].expand(-1, -1, -1, d)).view(*index.shape, d)


def pick_flag(flags, index):
    """flags: (b, h, i + 1) bool, index: (b, h, r, n, m) -> (b, h, r, n, m)."""
    b, h = flags.shape[:2]
    return flags.gather(2, index.reshape(b, h, -1)).view(index.shape)


def duplicates(chunk_of, position, window):
    """How many rounds put each (query, key) pair of the windows in one window: (b, h, r, n, c, l), at least 1."""
    count = torch.zeros(position.shape + window.shape[-1:], device=position.device)
    b, h, rounds = chunk_of.shape[:3]
    for r in range(rounds):
        table = chunk_of[:, :, r]                                                        # (b, h, i + 1)
        query = table.gather(2, position.reshape(b, h, -1)).view(position.shape)
        key = table.gather(2, window.reshape(b, h, -1)).view(window.shape)
        gap = query[..., :, None] - key[..., None, :]                                    # (b, h, r, n, c, l)
        count += (gap == 0) | (gap == 1)
    return count.clamp(min=1)
