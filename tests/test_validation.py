"""training/validation.py: the validations during a run search the first --train.val_max_sentences at
--train.val_beam (cheap in a short budget); the final one searches all of val at --train.final_beam."""
import random
from contextlib import nullcontext

import pytest
import torch

from config import make_config
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


def test_the_log_line_marks_the_one_best_pt_holds():
    assert ValScores(3.0, 21.99, 1.0, True, ema_bleu=15.71).note() == "val BLEU 21.99 (best) | EMA 15.71"
    assert ValScores(3.0, 21.99, 1.0, True, 23.5, True).note() == "val BLEU 21.99 | EMA 23.50 (best)"
    assert ValScores(3.0, 21.99, 1.0, False).note() == "val BLEU 21.99"
