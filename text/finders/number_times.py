"""Times of day among a text's numbers, for the numbers finder (text/finders/numbers.py): two numbers that are a
range of times ("zwischen 14 und 15 Uhr", "from 9:00 to 17:00", "open from 9 to 5", "Mon-Fri 9-5"), and a time with
its preposition ("um 14 Uhr" -> "at 2 pm", "at 8:15" -> "um 8:15 Uhr", "um 14h30", "Kannst du mich um 5 abholen?").
"""
from __future__ import annotations

import re

from text.finders.clock_words import SAID, said_as
from text.forms.clock_forms import CLOSING_AT, HOURS_BEFORE, clock_form, clock_range, opening_hours, shared_word
from text.forms.date_ranges import RANGE_FROM, RANGE_TO
from text.forms.dates import CLOCKED_ONLY, UNTIL, clock_lead
from text.forms.masking import Span
from text.forms.measure_ranges import RANGE
from text.forms.units import LENGTHS, Reading

ENDS_ALONE = re.compile(r"\s*[.!?]*\s*")                     # a number that ends its sentence, nothing after it
HOUR_MINUTES = re.compile(r"\d{1,2}:\d\d").fullmatch          # "8:15" after "at" / "um": a time without its clock word
HOUR_H = re.compile(r"(\d{1,2})h(\d\d)?(?!\w)")     # German "um 14h", "um 14h30": a time ("24h" alone is a duration)
# an hour alone after "um" / "at" is a time before the sentence's end or what may follow a time ("Kannst du mich um 5
# abholen?" -> "at 5 o'clock": a model wrote "around 5"; "Can you pick me up at 5?" -> "um 5 Uhr"), but not "at 5
# places", nor in a German sentence of a change ("Der Preis ist um 5 gestiegen": by 5)
AFTER_HOUR = "and|or|today|tonight|tomorrow|sharp|then|on|in|i|we|you|he|she|they"      # English: "at 7 we eat"
BARE_HOUR = {"de": re.compile(r"\d{1,2}(?=\s*(?:[.,!?;:…]|$)|\s+[a-zäöüß])"),            # "um 8…" too
             "en": re.compile(rf"\d{{1,2}}(?=\s*(?:[.,!?;:…]|$)|\s+(?i:{AFTER_HOUR})\b)")}
# a count to a number ("Er zählt bis 3."), not a time ("Warte bis 5." -> "until 5": a model wrote "wait for 5", a
# weak one lost "bis"); its participle too ("Er hat bis 5 gezählt." was "He has until 5 deep.")
COUNTING = re.compile(r"\b(?:ge)?(?:zähl|zaehl)|\bcount", re.IGNORECASE)
CHANGE = re.compile(r"\b(?:ge)?(?:stieg|sunk|sank|fiel|fall|erhöh|reduzier|senk|steig|sink|verringer|verbesser)\w*",
                    re.IGNORECASE)
# a temperature, a distance or a weight after "It is" is said so too ("It is 2 mi away." -> "Ich ist 2 Meilen weg.",
# "It is 70°F outside." -> "Ich ist 70°F im Freien." from a 30-minute model); not a time's length ("Es ist 8 Jahre
# her.": "It has been 8 years")
SAID_UNITS = LENGTHS | {"deg", "mg", "g", "kg", "kilo", "t", "lb", "oz"}


def clock_ranges(text: str, found: list[re.Match], spans: list[Span], times: set[int], source: str,
                 target: str) -> None:
    """Two numbers of `found` that are a range of times get both times' fills in `spans` (in place), and their
    starts join `times`."""
    for k, (m, after) in enumerate(zip(found, found[1:])):      # "zwischen 14 und 15 Uhr": 14 is a time too
        prefix, sign, number, exponent, clock = m.groups()
        if after.group(5) and not (prefix or sign or exponent or clock) and RANGE.fullmatch(
                text, m.end(), after.start()) and spans[k + 1].fill != after.group():
            first, second = clock_range(number, after.group(3), after.group(5), spans[k + 1].fill, source, target)
            if first is not None:
                spans[k], spans[k + 1] = spans[k]._replace(fill=first), spans[k + 1]._replace(fill=second)
                times.add(m.start())
    for k, (m, after) in enumerate(zip(found, found[1:])):      # "from 9:00 to 17:00", "9:00-17:00": two times
        if hours_range(text, m, after, source) and (spans[k].start, spans[k + 1].end) == (m.start(), after.end()):
            second = clock_form(after.group(3), "", source, target)
            first, second = clock_range(m.group(3), after.group(3), "", second, source, target)
            spans[k], spans[k + 1] = spans[k]._replace(fill=first), spans[k + 1]._replace(fill=second)
            times |= {m.start(), after.start()}
    for k, (m, after) in enumerate(zip(found, found[1:])):      # "open from 9 to 5", "Mon-Fri 9-5": a sign's
        hours = bare_hours(text, m, after, source, target) \
            if (spans[k].start, spans[k + 1].end) == (m.start(), after.end()) else None
        if hours:
            spans[k], spans[k + 1] = spans[k]._replace(fill=hours[0]), spans[k + 1]._replace(fill=hours[1])
            times |= {m.start(), after.start()}


def clock_leads(text: str, found: list[re.Match], spans: list[Span], times: set[int], source: str,
                target: str) -> None:
    """A time of `found` after its preposition ("um", "at") takes the preposition into its span in `spans` (in
    place), written as the target writes it, and its start joins `times`."""
    for k, m in enumerate(found):      # with its preposition: "um 14 Uhr" -> "at 2 pm", "at 8:15" -> "um 8:15 Uhr"
        lead = clock_lead(text, m.start(), source, spans[k - 1].end if k else 0)
        prefix, sign, number, exponent, clock = m.groups()
        hourly = HOUR_H.match(text, m.start()) if source == "de" and lead and spans[k].start == m.start() else None
        timed = hourly and clock_form(":".join(x for x in hourly.groups() if x), " Uhr", source, target)
        if timed:
            spans[k] = Span(lead[0], hourly.end(), f"{lead[1]} {timed}")
            times.add(lead[0])
            continue
        if lead is None or prefix or sign or exponent or spans[k].start != m.start() or spans[k].end != m.end():
            continue
        if lead[1] in CLOCKED_ONLY and range_opens(text, m.end(), source):
            continue                            # "from 9 am to 5 pm": the range's "from"
        bare = source in BARE_HOUR and BARE_HOUR[source].match(text, m.start()) is not None and \
            not CHANGE.search(text) and lead[1] not in CLOCKED_ONLY      # "Kinder ab 6.": no time
        if bare and lead[1] in UNTIL and not clock and not HOUR_MINUTES(number):
            if not COUNTING.search(text):       # "Warte bis 5." -> "until 5", no clock word it lacks
                spans[k] = Span(lead[0], m.end(), f"{lead[1]} {spans[k].fill}")
            continue                            # "Er zählt bis 3.": no time, the model's
        closing = bare and not clock and number.isdigit() and 1 <= int(number) <= 7 and \
            source in CLOSING_AT and CLOSING_AT[source].search(text, 0, lead[0])   # "close at 5": 5 pm
        timed = clock_form(number, "pm" if closing else clock or "", source, target) \
            if clock or HOUR_MINUTES(number) or bare else None
        if timed is not None:
            spans[k] = Span(lead[0], m.end(), f"{lead[1]} {spans[k].fill if clock else timed}")
            times.add(lead[0])


def said_times(text: str, found: list[re.Match], spans: list[Span], source: str, target: str) -> None:
    """"Es ist 8 Uhr." -> "It is 8 o'clock" (a model wrote "There is 8 o'clock."; "It is 8 o'clock." -> "Es ist 8
    Uhr": two models wrote "Ich ist 8 Uhr."): "Es ist" (or "It is") opening a sentence
    before a time with its clock word (or hours and minutes, or a number alone that ends the sentence: "Es ist 8.") is
    the time's own opening; hours and minutes without their clock word are written as the target writes a time ("Es
    ist 14:30." -> "It is 2:30 pm", as "Es ist 14:30 Uhr." is); so is it before a measure of SAID_UNITS ("It is 25
    degrees." -> "Es ist 25 Grad")."""
    for k, m in enumerate(found):
        alone = ENDS_ALONE.fullmatch(text, m.end()) and not (m.group(1) or m.group(2) or m.group(4))   # "Es ist 8."
        if source in SAID and (m.group(5) or HOUR_MINUTES(m.group(3)) or alone) and spans[k][:2] == m.span():
            it_is = SAID[source][0].fullmatch(text, spans[k - 1].end if k else 0, m.start())
            if it_is:               # "Es ist 14:30." -> "It is 2:30 pm", "It is 10:30." -> "Es ist 10:30 Uhr"
                timed = clock_form(m.group(3), "", source, target) if not m.group(5) and HOUR_MINUTES(m.group(3)) \
                    and int(m.group(3)[:-3]) < 24 and int(m.group(3)[-2:]) < 60 else None
                spans[k] = Span(it_is.start(1), m.end(), f"{said_as(it_is.group(1), source)} {timed or spans[k].fill}")
        fill = spans[k].fill
        if source in SAID and isinstance(fill, Reading) and fill.key[0] == "unit" and fill.key[1] in SAID_UNITS:
            it_is = SAID[source][0].fullmatch(text, spans[k - 1].end if k else 0, spans[k].start)
            if it_is:               # "It is 2 mi away." -> "Es ist 2 Meilen" + "away"; "Es ist 25 Grad." too
                spans[k] = Span(it_is.start(1), spans[k].end,
                                Reading(f"{said_as(it_is.group(1), source)} {fill}", (*fill.key, "said")))


def range_opens(text: str, end: int, source: str) -> bool:
    """Whether a range's "to" (or its dash) and a number follow a time that ends at `end`."""
    between = RANGE_TO[source].match(text, end) if source in RANGE_TO else None
    return between is not None and text[between.end():between.end() + 1].isdigit()


def hours_range(text: str, m: re.Match, after: re.Match, source: str) -> bool:
    """Whether two numbers are a range of two times of day with no clock word, each hours and minutes, "from"
    before the first or a dash between them ("from 9:00 to 17:00", "9:00-17:00"; not "3:1 to 4:1")."""
    if any(n.group(1) or n.group(2) or n.group(4) or n.group(5) or not HOUR_MINUTES(n.group(3)) or
           int(n.group(3)[:-3]) > 24 or int(n.group(3)[-2:]) > 59 for n in (m, after)):
        return False
    between = RANGE_TO[source].fullmatch(text, m.end(), after.start())
    return between is not None and (not between.group().strip().isalpha() or
                                    RANGE_FROM[source].search(text, 0, m.start()) is not None)


def bare_hours(text: str, m: re.Match, after: re.Match, source: str, target: str) -> tuple[str, str] | None:
    """The other language's fills of two bare hours that are a sign's opening hours (clock_forms.opening_hours),
    "from" before the first or a dash between them: "open from 9 to 5", "Mon-Fri 9-5" -> "9 Uhr", "17 Uhr"; "Sa
    9-13" -> "9 am", "1 pm"."""
    if {source, target} != {"en", "de"} or \
            any(n.group(1) or n.group(2) or n.group(4) or n.group(5) for n in (m, after)):
        return None
    between = RANGE_TO[source].fullmatch(text, m.end(), after.start())
    worded = between is not None and between.group().strip().isalpha()
    if between is None or worded and not (RANGE_FROM[source].search(text, 0, m.start()) or
                                          HOURS_BEFORE[source].search(text, 0, m.start())):    # "open 9 to 5"
        return None
    hours = opening_hours(text, m.start(), after.end(), m.group(3), after.group(3), source)
    if hours is None or hours[0] is None:
        return None
    return (shared_word(*hours), hours[1]) if worded else hours     # "von 9 bis 17 Uhr", "9-17 Uhr" (joined_ranges)
