"""decoding/confidence.py: the geometric mean token probability of a translation, a line's from its sentences', and
the figures that say how well it ranks."""
import math

import pytest

from decoding.confidence import auc, confidence, line_confidence, mean_log_prob, ranking, spearman
from decoding.search import Hypothesis, normalized


def test_the_confidence_is_the_geometric_mean_token_probability_between_0_and_1():
    assert confidence(math.log(0.5)) == 0.5 and confidence(0.0) == 1.0
    assert confidence(float("-inf")) == 0.0 and confidence(float("nan")) == 0.0
    assert confidence(-0.5) == round(math.exp(-0.5), 3)
    assert confidence(1e-9) == 1.0        # a rounding error above 0 stays a probability


@pytest.mark.parametrize("length_penalty", [0.0, 0.6, 1.0, 2.0])
def test_the_mean_log_probability_is_the_same_whatever_length_penalty_ranked_the_hypothesis(length_penalty):
    hyp = Hypothesis([5, 6, 7], normalized(-2.0, 4, length_penalty))      # 3 tokens and <eos>
    assert mean_log_prob(hyp, length_penalty) == pytest.approx(-0.5)


def test_a_line_is_as_confident_as_its_least_confident_sentence():
    assert line_confidence([0.8, 0.3, 0.9]) == 0.3
    assert line_confidence([]) == 1.0


def test_the_ranking_sets_the_lowest_tenth_against_the_rest():
    confidences = [0.9, 0.1, 0.5, 0.7, 0.2, 0.6, 0.8, 0.3, 0.4, 0.95] * 2
    qualities = [c * 100 for c in confidences]
    found = ranking(confidences, qualities)
    assert found.low_count == 2 and found.low_quality == pytest.approx(10)
    assert found.rest_quality == pytest.approx((sum(qualities) - 20) / 18) and found.spearman == pytest.approx(1)
    assert ranking(confidences, [-q for q in qualities]).spearman == pytest.approx(-1)
    with pytest.raises(ValueError, match="at least two"):
        ranking([0.5], [10.0])


def test_spearman_gives_tied_values_their_mean_rank():
    # ranks (1, 2.5, 2.5, 4) against (1, 2, 3, 4): 4.5 / sqrt(5 * 4.5)
    assert spearman([1, 2, 2, 3], [1, 2, 3, 4]) == pytest.approx(4.5 / math.sqrt(22.5))
    assert spearman([1, 1, 1], [1, 2, 3]) == 0.0


def test_auc_is_the_share_of_pairs_ranked_right_with_ties_as_half():
    assert auc([0.9, 0.8], [0.1, 0.2]) == 1.0 and auc([0.1], [0.9]) == 0.0
    assert auc([0.5, 0.9], [0.5, 0.1]) == pytest.approx((0.5 + 1 + 1 + 1) / 4)
