"""text/phrases.py: everyday phrases come from a phrase table, only as whole sentences."""
import pytest

from text.phrases import Phrases
from text.placeholders import PLACEHOLDERS

P0 = PLACEHOLDERS[0]


@pytest.mark.parametrize("source, masked, fill", [("Tschüss", P0, "Bye"), ("Hallo!", f"{P0}!", "Hello"),
                                                  ("GUTEN MORGEN.", f"{P0}.", "Good morning"),
                                                  ("  wie geht’s? ", f"  {P0}? ", "How are you")])
def test_a_whole_sentence_phrase_becomes_its_english_phrase(source, masked, fill):
    assert Phrases().apply(source) == (masked, (fill,))
    assert Phrases().reverse(masked, (fill,)) == f"{fill}{masked.strip()[1:]}"


@pytest.mark.parametrize("source", ["Hallo Welt", "Ein Mann sagt danke.", "Danke für den Fisch."])
def test_a_phrase_inside_a_longer_sentence_is_left_to_the_model(source):
    assert Phrases().apply(source) == (source, ())


def test_english_phrases_become_german_ones_and_other_pairs_have_none():
    assert Phrases("en", "de").apply("Thank you!") == (f"{P0}!", ("Danke",))
    assert Phrases("fr", "en").apply("Hallo") == ("Hallo", ())
