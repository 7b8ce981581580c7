"""Subword units: exact round trip on every real line, nothing unknown, models that travel as bytes."""
import itertools

import pytest

from data.subwords import Subwords, stored_models
from data.tokenizer import Tokenizer, detokenize
from data.vocab import UNK

HARD = ["Ein Mann fährt mit dem Fahrrad durch Zürich.", "Dvořák und Łódź liegen 3,5 km auseinander.",
        "Es kostet 1.200 € – oder $1,200.50?", "Schreib an max.mustermann@example.com oder https://ex.am/p?q=1&r=2",
        "Zwei Hunde 🐕🐕 spielen im Schnee ❄️.", "東京の犬 und ein Κύων", "Donaudampfschifffahrtsgesellschaftskapitänsmütze",
        "x" * 300, "  Tab\tund\u00a0geschützte  Leerzeichen ", "Kaffee\u2028mit U+2028"]


@pytest.fixture(scope="module")
def joint(real_tokens) -> Subwords:
    train = itertools.chain(real_tokens["de"]["train"][1], real_tokens["en"]["train"][1])
    return Subwords.learn(train, 8000)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_line_round_trips_through_pieces_and_ids_with_no_unknown(lang, joint, real_tokens):
    total, failures, unknown = 0, [], 0
    for split, (lines, token_lists) in real_tokens[lang].items():
        for line, pieces in zip(lines, joint.split_many(token_lists)):
            ids = joint.vocab.encode(pieces)
            unknown += UNK in ids
            if detokenize(joint.join(joint.vocab.tokens_of(ids))) != line:
                failures.append((split, line))
        total += len(lines)
    assert total == 31014
    assert unknown == 0 and not failures, f"{unknown} lines with <unk>; differing: {failures[:3]}"


@pytest.mark.parametrize("text", HARD)
def test_hard_inputs_have_no_unknown_and_round_trip(text, joint):
    tokens = Tokenizer("de").tokenize(text)
    ids = joint.vocab.encode(joint.split(tokens))
    assert UNK not in ids
    assert detokenize(joint.join(joint.vocab.tokens_of(ids))) == text


def test_unseen_characters_fall_back_to_bytes(joint):
    pieces = joint.split(["🐕"])
    assert pieces[0] == "▁" and all(p.startswith("<0x") for p in pieces[1:]) and len(pieces) == 5


def test_a_model_survives_its_bytes_and_any_piece_sequence_joins(joint):
    again = Subwords(joint.model_proto)
    tokens = ["Zürich", "\uffed."]
    assert again.split(tokens) == joint.split(tokens) and again.vocab == joint.vocab
    for pieces in (["ich", "▁Z"], ["▁", "▁"], ["<0xF0>"], []):        # what an untrained model may emit
        assert isinstance(detokenize(again.join(pieces)), str)


def test_specials_keep_their_fixed_ids(joint):
    assert joint.vocab.itos[:4] == ["<pad>", "<unk>", "<bos>", "<eos>"]


def test_small_corpora_get_a_smaller_vocabulary_instead_of_an_error():
    small = Subwords.learn([["ein", "Hund"], ["zwei", "Hunde"]] * 20, vocab_size=8000, model_type="bpe")
    assert 260 < len(small) < 8000
    assert small.join(small.split(["Hunde", "\uffed!"])) == ["Hunde", "\uffed!"]


def test_a_model_and_its_byte_identical_copy_are_stored_as_one_shared_model():
    model = Subwords.learn([["Ein", "Hund", "läuft", "￭."], ["A", "dog", "runs", "￭."]], 40)
    copy = Subwords(model.model_proto)
    assert stored_models(model, copy) == {"src": model.model_proto, "tgt": None}
    other = Subwords.learn([["ein", "hund"]], 40)
    assert stored_models(model, other)["tgt"] == other.model_proto
