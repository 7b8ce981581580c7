"""The markers of a numbered list written in a sentence ("1. Milch 2. Eier 3. Brot", "Kaufe: 1. Milch, 2. Eier.")
stay as written, numbers and full stops, in either direction: "1. milk 2. eggs 3. bread", not "1st milk 2nd eggs"
(a model wrote "1st writes 2nd eggs 3rd bread").

    find_list_markers("Kaufe: 1. Milch, 2. Eier.", "de")  -> [Span(7, 9, "1."), Span(17, 19, "2.")]
    find_list_markers("Wir treffen uns am 3. Oktober.", "de")   -> []     # a date (text/forms/dates.py)
    find_list_markers("Der 1. und der 2. Platz.", "de")          -> []     # ordinals: no "1." opens a list

A list counts up from a "1." at the sentence's start or after a colon, two markers at least; a German "3." alone is
an ordinal ("der 2. Platz"). English writes no ordinal so ("3rd"), so there a "1." that opens a list is one alone.
"""
from __future__ import annotations

import re

from text.forms.masking import Span
from text.forms.units import Reading

MARKER = re.compile(r"(?<![\w.,:])([1-9]\d?)\.(?= +[^\W\d_])")     # "1." before a word
OPENS = re.compile(r"(?:^|:)\s*$")                                   # where a list may open: the start, a colon
ALONE = {"en"}                          # languages whose "1." before a word is no ordinal: a marker even alone


def find_list_markers(text: str, lang: str) -> list[Span]:
    """The markers of the numbered lists of a sentence in `lang`, each a span that stays as written."""
    runs, run = [], []
    for m in MARKER.finditer(text):
        n = int(m.group(1))
        if n == 1 and OPENS.search(text, 0, m.start()):
            runs.append(run)
            run = [m]
        elif run and n == len(run) + 1:
            run.append(m)
    runs.append(run)
    least = 1 if lang in ALONE else 2
    return [Span(m.start(), m.end(), Reading(m.group(), ("list", int(m.group(1)))))
            for run in runs if len(run) >= least for m in run]
