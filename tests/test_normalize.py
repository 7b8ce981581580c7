"""text/normalize.py: one clean-up for every line, typed or read from a corpus."""
import pytest

from text.normalize import Normalize, clean


@pytest.mark.parametrize("dirty, cleaned", [
    ("\ufeffEin Hund.", "Ein Hund."),                      # a BOM (it reached the model as bytes)
    ("Ein\x00 Hund.", "Ein Hund."), ("Ein Hund.\r", "Ein Hund."), ("Ein\x0cHund\x0b.", "Ein Hund ."),
    ("Ein\u2028Hund\u2029.", "Ein Hund ."), ("Ein\u0085Hund", "Ein Hund"), ("  Ein Hund   schwimmt  ", "Ein Hund schwimmt"),
    ("Ein\u00a0Hund\tläuft", "Ein Hund läuft"), ("Fa\u00adhrrad\u200b", "Fahrrad"),
])
def test_invisible_and_control_characters_go_and_whitespace_becomes_single_spaces(dirty, cleaned):
    assert clean(dirty) == cleaned


def test_emoji_sequences_keep_their_joiners():
    family = "👨\u200d👩\u200d👧"
    assert clean(f" {family} ") == family


def test_training_pairs_are_cleaned_on_both_sides_and_translations_are_left_alone():
    assert Normalize().apply_pair("\ufeffEin  Hund.", "A  dog.\r") == ("Ein Hund.", "A dog.")
    assert Normalize().reverse("A  dog.", None) == "A  dog."
