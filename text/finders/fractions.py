"""A fraction of something in words, German -> English, with its count and its "of": "Ein Drittel der Kinder spielt."
-> "A third of the" + " Kinder spielt.", "zwei Drittel des Tages" -> "two thirds of the", "die Hälfte von" -> "half
of". Multi30K has no "Drittel" (a model kept it as a name, "Drittel the children play.") and its "Viertel" is a part
of a town ("Ein Viertel der Leute tanzt." -> "Four people dancing."). Only before the genitive's article or "von",
and with a count right before it, so "in einem belebten Viertel der Stadt" stays the model's.

    Fractions().find("Ein Drittel der Kinder spielt.")   -> [Span(0, 15, "A third of the")]

Training pairs are not changed: the finder has no counterpart in the target (PlaceholderStep's default).
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.masking import Span

# a German fraction's noun -> English, one and more than one
PARTS = {"hälfte": ("half", "halves"), "drittel": ("third", "thirds"), "viertel": ("quarter", "quarters"),
         "fünftel": ("fifth", "fifths"), "sechstel": ("sixth", "sixths"), "achtel": ("eighth", "eighths"),
         "zehntel": ("tenth", "tenths")}
COUNTS = {"ein": "a", "eine": "a", "zwei": "two", "drei": "three", "vier": "four", "fünf": "five", "sechs": "six",
          "sieben": "seven", "acht": "eight", "neun": "nine", "zehn": "ten"}
OF = {"der": "of the", "des": "of the", "von": "of", "aller": "of all"}
FRACTION = re.compile(rf"(?<![\w-])(?i:(?P<count>{'|'.join(COUNTS)}|die)\s+(?P<part>{'|'.join(PARTS)})\s+"
                      rf"(?P<of>{'|'.join(OF)}))(?![\w-])")


class Fractions(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.on = (source, target) == ("de", "en")

    def find(self, text: str) -> list[Span]:
        spans = []
        for m in FRACTION.finditer(text) if self.on else ():
            count, part, of = (m.group(k).lower() for k in ("count", "part", "of"))
            if (count == "die") != (part == "hälfte"):
                continue                        # "die Hälfte", not "die Drittel" nor "eine Hälfte"
            one, more = PARTS[part]
            words = f"{one} {OF[of]}" if count == "die" else \
                f"{COUNTS[count]} {one if COUNTS[count] == 'a' else more} {OF[of]}"
            spans.append(Span(m.start(), m.end(), words[0].upper() + words[1:] if m.group()[0].isupper() else words))
        return spans
