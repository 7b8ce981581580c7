"""text/forms/everyday_nouns.py and its rows (text/forms/everyday/): every module's rows are in the table, each row
is well formed, and no word is read two ways (a second row would be silently lost)."""
import importlib
import pkgutil
from collections import defaultdict

import pytest

import text.forms.everyday as everyday
from text.forms.everyday.noun import WAYS
from text.forms.everyday_nouns import NOUNS, forms, gender, table

MODULES = [m.name for m in pkgutil.iter_modules(everyday.__path__) if m.name != "noun"]


@pytest.mark.parametrize("name", MODULES)
def test_every_module_of_rows_is_in_the_table(name):
    rows = importlib.import_module(f"text.forms.everyday.{name}").NOUNS
    assert rows and all(row in NOUNS for row in rows)


@pytest.mark.parametrize("noun", NOUNS, ids=lambda n: n.german)
def test_a_row_is_a_german_noun_its_gender_and_english(noun):
    assert noun.gender in ("m", "f", "n", "p") and noun.ways in WAYS
    assert noun.german[:1].isupper() and noun.german.strip() == noun.german and noun.english.strip() == noun.english
    assert not noun.plural or noun.plural[:1].isupper()
    assert not (noun.gender == "p" and noun.plural), "a word that is only a plural has no second plural"


@pytest.mark.parametrize("source, target", [("de", "en"), ("en", "de")])
def test_no_source_word_is_read_two_ways(source, target):
    read = defaultdict(set)
    for german, _, english, ways in forms():
        if ways in ("both", f"{source}-{target}"):
            word, into = (german, english) if source == "de" else (english.lower(), german)
            read[word].add(into)
    twice = {w: t for w, t in read.items() if len(t) > 1}
    # a German singular and plural of one spelling ("Drucker": "printer", "printers") is read as the singular
    assert all(table(source, target)[w] in t for w, t in twice.items())
    assert not {w: t for w, t in twice.items() if source == "en" or not any(
        n.german == w and not n.plural for n in NOUNS)}


def test_table_and_gender_read_each_way():
    assert table("de", "en")["Quittung"] == "receipt" and table("en", "de")["Receipts"] == "Quittungen"
    assert table("de", "en")["Drucker"] == "printer" and gender("printers") == "p" and gender("receipt") == "f"
    assert "update" not in table("en", "de") and "Update" in table("de", "en")          # ways="de-en"
    assert "Rezept" not in table("de", "en") and table("en", "de")["prescription"] == "Rezept"  # ways="en-de"
    assert "delay" not in table("en", "de") and table("de", "en")["Verspätungen"] == "delay"    # no English plural


def test_a_plural_that_is_also_a_singular_case_is_read_from_english_only():
    """A masculine or neuter noun's plural in -s is its genitive too ("am Rand eines Sofas" became "the edge of a
    sofas"), a weak noun's plural its other cases ("am Geldautomaten", "meinem Nachbarn", "den Benutzernamen")."""
    into_english, into_german = table("de", "en"), table("en", "de")
    assert not {"Hotels", "Akkus", "Sofas", "Laptops", "Screenshots"} & set(into_english)
    assert into_english["Hotel"] == "hotel" and into_german["hotels"] == "Hotels" and gender("hotels") == "p"
    assert not {"Geldautomaten", "Fahrkartenautomaten", "Benutzernamen", "Nachbarn"} & set(into_english)
    assert into_english["Geldautomat"] == "ATM" and into_german["ATMs"] == "Geldautomaten" and gender("ATM") == "m"


def test_a_word_of_two_senses_is_read_in_the_one_captions_mean():
    into_english, into_german = table("de", "en"), table("en", "de")
    assert into_german["battery"] == "Batterie" and into_english["Akku"] == "battery"     # an Akku is rechargeable
    assert into_english["Limonade"] == "soda" and into_german["lemonade"] == "Limonade"   # any soft drink
    assert "Sessel" not in into_english                     # "Ein Mann schiebt Sessel": chairs, not "armchair"
    assert "salt" not in into_german and "delivery" not in into_german    # "salt water", "a delivery truck"
    assert into_english["Lautsprecher"] == "loudspeaker"    # a "speaker" gives a speech
