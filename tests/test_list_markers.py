"""text/forms/list_markers.py: a numbered list's markers keep their numbers and full stops; ordinals stay ordinals."""
import pytest

from text.finders.numbers import Numbers
from text.forms.masking import PLACEHOLDERS

P0, P1, P2 = PLACEHOLDERS[:3]


@pytest.mark.parametrize("languages, source, masked, fills", [
    (("de", "en"), "Kaufe: 1. Milch, 2. Eier.", f"Kaufe: {P0} Milch, {P1} Eier.", ("1.", "2.")),
    (("de", "en"), "1. Milch 2. Eier 3. Brot", f"{P0} Milch {P1} Eier {P2} Brot", ("1.", "2.", "3.")),
    (("en", "de"), "Buy: 1. milk, 2. eggs.", f"Buy: {P0} milk, {P1} eggs.", ("1.", "2.")),
    (("en", "de"), "1. milk", f"{P0} milk", ("1.",)),                   # English writes no ordinal so: one alone
])
def test_the_markers_of_a_numbered_list_stay_as_written(languages, source, masked, fills):
    assert Numbers(*languages).apply(source) == (masked, fills)


@pytest.mark.parametrize("source, masked, fills", [
    ("Wir treffen uns am 3. Oktober.", f"Wir treffen uns {P0}.", ("on October 3",)),
    ("Er belegt den 2. Platz.", f"Er belegt den {P0} Platz.", ("2nd",)),
    ("1. Platz für Anna.", f"{P0} Platz für Anna.", ("1st",)),           # a German "1." alone opens no list
    ("Termine: 1. Januar, 2. Februar.", f"Termine: {P0}, {P1}.", ("January 1", "February 2")),    # dates first
])
def test_german_ordinals_and_dates_are_no_list(source, masked, fills):
    assert Numbers("de", "en").apply(source) == (masked, fills)
