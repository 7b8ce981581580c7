"""A word that numbers something travels with its number, in the target's word: German "Gleis 4" -> "platform 4",
"Seite 12" -> "page 12", "Zimmer 5" -> "room 5"; English "page 12" -> "Seite 12", "Platform 4" -> "Gleis 4". A
30-minute model wrote "Gleis 4, Abfahrt 10:15 Uhr." as "A train tracks 4 drives 10:15." and "See page 12, chapter 3."
as "Ein 12, der 3 führt.": Multi30K numbers no pages, rooms or platforms.

    NumberedWords("de", "en").find("Der Zug fährt von Gleis 4.")   -> [Span(18, 25, "platform 4")]

Only before a plain number ("Seite 12", "Zimmer 12a"; not "Seite 1,5", "Zimmer 3/4" nor a measure, "a room 5 meters
wide"); English's word in either case. The target's word opens with a capital where German writes one or the span
opens the sentence. Training pairs are left as they are.
"""
from __future__ import annotations

import re

from text.finders.abbreviations import PLAIN_NUMBER
from text.finders.copy_through import MEASURED
from text.finders.finder import PlaceholderStep
from text.forms.masking import Span

WORDS = {"de": {"Gleis": "platform", "Bahnsteig": "platform", "Seite": "page", "Kapitel": "chapter",
                "Zimmer": "room", "Raum": "room", "Linie": "line"},
         "en": {"platform": "Gleis", "track": "Gleis", "page": "Seite", "chapter": "Kapitel", "room": "Zimmer",
                "line": "Linie"}}


class NumberedWords(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        words = WORDS.get(source, {}) if {source, target} == {"de", "en"} else {}
        self.words = {w.lower(): to for w, to in words.items()}
        alternatives = "|".join(sorted(words, key=len, reverse=True))
        flags = "(?i:" if source == "en" else "(?:"
        number = rf"({PLAIN_NUMBER})(?![\w-]){MEASURED}"              # "12", "12a"; no measure
        self.pattern = re.compile(rf"(?<![\w-]){flags}{alternatives}) +{number}") if words else None

    def find(self, text: str) -> list[Span]:
        spans = []
        for m in self.pattern.finditer(text) if self.pattern else ():
            word = self.words[m.group().split()[0].lower()]
            opens = not text[:m.start()].strip()
            word = word[0].upper() + word[1:] if opens else word
            spans.append(Span(m.start(), m.end(), f"{word} {m.group(1)}"))
        return spans
