"""`local`: softmax attention over the keys within a window of positions around (or, causal, before) each query.

Einsum legend: models/attention/base.py's, and n query blocks, c queries in a block, l keys in a block's window.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F

from config import AT_LEAST_0, opt
from models.attention.base import Attention, masked_softmax
from models.attention.registry import register_attention


@dataclass
class LocalOptions:
    window: int = opt(16, 'local: keys at most this many positions from the query (only earlier ones when causal)',
                      AT_LEAST_0)


@register_attention("local")
class LocalAttention(Attention):
    """Softmax attention of query p over keys p - window .. p + window (.. p when causal), like fast-transformers'
    local attention: the other keys get weight 0.

    Cost: queries go in blocks of c = window; a block reads one window of c + 2·window keys, so time and memory are
    O(i·window) instead of O(i·j). With window >= the number of keys it is `full` exactly. Masks: key padding and
    causal (queries are aligned to the end of the keys, so a K/V cache decodes as full decoding does; the cache keeps
    only the last `window` keys: constant memory per decoded sentence). Usable as encoder and decoder
    self-attention; not cross-attention.
    """

    supports_arbitrary_mask = False
    provides_weights = False
    Options = LocalOptions
    unusable = {"cross": "its window measures distances within one sequence, and target and source positions do "
                         "not align"}

    def forward(self, q, k, v, mask=None, causal=False):
        """q: (b, h, i, d), k/v: (b, h, j, d), mask: key padding (b|1, 1, 1, j) or None -> (b, h, i, d)."""
        b, h, i, d = q.shape
        w = min(self.options.window, k.size(2))
        start = max(0, k.size(2) - i - w)                     # keys no query can reach are not read
        k, v = k[:, :, start:], v[:, :, start:]
        j = k.size(2)
        keys = (torch.ones(1, 1, j, dtype=torch.bool, device=q.device) if mask is None
                else mask[:, :, -1, start:])                                           # (b|1, 1, j)
        c = max(1, min(w, i))
        n = -(-i // c)
        span = c + w + (0 if causal else w)
        offset = j - i                                        # position of query 0 among the keys
        right = max(0, offset + (n - 1) * c + span - (j + w))
        q = F.pad(q, (0, 0, 0, n * c - i)).view(b, h, n, c, d)
        k, v = (F.pad(t, (0, 0, w, right))[:, :, offset:].unfold(2, span, c)[:, :, :n].transpose(-1, -2)
                for t in (k, v))                                                          # (b, h, n, l, d)
        keys = F.pad(keys, (w, right), value=False)[:, :, offset:].unfold(2, span, c)[:, :, :n]   # (b|1, 1, n, l)
        distance = (torch.arange(span, device=q.device)[None, :] - w
                    - torch.arange(c, device=q.device)[:, None])                          # key - query position
        band = (distance >= -w) & (distance <= (0 if causal else w))                        # (c, l)
        scores = torch.einsum("bhncd,bhnld->bhncl", q, k) * d ** -0.5                      # (b, h, n, c, l)
        weights = masked_softmax(scores, band & keys[:, :, :, None, :])
        out = torch.einsum("bhncl,bhnld->bhncd", self.dropout(weights), v)                # (b, h, n, c, d)
        return out.reshape(b, h, n * c, d)[:, :, :i]

    def kept_keys(self):
        return self.options.window          # the next query, one position on, reads the last `window` keys and itself

    @classmethod
    def full_up_to(cls, given):
        return cls.check(given).window + 1
