"""Numbers leave a German source as placeholders and come back in English format ("3,5" -> "3.5", "1.200" ->
"1,200", "14:30 Uhr" -> "14:30", "8 Uhr" -> "8 o'clock"). The search never writes a digit itself (the step bans
every piece with one), so no translation holds a number its source does not have. A word with digits inside
("A380", "COVID-19") travels whole, as written.
"""
from __future__ import annotations

import re

from text.number_forms import find_numbers, german_to_english
from text.placeholders import PlaceholderStep, Span

# a number, with the letters and hyphens glued to its left ("A380", "COVID-19") or its sign ("-5", "−5"), an
# exponent ("1e5"), and a following "Uhr"
NUMBER_SPAN = re.compile(r"(?<![\w.,:])([^\W\d_][\w-]*?)?([-−+](?=\d))?(\d+(?:[.,:]\d+)*)([eE][-−+]?\d+)?(?![.,:]?\d)"
                         r"(\s+Uhr\b)?")
SIGNS = {"-": "-", "−": "-", "+": "+"}
BYTE_PIECE = re.compile(r"<0x[0-9A-F]{2}>").fullmatch
DIGIT_BYTES = {f"<0x{b:02X}>" for b in range(0x30, 0x3A)}


def english_form(prefix: str | None, sign: str | None, number: str, exponent: str | None, clock: str | None) -> str:
    """What a number span of a German text becomes in English: a sign and an exponent belong to the number."""
    if prefix:                                   # a code, as written
        return prefix + (sign or "") + number + (exponent or "")
    if clock and not (sign or exponent):         # "14.30 Uhr" -> "14:30", "8 Uhr" -> "8 o'clock"
        return number.replace(".", ":") if re.fullmatch(r"\d{1,2}[.:]\d\d", number) else f"{number} o'clock"
    return SIGNS.get(sign, "") + german_to_english(number) + (exponent or "").replace("−", "-")


class Numbers(PlaceholderStep):
    def find(self, text: str) -> list[Span]:
        return [Span(m.start(), m.end(), english_form(*m.groups())) for m in NUMBER_SPAN.finditer(text)]

    def find_in_target(self, source: str, spans: list[Span], target: str) -> list[tuple[int, int]] | None:
        """Each source number's reading in the English target, matched in order (data/number_forms keys: "3,5"
        meets "3.5", "14 Uhr" meets "2 pm"); None unless every one is found."""
        numbers = find_numbers(source, "de")
        if len(numbers) != len(spans):          # a number glued to a word ("A380"): leave the pair as it is
            return None
        found, last = [], 0
        targets = find_numbers(target, "en")
        for number, span in zip(numbers, spans):
            match = next((t for t in targets if t.keys & number.keys and t.start >= last), None)
            if match is None:
                return None
            signed = span.fill[:1] in "-+" and match.start > 0 and target[match.start - 1] in SIGNS
            last = match.start + len(match.text)
            found.append((match.start - signed, last))
        return found

    def banned_pieces(self, pieces: list[str]) -> set[int]:
        """Every piece with a digit in it: numbers come only from the source's placeholders."""
        return {i for i, piece in enumerate(pieces) if piece in DIGIT_BYTES or
                (not BYTE_PIECE(piece) and any(c.isdigit() for c in piece))}
