"""data/pronouns.py: sentences with a pronoun for subject, each pronoun with its verb form in both languages."""
import re

import pytest

from data.augment import training_pairs
from data.everyday import everyday_pairs, questions
from data.pronouns import PRONOUNS, conjugated, pronoun_pairs
from text.forms.masking import PLACEHOLDERS


@pytest.mark.parametrize("infinitive, irregular, forms", [
    ("tanzen", None, ("tanze", "tanzt", "tanzt", "tanzen", "tanzt", "tanzen")),
    ("arbeiten", None, ("arbeite", "arbeitest", "arbeitet", "arbeiten", "arbeitet", "arbeiten")),
    ("reisen", None, ("reise", "reist", "reist", "reisen", "reist", "reisen")),
    ("feiern", None, ("feiere", "feierst", "feiert", "feiern", "feiert", "feiern")),
    ("spielen", None, ("spiele", "spielst", "spielt", "spielen", "spielt", "spielen")),
    ("nehmen", ("nimmst", "nimmt"), ("nehme", "nimmst", "nimmt", "nehmen", "nehmt", "nehmen"))])
def test_a_german_verb_takes_each_persons_ending(infinitive, irregular, forms):
    assert conjugated(infinitive, irregular) == forms


def test_each_pronoun_opens_statements_with_its_own_verb_form_in_both_languages():
    pairs = list(pronoun_pairs(3000))
    statements = [(de.rstrip("."), en.rstrip(".")) for de, en in pairs if de.endswith(".")]
    for pronoun in PRONOUNS:
        mine = [de for de, en in statements if de.startswith(pronoun.de + " ") and en.startswith(pronoun.en + " ")]
        assert len(mine) > 30, pronoun
    said = {(de.split()[0], de.split()[1], en.split()[1]) for de, en in statements}
    assert {("Ich", "bin", "am"), ("Du", "bist", "are"), ("Er", "ist", "is"), ("Wir", "sind", "are"),
            ("Ihr", "seid", "are"), ("Ich", "habe", "have"), ("Er", "hat", "has"), ("Du", "tanzt", "dance"),
            ("Sie", "tanzt", "dances"), ("Ihr", "tanzt", "are")} <= said
    wrong = {("Ich", "ist"), ("Er", "bin"), ("Wir", "bist"), ("Ich", "tanzt"), ("Er", "tanze")}
    assert not wrong & {(de.split()[0], de.split()[1]) for de, _ in statements}
    assert not [en for _, en in statements if re.match(r"(He|She) (have|are|am|dance|need)\b", en)]
    assert not [en for _, en in statements if re.match(r"(I|You|We|They) (is|has|dances|needs)\b", en)]


def test_a_question_puts_the_german_verb_first_and_english_be_or_do():
    pairs = [(de, en) for de, en in pronoun_pairs(3000) if de.endswith("?")]
    assert 0.15 < len(pairs) / 3000 < 0.35 and all(en.endswith("?") for _, en in pairs)
    asked = {de.split()[:2][0] + " " + de.split()[1] for de, _ in pairs}
    assert {"Bist du", "Seid ihr", "Hat er", "Habt ihr"} <= asked
    english = {" ".join(en.split()[:2]) for _, en in pairs}
    assert {"Are you", "Is he", "Does she", "Do you", "Do we", "Am I"} <= english
    assert not [en for _, en in pairs if re.match(r"Does (she|he) \w+s\b", en) and "has" in en]
    assert not [en for _, en in pairs if re.match(r"Do (he|she)\b|Does (I|you|we|they)\b", en)]


def test_the_same_seed_gives_the_same_pairs_and_training_pairs_add_them_after_the_questions():
    assert list(pronoun_pairs(40, seed=2)) == list(pronoun_pairs(40, seed=2)) != list(pronoun_pairs(40, seed=3))
    assert list(pronoun_pairs(20, mirrored=True)) == [(en, de) for de, en in pronoun_pairs(20)]
    corpus = [("Ein Hund rennt.", "A dog runs.")] * 100
    out = list(training_pairs(corpus, None, 0.0, everyday=0.1))
    assert out[104:114] == list(everyday_pairs(10)) and out[114:119] == list(questions(5))
    assert out[119:] == list(pronoun_pairs(10))


def test_a_negation_takes_kein_for_a_thing_and_nicht_else_and_english_not_or_dont():
    negated = {de: en for de, en in pronoun_pairs(4000) if re.search(r"\b(nicht|kein\w*)\b", de)}
    assert len(negated) > 100
    for de, en in negated.items():
        words = de.rstrip(".").split()
        assert (" kein" in de) != (" nicht" in de), de
        assert re.search(r"\b(not|cannot|don't|doesn't)\b", en), (de, en)
        if words[1] in ("habe", "hast", "hat", "haben", "habt"):
            assert words[2].startswith("kein") and "have" in en
    assert {"Ich habe keinen", "Du hast keine", "Er hat kein"} <= {" ".join(de.split()[:3]) for de in negated}
    assert any(re.fullmatch(r"(Wir|Sie) \w+en nicht\.", de) for de in negated)         # "Wir tanzen nicht."
    assert any(re.fullmatch(r"\w+ (kann|kannst|können|könnt) nicht \w+en\.", de) for de in negated)
    assert not [en for en in negated.values() if re.match(r"(I|You|We|They) doesn't|(He|She) don't", en)]


def test_a_modal_verb_sends_the_german_infinitive_to_the_end_and_takes_its_english_counterpart():
    pairs = dict(pronoun_pairs(4000))
    modal = {de: en for de, en in pairs.items() if de.split()[1] in ("kann", "will", "muss", "möchte", "willst")}
    assert len(modal) > 50
    for de, en in modal.items():
        assert de.rstrip(".").split()[-1].endswith("n"), de                   # the infinitive ends the sentence
        verb = de.split()[1]
        assert {"kann": " can", "will": " want", "willst": " want", "muss": " ha", "möchte": " would"}[verb] in en
    assert "He wants" in " ".join(en for de, en in modal.items() if de.startswith("Er will"))


def test_where_someone_lives_or_comes_from_holds_one_placeholder_the_same_on_both_sides():
    holds = re.compile("|".join(PLACEHOLDERS))
    places = [(de, en) for de, en in pronoun_pairs(3000) if holds.search(de)]
    assert len(places) > 200
    for de, en in places:
        assert holds.findall(de) == holds.findall(en) and len(holds.findall(de)) == 1
        assert (" aus " in de) == (" from " in en) and (" in " in de) == (" in " in en), (de, en)


def test_an_object_pronoun_takes_its_verbs_case_stands_before_nicht_and_the_infinitive_and_is_never_the_subject():
    pairs = dict(pronoun_pairs(4000))
    helped = {de: en for de, en in pairs.items() if re.search(r"\b(helfen|hilf\w*|helf\w*)\b", de)}
    seen = {de: en for de, en in pairs.items() if re.search(r"\b(sehen|sieh\w*|seh\w*)\b", de)}
    assert len(helped) > 20 and len(seen) > 20
    assert all(re.search(r"\b(mir|dir|ihm|ihr|uns|euch|ihnen)\b", de.split(None, 2)[2]) for de in helped), helped
    assert all(re.search(r"\b(mich|dich|ihn|sie|uns|euch)\b", de.split(None, 2)[2]) for de in seen), seen
    asked = [en for de, en in helped.items() if re.match(r"(Kannst|Kann|Können|Könnt) ", de)]  # "Kannst du mir ...
    assert asked and all(re.fullmatch(r"Can \w+ help (me|you|him|her|us|them)\?", en) for en in asked), asked
    assert any(re.fullmatch(r"\w+ \w+ (mich|dich|ihn|uns|euch) nicht\.", de) for de in seen)  # "Ich sehe dich nicht."
    modal = re.compile(r"\w+ (kann|kannst|können|könnt) (mich|dich|mir|dir|uns|euch) nicht \w+en\.")
    assert any(modal.fullmatch(de) for de in pairs)                                  # "Ich kann dir nicht helfen."
    assert not [de for de in pairs if re.search(r"\bnicht (mich|dich|mir|dir|uns|euch)\b", de)]
    assert not [de for de in pairs if re.match(r"(Ich|Wir) \w+ (mich|mir|uns)\b|(Du|Ihr) \w+ (dich|dir|euch)\b", de)]
    english = " ".join(pairs[de] for de in {**helped, **seen})
    assert re.search(r"\bhelps? (me|you|him|her|us|them)\b", english) and "You see you" not in english
