"""Greedy and beam search over a model with `encode`, `decode(tokens, memory, src_mask, cache)` and `new_cache()`.

Both are batched over sentences (and beams), use the model's KV cache (one new token per step), and stop each
hypothesis at <eos>. A sentence produces at least one and at most `max_lens[n]` tokens before <eos>; at that length
<eos> is forced.
Both score a hypothesis as (sum of its token log-probabilities, <eos> included) / length ** length_penalty, with
length counting <eos>. Beam search with beam 1 takes exactly the greedy path and gives the same scores.
"""
from __future__ import annotations

from typing import NamedTuple

import torch

from data.vocab import BOS, PAD, UNK

NEVER_GENERATED = (PAD, UNK, BOS)


class Hypothesis(NamedTuple):
    tokens: list[int]    # without <bos>/<eos>
    score: float         # log p / length ** length_penalty


def normalized(log_prob: float, length: int, length_penalty: float) -> float:
    return log_prob / length ** length_penalty


def max_output_lengths(src_lengths: torch.Tensor, a: float, b: int, limit: int) -> torch.Tensor:
    """Longest output per sentence: a * source length + b, capped by the model's position limit."""
    return (src_lengths.float() * a + b).long().clamp(1, limit)


def _step_log_probs(model, tokens, memory, src_mask, cache, step, max_lens, eos, banned) -> torch.Tensor:
    """Log-probabilities of the next token, (n, V), with <eos> forced where a row reached its length limit.

    `banned` ids are never chosen (at least <pad>, <unk>, <bos>: an output never says <unk>), and <eos> not as the
    first token: a translation has at least one token (CTranslate2's minimum decoding length too)."""
    logits = model.decode(tokens, memory, src_mask, cache=cache)[:, -1].float()   # (n, V)
    logits[:, list(banned) + ([eos] if step == 0 else [])] = float("-inf")
    log_probs = logits.log_softmax(-1)
    at_limit = max_lens <= step                                           # (n,)
    if at_limit.any():
        forced = torch.full_like(log_probs, float("-inf"))
        forced[:, eos] = 0.0
        log_probs = torch.where(at_limit[:, None], forced, log_probs)
    return log_probs


@torch.no_grad()
def greedy_search(model, src, src_mask, max_lens, bos: int, eos: int, length_penalty: float = 1.0,
                  banned=NEVER_GENERATED) -> list[Hypothesis]:
    """src: (b, j), src_mask: (b, 1, 1, j), max_lens: (b,). Returns one Hypothesis per sentence."""
    b = src.size(0)
    memory = model.encode(src, src_mask)
    cache = model.new_cache()
    tokens = torch.full((b, 1), bos, dtype=torch.long, device=src.device)
    alive = torch.arange(b, device=src.device)            # original index of each row still decoding
    outputs: list[list[int]] = [[] for _ in range(b)]
    log_prob = torch.zeros(b, dtype=torch.float64)
    for step in range(int(max_lens.max()) + 1):
        log_probs = _step_log_probs(model, tokens, memory, src_mask, cache, step, max_lens[alive], eos, banned)
        best, next_tokens = log_probs.topk(1, dim=-1)                   # (n, 1)
        next_tokens = next_tokens.squeeze(-1)                           # (n,)
        log_prob.index_add_(0, alive.cpu(), best.squeeze(-1).double().cpu())
        for row, token in zip(alive.tolist(), next_tokens.tolist()):
            if token != eos:
                outputs[row].append(token)
        keep = (next_tokens != eos).nonzero().squeeze(-1)
        if keep.numel() == 0:
            break
        if keep.numel() < alive.numel():                   # drop finished rows from every tensor and the cache
            alive, memory, src_mask = alive[keep], memory[keep], src_mask[keep]
            cache.reorder(keep)
        tokens = next_tokens[keep, None]
    return [Hypothesis(out, normalized(float(lp), len(out) + 1, length_penalty))
            for out, lp in zip(outputs, log_prob)]


@torch.no_grad()
def beam_search(model, src, src_mask, max_lens, bos: int, eos: int, beam: int = 5,
                length_penalty: float = 1.0, n_best: int = 1, banned=NEVER_GENERATED) -> list[list[Hypothesis]]:
    """src: (b, j), src_mask: (b, 1, 1, j), max_lens: (b,).

    Returns, for each sentence, its n_best hypotheses, best first. A sentence is finished once `beam`
    hypotheses have ended in <eos>.
    """
    b, k, device = src.size(0), beam, src.device
    n_best = min(n_best, k)
    memory = model.encode(src, src_mask)
    rows = torch.arange(b, device=device).repeat_interleave(k)    # (b*k,) beam row -> sentence
    memory, src_mask, lens = memory[rows], src_mask[rows], max_lens[rows]
    cache = model.new_cache()
    scores = torch.zeros(b, k, device=device)
    scores[:, 1:] = float("-inf")                                 # all beams start as the same <bos>
    prefixes = torch.full((b, k, 1), bos, dtype=torch.long, device=device)   # (n, k, t+1)
    alive = torch.arange(b, device=device)                        # original index of each sentence decoding
    finished: list[list[Hypothesis]] = [[] for _ in range(b)]
    n_finished = torch.zeros(b, dtype=torch.long, device=device)

    for step in range(int(max_lens.max()) + 1):
        n = alive.numel()
        log_probs = _step_log_probs(model, prefixes[:, :, -1].reshape(n * k, 1), memory, src_mask, cache, step,
                                    lens, eos, banned)            # (n*k, V)
        vocab = log_probs.size(-1)
        candidates = (scores[:, :, None] + log_probs.view(n, k, vocab)).view(n, k * vocab)
        top_scores, top_ids = candidates.topk(2 * k, dim=-1)      # (n, 2k): at least k do not end in <eos>
        top_beams, top_tokens = top_ids // vocab, top_ids % vocab
        is_eos = top_tokens == eos

        # Hypotheses ending in <eos> among the best k candidates are finished (Python only for those few).
        ended = (is_eos[:, :k] & (top_scores[:, :k] > float("-inf"))).nonzero()          # (events, 2)
        if ended.numel():
            sentences = alive[ended[:, 0]]
            hyps = prefixes[ended[:, 0], top_beams[ended[:, 0], ended[:, 1]], 1:].tolist()
            raw = top_scores[ended[:, 0], ended[:, 1]].tolist()
            for sentence, hyp, score in zip(sentences.tolist(), hyps, raw):
                if len(finished[sentence]) < k:
                    finished[sentence].append(Hypothesis(hyp, normalized(score, step + 1, length_penalty)))
            n_finished.index_add_(0, sentences, torch.ones_like(sentences))

        # The best k candidates that do not end in <eos> go on (a stable sort keeps them in score order).
        order = is_eos.to(torch.int8).argsort(dim=-1, stable=True)[:, :k]                # (n, k)
        next_scores = top_scores.gather(1, order)
        next_beams = top_beams.gather(1, order)
        next_tokens = top_tokens.gather(1, order)

        keep = (n_finished[alive] < k).nonzero().squeeze(-1)      # sentences still decoding
        if keep.numel() == 0:
            break
        beam_rows = ((keep[:, None] * k) + next_beams[keep]).view(-1)                    # (n'*k,)
        cache.reorder(beam_rows)
        prefixes = torch.cat([prefixes.view(n * k, -1)[beam_rows].view(keep.numel(), k, -1),
                              next_tokens[keep, :, None]], dim=-1)
        scores = next_scores[keep]
        if keep.numel() < n:
            alive = alive[keep]
            rows_kept = (keep[:, None] * k + torch.arange(k, device=device)).view(-1)
            memory, src_mask, lens = memory[rows_kept], src_mask[rows_kept], lens[rows_kept]

    return [sorted(hyps, key=lambda h: -h.score)[:n_best] for hyps in finished]
