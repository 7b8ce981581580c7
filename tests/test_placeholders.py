"""Numbers and glossary terms travel as placeholders; the training data teaches copying; no number is invented."""
import pytest

from config import Config, make_config
from data.augment import FIRST_NAMES, copy_pairs, shared_names, with_number_placeholders
from data.numbers import invented_numbers
from data.placeholders import PLACEHOLDERS, mask, missing, restore
from data.subwords import Subwords
from decoding.search import Hypothesis
from decoding.translator import Translator, never_generated
from util.errors import UserError
from util.textio import read_glossary

from tests.tiny_models import tiny_trainable

P0, P1, P2 = PLACEHOLDERS[:3]


@pytest.mark.parametrize("source, masked, fills", [
    ("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", f"Die Frau kauft {P0} kg Äpfel für {P1} Euro.", ("3.5", "12")),
    ("Der Zug fährt um 14:30 Uhr ab.", f"Der Zug fährt um {P0} ab.", ("14:30",)),
    ("Treffen um 8 Uhr.", f"Treffen um {P0}.", ("8 o'clock",)),
    ("Ein Airbus A380 und COVID-19.", f"Ein Airbus {P0} und {P1}.", ("A380", "COVID-19")),
    ("Ein 3-jähriger Junge läuft 1.200 m.", f"Ein {P0}-jähriger Junge läuft {P1} m.", ("3", "1,200")),
    ("Zwei Hunde spielen.", "Zwei Hunde spielen.", ()),
])
def test_numbers_become_placeholders_that_stand_for_their_english_form(source, masked, fills):
    assert mask(source) == (masked, fills)


def test_glossary_terms_become_placeholders_for_their_target_term_longest_first():
    glossary = {"Fahrrad": "bike", "rotes Fahrrad": "red racer"}
    masked = mask("Ein rotes Fahrrad und ein Fahrrad mit 2 Rädern. Fahrradhelm.", glossary)
    assert masked.text == f"Ein {P0} und ein {P1} mit {P2} Rädern. Fahrradhelm."
    assert masked.fills == ("red racer", "bike", "2")


def test_restore_fills_placeholders_drops_unknown_ones_and_capitalizes_a_first_word():
    assert restore(f"The woman buys {P0} kg for {P1} euros.", ("3.5", "12")) == "The woman buys 3.5 kg for 12 euros."
    assert restore(f"{P0} is red {PLACEHOLDERS[5]}.", ("bike",)) == "Bike is red."
    assert restore(f"The train leaves at {P0} {P0}.", ("14:30",)) == "The train leaves at 14:30."
    assert missing(f"one {P0} only", ("a", "b")) == 1 and missing(f"{P1} {P0}", ("a", "b")) == 0


def test_a_users_own_private_use_characters_are_not_taken_for_placeholders():
    assert mask(f"Ein {P0} Hund").fills == () and P0 not in mask(f"Ein {P0} Hund").text


def test_a_training_pair_gets_placeholders_only_where_every_number_is_on_both_sides():
    assert with_number_placeholders("Ein Mann mit 3,5 kg und 12 Euro.", "A man with 3.5 kg and 12 euros.") == \
        (f"Ein Mann mit {P0} kg und {P1} Euro.", f"A man with {P0} kg and {P1} euros.")
    unmatched = ("Fünf Männer, 5 Hunde.", "Five men, five dogs.")
    assert with_number_placeholders(*unmatched) == unmatched


def test_copy_pairs_swap_shared_names_name_subjects_and_make_number_words_placeholders():
    src = ["Ein Mann trinkt Coca-Cola in Berlin.", "Zwei Hunde rennen.", "Ein Hund schläft."] * 50
    tgt = ["A man drinks Coca-Cola in Berlin.", "Two dogs run.", "A dog sleeps."] * 50
    extra_src, extra_tgt = copy_pairs(src, tgt, share=0.5, seed=3)
    assert (extra_src, extra_tgt) == copy_pairs(src, tgt, share=0.5, seed=3)      # seeded: the cache stays valid
    assert len(extra_src) == 75                                                    # a third of each kind
    numeric = [(s, t) for s, t in zip(extra_src, extra_tgt) if "Hunde" in s]
    assert len(numeric) == 25 and all(s[0] in PLACEHOLDERS and t[0] == s[0] for s, t in numeric)
    swapped = [(s, t) for s, t in zip(extra_src, extra_tgt) if "trinkt" in s and s.startswith("Ein Mann")]
    assert len(swapped) == 25 and len({s for s, _ in swapped}) > 10
    for s, t in swapped:
        new = s[len("Ein Mann trinkt "):].split(" in ")[0] if "Coca-Cola" not in s else s.split(" in ")[1][:-1]
        assert new in t and new not in ("Coca-Cola", "Berlin")
    named = [(s, t) for s, t in zip(extra_src, extra_tgt) if "trinkt" in s and not s.startswith("Ein Mann")]
    assert len(named) == 25
    for s, t in named:
        name = s.split(" trinkt ")[0]
        assert t == f"{name} drinks Coca-Cola in Berlin." and name.split()[0] in FIRST_NAMES


def test_shared_names_are_capitalized_words_on_both_sides():
    assert shared_names("Anna und der Mann in Rot mit Tom.", "Anna and the man in red with Tom.") == ["Anna", "Tom"]
    assert shared_names("Ein Hund.", "A dog.") == []


def test_digit_pieces_are_never_generated_only_when_the_model_uses_placeholders():
    joint = Subwords.learn([["Ein", "Hund", "3", "A380", P0], ["A", "dog", "12"]] * 30, 300, symbols=PLACEHOLDERS)
    with_placeholders = {joint.vocab.itos[i] for i in never_generated(joint.vocab, placeholders=True)}
    without = {joint.vocab.itos[i] for i in never_generated(joint.vocab, placeholders=False)}
    digit_pieces = {p for p in joint.vocab.itos if any(c.isdigit() for c in p) and not p.startswith("<0x")}
    assert digit_pieces and digit_pieces <= with_placeholders and not digit_pieces & without
    assert "<0x31>" in with_placeholders and "<0x41>" not in with_placeholders and P0 not in with_placeholders
    assert all(joint.split([p]) in ([p], ["▁", p], ["▁" + p]) for p in PLACEHOLDERS)   # one piece each


def subword_translator(placeholders=True) -> Translator:
    lines = [["Ein", "Hund", "kauft", "kg", "\uffed."], ["A", "dog", "buys", "a", "bike", "\uffed."]] * 30
    joint = Subwords.learn(lines, 300, symbols=PLACEHOLDERS)
    cfg = make_config("tiny", [f"data.placeholders={str(placeholders).lower()}"])
    cfg.model.src_vocab_size = cfg.model.tgt_vocab_size = len(joint)
    model, _ = tiny_trainable(vocab=len(joint))
    return Translator(model, cfg, joint.vocab, joint.vocab, "cpu", joint, joint)


def test_translate_prefers_a_hypothesis_that_keeps_the_placeholders_and_restores_them(monkeypatch):
    translator = subword_translator()
    ids = lambda text: translator.encode_texts([text], side="tgt")[0]
    seen = []

    def search(src_ids, decode=None, n_best=1):
        seen.append((src_ids, n_best))
        return [[Hypothesis(ids("A dog buys."), -1.0), Hypothesis(ids(f"A dog buys {P0} kg."), -2.0)]]
    monkeypatch.setattr(translator, "search", search)
    assert translator.translate(["Ein Hund kauft 3,5 kg."]) == ["A dog buys 3.5 kg."]
    assert P0 in translator.src_vocab.decode(seen[0][0][0]) and seen[0][1] == translator.cfg.decode.beam
    assert translator.translate_n_best(["", "Ein Hund."], n_best=1)[0][0].text == ""


def test_a_glossary_term_comes_out_as_its_target_term(monkeypatch):
    translator = subword_translator()
    translator.use_glossary({"Hund": "poodle"})
    monkeypatch.setattr(translator, "search", lambda src_ids, decode=None, n_best=1: [
        [Hypothesis(translator.encode_texts([f"A {P0} buys a bike."], side="tgt")[0], -1.0)]])
    assert translator.translate(["Ein Hund kauft."]) == ["A poodle buys a bike."]
    assert translator.translate(["Ein Hund kauft."], glossary={"Hund": "beagle"}) == ["A beagle buys a bike."]


def test_a_model_without_placeholders_refuses_a_glossary_and_is_decoded_as_before():
    translator = subword_translator(placeholders=False)
    with pytest.raises(UserError, match="without placeholders"):
        translator.use_glossary({"Hund": "dog"})
    assert translator.masked(["Ein Hund kauft 3 kg."])[0] == ("Ein Hund kauft 3 kg.", ())
    old = Config.from_dict({"data": {"units": "subword"}})      # a config saved before placeholders existed
    assert not old.data.placeholders and old.data.copy_pairs == 0


def test_glossary_files_are_tab_separated_and_a_bad_line_is_named(tmp_path):
    good = tmp_path / "terms.tsv"
    good.write_text("# German\tEnglish\nFahrrad\tbike\n\nKölner Dom\tCologne Cathedral\n", encoding="utf-8")
    assert read_glossary(good) == {"Fahrrad": "bike", "Kölner Dom": "Cologne Cathedral"}
    bad = tmp_path / "bad.tsv"
    bad.write_text("Fahrrad\tbike\nHund dog\n", encoding="utf-8")
    with pytest.raises(UserError, match="bad.tsv line 2: expected `German term<TAB>English term`"):
        read_glossary(bad)


def test_an_output_with_only_restored_numbers_invents_none():
    source = "Die Frau kauft 3,5 kg Äpfel für 12 Euro um 14:30 Uhr."
    masked = mask(source)
    output = restore(f"The woman buys {P0} kg of apples for {P1} euros at {P2}.", masked.fills)
    assert invented_numbers(source, output) == [] and invented_numbers(source, "for 13 euros") == ["13"]
