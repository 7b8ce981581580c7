"""A number joined by a hyphen to a word that says what it counts ("3-jähriger", "2-Zimmer", "5-Sterne",
"10-minütigen") leaves a German source as one placeholder whose fill says it in English, for any model:

    NumberCompounds().apply("Ein 3-jähriger Junge vor einem 5-Sterne-Hotel.")
        -> ("Ein \ue000 Junge vor einem \ue001-Hotel.", ("3-year-old", "5-star"))

The rest of a longer compound ("-Hotel", "-Wohnung") and every other word joined to a number ("2-mal") is left to the
model (text/finders/numbers.DigitRuns). German -> English only; a glossary term ("Zimmer") wins over the table. Training
pairs are not changed (Multi30K holds ten such words).
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.finders.numbers import Numbers
from text.forms.masking import Span

# the German word (any of its endings) -> what English writes after the number and a hyphen
HEADS = {
    "jährig": "year-old", "Jährige": "year-olds", "Jährigen": "year-olds", "Jähriger": "year-old",
    "monatig": "month-old", "wöchig": "week", "tägig": "day", "stündig": "hour", "minütig": "minute",
    "sekündig": "second", "Zimmer": "room", "Sterne": "star", "Stern": "star", "Personen": "person",
    "köpfig": "person", "Mann": "man", "Gang": "speed", "Sitzer": "seater", "teilig": "piece", "Punkte": "point",
    "Meter": "meter", "km": "km", "Kilometer": "kilometer", "Liter": "liter", "Tonnen": "ton", "Spur": "lane",
    "stöckig": "story", "geschossig": "story", "fach": "fold", "seitig": "page", "Loch": "hole",
}
ENDINGS = "(?:e|er|es|en|em)?"        # an adjective's endings ("jährig" -> "jährigen"), for the lowercase heads
HEAD = re.compile("-(?:" + "|".join(f"({re.escape(h)}){ENDINGS if h.islower() and h != 'km' else ''}"
                                    for h in sorted(HEADS, key=len, reverse=True)) + r")(?![^\W\d_])")


def english_head(m: re.Match) -> str:
    """The English of the head HEAD matched ("jährigen" -> "year-old")."""
    return HEADS[next(g for g in m.groups() if g)]


class NumberCompounds(PlaceholderStep):
    def __init__(self, numbers: Numbers):
        self.numbers = numbers
        self.on = (numbers.source, numbers.target) == ("de", "en")

    def find(self, text: str) -> list[Span]:
        if not self.on:
            return []
        spans = []
        for number in self.numbers.find(text):
            head = HEAD.match(text, number.end)
            if head and not any(c in number.fill for c in " €$£¥"):       # not a price, nor a time of day
                spans.append(Span(number.start, head.end(), f"{number.fill}-{english_head(head)}"))
        return spans
