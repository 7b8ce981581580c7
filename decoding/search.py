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

from contextlib import nullcontext
from typing import NamedTuple

import torch
from torch import Tensor

from data.vocab import BOS, PAD, UNK

NEVER_GENERATED = (PAD, UNK, BOS)
PRECISIONS = ("fp32", "bf16")


class Hypothesis(NamedTuple):
    tokens: list[int]    # without <bos>/<eos>
    score: float         # log p / length ** length_penalty


def normalized(log_prob: float, length: int, length_penalty: float) -> float:
    return log_prob / length ** length_penalty


def max_output_lengths(src_lengths: torch.Tensor, a: float, b: int, limit: int) -> torch.Tensor:
    """Longest output per sentence: a * source length + b, capped by the model's position limit."""
    return (src_lengths.float() * a + b).long().clamp(1, limit)


def search_precision(precision: str, device: torch.device):
    """The context the model runs in: fp32 as it is, or bf16 autocast (matrix products in bf16: about twice as fast
    on CPUs with native bf16, and not the same tokens as fp32, so only when asked for)."""
    if precision not in PRECISIONS:
        raise ValueError(f"search precision {precision!r} is not one of {', '.join(PRECISIONS)}")
    return torch.autocast(device.type, dtype=torch.bfloat16) if precision == "bf16" else nullcontext()


class Rules:
    """What a search may choose next, applied to each step's logits (n, V) in place, before the softmax:
    `banned` ids never (at least <pad>, <unk>, <bos>: an output never says <unk>), <eos> not as the first token
    (a translation has at least one token, CTranslate2's minimum decoding length too), and with max_repeat > 0 no
    token that the hypothesis's last max_repeat tokens all are (max_repeat=2: no piece three times in a row)."""

    def __init__(self, banned, eos: int, max_repeat: int, rows: int, device):
        if max_repeat < 0:
            raise ValueError(f"max_repeat={max_repeat} must be at least 0 (0 = no limit)")
        self.banned = torch.tensor(sorted(set(banned)), dtype=torch.long, device=device)
        self.first = torch.tensor(sorted({*banned, eos}), dtype=torch.long, device=device)
        self.eos, self.max_repeat = eos, max_repeat
        self.last = torch.full((rows,), -1, dtype=torch.long, device=device)     # each row's last output token
        self.run = torch.zeros(rows, dtype=torch.long, device=device)          # how often it ends the output

    def apply(self, logits: Tensor, step: int) -> None:
        logits.index_fill_(1, self.first if step == 0 else self.banned, float("-inf"))
        if self.max_repeat:
            blocked = (self.run >= self.max_repeat).nonzero().squeeze(1)                # rows at the limit
            if blocked.numel():
                logits[blocked, self.last[blocked]] = float("-inf")

    def chosen(self, tokens: Tensor, rows: Tensor | None = None) -> None:
        """Row r of the batch now continues old row rows[r] (None: the same rows) with tokens[r]."""
        if not self.max_repeat:
            return
        last, run = (self.last, self.run) if rows is None else (self.last[rows], self.run[rows])
        self.run = torch.where(tokens == last, run + 1, 1)
        self.last = tokens


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


def _step_log_probs(model, tokens, memory, src_mask, cache, step, max_lens, eos, rules: Rules) -> Tensor:
    """Log-probabilities of the next token, (n, V), under the rules, with <eos> forced where a row reached its
    length limit."""
    logits = model.decoder_logits(tokens, memory, src_mask, cache=cache)[:, -1].float()   # (n, V)
    rules.apply(logits, step)
    log_probs = logits.log_softmax(-1)
    at_limit = (max_lens <= step).nonzero().squeeze(1)                       # rows that must end now
    if at_limit.numel():
        log_probs.index_fill_(0, at_limit, float("-inf"))
        log_probs[at_limit, eos] = 0.0
    return log_probs


@torch.no_grad()
def greedy_search(model, src, src_mask, max_lens, bos: int, eos: int, length_penalty: float = 1.0,
                  banned=NEVER_GENERATED, max_repeat: int = 0, precision: str = "fp32") -> list[Hypothesis]:
    """src: (b, j), src_mask: (b, 1, 1, j), max_lens: (b,). Returns one Hypothesis per sentence."""
    b = src.size(0)
    with search_precision(precision, src.device):
        memory = model.encode(src, src_mask)
        cache = model.new_cache()
        rules = Rules(banned, eos, max_repeat, b, src.device)
        tokens = torch.full((b, 1), bos, dtype=torch.long, device=src.device)
        alive = torch.arange(b, device=src.device)            # original index of each row still decoding
        outputs: list[list[int]] = [[] for _ in range(b)]
        log_prob = torch.zeros(b, dtype=torch.float64)
        for step in range(int(max_lens.max()) + 1):
            log_probs = _step_log_probs(model, tokens, memory, src_mask, cache, step, max_lens[alive], eos, rules)
            best, next_tokens = log_probs.max(dim=-1)                       # (n,)
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
                next_tokens = next_tokens[keep]
                rules.chosen(next_tokens, keep)
            else:
                rules.chosen(next_tokens)
            tokens = next_tokens[:, None]
    return [Hypothesis(out, normalized(float(lp), len(out) + 1, length_penalty))
            for out, lp in zip(outputs, log_prob)]


@torch.no_grad()
def beam_search(model, src, src_mask, max_lens, bos: int, eos: int, beam: int = 5,
                length_penalty: float = 1.0, n_best: int = 1, banned=NEVER_GENERATED, max_repeat: int = 0,
                precision: str = "fp32") -> list[list[Hypothesis]]:
    """src: (b, j), src_mask: (b, 1, 1, j), max_lens: (b,).

    Returns, for each sentence, its n_best hypotheses, best first. A sentence is finished once `beam`
    hypotheses have ended in <eos>.
    """
    b, k, device = src.size(0), beam, src.device
    n_best = min(n_best, k)
    with search_precision(precision, device):
        memory = model.encode(src, src_mask)                      # (b, j, m): one row per sentence, all its beams
        cache = model.new_cache()
        rules = Rules(banned, eos, max_repeat, b, device)
        # The first step runs once per sentence (all its beams would be the same <bos>), then each row becomes k.
        beams, lens, scores = 1, max_lens, torch.zeros(b, device=device)
        history = torch.full((b, int(max_lens.max()) + 2), bos, dtype=torch.long, device=device)  # (n*beams, T)
        alive = torch.arange(b, device=device)                    # original index of each sentence decoding
        finished: list[list[Hypothesis]] = [[] for _ in range(b)]
        n_finished = torch.zeros(b, dtype=torch.long, device=device)

        for step in range(int(max_lens.max()) + 1):
            n = alive.numel()
            log_probs = _step_log_probs(model, history[:, step:step + 1], memory, src_mask, cache, step, lens, eos,
                                        rules)                    # (n*beams, V)
            # each beam's best 2k continuations hold its sentence's best 2k: at least k of them do not end in <eos>
            width = min(2 * k, log_probs.size(-1))
            row_scores, row_tokens = _top_per_row(log_probs, width)                     # (n*beams, w)
            candidates = (scores[:, None] + row_scores).view(n, beams * width)
            top_scores, top_ids = candidates.topk(width, dim=-1)                          # (n, w)
            top_beams = top_ids // width
            top_tokens = row_tokens.view(n, beams * width).gather(1, top_ids)
            is_eos = top_tokens == eos

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
            next_tokens = top_tokens.gather(1, order).view(-1)
            history = history.index_select(0, beam_rows)
            history[:, step + 1] = next_tokens
            rules.chosen(next_tokens, beam_rows)
            scores = top_scores.gather(1, order).view(-1)
            beams, lens = k, max_lens[alive].repeat_interleave(k)

    return [sorted(hyps, key=lambda h: -h.score)[:n_best] for hyps in finished]
