"""Common abbreviations travel as placeholders, written as the target language abbreviates: German "ca." -> "approx.",
"z. B." -> "e.g.", "usw." -> "etc.", "Nr. 5" -> "No. 5", "S. 12" -> "p. 12", and back. A caption model has
hardly seen one and garbles it into a made-up name ("A man carries approx. 20 boxes." -> "... eine Prox 20 Kartons.",
"in front of No. 12" -> "vor Noo 12").

    Abbreviations("de", "en").find("Wir brauchen ca. 20 Stühle.")   -> [Span(13, 16, "approx.")]
    Abbreviations("en", "de").find("Bread, cheese, etc.")           -> [Span(15, 18, "usw")]

Only the table's abbreviations, as written or with a capital first letter ("Ca. 20 Leute"), each with a space, a mark or
the end after it, so "Nr.5" stays a run of its own (text/finders/numbers.py), and those that are no word of their
own without their final stop too ("z.B Äpfel", "Brot, Milch usw"); English "No." and a one-letter
abbreviation ("S.", "p.") only before a number (else a word, an initial: "Peter S. Müller"). An abbreviation that ends
the sentence leaves its period outside the placeholder, as the sentence's full stop ("Brot, Käse usw." -> "Bread,
cheese etc."). The sentence splitter knows these abbreviations too (text/forms/sentence_ends.py), so their period ends
no sentence.
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.masking import Span
from text.forms.sentence_ends import BEFORE_DIGIT, ends_text

GERMAN = {"ca.": "approx.", "z. B.": "e.g.", "z.B.": "e.g.", "bspw.": "e.g.", "d. h.": "i.e.", "d.h.": "i.e.",
          "usw.": "etc.", "etc.": "etc.", "u. a.": "among others", "u.a.": "among others", "bzw.": "or",
          "inkl.": "incl.", "zzgl.": "plus", "evtl.": "possibly", "ggf.": "if necessary", "vgl.": "cf.",
          "sog.": "so-called", "Nr.": "No.", "MwSt.": "VAT", "inkl. MwSt.": "incl. VAT", "Tel.": "Tel.", "S.": "p.",
          "Abb.": "Fig.", "Kap.": "ch.", "Bd.": "vol.", "tgl.": "daily"}
ENGLISH = {"approx.": "ca.", "e.g.": "z. B.", "i.e.": "d. h.", "etc.": "usw.", "incl.": "inkl.", "cf.": "vgl.",
           "No.": "Nr.", "VAT": "MwSt.", "incl. VAT": "inkl. MwSt.", "Tel.": "Tel.", "p.": "S.",
           "Fig.": "Abb.", "ch.": "Kap.", "vol.": "Bd."}
# typed without their final stop, in chat ("Obst z.B Äpfel", "Äpfel, Birnen usw": a model wrote "Fruits", "Apples",
# a weak one "A group of people sitting on the street"): those of examples and lists, no word of their own ("bzw" is
# left to the model, which writes "or" for it; as the placeholder "or" it lost the words around it)
UNSTOPPED = {("de", "en"): ["usw.", "z.B.", "z. B.", "d.h.", "d. h.", "bspw."], ("en", "de"): ["etc.", "e.g.", "i.e."]}
TABLES = {("de", "en"): GERMAN, ("en", "de"): ENGLISH}
# abbreviations that number something take their number along ("Zimmer Nr. 5" -> "No. 5": as two placeholders a
# model wrote "No. is for 5.", and "Siehe S. 12, Kap. 3." came back as "They p. 12, Kap. 3.")
NUMBERING = {"nr", "no", "s", "p", "abb", "fig", "kap", "ch", "bd", "vol"}
PLAIN_NUMBER = r"\d+[a-z]?(?![\w.,:/-]*\d)"            # "12", "12a"; not "12.5", "3/4", "2:30"
NUMBER = re.compile(rf"\s*{PLAIN_NUMBER}")


class Abbreviations(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.table = TABLES.get((source, target), {})
        self.table = self.table | {short[:-1]: self.table[short] for short in UNSTOPPED.get((source, target), ())}
        self.forms = {written: meant for short, meant in self.table.items()
                      for written in (short, short[0].upper() + short[1:])}
        words = "|".join(re.escape(f) for f in sorted(self.forms, key=len, reverse=True))
        after = r"(?=[\s,;:!?)\]\"'“”»«]|\.(?!\w)|$)"          # a space, a mark or the end: not "Nr.5"
        self.pattern = re.compile(rf"(?<![\w.@/-])(?:{words}){after}") if words else None

    def find(self, text: str) -> list[Span]:
        spans = []
        for m in self.pattern.finditer(text) if self.pattern else ():
            written = m.group()
            short = written.rstrip(".").lower()
            if (short in BEFORE_DIGIT or len(short) == 1) and not re.match(r"\s*\d", text[m.end():]):
                continue                            # "No.", "S." before a number, else the word "no", an initial
            meant = self.forms[written]
            if written[0].isupper() and not self.table.get(written) and meant[0].islower():
                meant = meant[0].upper() + meant[1:]           # "Ca. 20 Leute" -> "Approx."
            end = m.end()
            number = NUMBER.match(text, end) if short in NUMBERING else None
            if number:                                           # "Nr. 5" -> "No. 5"
                end, meant = number.end(), f"{meant} {number.group().strip()}"
            elif written.endswith(".") and ends_text(text, end):     # the sentence's full stop too
                end, meant = end - 1, meant.rstrip(".")
            spans.append(Span(m.start(), end, meant))
        return spans
