"""text/finders/number_times.py: a time of day takes its preposition into its placeholder, and two numbers that are
a range of times are two times of the target's convention."""
import pytest

from text.finders.numbers import Numbers
from text.forms.masking import PLACEHOLDERS

P0, P1, P2 = PLACEHOLDERS[:3]


@pytest.mark.parametrize("languages, source, masked, fills", [
    (("en", "de"), "A man is waiting for the bus at 6 pm.", f"A man is waiting for the bus {P0}.", ("um 18 Uhr",)),
    (("en", "de"), "We meet at around 6 pm, at about 7 or around 8 pm.", f"We meet {P0}, {P1} or {P2}.",
     ("gegen 18 Uhr", "gegen 7 Uhr", "gegen 20 Uhr")),                      # an hour alone before "or" is one too
    (("en", "de"), "Pick me up at 5? We were at 5 places.", f"Pick me up {P0}? We were at {P1} places.",
     ("um 5 Uhr", "5")),                                                    # "5 places" is no time
    (("de", "en"), "Kannst du mich um 5 abholen?", f"Kannst du mich {P0} abholen?", ("at 5 o'clock",)),
    (("de", "en"), "Er kommt um 8…", f"Er kommt {P0}…", ("at 8 o'clock",)),   # "um" was lost: "he says 8."
    (("de", "en"), "Bis 17 Uhr geöffnet.", f"{P0} geöffnet.", ("until 5 pm",)),     # "5 pm is opening."
    (("de", "en"), "Warte bis 5.", f"Warte {P0}.", ("until 5",)),     # "wait for 5": its "bis", no clock word
    (("en", "de"), "Wait until 5.", f"Wait {P0}.", ("bis 5",)),
    (("en", "de"), "We open at 9 and close at 5.", f"We open {P0} and close {P1}.",
     ("um 9 Uhr", "um 17 Uhr")),                                     # a shop closes in the afternoon: was "um 5 Uhr"
    (("en", "de"), "It closes at 9, we meet at 5.", f"It closes {P0}, we meet {P1}.", ("um 9 Uhr", "um 5 Uhr")),
    (("de", "en"), "Er zählt bis 3.", f"Er zählt bis {P0}.", ("3",)),          # a count: no time
    (("de", "en"), "Er hat bis 5 gezählt.", f"Er hat bis {P0} gezählt.", ("5",)),  # "until 5 deep"
    (("de", "en"), "Geöffnet ab 10 Uhr, ab 8:30.", f"Geöffnet {P0}, {P1}.",
     ("from 10 o'clock", "from 8:30")),                                   # "Open off 10 o'clock"
    (("de", "en"), "Kinder ab 6.", f"Kinder ab {P0}.", ("6",)),       # an age: no time
    (("en", "de"), "Open from 10 am, from 7:30, from 9 am to 5 pm.", f"Open {P0}, {P1}, {P2}.",
     ("ab 10 Uhr", "ab 7:30 Uhr", "von 9 Uhr bis 17 Uhr")),          # "Geöffnet aus 10 Uhr"; a range's "from" its own
    (("en", "de"), "Kids from 6.", f"Kids from {P0}.", ("6",)),
    (("de", "en"), "Von 9 bis 17 Uhr, 8 bis 18 Uhr.", f"{P0}, {P1}.",
     ("from 9 am to 5 pm", "8 am to 6 pm")),                                   # a range's "bis" stays the range's
    (("en", "de"), "Open until 5 pm.", f"Open {P0}.", ("bis 17 Uhr",)),
    (("de", "en"), "Er ist um 5 gestiegen.", f"Er ist {P0} gestiegen.", ("by 5",)),    # a change: "um 5" is "by 5"
    (("en", "de"), "The train leaves at 8:15 on March 3.", f"The train leaves {P0} {P1}.",
     ("um 8:15 Uhr", "am 3. März")),
    (("de", "en"), "Um 7:45 Uhr klingelt es, gegen 14 Uhr auch.", f"{P0} klingelt es, {P1} auch.",
     ("at 7:45", "around 2 pm")),
    (("de", "en"), "Der Zug fährt um 8:15 ab.", f"Der Zug fährt {P0} ab.", ("at 8:15",)),
    (("en", "de"), "We meet at 12 noon, or 12 noon sharp.", f"We meet {P0}, or {P1} sharp.",
     ("um 12 Uhr mittags", "12 Uhr mittags")),                      # "bei 12" from a strong model: "noon" lost
    (("de", "en"), "Es endet 2:1 um 5 Kinder.", f"Es endet {P0} um {P1} Kinder.",
     ("2:1", "5")),                                                              # "um" before a count: no time
    (("de", "en"), "Zwischen 9 und 18 Uhr, um 3,5 kg.", f"Zwischen {P0} und {P1}, um {P2}.",
     ("9 am", "6 pm", "3.5 kg")),
    (("de", "en"), "Wir treffen uns um 14h, gegen 9h30 und 24h später.",      # an hour with "h" after "um": a time
     f"Wir treffen uns {P0}, {P1} und {P2} später.", ("at 2 pm", "around 9:30", "24h")),        # alone not
])
def test_a_time_of_day_takes_its_preposition_with_it(languages, source, masked, fills):
    assert Numbers(*languages).apply(source) == (masked, fills)


def test_an_english_range_of_times_is_two_german_times():
    assert Numbers("en", "de").apply("Open between 2 and 3 pm.")[1] == ("14", "15 Uhr")
