"""text/finders/numbered_words.py: a word that numbers something comes with its number, in the target's word."""
import pytest

from text.finders.numbered_words import NumberedWords


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Gleis 4, Abfahrt 10:15 Uhr.", ["Platform 4"]),          # opens the sentence
    ("de", "en", "Siehe Seite 12, Kapitel 3, Zimmer 12a.", ["page 12", "chapter 3", "room 12a"]),
    ("en", "de", "See page 12, chapter 3, Room 5.", ["Seite 12", "Kapitel 3", "Zimmer 5"]),
    ("en", "de", "A room 5 meters wide, page 1.5, room 3/4, roomy 4.", []),     # a measure; no plain number
    ("de", "en", "Die Seite und das Zimmer.", []),
    ("de", "fr", "Gleis 4", []),
])
def test_a_word_that_numbers_something_comes_with_its_number(source, target, text, fills):
    """"Gleis 4, Abfahrt 10:15 Uhr." came back as "A train tracks 4 drives 10:15.", "See page 12, chapter 3." as
    "Ein 12, der 3 führt." from a 30-minute model."""
    assert [span.fill for span in NumberedWords(source, target).find(text)] == fills
