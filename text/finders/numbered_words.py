"""A word that numbers something travels with its number, in the target's word: German "Gleis 4" -> "platform 4",
"Seite 12" -> "page 12", "Zimmer 5" -> "room 5"; English "page 12" -> "Seite 12", "Platform 4" -> "Gleis 4". A
30-minute model wrote "Gleis 4, Abfahrt 10:15 Uhr." as "A train tracks 4 drives 10:15." and "See page 12, chapter 3."
as "Ein 12, der 3 führt.": Multi30K numbers no pages, rooms or platforms.

    NumberedWords("de", "en").find("Der Zug fährt von Gleis 4.")   -> [Span(18, 25, "platform 4")]

Only before a plain number ("Seite 12", "Zimmer 12a"; not "Seite 1,5", "Zimmer 3/4" nor a measure, "a room 5 meters
wide"); English's word in either case. The target's word opens with a capital where German writes one or the span
opens the sentence. Training pairs are left as they are.

A floor is numbered by its ordinal, and travels with the preposition before it, which says where: German "im 3.
Stock" -> "on the 3rd floor", "in den dritten Stock" -> "to the third floor", "im Erdgeschoss" -> "on the ground
floor"; English "on the 3rd floor" -> "im 3. Stock" (a model wrote "auf dem 3." and dropped the floor). An ordinal in
words needs its preposition (German inflects it: "der dritte Stock", "im dritten Stock").
"""
from __future__ import annotations

import re

from text.finders.abbreviations import PLAIN_NUMBER
from text.forms.verbatim import MEASURED
from text.finders.finder import PlaceholderStep
from text.forms.dates import ordinal_suffix
from text.forms.masking import Span, merge

WORDS = {"de": {"Gleis": "platform", "Bahnsteig": "platform", "Seite": "page", "Kapitel": "chapter",
                "Zimmer": "room", "Raum": "room", "Linie": "line"},
         "en": {"platform": "Gleis", "track": "Gleis", "page": "Seite", "chapter": "Kapitel", "room": "Zimmer",
                "line": "Linie"}}

# a floor's words, its ordinals in words (German's after a preposition: "dritten") and the prepositions that say
# where: on that floor, or to it
FLOOR = {"de": r"(?:Stockwerk|Stock|Etage|Obergeschoss|OG)", "en": r"(?:floor)"}
GROUND = {"de": r"(?:Erdgeschoss|EG)", "en": r"(?:ground +floor)"}
SPELLED = {"de": ["ersten", "zweiten", "dritten", "vierten", "fünften", "sechsten", "siebten", "achten", "neunten",
                  "zehnten"],
           "en": ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]}
WHERE = {"de": {"im": "on", "in der": "on", "auf der": "on", "auf dem": "on", "in den": "to", "in die": "to",
                "ins": "to"},
         "en": {"on the": "on", "to the": "to"}}
FLOORS = {"de": {"on": ("im {} Stock", "im Erdgeschoss"), "to": ("in den {} Stock", "ins Erdgeschoss"),
                 "": ("{} Stock", "Erdgeschoss")},
          "en": {"on": ("on the {} floor", "on the ground floor"), "to": ("to the {} floor", "to the ground floor"),
                 "": ("{} floor", "ground floor")}}


def floor_pattern(source: str) -> re.Pattern:
    """A floor with its preposition where it has one: "im 3. Stock", "in den dritten Stock", "on the 3rd floor",
    "3rd floor", "ground floor"."""
    where = "|".join(w.replace(" ", " +") for w in sorted(WHERE[source], key=len, reverse=True))
    digits = r"(\d{1,2})\." if source == "de" else r"(\d{1,2})(?:st|nd|rd|th)"
    words = "|".join(SPELLED[source])
    return re.compile(rf"(?<![\w-])(?i:(?:({where}) +)?(?:{digits}|({words})) +{FLOOR[source]}"
                      rf"|(?:({where}) +)?{GROUND[source]})(?![\w-])")


class NumberedWords(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        words = WORDS.get(source, {}) if {source, target} == {"de", "en"} else {}
        self.words = {w.lower(): to for w, to in words.items()}
        alternatives = "|".join(sorted(words, key=len, reverse=True))
        flags = "(?i:" if source == "en" else "(?:"
        number = rf"({PLAIN_NUMBER})(?![\w-]){MEASURED}"              # "12", "12a"; no measure
        self.pattern = re.compile(rf"(?<![\w-]){flags}{alternatives}) +{number}") if words else None
        self.floors = floor_pattern(source) if words else None
        self.source, self.target = source, target

    def find(self, text: str) -> list[Span]:
        numbered, floors = [], []
        for m in self.pattern.finditer(text) if self.pattern else ():
            word = self.words[m.group().split()[0].lower()]
            numbered.append(Span(m.start(), m.end(), capitalized(f"{word} {m.group(1)}", text, m.start())))
        for m in self.floors.finditer(text) if self.floors else ():
            if (floor := self.floor(*m.groups())) is not None:
                floors.append(Span(m.start(), m.end(), capitalized(floor, text, m.start())))
        return merge([floors, numbered])        # "Zimmer 3. Stock": the floor, not "room 3" beside it

    def floor(self, where: str | None, digits: str | None, spelled: str | None, ground_where: str | None) -> str | None:
        """A floor in the target's words: its ordinal ("3." / "3rd", or in words) after the preposition that says
        where; None for a German ordinal in words without one."""
        where = where or ground_where
        said = WHERE[self.source][" ".join(where.lower().split())] if where else ""
        numbered, ground = FLOORS[self.target][said]
        if digits is None and spelled is None:
            return ground
        if digits is not None:
            n = int(digits)
            return numbered.format(f"{n}." if self.target == "de" else f"{n}{ordinal_suffix(n)}")
        if self.source == "de" and not said:
            return None
        n = SPELLED[self.source].index(spelled.lower())
        return numbered.format(SPELLED[self.target][n])


def capitalized(fill: str, text: str, start: int) -> str:
    """The fill with a capital where its span opens the sentence."""
    return fill[0].upper() + fill[1:] if not text[:start].strip() else fill
