"""Quotation marks: where a quotation opens and closes in a line, its marks included, for the quotations step
(text/steps/quotations.py). Marks: „…“ „…” “…” »…« «…» (double), ‚…‘ ‘…’ ›…‹ ‹…› (single), and straight "…" and '…'
where they open after a space and close before one or before punctuation (not an apostrophe: "geht's", "Hans'"; not
an inch: 5"); a quotation holds a letter or a digit (two within straight single quotes: 'n' is no quotation).

    find_quotations('Er sagt „ja“ und geht.')   -> [(8, 12)]
"""
from __future__ import annotations

import re

DOUBLE = {"„": "“”", "“": "”", "»": "«", "«": "»"}
SINGLE = {"‚": "‘’", "‘": "’", "›": "‹", "‹": "›"}
STRAIGHT = "\"'"
OPENS_AFTER = "([{„“‚‘»«‹›-–—/"          # a straight quote opens at the start, after a space or one of these ...
CLOSES_BEFORE = ".,;:!?…)]}»«“”‘’-–—/"   # ... and closes at the end, before a space or one of these


def opens(text: str, k: int) -> bool:
    """Whether the straight quote at k may open a quotation."""
    return (k == 0 or text[k - 1].isspace() or text[k - 1] in OPENS_AFTER) and k + 1 < len(text) and \
        not text[k + 1].isspace()


def closes(text: str, k: int) -> bool:
    """Whether the quote at k may close a quotation (not an apostrophe inside or after a word)."""
    return k > 0 and not text[k - 1].isspace() and \
        (k + 1 == len(text) or text[k + 1].isspace() or text[k + 1] in CLOSES_BEFORE)


def closing_of(text: str, k: int) -> int | None:
    """Where the quotation opened at k closes, None where it does not."""
    mark = text[k]
    if mark in STRAIGHT and not opens(text, k):
        return None
    closers = mark if mark in STRAIGHT else DOUBLE.get(mark) or SINGLE.get(mark) or ""
    return next((j for j in range(k + 1, len(text)) if text[j] in closers and
                 (closes(text, j) or (mark not in STRAIGHT and text[j] != "’"))), None)


def find_quotations(text: str) -> list[tuple[int, int]]:
    """(start, end) of each outermost quotation, its marks included, in text order: one with a letter or digit in
    it (two for straight single quotes: 'n' is no quotation)."""
    found, k = [], 0
    while k < len(text):
        end = closing_of(text, k) if text[k] in STRAIGHT or text[k] in DOUBLE or text[k] in SINGLE else None
        inner = text[k + 1:end] if end is not None else ""
        if len(re.findall(r"[^\W_]", inner)) >= (2 if text[k] == "'" else 1):
            found.append((k, end + 1))
            k = end + 1
        else:
            k += 1
    return found
