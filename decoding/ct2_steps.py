"""A CTranslate2 model seen as the model our search (decoding/search.py) runs over: `encode`, `new_cache` and
`decoder_logits`. So CTranslate2's hypotheses follow the search's own rules (`Rules`, decoding/search_rules.py: each
owed placeholder exactly once, no <eos> while one is owed, ...) step by step, as the PyTorch engine's do, and are
scored alike.

CTranslate2 keeps no decoder state between calls, so a row's next-token logits come from decoding its prefix again,
in one of two ways, whichever costs fewer of CTranslate2's decoding steps (about 2.5 ms each on a CPU, at any small
batch):
- `_decode`: target_prefix with return_logits_vocab decodes every row's prefix step by step, all rows together, and
  AHEAD tokens further, greedily: where the search goes on the way CTranslate2 would, the next steps need no call.
  Cheap for many rows of short prefixes.
- `_expand`: a row p + [x] as one of the return_alternatives of its parent p, whose prefix CTranslate2 decodes in one
  pass, and whose logits (the search asked for them a step before) say how many alternatives reach x; each goes on
  EXPAND_AHEAD tokens, greedily. One example at a time, but no step per prefix token: cheap for a few rows of long
  prefixes (a sentence of many placeholders).
A row whose next token the search forces (only room left for what it owes) is not decoded at all (`skip`). The
engine uses this for sentences that owe placeholders; the others take CTranslate2's own search.
"""
from __future__ import annotations

import numpy as np
import torch
from torch import Tensor

from data.vocab import EOS, PAD

AHEAD = 4                   # tokens `_decode` goes past each prefix (4 and 8 cost alike; 0 twice as much)
WIDEST = 64                 # the most alternatives `_expand` asks for; a token further down is decoded
EXPAND_AHEAD = 3            # tokens `_expand` goes past each alternative, greedily (1: 2.2 times the examples)
EXPANSION = 7               # decoding steps' time an `_expand` example costs (encoder, prefix pass, expansion, steps on)
LOGITS_PER_CALL = 1 << 24   # floats of logits one `_decode` call may return (rows × positions × vocabulary): 64 MB


def on_host(view) -> np.ndarray:
    """A StorageView's values as float32 in host memory (CTranslate2 on a GPU, or in float16 or bfloat16, returns
    them on the device or in that type)."""
    import ctranslate2
    if view.dtype != ctranslate2.DataType.float32:
        view = view.to(ctranslate2.DataType.float32)
    if view.device != "cpu":
        view = view.to_device(ctranslate2.Device.cpu)
    return np.asarray(view)


class Prefixes:
    """The search's cache: each row's tokens so far (<bos> first), reordered as the search reorders its rows."""

    def __init__(self):
        self.tokens: Tensor | None = None                    # (n, t)

    def reorder(self, indices: Tensor) -> None:
        self.tokens = self.tokens.index_select(0, indices.to(self.tokens.device))

    def __len__(self) -> int:
        return 0 if self.tokens is None else self.tokens.size(1)


class Ct2Steps:
    """The next-token logits of every row from CTranslate2's network as exported, before any rule (no suppression, no
    minimum length). `calls` counts CTranslate2 calls, `decoded` the prefixes they decoded again."""
    skips_rows = True               # the search says which rows' logits it does not read (decoding/search.py)

    def __init__(self, ct2_translator, src_itos: list[str], tgt_itos: list[str]):
        self.ct2, self.src_itos, self.tgt_itos = ct2_translator, src_itos, tgt_itos
        self.tgt_stoi = {piece: i for i, piece in enumerate(tgt_itos)}
        self.calls = self.decoded = 0
        self.known: dict[int, dict[tuple, np.ndarray]] = {}   # prefix length -> {(source, prefix): logits (V,)}

    def encode(self, src: Tensor, src_mask: Tensor | None) -> Tensor:
        """src: (b, j). The sources themselves stand for the memory: CTranslate2 encodes them in each call."""
        return src

    def new_cache(self) -> Prefixes:
        self.known = {}
        return Prefixes()

    def decoder_logits(self, tokens: Tensor, memory: Tensor, src_mask: Tensor | None, cache: Prefixes,
                       skip: Tensor | None = None) -> Tensor:
        """tokens: (n, 1), the rows' new tokens; memory: (s, j) sources, one per n // s consecutive rows (the beams
        of a sentence); skip: (n,) bool, rows whose logits the search does not read (zeros) -> logits (n, 1, V)."""
        cache.tokens = tokens if cache.tokens is None else torch.cat([cache.tokens, tokens], 1)
        n, t = cache.tokens.shape
        sources = [tuple(i for i in row if i != PAD) for row in memory.tolist()]
        group = n // len(sources)
        keys = [(sources[r // group], tuple(row[1:])) for r, row in enumerate(cache.tokens.tolist())]
        length = t - 1                                                  # of each row's prefix, <bos> left out
        self.known = {k: rows for k, rows in self.known.items() if k >= length - 1}   # parents kept for _expand
        known = self.known.setdefault(length, {})
        read = [True] * n if skip is None else (~skip).tolist()
        missing = sorted({key for key, wanted in zip(keys, read) if wanted and key not in known})
        widths = self._widths(missing, length)
        if widths and EXPANSION * len(widths) < length + AHEAD:
            self._expand(widths, length)
        self._decode([key for key in missing if key not in known], length)
        unread = np.zeros(len(self.tgt_itos), dtype=np.float32)
        logits = [known[key] if wanted else unread for key, wanted in zip(keys, read)]
        return torch.from_numpy(np.stack(logits))[:, None].to(tokens.device)

    def _widths(self, keys: list[tuple], length: int) -> dict[tuple, int]:
        """For the rows (source, p + [x]) whose parent's logits are known and rank x among its WIDEST best next tokens:
        (source, p) -> how many alternatives of p reach each such x, and one more for a near tie."""
        parents = self.known.get(length - 1, {})
        widths: dict[tuple, int] = {}
        for source, prefix in keys:
            logits = parents.get((source, prefix[:-1])) if prefix else None
            if logits is None:
                continue
            above = logits > logits[prefix[-1]]
            rank = int(above.sum()) - bool(above[EOS])                  # <eos> is never an alternative
            if rank + 2 <= WIDEST:
                widths[source, prefix[:-1]] = max(widths.get((source, prefix[:-1]), 0), rank + 2)
        return widths

    def _expand(self, widths: dict[tuple, int], length: int) -> None:
        """Decode each parent (source, p) once (p: length - 1 tokens), with its `widths[...]` best next tokens as
        alternatives, each EXPAND_AHEAD tokens on: keep the logits after p + each of them and after their tokens on."""
        parents = sorted(widths)
        self.calls += 1
        self.decoded += len(parents)
        found = self.ct2.translate_batch([[self.src_itos[i] for i in source] for source, _ in parents],
                                         [[self.tgt_itos[i] for i in prefix] for _, prefix in parents],
                                         beam_size=1, max_decoding_length=length + EXPAND_AHEAD,
                                         min_decoding_length=0, return_alternatives=True,
                                         num_hypotheses=max(widths.values()), return_logits_vocab=True)
        for (source, _), result in zip(parents, found):
            for hypothesis, logits in zip(result.hypotheses, result.logits):   # logits[0]: the expansion's, empty
                ids = [self.tgt_stoi[piece] for piece in hypothesis]            # p, the alternative, greedily on
                for k in range(length, min(len(ids) + 1, length + len(logits) - 1)):
                    self.known.setdefault(k, {})[source, tuple(ids[:k])] = on_host(logits[k - length + 1]).copy()

    def _decode(self, keys: list[tuple], length: int) -> None:
        """Decode (source, prefix) pairs of `length` tokens AHEAD tokens on; keep the logits after each prefix of
        their outputs from `length` tokens on."""
        rows = max(1, LOGITS_PER_CALL // ((length + AHEAD + 1) * len(self.tgt_itos)))
        for start in range(0, len(keys), rows):
            part = keys[start:start + rows]
            self.calls += 1
            self.decoded += len(part)
            found = self.ct2.translate_batch([[self.src_itos[i] for i in source] for source, _ in part],
                                             [[self.tgt_itos[i] for i in prefix] for _, prefix in part],
                                             beam_size=1, max_decoding_length=length + 1 + AHEAD,
                                             min_decoding_length=0, return_logits_vocab=True)
            for (source, _), result in zip(part, found):
                ids = [self.tgt_stoi[piece] for piece in result.hypotheses[0]]
                logits = result.logits[0]                                   # one (V,) a position: after ids[:k]
                for k in range(length, min(len(ids) + 1, len(logits))):
                    self.known.setdefault(k, {})[source, tuple(ids[:k])] = on_host(logits[k]).copy()
