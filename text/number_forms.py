"""Numbers in German and English text, and the check that a translation invents none.

A number is a run of digits joined by single '.', ',' or ':' between digits ("3,5", "1.200.000", "14:30"). Signs,
spaces ("1 200") and apostrophes ("1'200") are not part of it. Digits inside words count, alike on both sides:
"A380" holds "380", "COVID-19" holds "19", "3rd" holds "3", so a word copied as is never differs. Spelled-out
numbers ("two", "million") are not numbers, except that German zwei ... zwölf in a source allow their digits in
the output ("zwei Hunde" -> "2 dogs" is not invented).

Each number has keys, one per reading; a source number and an output number agree when their keys meet:
- its literal text, so a number copied verbatim always agrees ("1.200" copied into English is not invented);
- its value in its language's convention (German "1.200,5" = English "1,200.5" = 1200.5), where the digit groups
  fit that convention; else in the other one (a German writer's "3.5"); else each group is an integer of its own
  (a date "24.12.2020" is 24, 12 and 2020);
- with ':' the parts as a ratio; an h:mm ("14:30") also its time of day modulo 12 hours, so it agrees with
  "14:30", "2:30 pm" and a bare "2:30" (leniently "2:30 am" too); any other ("2:1", a score) also each part
  alone, so "2:1" agrees with "2-1";
- a time by its suffix: German "14 Uhr", "14.30 Uhr"; English "2 pm", "2.30 p.m.", "2 o'clock".
Ordinals are their integer ("3." and "3rd" are 3). Years, "Nr. 23", "50 %", prices and phone-like digit runs are
plain integers (leading zeros leave the value, not the literal).
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
MARKS = {"de": (",", "."), "en": (".", ",")}          # (decimal mark, thousands mark)
CLOCK_SUFFIX = {"de": re.compile(r"\s*Uhr\b"),
                "en": re.compile(r"\s*(?:[ap]\.?m\b\.?|o'clock)", re.IGNORECASE)}
# German number words and their English ones, defined once (counts a caption spells out)
NUMBER_WORDS = {"zwei": "two", "drei": "three", "vier": "four", "fünf": "five", "sechs": "six", "sieben": "seven",
                "acht": "eight", "neun": "nine", "zehn": "ten", "elf": "eleven", "zwölf": "twelve"}
GERMAN_WORDS = {word: value for value, word in enumerate(NUMBER_WORDS, start=2)}
GERMAN_WORD = re.compile(r"\b(" + "|".join(GERMAN_WORDS) + r")\b", re.IGNORECASE)


class Number(NamedTuple):
    text: str                 # as written, e.g. "3,5"
    start: int                # character offset in the text
    keys: frozenset           # its readings; see the module docstring


def find_numbers(text: str, lang: str = "de") -> list[Number]:
    """The numbers of a German ("de") or English ("en") text, in order."""
    if lang not in MARKS:
        raise ValueError(f"lang must be 'de' or 'en', not {lang!r}")
    found = []
    for match in NUMBER.finditer(text):
        literal = match.group()
        keys = {"=" + literal} | value_keys(literal, lang)
        if CLOCK_SUFFIX[lang].match(text, match.end()):
            keys |= clock_keys(literal)
        found.append(Number(literal, match.start(), frozenset(keys)))
    return found


def value_keys(literal: str, lang: str) -> set[str]:
    """The value readings of one number (no literal, no clock suffix)."""
    groups = re.split(r"[.,:]", literal)
    if ":" in literal:
        ratio = {"r" + ":".join(str(int(g)) for g in groups)}
        clock = clock_keys(literal) if len(groups) == 2 else set()
        return ratio | (clock or {"v" + str(int(g)) for g in groups})      # a score's parts stand alone
    other = "en" if lang == "de" else "de"
    value = convention_value(literal, *MARKS[lang]) or convention_value(literal, *MARKS[other])
    return {"v" + value} if value else {"v" + str(int(g)) for g in groups}


def convention_value(literal: str, decimal: str, thousands: str) -> str | None:
    """The plain value ("1200.5") of a number written with these marks, or None where its groups do not fit
    (thousands groups are 1-3 digits, then exactly 3; at most one decimal mark, with no mark after it)."""
    whole, _, fraction = literal.partition(decimal)
    if fraction and not fraction.isdigit():
        return None
    groups = whole.split(thousands)
    if len(groups) > 1 and (len(groups[0]) > 3 or any(len(g) != 3 for g in groups[1:])):
        return None
    if not all(g.isdigit() for g in groups):
        return None
    value = Decimal("".join(groups) + ("." + fraction if fraction else ""))
    return format(value.normalize(), "f")


def clock_keys(literal: str) -> set[str]:
    """The time of day modulo 12 hours of "14", "14:30" or "14.30"; nothing for what is not a time."""
    parts = re.split(r"[.:]", literal)
    if len(parts) > 2 or "," in literal or (len(parts) == 2 and len(parts[1]) != 2):
        return set()
    hours, minutes = int(parts[0]), int(parts[1]) if len(parts) == 2 else 0
    return {f"c{hours % 12}:{minutes:02d}"} if hours <= 24 and minutes < 60 else set()


def german_to_english(number_text: str) -> str:
    """A German-formatted number as English writes it: "3,5" -> "3.5", "1.200,50" -> "1,200.50". Integers,
    times ("14:30") and what does not fit the German convention (a date "24.12.2020") are returned unchanged."""
    if ":" in number_text or convention_value(number_text, ",", ".") is None:
        return number_text
    whole, mark, fraction = number_text.partition(",")
    return whole.replace(".", ",") + ("." + fraction if mark else "")


def invented_numbers(source_de: str, output_en: str) -> list[str]:
    """The numbers of the English output that no number of the German source accounts for, as written."""
    allowed = {"v" + str(GERMAN_WORDS[w.lower()]) for w in GERMAN_WORD.findall(source_de)}
    for number in find_numbers(source_de, "de"):
        allowed |= number.keys
    return [n.text for n in find_numbers(output_en, "en") if not n.keys & allowed]
