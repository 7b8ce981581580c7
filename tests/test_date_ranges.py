"""text/forms/date_ranges.py: a range of two dates or two times of day is one placeholder, with the target language's
prepositions."""
import pytest

from text.finders.numbers import Numbers
from text.forms.masking import PLACEHOLDERS

P0, P1, P2 = PLACEHOLDERS[:3]


@pytest.mark.parametrize("languages, source, masked, fills", [
    (("en", "de"), "Our office is closed from December 24 to January 2.", f"Our office is closed {P0}.",
     ("vom 24. Dezember bis zum 2. Januar",)),
    (("en", "de"), "The museum is open from 9 am to 5 pm.", f"The museum is open {P0}.", ("von 9 Uhr bis 17 Uhr",)),
    (("en", "de"), "Open from 9 to 5 pm, from 12 to 3 pm.", f"Open {P0}, {P1}.", ("von 9 bis 17 Uhr",
                                                                                  "von 12 bis 15 Uhr")),
    (("en", "de"), "From May 3 until May 5 we travel.", f"{P0} we travel.", ("vom 3. Mai bis zum 5. Mai",)),
    (("en", "de"), "Open 9am-5pm, 8:30 am - 1 pm.", f"Open {P0}, {P1}.", ("9-17 Uhr", "8:30-13 Uhr")),  # "9 Uhr-17 Uhr"
    (("en", "de"), "We work from 9:00 to 17:00, 9:30-12:00.", f"We work {P0}, {P1}-{P2}.",
     ("von 9:00 bis 17:00 Uhr", "9:30", "12:00 Uhr")),            # no clock word: was "von 9:00 zu 17:00"
    (("en", "de"), "It went from 3:1 to 4:1.", f"It went from {P0} to {P1}.", ("3:1", "4:1")),    # a score: no times
    (("en", "de"), "We are open from 9 to 5.", f"We are open {P0}.", ("von 9 bis 17 Uhr",)),   # was "9", "5"
    (("en", "de"), "Open from 8:30 to 4:30.", f"Open {P0}.", ("von 8:30 bis 16:30 Uhr",)),   # not "4:30 Uhr"
    (("en", "de"), "Mon-Fri 9-5, Sundays 10-4", f"Mon-Fri {P0}, Sundays {P1}", ("9-17 Uhr", "10-16 Uhr")),
    (("en", "de"), "Mon-Sat 8-8, Sun 10-10", f"Mon-Sat {P0}, Sun {P1}", ("8-20 Uhr", "10-22 Uhr")),   # not "8-8"
    (("en", "de"), "Open 9-5 weekdays, closed from 12 to 1 for lunch.", f"Open {P0} weekdays, closed {P1} for lunch.",
     ("9-17 Uhr", "von 12 bis 13 Uhr")),
    (("en", "de"), "It went from 9 to 5.", f"It went from {P0} to {P1}.", ("9", "5")),       # no opening hours
    (("en", "de"), "We're open 9 to 5, it opens 10 to 4.", f"We're open {P0}, it opens {P1}.",
     ("9 bis 17 Uhr", "10 bis 16 Uhr")),                  # no "from": was "9", "5" ("Wir's offene 9 zu 5.")
    (("en", "de"), "Open weekdays 8 to 6, Sundays 10 to 4.", f"Open weekdays {P0}, Sundays {P1}.",
     ("8 bis 18 Uhr", "10 bis 16 Uhr")),                  # "Geöffnet werktags 8 zu 6."
    (("en", "de"), "The shop sells 9 to 5 apples, we are 9 to 5.",
     f"The shop sells {P0} to {P1} apples, we are {P2} to {PLACEHOLDERS[3]}.", ("9", "5", "9", "5")),   # not "open"
    (("en", "de"), "The shop sells 9-5 apples.", f"The shop sells {P0}-{P1} apples.", ("9", "5")),
    (("de", "en"), "Von 9:00 bis 17:00.", f"{P0}.", ("from 9:00 am to 5:00 pm",)),
    (("de", "en"), "Der Laden hat von 9 bis 18 Uhr offen.", f"Der Laden hat {P0} offen.", ("from 9 am to 6 pm",)),
    (("de", "en"), "Vom 24. Dezember bis zum 2. Januar.", f"{P0}.", ("from December 24 until January 2",)),
    (("de", "en"), "Sa 9-13, geöffnet von 14 bis 18.", f"Sa {P0}-{P1}, geöffnet {P2}.", ("9 am", "1 pm",
                                                                                        "from 2 to 6 pm")),  # "9-13"
    (("de", "en"), "Das Spiel endete 9-13.", f"Das Spiel endete {P0}-{P1}.", ("9", "13")),     # no opening hours
    (("en", "de"), "Open from 8 am until 6 pm.", f"Open {P0}.", ("von 8 Uhr bis 18 Uhr",)),    # not "bis 18 Uhr"
    (("de", "en"), "Offen von 9 Uhr bis 17 Uhr.", f"Offen {P0}.", ("from 9 am to 5 pm",)),  # "9 o'clock", "until 5 pm"
    (("en", "de"), "Open 9am to 5pm, 8 am until 1 pm.", f"Open {P0}, {P1}.", ("9 bis 17 Uhr", "8 bis 13 Uhr")),
    (("de", "en"), "Offen 9 Uhr bis 17 Uhr.", f"Offen {P0}.", ("9 am to 5 pm",)),           # "um 17 Uhr zu 9 Uhr"
    (("de", "en"), "von 3 bis 5 Kinder, 9-18 Uhr", f"von {P0} bis {P1} Kinder, {P2}-{PLACEHOLDERS[3]}",
     ("3", "5", "9 am", "6 pm")),                                    # counts are no range of times; no "von": two
])
def test_a_range_of_two_dates_or_two_times_is_one_placeholder_with_its_prepositions(languages, source, masked, fills):
    assert Numbers(*languages).apply(source) == (masked, fills)
