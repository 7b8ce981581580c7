"""What a search may choose next: the rules (`Rules`) applied to each step's logits, the placeholders each sentence
owes (`Owed`), and those rules put in the columns a search chooses among. Greedy and beam search (decoding/search.py)
apply them, over our model and over CTranslate2's (decoding/ct2_steps.py)."""
from __future__ import annotations

from typing import NamedTuple

import torch
from torch import Tensor

from decoding.columns import Columns


class Owed(NamedTuple):
    """Tokens each hypothesis of a sentence writes exactly once (its source's placeholders): `tokens[n]` those of
    sentence n; `vocabulary` every such token, in the order owed ones are forced out at the length limit. A token
    of the vocabulary that a sentence does not owe is never written for it."""
    tokens: list[list[int]]
    vocabulary: list[int]


class Rules:
    """What a search may choose next, applied to each step's logits (n, K) in place, before the softmax, where K are
    the columns the search chooses among (decoding/columns.py; every id given here is a column too):
    `banned` ids never (at least <pad>, <unk>, <bos>: an output never says <unk>), <eos> not as the first token
    (a translation has at least one token, CTranslate2's minimum decoding length too), with max_repeat > 0 no
    token that the hypothesis's last max_repeat tokens all are (max_repeat=2: no piece three times in a row), with
    no_repeat_ngram = N > 0 no token that would end an N-gram the hypothesis already holds (CTranslate2's
    no_repeat_ngram_size, the same rule), and with `owed` each owed token exactly once: one not owed or already
    written never, <eos> not while one is owed, and the owed ones forced out in order when only their room is left
    before the length limit (`force`)."""

    def __init__(self, banned, eos: int, max_repeat: int, rows: int, device, no_repeat_ngram: int = 0,
                 owed: Owed | None = None):
        if max_repeat < 0 or no_repeat_ngram < 0:
            raise ValueError(f"max_repeat={max_repeat} and no_repeat_ngram={no_repeat_ngram} must be at least 0 "
                             "(0 = no limit)")
        self.banned = torch.tensor(sorted(set(banned)), dtype=torch.long, device=device)
        self.first = torch.tensor(sorted({*banned, eos}), dtype=torch.long, device=device)
        self.eos, self.max_repeat, self.no_repeat_ngram = eos, max_repeat, no_repeat_ngram
        self.last = torch.full((rows,), -1, dtype=torch.long, device=device)     # each row's last output token
        self.run = torch.zeros(rows, dtype=torch.long, device=device)          # how often it ends the output
        self.history = torch.zeros(rows, 0, dtype=torch.long, device=device)   # (rows, t): kept for no_repeat_ngram
        self.owed = None
        if owed is not None and owed.vocabulary:
            self.owed_ids = torch.tensor(owed.vocabulary, dtype=torch.long, device=device)             # (P,)
            self.owed = torch.tensor([[t in set(ts) for t in owed.vocabulary] for ts in owed.tokens],
                                     dtype=torch.bool, device=device).view(rows, -1)                  # (rows, P)

    def owed_counts(self) -> Tensor | None:
        return None if self.owed is None else self.owed.sum(1)

    def apply(self, logits: Tensor, step: int) -> None:
        logits.index_fill_(1, self.first if step == 0 else self.banned, float("-inf"))
        if self.max_repeat:
            blocked = (self.run >= self.max_repeat).nonzero().squeeze(1)                # rows at the limit
            if blocked.numel():
                logits[blocked, self.last[blocked]] = float("-inf")
        if self.no_repeat_ngram:
            rows, tokens = repeated_ngram_ends(self.history, self.no_repeat_ngram)
            logits[rows, tokens] = float("-inf")
        if self.owed is not None:
            columns = logits[:, self.owed_ids]                                           # (n, P)
            logits[:, self.owed_ids] = columns.masked_fill(~self.owed, float("-inf"))
            logits[self.owed.any(1), self.eos] = float("-inf")

    def must_owe(self, step: int, max_lens: Tensor) -> Tensor | None:
        """(n,) bool: the rows with only room left for what they owe (None without owed tokens)."""
        return None if self.owed is None else self.owed.any(1) & (self.owed.sum(1) >= max_lens - step)

    def forced(self, step: int, max_lens: Tensor) -> Tensor:
        """(n,) bool: the rows whose next token `force` sets, whatever the model says."""
        must = self.must_owe(step, max_lens)
        return max_lens <= step if must is None else must | (max_lens <= step)

    def force(self, log_probs: Tensor, step: int, max_lens: Tensor) -> None:
        """After the softmax: rows with only room for what they owe write the first owed token, rows at their
        length limit <eos> (log-probability 0 for the forced token)."""
        rows, tokens = self.forced(step, max_lens).nonzero().squeeze(1), None
        if self.owed is not None:
            first = self.owed_ids[self.owed.to(torch.int8).argmax(1)]                    # (n,) first owed token
            tokens = torch.where(self.must_owe(step, max_lens), first, self.eos)[rows]
        if rows.numel():
            log_probs.index_fill_(0, rows, float("-inf"))
            log_probs[rows, self.eos if tokens is None else tokens] = 0.0

    def chosen(self, tokens: Tensor, rows: Tensor | None = None) -> None:
        """Row r of the batch now continues old row rows[r] (None: the same rows) with tokens[r]."""
        def pick(x: Tensor) -> Tensor:
            return x if rows is None else x[rows]
        if self.max_repeat:
            self.run = torch.where(tokens == pick(self.last), pick(self.run) + 1, 1)
            self.last = tokens
        if self.no_repeat_ngram:
            self.history = torch.cat([pick(self.history), tokens[:, None]], 1)
        if self.owed is not None:
            self.owed = pick(self.owed) & (tokens[:, None] != self.owed_ids)


def repeated_ngram_ends(history: Tensor, n: int) -> tuple[Tensor, Tensor]:
    """history: (r, t). The (rows, tokens) that would complete an n-gram a row already holds: each earlier
    occurrence of the row's last n - 1 tokens bans the token that followed it (n = 1: every token it holds)."""
    t = history.size(1)
    if t < n:
        return history.new_zeros(0), history.new_zeros(0)
    if n == 1:
        match = torch.ones_like(history, dtype=torch.bool)
    else:
        windows = history[:, :t - 1].unfold(1, n - 1, 1)                               # (r, t-n+1, n-1)
        match = (windows == history[:, None, t - n + 1:]).all(-1)                       # (r, t-n+1)
    rows, starts = match.nonzero(as_tuple=True)
    return rows, history[rows, starts + n - 1]


def with_room_for_owed(max_lens: Tensor, rules: Rules) -> Tensor:
    """Each sentence's length limit, at least as many tokens as it owes."""
    counts = rules.owed_counts()
    return max_lens if counts is None else torch.maximum(max_lens, counts.to(max_lens.device))


def rules_over(columns: Columns, banned, eos: int, max_repeat: int, rows: int, device, no_repeat_ngram: int,
               owed: Owed | None) -> Rules:
    """The search's rules in the columns it chooses among (decoding/columns.py)."""
    if owed is not None:
        owed = Owed([columns.of_ids(t) for t in owed.tokens], columns.of_ids(owed.vocabulary))
    return Rules(columns.of_ids(banned), columns.of_id(eos), max_repeat, rows, device, no_repeat_ngram, owed)
