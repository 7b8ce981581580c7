"""Ranges of numbers: what joins two numbers of a range ("14-16 Uhr", "zwischen 14 und 15 Uhr", "3 bis 5 Tage"),
and two numbers of one measure, the unit written once after the second, as one placeholder ("3 bis 5 Tage" -> "3
to 5 days": as two placeholders a model wrote "am 3 zum 5"), joined as the target joins them. The numbers finder
(text/finders/numbers.py) uses both; a range of two times (its first number a time too) is its own.
"""
from __future__ import annotations

import re

from text.forms.masking import Span
from text.forms.units import CODES, DATIVE_BEFORE, Reading, dimension_after, in_dative

RANGE = re.compile(r"\s*([-–])\s*|\s+(und|bis|oder|and|to|or|till|until)\s+")
JOINS = {"bis": " to ", "to": " bis ", "till": " bis ", "until": " bis ", "und": " and ", "and": " und ",
         "oder": " or ", "or": " oder "}
PLAIN = re.compile(r"[-+]?\d+(?:[.,]\d+)*")       # a number with no sign of a currency, a unit or a time
# the currency English writes before a price's number ("€5 million", "CHF 5 million"): before the whole range
CURRENCY_FIRST = re.compile(rf"[€$£¥]|(?:{'|'.join(CODES)}) ")


def joined_pairs(spans: list[Span], join) -> list[Span]:
    """The spans (in text order) with each one joined to the one before it where `join(before, span)` gives the span
    of both (else None): the joiners below."""
    joined: list[Span] = []
    for span in spans:
        both = join(joined[-1], span) if joined else None
        if both is None:
            joined.append(span)
        else:
            joined[-1] = both
    return joined


def joined_measures(text: str, spans: list[Span], source: str, target: str) -> list[Span]:
    """The spans (in text order) with a plain number and the measure right after it (a unit's Reading, "5 Tage"),
    joined by a range's word or dash, as one span whose fill is the range in the target's words: "3 bis 5 Tage" ->
    "3 to 5 days", "5-10 km" -> "5-10 km"; the others as they are."""
    if {source, target} != {"de", "en"}:
        return spans

    def join(last: Span, span: Span) -> Span | None:
        between = RANGE.fullmatch(text, last.end, span.start)
        if not (between and isinstance(span.fill, Reading) and span.fill.key[0] == "unit" and
                PLAIN.fullmatch(text, last.start, last.end) and not isinstance(last.fill, Reading)):
            return None
        word = between.group(1) or JOINS[between.group(2)]
        key = ("range", last.fill.replace(",", "."), *span.fill.key)      # alike in both languages
        second = in_dative(span.fill) if target == "de" and DATIVE_BEFORE.search(text, 0, last.start) else \
            span.fill                                                   # "in 3 to 5 days" -> "in 3 bis 5 Tagen"
        currency = CURRENCY_FIRST.match(second) if target == "en" else None     # "€3 to 5 million"
        first, second = (currency.group() + last.fill, second[currency.end():]) if currency else (last.fill, second)
        return Span(last.start, span.end, Reading(f"{first}{word}{second}", key))
    return joined_pairs(spans, join)


# a duration in two units, the larger first, as one placeholder ("2 Std. 15 Min." -> "2 hours 15 minutes": as two, a
# model wrote "The 2 hours is coming for 15 minutes."); "und" / "and" between them as the target says it
DURATION_ORDER = ("yr", "mo", "wk", "d", "h", "min", "s")
DURATION_JOIN = re.compile(r" (?:(und|and) )?")
# the inches of a length in feet, "in" after their number right after the feet ("5 ft 11 in": a model wrote "5 ft in
# hohem 11", the 11 and "in" apart), not the preposition before an article or a name ("5 ft 11 in the box", "in
# London"); English only (German "in" is a preposition)
INCHES_AFTER = re.compile(r" in\b(?!\s+(?:the|a|an|his|her|my|our|their|this|that|your)\b|\s+[A-Z])(?![-'’])")


def joined_durations(text: str, spans: list[Span], source: str, target: str) -> list[Span]:
    """The spans (in text order) with two measures of time right after one another, the larger unit first ("2 Std.
    15 Min.", "1 Stunde und 30 Minuten"), as one span: "2 hours 15 minutes", "1 hour and 30 minutes"; and a length
    in feet with its inches ("5 ft 11 in")."""
    if {source, target} != {"de", "en"}:
        return spans

    def join(last: Span, span: Span) -> Span | None:
        between = DURATION_JOIN.fullmatch(text, last.end, span.start)
        if between and all(isinstance(s.fill, Reading) and s.fill.key[0] == "unit" and len(s.fill.key) == 3 and
                           s.fill.key[1] in DURATION_ORDER for s in (last, span)) and \
                DURATION_ORDER.index(last.fill.key[1]) < DURATION_ORDER.index(span.fill.key[1]):
            word = f" {JOINS[between.group(1)].strip()} " if between.group(1) else " "
            return Span(last.start, span.end, Reading(f"{last.fill}{word}{span.fill}",
                                                      ("duration", *last.fill.key, *span.fill.key)))
        inches = INCHES_AFTER.match(text, span.end) if source == "en" and span.start == last.end + 1 and \
            isinstance(last.fill, Reading) and last.fill.key[:2] == ("unit", "ft") and \
            PLAIN.fullmatch(text, span.start, span.end) and not isinstance(span.fill, Reading) else None
        if inches is None:
            return None
        inch = " Zoll" if target == "de" else inches.group()                      # German writes feet in words
        fill, end = f"{last.fill} {span.fill}{inch}", inches.end()                # "5 ft 11 in", one span
        measured = dimension_after(text, last.start, end, "in", source, target)     # "5 ft 11 in tall"
        if measured:
            fill, end = f"{fill} {measured[1]}", measured[0]
        return Span(last.start, end, Reading(fill, ("height", *last.fill.key, span.fill)))
    return joined_pairs(spans, join)
