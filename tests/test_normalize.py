"""text/steps/normalize.py and text/forms/cleaning.py: one clean-up for every line, typed or read from a corpus."""
import pytest

from text.forms.cleaning import clean
from text.steps.normalize import Normalize


@pytest.mark.parametrize("dirty, cleaned", [
    ("\ufeffEin Hund.", "Ein Hund."),                      # a BOM (it reached the model as bytes)
    ("Ein\x00 Hund.", "Ein Hund."), ("Ein Hund.\r", "Ein Hund."), ("Ein\x0cHund\x0b.", "Ein Hund ."),
    ("Ein\u2028Hund\u2029.", "Ein Hund ."), ("Ein\u0085Hund", "Ein Hund"), ("  Ein Hund   schwimmt  ", "Ein Hund schwimmt"),
    ("Ein\u00a0Hund\tläuft", "Ein Hund läuft"), ("Fa\u00adhrrad\u200b", "Fahrrad"),
    ("Stein &amp; Fliese", "Stein & Fliese"), ("Tom&#39;s &lt;b&gt; &#x27;x&#X27;", "Tom's <b> 'x'"),   # entities
    ("Fahr&#8203;rad", "Fahrrad"), ("AT&T &amp A&amp;", "AT&T &amp A&"),          # an entity is one with its ";"
])
def test_invisible_and_control_characters_go_and_whitespace_becomes_single_spaces(dirty, cleaned):
    assert clean(dirty) == cleaned


def test_emoji_sequences_keep_their_joiners():
    family = "👨\u200d👩\u200d👧"
    assert clean(f" {family} ") == family


def test_training_pairs_are_cleaned_on_both_sides_and_translations_are_left_alone():
    assert Normalize().apply_pair("\ufeffEin  Hund.", "A  dog.\r") == ("Ein Hund.", "A dog.")
    assert Normalize().reverse("A  dog.", None) == "A  dog."


def test_decomposed_letters_are_composed_so_tables_and_glossaries_match():
    assert clean("Mu\u0308nchen") == "München"


@pytest.mark.parametrize("mark", ["\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066",
                                  "\u2067", "\u2068", "\u2069", "\u061c", "\u2060", "\U000E0041", "\u200d"])
def test_format_characters_are_removed_outside_emoji(mark):
    assert clean(f"Ein {mark}Hund{mark} läuft.") == "Ein Hund läuft."


def test_subdivision_flags_keep_their_tags():
    scotland = "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
    assert clean(f"Ein Mann aus {scotland}.") == f"Ein Mann aus {scotland}."


def test_typed_private_use_characters_leave_no_trace():
    assert clean("Ein \ue000 Hund\ue001 läuft \uf8ff.") == clean("Ein Hund läuft .") == "Ein Hund läuft ."
