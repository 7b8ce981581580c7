"""decoding/torch_engine.py: our search and forced scoring over a PyTorch model."""
import pytest
import torch

from decoding.load import load_translator
from tests.tiny_checkpoints import SOURCES, save


def test_scores_equal_the_log_probabilities_of_step_by_step_decoding(tmp_path):
    translator = load_translator(save(tmp_path / "a.pt", 3))
    model, ids = translator.engine.model, translator.codec.ids(SOURCES)
    targets = [[5, 6, 7], [12, 13], [14, 15, 16, 17], [4]]
    forced = translator.engine.score(ids, targets)
    with torch.no_grad():
        for src_ids, tgt_ids, scores in zip(ids, targets, forced):
            src = torch.tensor([src_ids])
            memory, cache = model.encode(src, None), model.new_cache()
            expected = []
            for prev, nxt in zip([2, *tgt_ids], [*tgt_ids, 3]):            # <bos> y -> y <eos>
                logits = model.decoder_logits(torch.tensor([[prev]]), memory, None, cache)[0, -1]
                expected.append(float(logits.log_softmax(-1)[nxt]))
            assert scores == pytest.approx(expected, abs=1e-4)


def test_the_attention_map_has_a_row_per_output_token_and_eos(tmp_path):
    translator = load_translator(save(tmp_path / "a.pt", 3))
    found = translator.attention_map(SOURCES[0])
    assert found.weights.shape == (len(found.output), len(found.source)) and found.output[-1] == "<eos>"
    assert torch.allclose(found.weights.sum(-1), torch.ones(len(found.output)), atol=1e-4)


def test_an_ensemble_draws_no_attention_map(tmp_path):
    from util.errors import UserError
    path = save(tmp_path / "a.pt", 3)
    with pytest.raises(UserError, match="not an ensemble"):
        load_translator(f"{path},{path}").attention_map(SOURCES[0])
