"""decoding/rerank.py: a model of both directions ranks its beam's hypotheses by their score plus the weighted score
of the way back (the source given each hypothesis, forced the other way)."""
from dataclasses import replace

import pytest

from decoding.load import load_translator
from decoding.rerank import back_scores, reranked
from decoding.search import Hypothesis
from decoding.translator import Translator
from util.errors import UserError

LINES = ["Der Hund schläft im Park.", "Eine Frau liest ein Buch.", "Ein Mann spielt Fußball."]


@pytest.fixture(scope="module")
def both(both_run):
    return load_translator(both_run / "best.pt")


def test_the_way_back_reorders_by_score_plus_weight_times_its_score_and_keeps_ties_in_order():
    found = [Hypothesis([1], -0.5), Hypothesis([2], -0.75), Hypothesis([3], -1.0), Hypothesis([4], -1.25)]
    back = [-3.0, -1.0, -2.0, -4.0]
    assert [h.tokens for h in reranked(found, back, 0.0)] == [[1], [2], [3], [4]]
    assert [h.tokens for h in reranked(found, back, 0.5)] == [[2], [1], [3], [4]]    # -1.25, -2.0, -2.0 (tie), -3.25
    assert [h.tokens for h in reranked(found, [-1.0] * 4, 5.0)] == [[1], [2], [3], [4]]


def test_the_way_back_reads_each_hypothesis_after_the_other_tag_and_scores_its_source_in_batches_by_length():
    calls = []

    def score(src_ids, tgt_ids):
        calls.append((src_ids, tgt_ids))
        return [[-1.0] * (len(t) + 1) if s[-1] == 7 else [-2.0, -4.0] for s, t in zip(src_ids, tgt_ids)]

    found = [[Hypothesis([5, 6, 7, 8], -0.1), Hypothesis([7], -0.2)], [Hypothesis([9], -0.3)]]
    back = back_scores(score, [2], [[11, 12], [13]], found, limit=3, batch=2)
    assert calls == [([[2, 9], [2, 7]], [[13], [11, 12]]), ([[2, 5, 6, 7]], [[11, 12]])]  # by length; cut to 3
    assert back == [[-1.0, -1.0], [-3.0]]                      # per token, <eos> counted


class ShortWayBack:
    """The model's engine, but its way back scores a hypothesis by its length only: minus its ids a token."""

    def __init__(self, engine):
        self.engine = engine

    def __getattr__(self, name):
        return getattr(self.engine, name)

    def score(self, src_ids, tgt_ids):
        return [[-float(len(s))] * (len(t) + 1) for s, t in zip(src_ids, tgt_ids)]


def test_reranking_picks_the_hypothesis_whose_score_and_way_back_sum_highest(both):
    weight, decode = 0.05, replace(both.cfg.decode, beam=4, n_best=4)
    found = both.search(both.codec.ids(LINES), decode)
    back = len(both.toward("de").codec.prefix)
    picks = [max(range(len(hs)), key=lambda k: hs[k].score - weight * (back + len(hs[k].tokens))) for hs in found]
    assert any(picks)                                    # the way back overrules the search somewhere
    short = Translator(both.cfg, both.codec, ShortWayBack(both.engine), both.lexicon)
    chosen = short.translate(LINES, replace(decode, n_best=1, rerank=weight))
    assert chosen == [n_best[k].text for n_best, k in zip(both.translate_n_best(LINES, decode), picks)]


def test_reranking_keeps_n_best_and_with_one_hypothesis_is_the_search(both):
    decode = replace(both.cfg.decode, beam=4, n_best=2, rerank=0.5)
    assert [len(n_best) for n_best in both.translate_n_best(LINES, decode)] == [2, 2, 2]
    greedy = replace(both.cfg.decode, beam=1)
    assert both.translate(LINES, replace(greedy, rerank=2.0)) == both.translate(LINES, greedy)


def test_a_model_of_one_direction_has_no_way_back(tiny_run):
    one = load_translator(tiny_run / "best.pt")
    with pytest.raises(UserError, match="needs a model of both directions"):
        one.translate(LINES[:1], replace(one.cfg.decode, rerank=0.3))
