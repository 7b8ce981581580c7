"""Every digit of the source reaches the translation: a run of characters that holds a digit but is not one number
travels whole as typed (`DigitRuns`), the numbers it holds in the target's format."""
from __future__ import annotations

import re
from decimal import Decimal

import regex

from text.finders.finder import PlaceholderStep
from text.finders.numbers import Numbers
from text.finders.prices import priced
from text.forms.masking import Span
from text.forms.number_forms import convention_value, marks
from text.forms.units import VULGAR, Reading, dimension_after, unit_after

DIGIT = regex.compile(r"\p{N}")                  # any digit: "3", "²", "½", "٣"
RUN = re.compile(r"\S+(?: [x×] (?=\d)\S+)*")     # "3 x 4" is one run: a product or a size
DECADE = re.compile(r"(\d*0)er[ns]?(?:-Jahren?)?")        # "80er", "in den 30ern", "1950er-Jahre" -> "80s", ...
DECADE_EN = re.compile(r"['’]?(\d*0)['’]?s")              # "1990s", "the 80s", "'90s", "1960's" -> "1990er", ...
MAGNITUDE = re.compile(r"[kKmMbB]|bn|mn|Mio|Mrd")           # glued to a price: "$5k", "€2m", "5bn €"
PRICE = re.compile(r"[€$£¥]")
# German writes a price's magnitude out ("$50k" -> "50.000 $", not "50k $"; "$2m" -> "2 Mio. $"), English keeps it
GERMAN_MAGNITUDES = {"k": 1000, "m": "Mio.", "mn": "Mio.", "mio": "Mio.", "b": "Mrd.", "bn": "Mrd.", "mrd": "Mrd."}
SIGN_AFTER = re.compile(r" ([€$£¥])(?!\w)")          # a currency's sign after a number and its magnitude: "5k €"
HYPHENED = re.compile(r"(?:-[^\W\d_]+)+")         # words joined to a number by hyphens: "-Zimmer-Wohnung"
OPENING, CLOSING = "\"'„“‚‘»«([{", ".,;:!?\"'“”‘’»«)]}…"     # stripped from a run's ends
# a height or length in feet and inches keeps its marks: "5'11\"", "6′2″", "2'", "27\"" (a mark after a number that
# closes no quotation: an inch mark the sentence has no other of, a foot mark no quotation opened)
FEET_INCHES = re.compile(r"\d+(?:[.,]\d+)?(?:['′](?:\d+(?:[.,]\d+)?[\"″])?|[\"″])")
FEET_BEFORE = re.compile(r"\d['′] $")                # the inches of "5' 4\""
# in German a height in feet and inches is said in words, as "6 feet" is "6 Fuß" ("He is 6'2\" tall." -> "Er ist hohe
# 6'2\"." from a strong model): "6 Fuß 2 Zoll groß"
FEET_AND_INCHES = re.compile(r"(?:(\d+(?:[.,]\d+)?)['′])?(?:(\d+(?:[.,]\d+)?)[\"″])?")
OPENS_QUOTE = re.compile(r"(?<!\w)['‘](?=\w)")


class DigitRuns(PlaceholderStep):
    """Every digit of the source reaches the translation: a run of characters (without the punctuation at its ends)
    that holds a digit but is not one number of `numbers` travels whole, with the numbers it overlaps, as typed, the
    numbers in the target's format: "12a", "1/2", "2x3", "3 x 4 m", "14h30", ".5", "Nr.1", "m²"; "3-5 Uhr" ->
    "3-5 o'clock"; feet and inches in German words ("6'2\"" -> "6 Fuß 2 Zoll"). A number joined by hyphens to words
    is no such run: the number is the number step's, the words the model's
    ("2-Zimmer-Wohnung" -> "\ue000-Zimmer-Wohnung", "5-Sterne-Hotel", "10-minütiger"). It comes before `numbers` in a
    pipeline; training pairs are left to `numbers` (a pair whose run the model should copy rarely holds the run as
    written on both sides)."""

    def __init__(self, numbers: Numbers):
        self.numbers = numbers

    def find(self, text: str) -> list[Span]:
        numbers, spans = self.numbers.find(text), []
        for run in RUN.finditer(text):
            start, end = run.start(), run.end()
            start += len(run.group()) - len(run.group().lstrip(OPENING))
            end -= len(run.group()) - len(run.group().rstrip(CLOSING))
            end = with_measure_marks(text, start, end, run.end())
            if start >= end or not DIGIT.search(text, start, end):
                continue
            inside = [n for n in numbers if n.start < end and start < n.end]
            start, end = min([start] + [n.start for n in inside]), max([end] + [n.end for n in inside])
            if len(inside) == 1 and (inside[0].start, inside[0].end) == (start, end):
                continue                               # one number, the number step's
            if len(inside) == 1 and inside[0].start == start and HYPHENED.fullmatch(text, inside[0].end, end):
                continue                               # "2-Zimmer-Wohnung": the number's, and words for the model
            if spans and spans[-1].end > start:        # a time that spans two runs ("3-5 Uhr")
                continue
            feet = FEET_AND_INCHES.fullmatch(text, start, end) if len(inside) in (1, 2) else None
            if feet and (self.numbers.source, self.numbers.target) == ("en", "de"):     # "6'2\"" -> "6 Fuß 2 Zoll"
                units = [unit for unit, part in zip(("Fuß", "Zoll"), feet.groups()) if part]
                said = " ".join(f"{n.fill} {unit}" for n, unit in zip(inside, units))
                measured = dimension_after(text, start, end, "ft", "en", "de")
                spans.append(Span(start, measured[0], f"{said} {measured[1]}") if measured else Span(start, end, said))
                continue
            decade = DECADE.fullmatch(text, start, end)
            if decade and (self.numbers.source, self.numbers.target) == ("de", "en"):
                spans.append(Span(start, end, decade.group(1) + "s"))
                continue
            decade = DECADE_EN.fullmatch(text, start, end)
            if decade and (self.numbers.source, self.numbers.target) == ("en", "de"):
                cut = start > 0 and text[start - 1] in "'’" and DECADE_EN.fullmatch(text, start - 1, end)
                spans.append(Span(start - 1 if cut else start, end, decade.group(1) + "er"))     # "'60s": its mark too
                continue
            magnitude = MAGNITUDE.fullmatch(text, inside[-1].end, end) if len(inside) == 1 else None
            if magnitude and PRICE.search(inside[0].fill) and inside[0].start == start:   # "$5k": not "5 $k"
                last_digit = max(k for k, c in enumerate(inside[0].fill) if c.isdigit()) + 1
                written = german_magnitude(inside[0].fill[:last_digit], magnitude.group()) \
                    if self.numbers.target == "de" else None
                spans.append(Span(start, end, (written or inside[0].fill[:last_digit] + magnitude.group()) +
                                  inside[0].fill[last_digit:]))
                continue
            sign = SIGN_AFTER.match(text, end) if magnitude and inside[0].start == start else None
            if sign and not PRICE.search(inside[0].fill):        # "5k €" -> "€5k" (the sign was lost: "kostet 5k.")
                written = german_magnitude(inside[0].fill, magnitude.group()) if self.numbers.target == "de" else None
                spans.append(Span(start, sign.end(), priced(written or inside[0].fill + magnitude.group(),
                                                            sign.group(1), self.numbers.target)))
                continue
            unit = unit_after(text, start, end, text[start:end], text[start:end], self.numbers.source,
                              self.numbers.target) if not inside and VULGAR.fullmatch(text, start, end) else None
            if unit:                                        # "½ liter" -> "½ Liter" (a model wrote "½ beleuchteter")
                spans.append(Span(start, unit.end, Reading(unit.fill, unit.reading)))
                continue
            fill, last = [], start
            for n in inside:
                fill += [text[last:n.start], n.fill]
                last = n.end
            spans.append(Span(start, end, "".join(fill) + text[last:end]))
        return spans


def german_magnitude(number: str, magnitude: str) -> str | None:
    """A German number (German marks) with a price's magnitude written out: "50", "k" -> "50.000", "2,5", "m" ->
    "2,5 Mio."; None where the number is no plain one."""
    value, word = convention_value(number, *marks("de")), GERMAN_MAGNITUDES[magnitude.lower()]
    if value is None or not isinstance(word, int):
        return None if value is None else f"{number} {word}"
    return f"{(Decimal(value) * word).normalize():,f}".translate(str.maketrans(",.", ".,"))


def with_measure_marks(text: str, start: int, end: int, run_end: int) -> int:
    """Where a run ends with the foot and inch marks after its number that stripping its ends took ("5'11\"" is no
    quotation's end): "5'11" -> "5'11\"", "2" of "2' wide" -> "2'"; a mark that may close a quotation stays out."""
    found = [m for m in FEET_INCHES.finditer(text, start, run_end) if m.start() < end < m.end()]
    if not found:
        return end
    stop = found[-1].end()
    mark = text[stop - 1]
    if mark == "'":
        return end if OPENS_QUOTE.search(text, 0, start) else stop
    feet = set(found[-1].group()) & {"'", "′"} or FEET_BEFORE.search(text, 0, found[-1].start())
    if mark == '"' and not feet and text.count('"') > 1:
        return end
    return stop
