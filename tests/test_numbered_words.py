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


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Wir wohnen im 3. Stock.", ["on the 3rd floor"]),
    ("de", "en", "Fahren Sie in den zweiten Stock.", ["to the second floor"]),
    ("de", "en", "Im 1. OG links, die Toiletten im Erdgeschoss.", ["On the 1st floor", "on the ground floor"]),
    ("de", "en", "Der 21. Stock ist zu.", ["21st floor"]),
    ("en", "de", "We live on the 3rd floor.", ["im 3. Stock"]),
    ("en", "de", "Go to the second floor, not the ground floor.", ["in den zweiten Stock", "Erdgeschoss"]),
    ("de", "en", "Der dritte Stock. Ein Mann hält einen Stock.", []),     # an ordinal in words needs its preposition
    ("en", "de", "A man sits on the floor.", []),
    ("de", "en", "Zimmer 3. Stock", ["3rd floor"]),                   # one span, not "room 3" over its number too
])
def test_a_floor_comes_with_its_ordinal_and_preposition(source, target, text, fills):
    """"We live on the 3rd floor." came back as "Wir leben auf dem 3." from a 30-minute model: the floor lost."""
    assert [span.fill for span in NumberedWords(source, target).find(text)] == fills
