"""data/codec.py: text <-> ids as a checkpoint's model reads and writes them, subword or word units."""
from config.presets import make_config
from data.codec import Codec
from data.subwords import Subwords, stored_models
from data.vocab import Vocab
from text.forms.masking import PLACEHOLDERS

WORDS = Vocab(["<pad>", "<unk>", "<bos>", "<eos>", "Ein", "Hund", "A", "dog", "\uffed."])


def test_word_units_map_tokens_to_ids_and_back():
    codec = Codec.from_checkpoint(make_config("tiny"), WORDS, WORDS, None)
    assert codec.src_subwords is None
    assert codec.ids(["Ein Hund."]) == [[4, 5, 8]] and codec.ids(["Ein Katze."]) == [[4, 1, 8]]
    assert codec.text([6, 7, 8]) == "A dog."


def test_subword_models_travel_in_a_checkpoint_and_encode_any_text():
    joint = Subwords.learn([["Ein", "Hund", "\uffed."], ["A", "dog", "\uffed."]] * 30, 300)
    codec = Codec(make_config("tiny"), joint.vocab, joint.vocab, joint, joint)
    stored = stored_models(codec.src_subwords, codec.tgt_subwords)
    assert stored["tgt"] is None                                          # one joint model is stored once
    loaded = Codec.from_checkpoint(make_config("tiny"), joint.vocab, joint.vocab, stored)
    assert loaded.src_subwords is loaded.tgt_subwords
    ids = loaded.ids(["Ein Hund in Zürich."])[0]
    assert 1 not in ids and ids == codec.ids(["Ein Hund in Zürich."])[0]   # byte fallback: nothing unknown
    assert loaded.text(joint.vocab.encode(joint.split(["A", "dog", "\uffed."]))) == "A dog."


def test_a_long_input_is_cut_to_the_models_length_with_a_warning_naming_its_line(capsys):
    cfg = make_config("tiny", ["model.max_len=5", "data.max_train_len=3"])
    codec = Codec(cfg, WORDS, WORDS)
    assert codec.ids(["Ein Hund Hund Hund Hund."], line_numbers=[7]) == [[4, 5, 5]]
    assert "input line 7 has 6 tokens; translating its first 3" in capsys.readouterr().err


def test_an_output_is_always_one_line():
    gap = Vocab(["<pad>", "<unk>", "<bos>", "<eos>", "A", "\uffed\n", "dog"])
    assert Codec(make_config("tiny"), gap, gap).text([4, 5, 6]) == "A  dog"


def test_a_piece_glued_to_a_closing_mark_is_dropped_and_real_tokens_stay():
    joint = Subwords.learn([["A", "dog", "is", "walking", "\uffed."], ["z.B.", "U.S.A.", "\uffed's", "\uffed,"]] * 30,
                           300, symbols=PLACEHOLDERS)
    codec = Codec(make_config("tiny"), joint.vocab, joint.vocab, joint, joint)
    inside = joint.split(["walking"])[1:]                     # the word's pieces after "▁": none opens a word
    assert inside and not any(piece.startswith("\u2581") for piece in inside)
    slip = joint.split(["A", "dog", "\uffed."]) + inside       # "▁￭." then "walking": the token "￭.walking"
    assert joint.join(slip)[-1] == "\uffed.walking"
    assert codec.text(joint.vocab.encode(slip)) == "A dog."
    after_fill = joint.split(["A", "\ue000..walking"])          # a weak model's "▁" "\ue000" "." "." "ing"
    assert "\ue000" in after_fill and joint.join(after_fill) == ["A", "\ue000..walking"]
    assert codec.text(joint.vocab.encode(after_fill)) == "A \ue000.."
    kept = ["z.B.", "U.S.A.", "dog", "\uffed's", "\uffed,", "\ue000", "\uffed."]
    assert codec.text(joint.vocab.encode(joint.split(kept))) == "z.B. U.S.A. dog's, \ue000."


def test_a_translators_new_words_are_not_kept_by_spacy():
    """A long input of ever new names and numbers: spaCy's vocabulary stays as it was, so memory stays flat."""
    codec = Codec(make_config("tiny"), WORDS, WORDS)
    codec.ids(["Ein Hund."])
    strings = codec.tokenizer("src").nlp.vocab.strings
    before = len(strings)
    lines = [f"Ein Hund namens Qwzy{n}x sieht {n + 1000} Leute." for n in range(200)]
    assert codec.ids(lines)[0][:2] == [4, 5] and len(strings) == before
