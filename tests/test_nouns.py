"""text/finders/nouns.py: a sentence that is one noun becomes a placeholder for its translation from the corpus'
noun dictionary."""
import pytest

from text.finders.nouns import Nouns
from text.forms.lexicon import Lexicon
from text.forms.masking import PLACEHOLDERS

P0 = PLACEHOLDERS[0]
LEXICON = Lexicon({}, nouns={"hund": "dog", "apfel": "apple", "rasenmäher": "lawn mower"})
ENGLISH = Lexicon({}, nouns={"dog": "Hund", "cat": "Katze", "dogs": "Hunde", "car": "Auto"},
                  genders={"hund": "m", "katze": "f", "auto": "n"})


@pytest.mark.parametrize("source, masked, fill", [
    ("Hund", P0, "Dog"), ("Hund!", f"{P0}!", "Dog"), (" Rasenmäher. ", f" {P0}. ", "Lawn mower"),
    ("Der Hund", P0, "The dog"), ("ein Apfel", P0, "an apple"), ("Ein Hund?", f"{P0}?", "A dog"),
])
def test_a_german_noun_alone_becomes_its_english_translation(source, masked, fill):
    assert Nouns(LEXICON, "de", "en").apply(source) == (masked, (fill,))


@pytest.mark.parametrize("source", ["Der Hund bellt.", "Hunde", "Katze", "Mein Hund", "3 Hunde", "Hund Hund"])
def test_a_sentence_a_noun_the_dictionary_lacks_or_an_unknown_word_before_it_is_left_to_the_model(source):
    assert Nouns(LEXICON, "de", "en").apply(source) == (source, ())


@pytest.mark.parametrize("source, fill", [("dog", "Hund"), ("The dog", "Der Hund"), ("a cat", "eine Katze"),
                                          ("The car.", "Das Auto"), ("An auto", None), ("The dogs", "Die Hunde"),
                                          ("A dogs", None)])
def test_english_nouns_take_their_german_translation_and_the_article_of_the_gender_the_corpus_shows(source, fill):
    assert Nouns(ENGLISH, "en", "de").apply(source)[1] == ((fill,) if fill else ())


def test_training_pairs_are_left_as_they_are():
    assert Nouns(LEXICON).apply_pair("Hund", "Dog") == ("Hund", "Dog")


def test_a_lexicon_stored_before_it_learned_nouns_finds_none():
    old = Lexicon.from_dict({k: v for k, v in Lexicon({"hund": "Hund"}, nouns={"hund": "dog"}).to_dict().items()
                             if k != "nouns"})
    assert Nouns(old).apply("Hund") == ("Hund", ())
