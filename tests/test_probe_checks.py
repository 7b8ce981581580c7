"""probes/checks.py: what the probes check in one output line, model-free: an item kept, a stammer, an invented name,
an invented or misformatted number, in either direction."""
import pytest

from probes.checks import (contains, degenerate, english_to_german, invented_names, invented_numbers_in,
                           misformatted_numbers)


@pytest.mark.parametrize("output, alternative, found", [
    ("for 12 euros.", "12", True),
    ("for €12", "12", True),
    ("for 120 euros", "12", False),
    ("for 12.5 euros", "12", False),
    ("for 1.12 euros", "12", False),
    ("Anna's dog runs.", "Anna", True),
    ("Annabelle runs.", "Anna", False),
    ("in cologne", "Cologne", False),
    ("Dogs swim.", "dogs", True),            # a lowercase alternative also sentence-initially
    ("DOGS SWIM.", "dogs", False),
    ("DOGS SWIM.", "SWIM*", True),
    ("a swimmer", "swim*", True),
    ("unswimmable", "swim*", False),
    ("Mail: a@b.de.", "a@b.de", True),
])
def test_an_alternative_counts_only_as_a_whole_word_or_number(output, alternative, found):
    assert contains(output, alternative) is found


@pytest.mark.parametrize("source, output, found", [
    ("Ein Mann spielt Gitarre.", "A man plays guitar.", []),
    ("EIN MANN SPIELT GITARRE.", "An chubby EL G GMARRR SAAAAA.", ["SAAAAA"]),
    ("Tschüss", "Trverrrrrs of Tents.", ["Trverrrrrs"]),
    ("Ein Hund.", "the the the dog", ["the the the"]),
    ("Ein Hund.", "Goal, goal, goal!", ["Goal goal goal"]),
    ("Tor, Tor, Tor!", "Goal, goal, goal!", []),                # the source repeats too
    ("Hahahaha, ein Witz.", "Hahahaha, a joke.", []),
    ("Ein Hund.", "a dog dog", []),
    ("Die Stadt.", "halburgburgburg", []),                     # three times is not yet four
    ("Eine Schifffahrt.", "www.zoo.de", []),
])
def test_a_stammer_is_a_word_three_times_or_a_letter_group_four_times_unless_the_source_has_one(
        source, output, found):
    assert degenerate(source, output) == found


@pytest.mark.parametrize("source, output, found", [
    ("  Ein Hund   schwimmt im See  ", "Björn swimming in the lake.", ["Björn"]),
    ("Ein Hund schwimmt im See.", "A dog swims in the lake.", []),
    ("Ein Hund schwimmt im See.", "A Dog swims in the Lake.", []),           # odd case, but no name
    ("Annas Hund schwimmt.", "Anna's dog swims.", []),                       # genitive
    ("Jürgen schwimmt.", "Jurgen swims.", []),                               # accents
    ("Der Radfahrer Jan Ullrich.", "The cyclist Jan Ulrich.", []),           # a mangled copy is no invention
    ("Ein Hund schwimmt.", "I think a dog swims on Monday.", []),
    ("Ein Hund schwimmt.", "A DOG SWIMS. OKAFOR.", ["OKAFOR"]),
])
def test_an_invented_name_is_a_capitalized_non_word_from_nowhere(source, output, found):
    lexicon = frozenset({"a", "dog", "swims", "swimming", "in", "the", "lake", "think", "on", "cyclist"})
    assert invented_names(source, output, lexicon, "en") == found


def test_an_item_alternative_is_no_invented_name():
    lexicon = frozenset({"a", "man", "in"})
    assert invented_names("Ein Mann in Köln.", "A man in Cologne.", lexicon, "en") == ["Cologne"]
    assert invented_names("Ein Mann in Köln.", "A man in Cologne.", lexicon, "en", allowed=("Cologne",)) == []


@pytest.mark.parametrize("source, output, invented, misformatted", [
    ("The price is 3.5 euros.", "Der Preis ist 3,5 Euro.", [], []),
    ("The price is 3.5 euros.", "Der Preis ist 3.5 Euro.", [], ["3.5"]),
    ("About 1,200 people.", "Etwa 1.200 Menschen.", [], []),
    ("About 1,200 people.", "Etwa 1,200 Menschen.", [], ["1,200"]),
    ("At 2:30 pm.", "Um 14:30 Uhr.", [], []),
    ("Two dogs.", "2 Hunde.", [], []),
    ("A dog.", "Ein Hund mit 3 Beinen.", ["3"], []),
    ("It costs one euro.", "Es kostet 1 €.", [], []),
    ("One dog.", "1 Hund.", [], []),
    ("It costs money.", "Es kostet 1 €.", ["1"], []),
])
def test_numbers_from_english_to_german(source, output, invented, misformatted):
    assert invented_numbers_in("en-de", source, output) == invented
    assert misformatted_numbers("en-de", source, output) == misformatted


def test_numbers_from_german_to_english_keep_the_library_check():
    assert invented_numbers_in("de-en", "Ein Hund mit 3 Beinen.", "A dog with 4 legs.") == ["4"]
    assert misformatted_numbers("de-en", "Er kauft 3,5 kg.", "He buys 3,5 kg.") == ["3,5"]
    assert invented_numbers_in("de-en", "UM 14 UHR.", "AT 2 PM.") == []         # a time in capitals is no invention
    assert invented_numbers_in("de-en", "Es kostet einen Euro.", "It costs €1.") == []     # a price in words
    assert invented_numbers_in("de-en", "Es kostet Geld.", "It costs €1.") == ["1"]
    assert english_to_german("1,250.99") == "1.250,99" and english_to_german("24.12.2020") == "24.12.2020"
