"""Greedy and beam search over a model with `encode`, `decode(tokens, memory, src_mask, cache)` and `new_cache()`.

Both are batched over sentences (and beams), use the model's KV cache (one new token per step), and stop each
hypothesis at <eos>. A sentence produces at least one and at most `max_lens[n]` tokens before <eos>; at that length
<eos> is forced.
Both score a hypothesis as (sum of its token log-probabilities, <eos> included) / length ** length_penalty, with
length counting <eos>. Beam search with beam 1 takes exactly the greedy path and gives the same scores.

Beam search passes `decode` one memory and src_mask row per sentence and one token row per beam (the k beams of a
sentence consecutive): the model's cross-attention reads each source once for all its beams (models/multihead.py),
and the cache keeps it so through reorders (models/cache.py). Sentences whose search is over leave the batch.
"""
from __future__ import annotations

from typing import NamedTuple

import torch
from torch import Tensor

from data.vocab import BOS, PAD, UNK
from decoding.columns import Columns

NEVER_GENERATED = (PAD, UNK, BOS)


class Hypothesis(NamedTuple):
    tokens: list[int]    # without <bos>/<eos>
    score: float         # log p / length ** length_penalty


def normalized(log_prob: float, length: int, length_penalty: float) -> float:
    return log_prob / length ** length_penalty


SHORT = 2      # at most SHORT output tokens per source token, and one more: a one-word source is no sentence


def max_output_lengths(src_lengths: torch.Tensor, a: float, b: int, limit: int) -> torch.Tensor:
    """Longest output per sentence: a * source length + b, and at most SHORT * length + 1 (binds below 18 source
    tokens with the defaults: a loop, or a sentence made up for one word), capped by the model's position limit.
    Both engines use it."""
    lengths = src_lengths.float()
    return torch.minimum(lengths * a + b, lengths * SHORT + 1).long().clamp(1, limit)


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


BLOCK = 64      # vocabulary columns per block of _top_per_row


def _top_per_row(x: Tensor, k: int) -> tuple[Tensor, Tensor]:
    """x.topk(k, dim=-1) of (n, V) rows, in about half the time where V is a multiple of BLOCK: the k largest
    values of a row lie in the k blocks with the largest maxima, so only those blocks are searched (a value outside
    them is beaten by k block maxima). The same values and columns as torch.topk (exact ties aside)."""
    n, vocab = x.shape
    blocks = vocab // BLOCK
    if vocab % BLOCK or blocks < 4 * k:
        return x.topk(k, dim=-1)
    best_blocks = x.view(n, blocks, BLOCK).amax(-1).topk(k, dim=-1).indices                    # (n, k)
    columns = (best_blocks[:, :, None] * BLOCK + torch.arange(BLOCK, device=x.device)).view(n, -1)  # (n, k·BLOCK)
    values, picked = x.gather(1, columns).topk(k, dim=-1)                                         # (n, k)
    return values, columns.gather(1, picked)


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


def search_columns(model, src: Tensor, owed: Owed | None) -> Columns:
    """The model's scored pieces after these sources, unless a sentence owes an id they do not hold (then every id,
    as before)."""
    columns = Columns.of(model, src)
    if owed is not None and len(columns.of_ids(owed.vocabulary)) < len(owed.vocabulary):
        return Columns()
    return columns


def _step_log_probs(model, tokens, memory, src_mask, cache, step, max_lens, rules: Rules,
                    columns: Columns) -> Tensor:
    """Log-probabilities of the next token, (n, K) over the columns, under the rules, with what must come forced
    (`Rules.force`). A model that decodes each step afresh (`skips_rows`: CTranslate2's, decoding/ct2_steps.py) is
    told which rows' logits are not read (their next token is forced), so it need not compute them."""
    skip = dict(skip=rules.forced(step, max_lens)) if getattr(model, "skips_rows", False) else {}
    logits = model.decoder_logits(tokens, memory, src_mask, cache=cache, **skip,
                                  **columns.narrow)[:, -1].float()                     # (n, K)
    rules.apply(logits, step)
    log_probs = logits.log_softmax(-1)
    rules.force(log_probs, step, max_lens)
    return log_probs


@torch.no_grad()
def greedy_search(model, src, src_mask, max_lens, bos: int, eos: int, length_penalty: float = 1.0,
                  banned=NEVER_GENERATED, max_repeat: int = 0, no_repeat_ngram: int = 0,
                  owed: Owed | None = None) -> list[Hypothesis]:
    """src: (b, j), src_mask: (b, 1, 1, j), max_lens: (b,). Returns one Hypothesis per sentence."""
    b = src.size(0)
    memory = model.encode(src, src_mask)
    cache = model.new_cache()
    columns = search_columns(model, src, owed)
    rules = rules_over(columns, banned, eos, max_repeat, b, src.device, no_repeat_ngram, owed)
    max_lens = with_room_for_owed(max_lens, rules)
    tokens = torch.full((b, 1), bos, dtype=torch.long, device=src.device)
    alive = torch.arange(b, device=src.device)            # original index of each row still decoding
    outputs: list[list[int]] = [[] for _ in range(b)]
    log_prob = torch.zeros(b, dtype=torch.float64)
    for step in range(int(max_lens.max()) + 1):
        log_probs = _step_log_probs(model, tokens, memory, src_mask, cache, step, max_lens[alive], rules,
                                    columns)
        best, picked = log_probs.max(dim=-1)                            # (n,) columns
        next_tokens = columns.ids_of(picked)
        log_prob.index_add_(0, alive.cpu(), best.double().cpu())
        for row, token in zip(alive.tolist(), next_tokens.tolist()):
            if token != eos:
                outputs[row].append(token)
        keep = (next_tokens != eos).nonzero().squeeze(-1)
        if keep.numel() == 0:
            break
        if keep.numel() < alive.numel():               # drop finished rows from every tensor and the cache
            alive, memory, src_mask = alive[keep], memory[keep], src_mask[keep]
            cache.reorder(keep)
            next_tokens, picked = next_tokens[keep], picked[keep]
            rules.chosen(picked, keep)
        else:
            rules.chosen(picked)
        tokens = next_tokens[:, None]
    return [Hypothesis(out, normalized(float(lp), len(out) + 1, length_penalty))
            for out, lp in zip(outputs, log_prob)]


@torch.no_grad()
def beam_search(model, src, src_mask, max_lens, bos: int, eos: int, beam: int = 5,
                length_penalty: float = 1.0, n_best: int = 1, banned=NEVER_GENERATED, max_repeat: int = 0,
                no_repeat_ngram: int = 0, owed: Owed | None = None) -> list[list[Hypothesis]]:
    """src: (b, j), src_mask: (b, 1, 1, j), max_lens: (b,).

    Returns, for each sentence, its n_best hypotheses, best first. A sentence is finished once `beam`
    hypotheses have ended in <eos>.
    """
    b, k, device = src.size(0), beam, src.device
    n_best = min(n_best, k)
    memory = model.encode(src, src_mask)                      # (b, j, m): one row per sentence, all its beams
    cache = model.new_cache()
    columns = search_columns(model, src, owed)
    rules = rules_over(columns, banned, eos, max_repeat, b, device, no_repeat_ngram, owed)
    eos_column = columns.of_id(eos)
    max_lens = with_room_for_owed(max_lens, rules)
    # The first step runs once per sentence (all its beams would be the same <bos>), then each row becomes k.
    beams, lens, scores = 1, max_lens, torch.zeros(b, device=device)
    history = torch.full((b, int(max_lens.max()) + 2), bos, dtype=torch.long, device=device)  # (n*beams, T)
    alive = torch.arange(b, device=device)                    # original index of each sentence decoding
    finished: list[list[Hypothesis]] = [[] for _ in range(b)]
    n_finished = torch.zeros(b, dtype=torch.long, device=device)

    for step in range(int(max_lens.max()) + 1):
        n = alive.numel()
        log_probs = _step_log_probs(model, history[:, step:step + 1], memory, src_mask, cache, step, lens,
                                    rules, columns)           # (n*beams, K)
        # each beam's best 2k continuations hold its sentence's best 2k: at least k of them do not end in <eos>
        width = min(2 * k, log_probs.size(-1))
        row_scores, row_tokens = _top_per_row(log_probs, width)                     # (n*beams, w)
        candidates = (scores[:, None] + row_scores).view(n, beams * width)
        top_scores, top_ids = candidates.topk(width, dim=-1)                          # (n, w)
        top_beams = top_ids // width
        top_tokens = row_tokens.view(n, beams * width).gather(1, top_ids)
        is_eos = top_tokens == eos_column                                              # top_tokens: columns

        # Hypotheses ending in <eos> among the best k candidates are finished (Python only for those few).
        ended = (is_eos[:, :k] & (top_scores[:, :k] > float("-inf"))).nonzero()          # (events, 2)
        if ended.numel():
            sentences = alive[ended[:, 0]]
            rows = ended[:, 0] * beams + top_beams[ended[:, 0], ended[:, 1]]
            hyps = history[rows, 1:step + 1].tolist()
            raw = top_scores[ended[:, 0], ended[:, 1]].tolist()
            for sentence, hyp, score in zip(sentences.tolist(), hyps, raw):
                if len(finished[sentence]) < k:
                    finished[sentence].append(Hypothesis(hyp, normalized(score, step + 1, length_penalty)))
            n_finished.index_add_(0, sentences, torch.ones_like(sentences))

        # The best k candidates that do not end in <eos> go on (a stable sort keeps them in score order).
        order = is_eos.to(torch.int8).argsort(dim=-1, stable=True)[:, :k]                # (n, k)
        keep = (n_finished[alive] < k).nonzero().squeeze(-1)      # sentences still decoding
        if keep.numel() == 0:
            break
        if keep.numel() < n:                                  # drop them from every tensor and the cache
            order, top_scores, top_beams, top_tokens = order[keep], top_scores[keep], top_beams[keep], \
                top_tokens[keep]
            alive, memory, src_mask = alive[keep], memory[keep], src_mask[keep]
        beam_rows = (keep[:, None] * beams + top_beams.gather(1, order)).view(-1)      # (n'*k,)
        cache.reorder(beam_rows)                                  # the row each beam continues
        next_columns = top_tokens.gather(1, order).view(-1)
        history = history.index_select(0, beam_rows)
        history[:, step + 1] = columns.ids_of(next_columns)
        rules.chosen(next_columns, beam_rows)
        scores = top_scores.gather(1, order).view(-1)
        beams, lens = k, max_lens[alive].repeat_interleave(k)

    return [sorted(hyps, key=lambda h: -h.score)[:n_best] for hyps in finished]
