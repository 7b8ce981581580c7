"""The Translator loads what train.py saves, subword or word units, old checkpoints included."""
import pytest
import torch

from config import make_config
from data.subwords import Subwords
from data.vocab import Vocab
from decoding.engines import load_translator
from decoding.translator import Translator
from models.checkpoint import load_checkpoint, save_checkpoint
from tests.checkpoints import SOURCES, save
from tests.tiny_models import tiny_trainable

WORDS = Vocab(["<pad>", "<unk>", "<bos>", "<eos>", "Ein", "Hund", "A", "dog", "\uffed."])


def test_a_checkpoint_from_before_subwords_loads_as_word_units(tmp_path):
    model, cfg = tiny_trainable(vocab=len(WORDS))
    config = cfg.to_dict()
    del config["data"]["units"]                                   # as train.py wrote it before subwords
    save_checkpoint(tmp_path / "old.pt", model_state=model.state_dict(), config=config,
                    src_vocab=WORDS.to_dict(), tgt_vocab=WORDS.to_dict())
    ckpt = load_checkpoint(tmp_path / "old.pt").raw
    del ckpt["subwords"]
    torch.save(ckpt, tmp_path / "old.pt")
    translator = Translator.from_checkpoint(tmp_path / "old.pt")
    assert translator.cfg.data.units == "word" and translator.src_subwords is None
    assert translator.encode_texts(["Ein Hund."]) == [[4, 5, 8]]
    assert translator.ids_to_text([6, 7, 8]) == "A dog."
    assert len(translator.translate(["Ein Hund.", ""])) == 2


def test_a_subword_checkpoint_carries_its_model_and_needs_no_other_file(tmp_path):
    joint = Subwords.learn([["Ein", "Hund", "\uffed."], ["A", "dog", "\uffed."]] * 30, 300)
    cfg = make_config("tiny")
    cfg.model.src_vocab_size = cfg.model.tgt_vocab_size = len(joint)
    model, _ = tiny_trainable(vocab=len(joint))
    translator = Translator(model, cfg, joint.vocab, joint.vocab, "cpu", joint, joint)
    save_checkpoint(tmp_path / "sw.pt", model_state=model.state_dict(), config=cfg.to_dict(),
                    src_vocab=joint.vocab.to_dict(), tgt_vocab=joint.vocab.to_dict(),
                    subwords=translator.subword_models())
    loaded = Translator.from_checkpoint(tmp_path / "sw.pt")
    assert loaded.src_subwords is loaded.tgt_subwords                 # one joint model
    ids = loaded.encode_texts(["Ein Hund in Zürich."])[0]
    assert 1 not in ids and ids == translator.encode_texts(["Ein Hund in Zürich."])[0]
    assert loaded.ids_to_text(joint.vocab.encode(joint.split(["A", "dog", "\uffed."]))) == "A dog."


def test_byte_pieces_of_control_characters_are_never_generated():
    from decoding.translator import never_generated
    joint = Subwords.learn([["Ein", "Hund"]] * 20, 300)
    banned = {joint.vocab.itos[i] for i in never_generated(joint.vocab)}
    assert {"<pad>", "<unk>", "<bos>", "<0x0A>", "<0x0D>", "<0x0C>", "<0x00>", "<0x7F>"} <= banned
    assert "<eos>" not in banned and "<0x20>" not in banned and "<0xC3>" not in banned


def test_scores_equal_the_log_probabilities_of_step_by_step_decoding(tmp_path):
    translator = load_translator(save(tmp_path / "a.pt", 3))
    model, ids = translator.model, translator.encode_texts(SOURCES)
    targets = [[5, 6, 7], [12, 13], [14, 15, 16, 17], [4]]
    forced = translator.score_ids(ids, targets)
    with torch.no_grad():
        for src_ids, tgt_ids, scores in zip(ids, targets, forced):
            src = torch.tensor([src_ids])
            memory, cache = model.encode(src, None), model.new_cache()
            expected = []
            for prev, nxt in zip([2, *tgt_ids], [*tgt_ids, 3]):            # <bos> y -> y <eos>
                logits = model.decode(torch.tensor([[prev]]), memory, None, cache)[0, -1]
                expected.append(float(logits.log_softmax(-1)[nxt]))
            assert scores == pytest.approx(expected, abs=1e-4)
