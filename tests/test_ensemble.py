"""decoding/ensemble.py: several checkpoints decode as one model, averaging their log-probabilities."""
from dataclasses import replace

import pytest
import torch

from data.vocab import Vocab
from decoding.load import load_translator
from tests.tiny_checkpoints import SOURCES, WORDS, save
from util.errors import UserError


def test_an_ensemble_of_a_model_with_itself_decodes_as_the_model(tmp_path):
    one = save(tmp_path / "a.pt", 1)
    single, double = load_translator(one), load_translator(f"{one},{one}")
    ids, two = single.codec.ids(SOURCES), replace(single.cfg.decode, n_best=2)
    for hyps_a, hyps_b in zip(single.search(ids, two), double.search(ids, two)):
        assert [h.tokens for h in hyps_a] == [h.tokens for h in hyps_b]
        assert [h.score for h in hyps_a] == pytest.approx([h.score for h in hyps_b], abs=1e-4)


def test_an_ensemble_of_two_models_averages_their_log_probabilities(tmp_path):
    a, b = save(tmp_path / "a.pt", 1), save(tmp_path / "b.pt", 2)
    ta, tb, both = load_translator(a), load_translator(b), load_translator(f"{a},{b}")
    src, tgt = ta.codec.ids(SOURCES), [[5, 6, 7, 12]] * len(SOURCES)
    per_model = torch.tensor([[sum(s) for s in t.engine.score(src, tgt)] for t in (ta, tb)])
    ensemble = torch.tensor([sum(s) for s in both.engine.score(src, tgt)])
    assert (ensemble >= per_model.min(0).values - 1e-3).all() and not torch.allclose(ensemble, per_model[0])
    assert len(both.translate(SOURCES)) == len(SOURCES)


def test_an_ensemble_of_different_vocabularies_is_refused(tmp_path):
    other = Vocab([*WORDS.itos[:-1], "garden"])
    with pytest.raises(UserError, match="their source vocabularies differ"):
        load_translator(f"{save(tmp_path / 'a.pt', 1)},{save(tmp_path / 'b.pt', 2, other)}")


def test_an_ensemble_with_an_exported_directory_says_ensembles_take_checkpoints(tmp_path):
    exported = tmp_path / "exported"
    exported.mkdir()
    (exported / "einsum_nmt.json").write_text("{}")
    (exported / "model.bin").write_bytes(b"")
    with pytest.raises(UserError, match="an ensemble .* combines PyTorch checkpoints"):
        load_translator(f"{save(tmp_path / 'a.pt', 1)},{exported}")


def test_a_checkpoint_whose_name_holds_a_comma_is_one_checkpoint_not_an_ensemble(tmp_path):
    named = save(tmp_path / "de,en.pt", 1)
    assert load_translator(named).translate(SOURCES) == load_translator(save(tmp_path / "a.pt", 1)).translate(SOURCES)


def test_a_checkpoint_with_a_stray_comma_is_that_checkpoint_not_a_missing_file_named_with_the_comma(tmp_path):
    """`--checkpoint a.pt,` (a list cut short) names a.pt, as checkpoint_paths and the output checks read it."""
    one = save(tmp_path / "a.pt", 1)
    assert load_translator(f"{one},").translate(SOURCES) == load_translator(one).translate(SOURCES)
