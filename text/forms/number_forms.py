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
- a time by its suffix, in any case: German "14 Uhr", "14.30 Uhr", "14 UHR"; English "2 pm", "2.30 p.m.",
  "2 o'clock", "2 PM".
Ordinals are their integer ("3." and "3rd" are 3). Years, "Nr. 23", "50 %", prices and phone-like digit runs are
plain integers (leading zeros leave the value, not the literal).
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
MARKS = {"de": (",", "."), "en": (".", ",")}          # (decimal mark, thousands mark)
CLOCK_SUFFIX = {"de": re.compile(r"\s*Uhr\b", re.IGNORECASE),        # "14 UHR" in a line of capitals too
                "en": re.compile(r"\s*(?:[ap]\.m\.|[ap]\.?\s?m\b|o'clock)", re.IGNORECASE)}
# German number words and their English ones, defined once (counts a caption spells out)
NUMBER_WORDS = {"zwei": "two", "drei": "three", "vier": "four", "fünf": "five", "sechs": "six", "sieben": "seven",
                "acht": "eight", "neun": "nine", "zehn": "ten", "elf": "eleven", "zwölf": "twelve"}
ONE = {"de": "eins", "en": "one"}
GERMAN_WORDS = {word: value for value, word in enumerate(NUMBER_WORDS, start=2)}
ENGLISH_WORDS = {word: value for value, word in enumerate(NUMBER_WORDS.values(), start=2)}


class Number(NamedTuple):
    text: str                 # as written, e.g. "3,5"
    start: int                # character offset in the text
    keys: frozenset           # its readings; see the module docstring


def find_numbers(text: str, lang: str = "de") -> list[Number]:
    """The numbers of a text in order: German ("de") or English ("en") conventions; other languages read as German
    ("fr", "cs": a decimal comma)."""
    found = []
    for match in NUMBER.finditer(text):
        literal = match.group()
        keys = {"=" + literal} | value_keys(literal, lang)
        if CLOCK_SUFFIX["en" if lang == "en" else "de"].match(text, match.end()):
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
    other = "de" if lang == "en" else "en"
    value = convention_value(literal, *marks(lang)) or convention_value(literal, *marks(other))
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


def convert(number_text: str, source: str, target: str) -> str:
    """A number written in the source language's convention as the target language writes it: German "3,5" ->
    English "3.5", "1.200,50" -> "1,200.50", and back. Times ("14:30"), languages of one convention, and what does
    not fit the source's convention (a date "24.12.2020", a German writer's "3.5") are returned unchanged."""
    (decimal, thousands), (to_decimal, to_thousands) = marks(source), marks(target)
    if ":" in number_text or (decimal, thousands) == (to_decimal, to_thousands) or \
            convention_value(number_text, decimal, thousands) is None:
        return number_text
    whole, mark, fraction = number_text.partition(decimal)
    return whole.replace(thousands, to_thousands) + (to_decimal + fraction if mark else "")


def german_to_english(number_text: str) -> str:
    return convert(number_text, "de", "en")


def marks(lang: str) -> tuple[str, str]:
    """(decimal mark, thousands mark) of a language; continental European languages write as German does."""
    return MARKS.get(lang, MARKS["de"])


def number_words(lang: str) -> dict[str, int]:
    """The spelled-out numbers of a language, one to twelve (its word for one is no count a caption spells out, so
    not in NUMBER_WORDS)."""
    words = GERMAN_WORDS if lang == "de" else ENGLISH_WORDS if lang == "en" else {}
    return {ONE[lang]: 1, **words} if lang in ONE else {}


def invented_numbers(source: str, output: str, source_lang: str = "de", output_lang: str = "en") -> list[str]:
    """The numbers of the output that no number (or small number word) of the source accounts for, as written."""
    words = number_words(source_lang)
    allowed = {"v" + str(words[w.lower()]) for w in re.findall(r"\w+", source) if w.lower() in words}
    for number in find_numbers(source, source_lang):
        allowed |= number.keys
    return [n.text for n in find_numbers(output, output_lang) if not n.keys & allowed]
