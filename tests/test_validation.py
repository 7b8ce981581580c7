"""training/validation.py: the validations during a run search the first --train.val_max_sentences at
--train.val_beam (cheap in a short budget); the final one searches all of val at --train.final_beam."""
import random
from contextlib import nullcontext

import pytest
import torch

from config.presets import make_config
from data.prepared import SplitData
from tests.tiny_models import tiny_trainable
from training.validation import ValScores, val_split_scores


class EchoTranslator:
    """Writes each reference back, and remembers what it was asked to translate, at which beam."""

    def __init__(self, refs):
        self.refs, self.calls = refs, []

    def translate(self, texts, decode):
        self.calls.append((len(texts), decode.beam))
        return self.refs[:len(texts)]


@pytest.mark.parametrize("full, sentences, beam", [(False, 4, 1), (True, 10, 5)])
def test_validation_during_the_run_searches_a_fixed_subset_greedily_and_the_final_one_all_of_val(full, sentences,
                                                                                                beam):
    model, _ = tiny_trainable()
    cfg = make_config("tiny", ["train.val_max_sentences=4", "train.val_beam=1", "train.final_beam=5"])
    model.eval()
    rng = random.Random(0)
    ids = [[rng.randrange(4, 30) for _ in range(5)] for _ in range(10)]
    refs = [f"a man with {n} dogs walks down the street" for n in range(10)]
    split = SplitData(src=ids, tgt=ids, tgt_text=refs, src_text=[f"Satz {n}" for n in range(10)])
    translator = EchoTranslator(refs)
    loss, bleu = val_split_scores(model, translator, split, cfg, torch.device("cpu"), nullcontext(), full=full)
    assert translator.calls == [(sentences, beam)] and bleu == pytest.approx(100.0) and loss > 0


@pytest.mark.parametrize("full", [False, True])
def test_the_final_validation_runs_in_fp32_as_evaluate_py_and_those_during_the_run_in_the_runs_precision(full):
    """The final validation decoded under the run's bf16 autocast: the card's val BLEU (41.93 de->en) was not the
    figure evaluate.py gives for the same best.pt (41.75)."""
    entered = []

    class Autocast:
        def __enter__(self):
            entered.append(True)

        def __exit__(self, *exc):
            return False
    model, _ = tiny_trainable()
    cfg = make_config("tiny", ["train.val_max_sentences=2"])
    split = SplitData(src=[[5, 6], [7, 8]], tgt=[[9, 10], [11]], tgt_text=["a", "b"], src_text=["x", "y"])
    val_split_scores(model, EchoTranslator(["a", "b"]), split, cfg, torch.device("cpu"), Autocast(), full=full)
    assert bool(entered) is not full


def test_a_val_pair_longer_than_the_position_table_is_left_out_of_the_loss_and_cut_for_the_search():
    """An 80-word val line stopped a run at its first validation ("position 91 is beyond the position table"),
    with nothing saved."""
    model, _ = tiny_trainable()
    model.eval()
    cfg = make_config("tiny", ["train.val_max_sentences=3"])
    long = [5] * (cfg.model.max_len + 30)
    split = SplitData(src=[[5, 6], long, [7, 8]], tgt=[[9, 10], long, [11]], tgt_text=["a", "b", "c"])

    class Searching:
        codec = type("Codec", (), {"text": staticmethod(lambda ids: "a")})

        def search(self, sources, decode):
            assert max(map(len, sources)) <= cfg.model.max_len
            return [[type("Hypothesis", (), {"tokens": [5]})] for _ in sources]
    loss, bleu = val_split_scores(model, Searching(), split, cfg, torch.device("cpu"), nullcontext())
    assert loss > 0 and bleu >= 0


def test_the_val_loss_is_a_mean_over_the_target_tokens_the_model_scores():
    from data.batching import collate
    from training.step import loss_sum
    model, _ = tiny_trainable(seed=3, output_pieces="seen")
    model.eval()
    model.score_only(torch.arange(0, 20))          # ids 20-29 are never scored: no logit, no loss
    src, tgt = [[5, 6, 7], [10, 11], [12, 13, 14]], [[8, 29, 9], [25, 12], [15, 16, 17]]
    split = SplitData(src=src, tgt=tgt, tgt_text=["a", "b", "c"], src_text=["x", "y", "z"])
    cfg = make_config("tiny", ["train.val_max_sentences=3"])
    loss, _ = val_split_scores(model, EchoTranslator(["a", "b", "c"]), split, cfg, torch.device("cpu"), nullcontext())
    scored = sum(1 for ids in tgt for n in ids if n < 20) + len(tgt)          # each target's own pieces, then EOS
    with torch.no_grad():
        summed = loss_sum(model, collate(list(zip(src, tgt))), 0.0, nullcontext()).item()
    assert loss == pytest.approx(summed / scored)


def test_the_log_line_marks_the_one_best_pt_holds():
    assert ValScores(3.0, 21.99, 1.0, True, ema_bleu=15.71).note() == "val BLEU 21.99 (best) | EMA 15.71"
    assert ValScores(3.0, 21.99, 1.0, True, 23.5, True).note() == "val BLEU 21.99 | EMA 23.50 (best)"
    assert ValScores(3.0, 21.99, 1.0, False).note() == "val BLEU 21.99"
