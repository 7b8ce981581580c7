"""A range of two dates or two times of day is one span, with the other language's prepositions: "vom 24. Dezember
bis zum 2. Januar" -> "from December 24 until January 2", "von 9 bis 18 Uhr" -> "from 9 am to 6 pm", "9am-5pm" ->
"9-17 Uhr"; and a date after "vom" / "from" takes it ("Ihre E-Mail vom 3. Mai" -> "from May 3"). The numbers finder
(text/finders/numbers.py) joins its dates (text/forms/dates.py) and times so.
"""
from __future__ import annotations

import re

from text.forms.clock_forms import shared_word
from text.forms.dates import LEADS, RANGE_WORDS, lead_pattern
from text.forms.masking import Span
from text.forms.units import Reading

# a range of two dates or two times of day is one span, with the other language's prepositions ("from December 24
# to January 2" -> "vom 24. Dezember bis zum 2. Januar": a model wrote "von 24. Dezember aus 2. Januar")
RANGE_FROM = {"de": re.compile(r"\b(?:[Vv]o[nm]|VO[NM])\s+$"),
              "en": re.compile(r"\b(?:[Ff]rom|FROM)\s+(?:the\s+)?$")}
RANGE_TO = {"de": re.compile(r"\s+(?:bis|BIS)\s+|\s*[-–]\s*"),
            "en": re.compile(r"\s+(?:to|until|till|through|TO|UNTIL|TILL)\s+|\s*[-–]\s*")}
DASH = re.compile(r" ?[-–] ?")      # two times joined by a dash alone ("9am-5pm" -> "9-17 Uhr", not "9 Uhr-17 Uhr")
DATE_LEAD = {lang: re.compile(lead_pattern(leads)) for lang, leads in LEADS.items()}     # a date's own preposition


def joined_ranges(text: str, spans: list[Span], times: set[int], source: str, target: str) -> list[Span]:
    """The spans (in text order; `times`: the starts of those that are times of day) with "from X to Y" as one span
    where X and Y are both dates or both times: "vom X bis zum Y" / "von X bis Y" in German, "from X to Y" in English;
    a second date with its own preposition keeps it ("vom 24. Dezember bis zum 2. Januar" -> "from December 24 until
    January 2")."""
    if {source, target} != {"de", "en"}:
        return spans
    kinds = [("date" if isinstance(s.fill, Reading) and s.fill.key[0] == "date" else
              "time" if s.start in times else None) for s in spans]
    joined, k = [], 0
    while k < len(spans):
        pair = range_span(text, spans[k:k + 2], kinds[k:k + 2], source, target)
        joined.append(pair or from_date(text, spans[k], kinds[k], source, target))
        k += 2 if pair else 1
    return joined


def from_date(text: str, span: Span, kind: str | None, source: str, target: str) -> Span:
    """A date after "vom" / "from" that begins no range of two dates, with it: a German one ("Ihre E-Mail vom 3.
    Mai" -> "from May 3": a model wrote "their Mail from the May 3") and, in either language, one of several days
    ("vom 3. bis 5. Mai" <-> "from May 3 to 5"); an English "from" before one day is the model's ("ab dem", "vom")."""
    before = RANGE_FROM[source].search(text, 0, span.start) if kind == "date" else None
    if before is None or DATE_LEAD[source].match(text, span.start):
        return span
    if span.fill.key[2] is None and before.group().lower().strip() != "vom":     # key: ("date", day, last, ...)
        return span
    return Span(before.start(), span.end, Reading(f"{RANGE_WORDS[target]['date'][0]} {span.fill}", span.fill.key))


def range_span(text: str, spans: list[Span], kinds: list[str | None], source: str, target: str) -> Span | None:
    """The two spans as one where the text says "from <first> to <second>" and both are dates or both times, "<first>
    to <second>" and both are times ("9 bis 17 Uhr"), or "<first>-<second>" and both are times that end in the same
    clock word, written once ("9-17 Uhr")."""
    if len(spans) < 2 or kinds[0] is None or kinds[0] != kinds[1] or DATE_LEAD[source].match(text, spans[0].start):
        return None
    (a, b), opening = spans, RANGE_FROM[source].search(text, 0, spans[0].start)
    if kinds[0] == "time" and a.fill.endswith(" o'clock") and re.search(r"\bpm$|^noon$", b.fill):
        a = Span(a.start, a.end, a.fill.replace(" o'clock", " am"))    # "von 9 Uhr bis 17 Uhr": "9 o'clock to 5 pm"
    shared = shared_word(a.fill, b.fill) if kinds[0] == "time" else a.fill
    if opening is None and shared != a.fill and DASH.fullmatch(text, a.end, b.start):
        return Span(a.start, b.end, f"{shared}-{b.fill}")
    led = kinds[1] == "date" and DATE_LEAD[source].match(text, b.start)         # "bis zum 2. Januar"
    between = text[a.end:b.start].isspace() if led else RANGE_TO[source].fullmatch(text, a.end, b.start)
    first, second = RANGE_WORDS[target][kinds[0]]
    if opening is None and kinds[0] == "time" and between and between.group().strip().isalpha():
        return Span(a.start, b.end, f"{shared} {second} {b.fill}")   # "9am to 5pm" -> "9 bis 17 Uhr" (a model wrote
    if opening is None or not between:                               # "um 17 Uhr zu 9 Uhr" from two placeholders)
        return None
    return Span(opening.start(), b.end, f"{first} {a.fill} {b.fill}" if led else f"{first} {a.fill} {second} {b.fill}")
