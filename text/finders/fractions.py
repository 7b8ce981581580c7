"""A fraction of something in words, German -> English, with its count and its "of": "Ein Drittel der Kinder spielt."
-> "A third of the" + " Kinder spielt.", "zwei Drittel des Tages" -> "two thirds of the", "die Hälfte von" -> "half
of"; one in digits too, "3/4 der" -> "3/4 of the". Multi30K has no "Drittel" (a model kept it as a name, "Drittel
the children play.") and its "Viertel" is a part of a town ("Ein Viertel der Leute tanzt." -> "Four people
dancing."). Only before the genitive's article or "von", and with a count (or digits) right before it, so "in einem
belebten Viertel der Stadt" stays the model's.

    Fractions().find("Ein Drittel der Kinder spielt.")   -> [Span(0, 15, "A third of the")]

English -> German the same before a plural noun: "Half of the children play." (or "Half the children") -> "Die Hälfte
der" + " children play.", "two thirds of all dogs" -> "zwei Drittel aller" (a singular's article would follow its
gender: "half of the cake" is the model's).

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
# "der Zeit" after one goes with it ("Die Hälfte der Zeit schläft er." -> "Half of the is sleeping.": a model lost it)
FRACTION = re.compile(rf"(?<![\w-])(?i:(?P<count>{'|'.join(COUNTS)}|die)\s+(?P<part>{'|'.join(PARTS)})\s+"
                      rf"(?P<of>{'|'.join(OF)}))(?P<time>\s+Zeit)?(?![\w-])")
# one in digits too, under one ("3/4 der Kinder" -> "3/4 of the" + " Kinder": a model wrote "3/4 the children")
DIGITS = re.compile(rf"(?<![\w/.,-])(?P<digits>(?P<over>\d{{1,2}})/(?P<under>\d{{1,3}})|[½⅓¼⅔¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])"
                    rf"\s+(?P<of>(?i:{'|'.join(OF)}))(?![\w-])")
# English -> German, before a noun in the plural only ("Half of the children play." -> "Die Hälfte der" + " children
# play.": a model wrote "Ein Pilot spielt die Kinder."): German's article of a singular noun follows its gender
ENGLISH_PARTS = {"half": ("Hälfte", "Hälften"), "third": ("Drittel", "Drittel"), "quarter": ("Viertel", "Viertel"),
                 "fifth": ("Fünftel", "Fünftel"), "tenth": ("Zehntel", "Zehntel")}
ENGLISH_COUNTS = {english: german for german, english in COUNTS.items() if english != "a"} | \
    {"a": "ein", "one": "ein"}
IRREGULAR_PLURALS = "children|people|men|women|adults|kids|students|teenagers|dogs|cats|apples"
ENGLISH_FRACTION = re.compile(
    rf"(?<![\w-])(?i:(?P<count>(?:{'|'.join(ENGLISH_COUNTS)})\s+)?(?P<part>half|{'|'.join(ENGLISH_PARTS)})s?"
    rf"\s+(?P<bare>of\s+)?(?P<of>the|all))(?=\s+(?:[^\W\d_]+\s+)?(?i:{IRREGULAR_PLURALS}|[^\W\d_]+[^s\W]s)\b)")


def english_fraction(m: re.Match) -> str | None:
    """The German of an English fraction with its "of" before a plural ("two thirds of the" -> "zwei Drittel der"),
    None where its count does not fit ("a half of", "two half of")."""
    count, part, of = (m.group("count") or "").strip().lower(), m.group("part").lower(), m.group("of").lower()
    if not m.group("bare") and (part != "half" or of != "the"):
        return None                                     # "half the children" without "of" too, not "a third the"
    if part == "half":
        if count:
            return None
        words = "die Hälfte " + ("der" if of == "the" else "aller")
    else:
        if count not in ENGLISH_COUNTS:
            return None
        words = f"{ENGLISH_COUNTS[count]} {ENGLISH_PARTS[part][0]} " + ("der" if of == "the" else "aller")
    return words[0].upper() + words[1:] if m.group()[0].isupper() else words


class Fractions(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.on = (source, target) == ("de", "en")
        self.english = (source, target) == ("en", "de")

    def find(self, text: str) -> list[Span]:
        spans = []
        for m in FRACTION.finditer(text) if self.on else ():
            count, part, of = (m.group(k).lower() for k in ("count", "part", "of"))
            if (count == "die") != (part == "hälfte"):
                continue                        # "die Hälfte", not "die Drittel" nor "eine Hälfte"
            one, more = PARTS[part]
            words = f"{one} {OF[of]}" if count == "die" else \
                f"{COUNTS[count]} {one if COUNTS[count] == 'a' else more} {OF[of]}"
            words += " time" if m.group("time") else ""
            words = "an" + words[1:] if words.startswith("a e") else words     # "Ein Achtel der" -> "An eighth of the"
            spans.append(Span(m.start(), m.end(), words[0].upper() + words[1:] if m.group()[0].isupper() else words))
        for m in DIGITS.finditer(text) if self.on else ():
            if m.group("under") and not 0 < int(m.group("over")) < int(m.group("under")):
                continue                        # "12/3 der": no fraction under one
            spans.append(Span(m.start(), m.end(), f"{m.group('digits')} {OF[m.group('of').lower()]}"))
        for m in ENGLISH_FRACTION.finditer(text) if self.english else ():     # "Half of the children"
            words = english_fraction(m)
            if words:
                spans.append(Span(m.start(), m.end(), words))
        return sorted(spans)
