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
from decoding.search_rules import Owed, Rules, rules_over, with_room_for_owed

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
    hypotheses have ended in <eos>; all that ended are ranked, those of its last step too, more than `beam` where
    several ended there (one of them may outrank a shorter one that ended first), as CTranslate2 ranks them.
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
