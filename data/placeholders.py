"""Placeholders: numbers and glossary terms leave the source before translation and come back after it.

The model never writes a number itself. Each number of the source (and each glossary term) is replaced by a
placeholder, a private-use character the model learned to copy (data/augment.py), and after decoding each
placeholder becomes what it stands for, numbers in English format ("3,5" -> "3.5", "1.200" -> "1,200",
"14:30 Uhr" -> "14:30"). With digits banned from the search (decoding/translator.py) an output cannot hold a
number that is not in its source. A word with digits inside ("A380", "COVID-19") travels whole, as written.

    masked = mask("Die Frau kauft 3,5 kg Äpfel für 12 Euro.")
    masked.text   -> "Die Frau kauft \ue000 kg Äpfel für \ue001 Euro."
    restore("The woman buys \ue000 kg of apples for \ue001 euros.", masked.fills)
                  -> "The woman buys 3.5 kg of apples for 12 euros."
"""
from __future__ import annotations

import re
from typing import NamedTuple

from data.numbers import german_to_english

PLACEHOLDERS = tuple(chr(0xE000 + k) for k in range(16))   # each one subword piece (user-defined symbol)
PLACEHOLDER = re.compile("[\ue000-\ue00f]")
# a number, with the letters and hyphens glued to its left ("A380", "COVID-19") and a following "Uhr"
NUMBER_SPAN = re.compile(r"(?<![\w.,:])([^\W\d_][\w-]*?)?(\d+(?:[.,:]\d+)*)(?![.,:]?\d)(\s+Uhr\b)?")


class Masked(NamedTuple):
    text: str                  # the source, numbers and glossary terms replaced by placeholders
    fills: tuple[str, ...]     # fills[k]: what PLACEHOLDERS[k] stands for in the translation


def glossary_pattern(glossary: dict[str, str]) -> re.Pattern | None:
    """One regex for all source terms, longest first, whole words only."""
    if not glossary:
        return None
    terms = sorted(glossary, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(t) for t in terms) + r")(?!\w)")


def mask(text: str, glossary: dict[str, str] | None = None, pattern: re.Pattern | None = None) -> Masked:
    """The text with its glossary terms and numbers as placeholders (at most len(PLACEHOLDERS); the rest stay)."""
    text = PLACEHOLDER.sub(" ", text)                # a user's own private-use characters are no placeholders
    spans = []                                       # (start, end, fill)
    pattern = pattern or glossary_pattern(glossary or {})
    if pattern is not None:
        spans += [(m.start(), m.end(), glossary[m.group()]) for m in pattern.finditer(text)]
    for m in NUMBER_SPAN.finditer(text):
        if any(s < m.end() and m.start() < e for s, e, _ in spans):
            continue
        prefix, number, clock = m.groups()
        if prefix:
            fill = prefix + number
        elif clock:                                  # "14.30 Uhr" -> "14:30", "8 Uhr" -> "8 o'clock"
            fill = number.replace(".", ":") if re.fullmatch(r"\d{1,2}[.:]\d\d", number) else f"{number} o'clock"
        else:
            fill = german_to_english(number)
        spans.append((m.start(), m.end(), fill))
    spans = sorted(spans)[:len(PLACEHOLDERS)]
    out, fills, last = [], [], 0
    for k, (start, end, fill) in enumerate(spans):
        out += [text[last:start], PLACEHOLDERS[k]]
        fills.append(fill)
        last = end
    return Masked("".join(out) + text[last:], tuple(fills))


def restore(output: str, fills: tuple[str, ...]) -> str:
    """The translation with each placeholder replaced by its fill; placeholders the source did not have, and repeats
    of one it had once (a model may say "14:30 14:30"), vanish."""
    used = set()

    def fill(m: re.Match) -> str:                 # m: the placeholder with the space before it, if any
        space, k = m.group()[:-1], ord(m.group()[-1]) - 0xE000
        if k >= len(fills) or k in used:
            return ""
        used.add(k)
        value = fills[k]
        return space + (value[:1].upper() + value[1:] if m.start() == 0 else value)
    return re.sub(" {2,}", " ", re.sub(" ?[\ue000-\ue00f]", fill, output)).strip()


def missing(output: str, fills: tuple[str, ...]) -> int:
    """How many of the source's placeholders the output lacks."""
    return sum(PLACEHOLDERS[k] not in output for k in range(len(fills)))
