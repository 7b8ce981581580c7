"""Numbers leave the source as placeholders and come back in the target language's format: German -> English
"3,5" -> "3.5", "1.200" -> "1,200", "14:30 Uhr" -> "14:30", "8 Uhr" -> "8 o'clock"; English -> German "3.5" ->
"3,5", "1,200" -> "1.200", "2:30 pm" -> "14:30 Uhr". The search never writes a digit itself (the step bans every
piece with one), so no translation holds a number its source does not have. A sign and an exponent belong to the
number ("-5", "1e5"); a word with digits inside ("A380", "COVID-19") travels whole, as written.
"""
from __future__ import annotations

import re

from text.number_forms import CLOCK_SUFFIX, convert, find_numbers
from text.placeholders import PlaceholderStep, Span

# a number, with the letters and hyphens glued to its left ("A380", "COVID-19") or its sign ("-5", "−5"), an
# exponent ("1e5"), and a following time of day ("Uhr"; "pm", "a.m.", "o'clock")
NUMBER = r"(?<![\w.,:])([^\W\d_][\w-]*?)?([-−+](?=\d))?(\d+(?:[.,:]\d+)*)([eE][-−+]?\d+)?(?![.,:]?\d)"
CLOCK = {"de": r"(\s+Uhr\b)?", "en": r"(\s*(?:[ap]\.m\.|[ap]\.?\s?m\b|o'clock))?"}
NUMBER_SPAN = re.compile(NUMBER + CLOCK["de"])
SIGNS = {"-": "-", "−": "-", "+": "+"}
BYTE_PIECE = re.compile(r"<0x[0-9A-F]{2}>").fullmatch
DIGIT_BYTES = {f"<0x{b:02X}>" for b in range(0x30, 0x3A)}


def clock_form(number: str, clock: str, source: str, target: str) -> str | None:
    """A time of day in the target's words: German "14.30 Uhr" -> "14:30", "8 Uhr" -> "8 o'clock", "14 Uhr" -> "2
    pm"; English "2:30 pm" -> "14:30 Uhr", "11 am" -> "11 Uhr"; None where the pair of languages has no rule (it
    stays as written)."""
    hours, _, minutes = number.replace(".", ":").partition(":")
    if not re.fullmatch(r"\d{1,2}", hours) or (minutes and not re.fullmatch(r"\d\d", minutes)):
        return None
    if (source, target) == ("de", "en"):
        if minutes:
            return f"{hours}:{minutes}"
        return f"{int(hours) - 12} pm" if 13 <= int(hours) <= 23 else f"{hours} o'clock"
    if (source, target) == ("en", "de"):
        hour, marker = int(hours), clock.strip().lower().replace(".", "").replace(" ", "")
        if marker in ("am", "pm"):
            if not 1 <= hour <= 12:
                return None
            hour = hour % 12 + (12 if marker == "pm" else 0)
        return f"{hour}:{minutes} Uhr" if minutes else f"{hour} Uhr"
    return None


class Numbers(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.source, self.target = source, target
        self.span = re.compile(NUMBER + CLOCK.get(source, "()?"), re.IGNORECASE if source == "en" else 0)

    def find(self, text: str) -> list[Span]:
        return [Span(m.start(), m.end(), self.form(*m.groups(), m.group())) for m in self.span.finditer(text)]

    def form(self, prefix: str | None, sign: str | None, number: str, exponent: str | None, clock: str | None,
             written: str) -> str:
        """What a number span becomes in the target language: a sign and an exponent belong to the number."""
        if prefix:                                   # a code, as written
            return prefix + (sign or "") + number + (exponent or "")
        if clock and not (sign or exponent):
            timed = clock_form(number, clock, self.source, self.target)
            return timed if timed is not None else written
        return SIGNS.get(sign, "") + convert(number, self.source, self.target) + (exponent or "").replace("−", "-")

    def find_in_target(self, source: str, spans: list[Span], target: str) -> list[tuple[int, int]] | None:
        """Each source number's reading in the English target, matched in order (data/number_forms keys: "3,5"
        meets "3.5", "14 Uhr" meets "2 pm"); None unless every one is found."""
        numbers = find_numbers(source, self.source)
        if len(numbers) != len(spans):          # a number glued to a word ("A380"): leave the pair as it is
            return None
        found, last = [], 0
        targets = find_numbers(target, self.target)
        for number, span in zip(numbers, spans):
            match = next((t for t in targets if t.keys & number.keys and t.start >= last), None)
            if match is None:
                return None
            signed = span.fill[:1] in "-+" and match.start > 0 and target[match.start - 1] in SIGNS
            last = match.start + len(match.text)
            clock = CLOCK_SUFFIX["en" if self.target == "en" else "de"].match(target, last)
            if clock and any(key.startswith("c") for key in number.keys):     # the source's is a time too
                last = clock.end()                  # "um 14:30 Uhr" is the fill "14:30 Uhr", not "14:30" + "Uhr"
            found.append((match.start - signed, last))
        return found

    def banned_pieces(self, pieces: list[str]) -> set[int]:
        """Every piece with a digit in it: numbers come only from the source's placeholders."""
        return {i for i, piece in enumerate(pieces) if piece in DIGIT_BYTES or
                (not BYTE_PIECE(piece) and any(c.isdigit() for c in piece))}
