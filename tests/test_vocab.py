"""Vocabularies: fixed special ids, deterministic order, frequency and size limits, and a plain-dict round trip."""
from __future__ import annotations

import pytest

from data.vocab import BOS, EOS, PAD, SPECIALS, UNK, Vocab

CORPUS = [["a", "b", "a", "c"], ["b", "a", "d"], ["e", "<unk>"]]   # a:3 b:2 c:1 d:1 e:1


def test_specials_have_fixed_ids_at_the_front():
    vocab = Vocab.build(CORPUS)
    assert (PAD, UNK, BOS, EOS) == (0, 1, 2, 3)
    assert vocab.itos[:4] == list(SPECIALS) == ["<pad>", "<unk>", "<bos>", "<eos>"]
    assert [vocab.stoi[s] for s in SPECIALS] == [PAD, UNK, BOS, EOS]


def test_order_is_frequency_first_then_token():
    assert Vocab.build(CORPUS).itos[4:] == ["a", "b", "c", "d", "e"]
    assert Vocab.build(reversed(CORPUS)).itos == Vocab.build(CORPUS).itos


def test_min_freq_drops_rare_tokens():
    assert Vocab.build(CORPUS, min_freq=2).itos[4:] == ["a", "b"]
    assert len(Vocab.build(CORPUS, min_freq=4)) == len(SPECIALS)


@pytest.mark.parametrize("max_size, kept", [(0, 5), (6, 2), (4, 0), (2, 0), (100, 5)])
def test_max_size_counts_the_specials(max_size, kept):
    vocab = Vocab.build(CORPUS, max_size=max_size)
    assert len(vocab) == len(SPECIALS) + kept
    assert vocab.itos[4:] == ["a", "b", "c", "d", "e"][:kept]


def test_unknown_tokens_encode_as_unk():
    vocab = Vocab.build(CORPUS, min_freq=2)
    assert vocab.encode(["a", "zebra", "b", "c"]) == [4, UNK, 5, UNK]
    assert vocab.encode([]) == []


def test_decode_stops_at_eos_and_skips_pad_and_bos():
    vocab = Vocab.build(CORPUS)
    assert vocab.tokens_of([BOS, 4, PAD, 5, UNK, EOS, 6, 7]) == ["a", "b", "<unk>"]
    assert vocab.tokens_of([4, 999, -1]) == ["a", "<unk>", "<unk>"]


def test_encode_then_decode_restores_known_tokens():
    vocab = Vocab.build(CORPUS)
    assert vocab.tokens_of(vocab.encode(["a", "e", "d"]) + [EOS]) == ["a", "e", "d"]


def test_a_token_spelled_like_a_special_is_the_special():
    vocab = Vocab.build(CORPUS)
    assert vocab.itos.count("<unk>") == 1 and vocab.encode(["<unk>"]) == [UNK]


def test_dict_round_trip_uses_plain_types_only():
    vocab = Vocab.build(CORPUS)
    d = vocab.to_dict()
    assert type(d) is dict and type(d["itos"]) is list and all(type(t) is str for t in d["itos"])
    again = Vocab.from_dict(d)
    assert again == vocab and again.stoi == vocab.stoi


def test_dict_survives_torch_save_with_weights_only_load(tmp_path):
    torch = pytest.importorskip("torch")
    vocab = Vocab.build(CORPUS)
    torch.save({"vocab": vocab.to_dict()}, tmp_path / "v.pt")
    assert Vocab.from_dict(torch.load(tmp_path / "v.pt", weights_only=True)["vocab"]) == vocab


def test_a_table_without_the_specials_is_refused():
    with pytest.raises(ValueError, match="must start with"):
        Vocab(["a", "b"])
