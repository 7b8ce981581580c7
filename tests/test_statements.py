"""text/forms/statements.py: a pronoun, its copula, an intensifier or none and an adjective, and a possessive with a
person one knows, read both ways as whole sentences, the phrasebook's own sentences kept over them."""
import pytest

from text.finders.phrases import Phrases
from text.forms.masking import PLACEHOLDERS
from text.forms.phrase_tables import ENGLISH, PHRASES, phrase_key
from text.forms.statements import STATEMENTS

P0, P1 = PLACEHOLDERS[:2]


@pytest.mark.parametrize("german, english", [
    ("Es war schön", "It was nice"), ("Das war toll", "That was great"),            # "It was sying!", "a four!"
    ("Es ist schon spät", "It is already late"), ("Das ist gut", "That is good"),   # "It is being rolled.", "well"
    ("Ich bin so glücklich", "I'm so happy"), ("Wir waren nicht sehr müde", "We were not very tired"),
    ("Du bist echt lustig", "You are really funny"), ("Sie ist traurig", "She is sad"),
    ("Das ist mein Bruder", "That is my brother"), ("Das ist meine Schwester", "That is my sister"),  # "There is mich."
    ("Er war mein Chef", "He was my boss"), ("Es freut mich", "I'm glad"),                     # "It enjoying me."
    ("Das ist nicht mein Hund", "That is not my dog")])                                        # "There is not mir dog."
def test_a_german_statement_reads_into_english(german, english):
    assert PHRASES[phrase_key(german)] == english


@pytest.mark.parametrize("english, german", [
    ("That's great", "Das ist toll"), ("It was nice", "Es war schön"), ("It's too late", "Es ist zu spät"),
    ("This is very important", "Das ist sehr wichtig"), ("I'm so happy", "Ich bin so glücklich"),
    ("We are ready", "Wir sind bereit"), ("It isn't easy", "Es ist nicht einfach"),
    ("She was very tired", "Sie war sehr müde"), ("This is my wife", "Das ist meine Frau"),
    ("He's my father", "Er ist mein Vater"), ("You're right", "Du hast recht"),      # "Ihr seid rechtes."
    ("That isn't my dog", "Das ist nicht mein Hund")])
def test_an_english_statement_reads_into_german(english, german):
    assert ENGLISH[phrase_key(english)] == german


def test_an_adjective_is_said_only_of_what_it_fits_and_the_phrasebooks_sentences_win():
    """German says "Mir ist kalt", not "Ich bin kalt"; "schon" is "already" only where it tells a time."""
    germans = {phrase_key(de) for de, en in STATEMENTS}
    assert not {"ich bin kalt", "das ist schon gut", "er ist meine schwester"} & germans
    assert PHRASES["ich bin müde"] == "I'm tired" and ENGLISH["i am cold"] == "Mir ist kalt"


@pytest.mark.parametrize("pair, line, masked, fills", [
    (("de", "en"), "Es war schön!", f"{P0}!", ("It was nice",)),
    (("de", "en"), "das ist gut", P0, ("That is good",)),
    (("de", "en"), "Hallo, das ist toll!", f"{P0}, {P1}!", ("Hello", "that is great")),
    (("en", "de"), "It's too late.", f"{P0}.", ("Es ist zu spät",)),
    (("en", "de"), "That is my brother", P0, ("Das ist mein Bruder",))])
def test_a_statement_is_a_whole_sentence_its_final_mark_kept(pair, line, masked, fills):
    assert Phrases(*pair).apply(line) == (masked, fills)


@pytest.mark.parametrize("pair, line", [(("de", "en"), "Ein schöner Tag im Park."),
                                        (("de", "en"), "Das ist gut für die Kinder."),
                                        (("en", "de"), "It was nice to see the dogs play.")])
def test_the_same_words_inside_a_longer_sentence_are_left_to_the_model(pair, line):
    assert Phrases(*pair).apply(line) == (line, ())
