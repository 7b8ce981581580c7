"""Greedy and beam search against a toy decoder whose next-token probabilities depend on the last token only."""
import math

import pytest
import torch

from decoding.search import Hypothesis, beam_search, greedy_search, max_output_lengths
from decoding.search_rules import Owed, repeated_ngram_ends

BOS, EOS, A, B = 2, 3, 4, 5


class ToyCache:
    def __init__(self):
        self.length = 0

    def reorder(self, indices):
        pass


class MarkovModel:
    """Next-token distribution = table[last token]; the 'source' is ignored."""

    def __init__(self, table: torch.Tensor):
        self.table = table.log()                       # (V, V) rows: previous token

    def encode(self, src, src_mask):
        return torch.zeros(src.size(0), src.size(1), 1)

    def new_cache(self):
        return ToyCache()

    def decoder_logits(self, tokens, memory, src_mask, cache=None):
        if cache is not None:
            cache.length += tokens.size(1)
        return self.table[tokens]                      # (b, i, V)


def table(rows: dict[int, dict[int, float]], vocab: int = 6) -> torch.Tensor:
    t = torch.full((vocab, vocab), 1e-30)
    for prev, probs in rows.items():
        for tok, p in probs.items():
            t[prev, tok] = p
    return t / t.sum(-1, keepdim=True)


# Greedy takes A (0.6) then <eos> (0.5): p = 0.30. Beam 2 also finds B then <eos>: 0.4 * 0.9 = 0.36.
TOY = table({BOS: {A: 0.6, B: 0.4}, A: {EOS: 0.5, A: 0.1, B: 0.4}, B: {EOS: 0.9, A: 0.05, B: 0.05},
             EOS: {EOS: 1.0}})


def run(model, beam, n_sentences=1, max_len=10, **kw):
    src = torch.ones(n_sentences, 3, dtype=torch.long)
    mask = torch.ones(n_sentences, 1, 1, 3, dtype=torch.bool)
    lens = torch.full((n_sentences,), max_len)
    if beam == 0:
        return greedy_search(model, src, mask, lens, BOS, EOS, **kw)
    return beam_search(model, src, mask, lens, BOS, EOS, beam=beam, **kw)


def test_greedy_follows_the_most_likely_token_and_scores_it():
    assert run(MarkovModel(TOY), beam=0) == [Hypothesis([A], pytest.approx(math.log(0.30) / 2, abs=1e-5))]


def test_beam_two_finds_the_better_hypothesis_with_exact_scores():
    hyps = run(MarkovModel(TOY), beam=2, n_best=2, length_penalty=0.0)[0]
    assert [h.tokens for h in hyps] == [[B], [A]]
    assert hyps[0].score == pytest.approx(math.log(0.36), abs=1e-5)
    assert hyps[1].score == pytest.approx(math.log(0.30), abs=1e-5)


def test_length_penalty_divides_by_length_including_eos():
    hyps = run(MarkovModel(TOY), beam=2, n_best=2, length_penalty=1.0)[0]
    assert hyps[0].score == pytest.approx(math.log(0.36) / 2, abs=1e-5)


def test_a_hypothesis_ending_after_beam_others_have_ended_is_kept_when_it_scores_better():
    """Two end at the last step, the fourth and third to end: the fourth beats the short one that ended first, so the
    2-best are the two of the last step (CTranslate2 keeps every hypothesis that ends, then ranks them)."""
    c = 6
    model = MarkovModel(table({BOS: {c: 1.0}, c: {A: 0.5, EOS: 0.3, B: 0.2}, A: {EOS: 0.9, A: 0.05, B: 0.05},
                               B: {EOS: 0.9, A: 0.05, B: 0.05}, EOS: {EOS: 1.0}}, vocab=7))
    hyps = run(model, beam=2, n_best=2, length_penalty=1.0)[0]
    assert [h.tokens for h in hyps] == [[c, A], [c, B]]
    assert hyps[1].score == pytest.approx(math.log(0.18) / 3, abs=1e-5)


def test_eos_is_forced_at_the_length_limit():
    loop = table({BOS: {A: 1.0}, A: {A: 0.9, EOS: 0.1}, EOS: {EOS: 1.0}})
    assert run(MarkovModel(loop), beam=0, max_len=4)[0].tokens == [A, A, A, A]
    hyps = run(MarkovModel(loop), beam=1, max_len=4)[0]
    assert hyps[0].tokens == [A, A, A, A]


@pytest.mark.parametrize("seed", range(5))
def test_beam_one_equals_greedy_on_random_tables(seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.rand(8, 8, generator=g) ** 3
    t[:, :2] = 1e-30                                      # never <pad> or <unk>
    model = MarkovModel(t / t.sum(-1, keepdim=True))
    greedy = run(model, beam=0, n_sentences=3, max_len=12)
    beam = run(model, beam=1, n_sentences=3, max_len=12)
    assert [n_best[0] for n_best in beam] == [Hypothesis(h.tokens, pytest.approx(h.score, abs=1e-4)) for h in greedy]


def test_unknown_padding_and_bos_are_never_generated():
    from data.vocab import PAD, UNK
    favours_unk = table({BOS: {UNK: 0.7, PAD: 0.2, A: 0.1}, A: {UNK: 0.6, BOS: 0.3, EOS: 0.1},
                         UNK: {UNK: 1.0}, EOS: {EOS: 1.0}})
    model = MarkovModel(favours_unk)
    assert run(model, beam=0, max_len=5)[0].tokens == [A]
    for hyp in run(model, beam=3, n_best=3, max_len=5)[0]:
        assert not {UNK, PAD, BOS} & set(hyp.tokens)


# A -> A with 0.9: without a limit greedy and beam repeat A until the length limit forces <eos>.
STUCK = table({BOS: {A: 0.8, B: 0.2}, A: {A: 0.9, B: 0.05, EOS: 0.05}, B: {A: 0.6, B: 0.3, EOS: 0.1},
               EOS: {EOS: 1.0}})


def longest_run(tokens: list[int]) -> int:
    runs, current = [0], 0
    for n, token in enumerate(tokens):
        current = current + 1 if n and token == tokens[n - 1] else 1
        runs.append(current)
    return max(runs)


@pytest.mark.parametrize("beam", [0, 1, 3])
def test_max_repeat_stops_a_forced_repetition(beam):
    model = MarkovModel(STUCK)
    unlimited = run(model, beam=beam, max_len=8)
    unlimited = unlimited[0] if beam == 0 else unlimited[0][0]
    assert unlimited.tokens == [A] * 8
    src, mask, lens = torch.ones(1, 3, dtype=torch.long), torch.ones(1, 1, 1, 3, dtype=torch.bool), torch.tensor([8])
    for max_repeat in (1, 2, 3):
        if beam == 0:
            hyps = greedy_search(model, src, mask, lens, BOS, EOS, max_repeat=max_repeat)
        else:
            hyps = beam_search(model, src, mask, lens, BOS, EOS, beam=beam, n_best=beam, max_repeat=max_repeat)[0]
        assert all(longest_run(h.tokens) == max_repeat for h in hyps)


def test_max_repeat_is_counted_per_hypothesis_across_beam_reordering():
    g = torch.Generator().manual_seed(3)
    t = torch.rand(8, 8, generator=g) ** 3
    t[:, :2] = 1e-30
    t[4:, 4:] += torch.eye(4) * 3                         # every token likes to repeat itself
    model = MarkovModel(t / t.sum(-1, keepdim=True))
    free = run(model, beam=4, n_sentences=2, n_best=4, max_len=12)
    assert max(longest_run(h.tokens) for n_best in free for h in n_best) > 2
    limited = run(model, beam=4, n_sentences=2, n_best=4, max_len=12, max_repeat=2)
    assert max(longest_run(h.tokens) for n_best in limited for h in n_best) == 2


@pytest.mark.parametrize("seed", range(3))
def test_max_repeat_zero_is_off_and_a_binding_limit_is_not(seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.rand(8, 8, generator=g) ** 3
    t[:, :2] = 1e-30
    t[4:, 4:] += torch.eye(4)
    model = MarkovModel(t / t.sum(-1, keepdim=True))
    off = run(model, beam=3, n_sentences=2, n_best=3, max_len=10, max_repeat=0)
    assert run(model, beam=3, n_sentences=2, n_best=3, max_len=10, max_repeat=11) == off     # cannot bind
    longest = max(longest_run(h.tokens) for n_best in off for h in n_best)
    assert longest >= 2
    assert run(model, beam=3, n_sentences=2, n_best=3, max_len=10, max_repeat=longest - 1) != off


@pytest.mark.parametrize("seed", range(3))
def test_beam_one_equals_greedy_with_max_repeat(seed):
    g = torch.Generator().manual_seed(seed)
    t = torch.rand(8, 8, generator=g) ** 3
    t[:, :2] = 1e-30
    t[4:, 4:] += torch.eye(4) * 2
    model = MarkovModel(t / t.sum(-1, keepdim=True))
    src, mask = torch.ones(3, 3, dtype=torch.long), torch.ones(3, 1, 1, 3, dtype=torch.bool)
    lens = torch.full((3,), 12)
    greedy = greedy_search(model, src, mask, lens, BOS, EOS, max_repeat=1)
    beam = beam_search(model, src, mask, lens, BOS, EOS, beam=1, max_repeat=1)
    assert [n_best[0] for n_best in beam] == [Hypothesis(h.tokens, pytest.approx(h.score, abs=1e-4)) for h in greedy]


@pytest.mark.parametrize("vocab, k", [(64 * 40, 5), (64 * 40, 10), (1000, 3), (64 * 8, 4)])
def test_the_blocked_top_k_finds_what_topk_finds(vocab, k):
    from decoding.search import _top_per_row
    g = torch.Generator().manual_seed(vocab + k)
    x = torch.randn(30, vocab, generator=g).log_softmax(-1)
    x[3, :100] = float("-inf")                                 # banned tokens
    x[4, 7 * 64:8 * 64] += 20                                  # one block holds every winner
    values, columns = _top_per_row(x, k)
    expected = x.topk(k, dim=-1)
    assert torch.equal(values, expected.values) and torch.equal(columns, expected.indices)


P0, P1 = 6, 7                                       # two placeholder ids of an 8-id vocabulary
PLACEHOLDER_FREE = table({BOS: {A: 0.6, B: 0.4}, A: {B: 0.5, EOS: 0.5}, B: {EOS: 0.9, A: 0.1},
                          P0: {EOS: 0.9, A: 0.1}, P1: {EOS: 0.9, A: 0.1}, EOS: {EOS: 1.0}}, vocab=8)
PLACEHOLDER_LOOP = table({BOS: {P0: 0.9, A: 0.1}, A: {P0: 0.8, EOS: 0.2}, B: {P0: 0.8, EOS: 0.2},
                          P0: {P0: 0.7, A: 0.2, EOS: 0.1}, P1: {P0: 0.8, EOS: 0.2}, EOS: {EOS: 1.0}}, vocab=8)


def owed_runs(model, owed, max_len=10, **kw):
    n = len(owed)
    src, mask = torch.ones(n, 3, dtype=torch.long), torch.ones(n, 1, 1, 3, dtype=torch.bool)
    lens = torch.full((n,), max_len)
    rules = Owed(owed, [P0, P1])
    return [[h] for h in greedy_search(model, src, mask, lens, BOS, EOS, owed=rules, **kw)], \
        beam_search(model, src, mask, lens, BOS, EOS, beam=3, n_best=3, owed=rules, **kw)


@pytest.mark.parametrize("model", [PLACEHOLDER_FREE, PLACEHOLDER_LOOP], ids=["never-writes-one", "writes-one-again"])
def test_each_owed_placeholder_comes_exactly_once_and_no_other(model):
    owed = [[P0, P1], [P1], []]
    free = run(MarkovModel(model), beam=0, n_sentences=1)[0].tokens
    assert free.count(P0) == 0 if model is PLACEHOLDER_FREE else free.count(P0) > 1
    for found in owed_runs(MarkovModel(model), owed):
        for n_best, tokens in zip(found, owed):
            assert all(sorted(t for t in h.tokens if t in (P0, P1)) == tokens for h in n_best)


def test_owed_placeholders_are_forced_out_in_order_when_only_their_room_is_left():
    loop = table({BOS: {A: 1.0}, A: {A: 0.9, EOS: 0.1}, P0: {A: 1.0}, P1: {A: 1.0}, EOS: {EOS: 1.0}}, vocab=8)
    greedy, beam = owed_runs(MarkovModel(loop), [[P1, P0]], max_len=4)
    assert greedy[0][0].tokens == [A, A, P0, P1] and beam[0][0].tokens == [A, A, P0, P1]
    greedy, beam = owed_runs(MarkovModel(loop), [[P0, P1]], max_len=1)     # the limit makes room for them
    assert greedy[0][0].tokens == beam[0][0].tokens == [P0, P1]


def ngram_bans(history: list[int], n: int) -> set[int]:
    """CTranslate2's NoRepeatNgramPenalty, as written there: each earlier n-gram whose first n - 1 tokens are the
    last n - 1 bans its last token."""
    if len(history) < n:
        return set()
    tail = history[len(history) - n + 1:]
    return {history[p + n - 1] for p in range(len(history) - n + 1) if history[p:p + n - 1] == tail}


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_repeated_ngram_ends_are_what_ctranslate2_bans(n):
    g = torch.Generator().manual_seed(n)
    history = torch.randint(0, 3, (40, 9), generator=g)
    rows, tokens = repeated_ngram_ends(history, n)
    found = [set() for _ in history]
    for row, token in zip(rows.tolist(), tokens.tolist()):
        found[row].add(token)
    assert found == [ngram_bans(h, n) for h in history.tolist()]
    assert any(found) and (n == 1 or not all(found))


@pytest.mark.parametrize("beam", [0, 1, 3])
def test_no_repeat_ngram_stops_a_cycle_that_max_repeat_lets_through(beam):
    cycle = table({BOS: {A: 1.0}, A: {B: 0.99, EOS: 0.01}, B: {A: 0.99, EOS: 0.01}, EOS: {EOS: 1.0}})

    def hyps(**kw):
        found = run(MarkovModel(cycle), beam=beam, max_len=9, max_repeat=2, **kw, **({"n_best": 3} if beam else {}))
        return found if beam == 0 else found[0]
    assert max(len(h.tokens) for h in hyps()) == (9 if beam <= 1 else 3)   # greedy: A B A B ... to the limit
    for n in (2, 3):
        found = hyps(no_repeat_ngram=n)
        assert max(len(h.tokens) for h in found) <= n + 1              # the next token would repeat an n-gram
        for h in found:
            grams = [tuple(h.tokens[i:i + n]) for i in range(len(h.tokens) - n + 1)]
            assert len(grams) == len(set(grams))


def test_a_one_token_source_gets_a_short_output_and_long_ones_keep_a_times_length_plus_b():
    lengths = max_output_lengths(torch.tensor([1, 2, 5, 20, 60]), 1.5, 10, 100)
    assert lengths.tolist() == [3, 5, 11, 40, 100]
