"""A predicative adjective the corpus lacks, after a copula and an intensifier or none, becomes a placeholder for the
target's: a German predicative adjective does not inflect, so its one form stands wherever the model puts it, and a
caption model has never seen "salty" or "delayed" ("The soup is too salty." came back "Die Suppe ist zuogen.", "My
train is delayed." as "Mein Zugt Hira.").

    Predicates(lexicon, "en", "de").find("The soup is too salty again.")  -> [Span(12, 21, "zu salzig")]

The adjectives and intensifiers are text/forms/statements.py's (and text/forms/everyday_adjectives.py's rows in it):
the adjective as said of a person after a person's subject (a personal pronoun, "am" / "bin", or one of PERSON_NOUNS:
"I am cold" is "Mir ist kalt", none), as said of a thing after "it", "this", "that" ("es", "das"), and else where
both say it the same or only one says it. Only where the corpus does not teach the adjective (of two words, either:
text/forms/lexicon.py's Lexicon.taught), and only at a sentence's end or before a word that cannot be its noun (a
mark, "again", "today", "and", "for" ...: "It is cheap food" needs "billiges", left to the model); an adverb between
the copula and the adjective stays the model's ("Der Zug ist schon wieder verspätet."), and "late" is one of "it"
only ("The bus is late" is "Der Bus hat Verspätung").
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.lexicon import Lexicon
from text.forms.masking import Span
from text.forms.statement_frames import PERSONS
from text.forms.statements import ADJECTIVES, INTENSIFIERS

COPULAS = {"en": "am|is|are|was|were|be|been|being|seem|seems|seemed|look|looks|looked|feel|feels|felt|get|gets|got"
                 "|become|becomes|became|stay|stays|stayed",
           "de": "bin|bist|ist|sind|seid|war|warst|waren|wart|sein|wird|wurde|werden|wurden|wirkt|wirken|scheint"
                 "|scheinen|bleibt|bleiben|blieb"}
# subjects before the copula: a person's, a thing's
PERSON_SUBJECTS = {"en": {"i", "he", "she", "we"}, "de": {"ich", "du", "er", "wir"}}
THING_SUBJECTS = {"en": {"it", "this", "that"}, "de": {"es", "das", "dies"}}
# words after the adjective that cannot be its noun
AFTER = {"en": "again|today|tonight|now|here|there|already|too|and|but|or|because|so|for|to|at|in|on|with|than|by"
               "|anyway|though|since|when|if|as|right|this|every|all|still|yet",
         "de": "wieder|heute|jetzt|hier|dort|schon|auch|und|aber|oder|weil|denn|für|zu|um|in|an|auf|mit|als|wenn"
               "|gerade|immer|noch|leider|total|doch|ja"}
# an adverb between the copula and the adjective, left to the model ("Der Zug ist wieder verspätet.")
BETWEEN = {"en": "always|usually|often|sometimes|never|now",
           "de": "schon wieder|wieder|heute|jetzt|gerade|leider|immer|oft|meistens|manchmal"}
# an adjective said of "it" only: "The bus is late" is "Der Bus hat Verspätung", "Es ist spät" "It is late"
OF_IT = {"late", "spät"}
SIDE = {"en": 1, "de": 0}


def adjectives(source: str) -> tuple[dict[str, str], dict[str, str]]:
    """The source's adjectives said of a thing and of a person, each -> the target's (the last named)."""
    thing, person = {}, {}
    for de, of_thing, of_person in ADJECTIVES:
        for said, english in ((thing, of_thing), (person, of_person)):
            if source == "en":
                said.update((word, de) for word in english)
            elif english:
                said[de] = english[-1]
    return thing, person


def intensifiers(source: str) -> dict[str, str]:
    """The source's intensifiers -> the target's, the last named ("too" -> "zu")."""
    side = SIDE[source]
    return {pair[side]: pair[1 - side] for pair in INTENSIFIERS if pair[side] and pair[1 - side]}


class Predicates(PlaceholderStep):
    def __init__(self, lexicon: Lexicon, source: str = "en", target: str = "de"):
        self.lexicon, self.source = lexicon, source
        self.thing, self.person = adjectives(source) if target != source and source in SIDE else ({}, {})
        self.very = intensifiers(source) if self.thing else {}
        if not self.thing:
            self.pattern = None
            return
        words = "|".join(re.escape(w).replace(r"\-", "[- ]") for w in sorted({*self.thing, *self.person}, key=len,
                                                                           reverse=True))
        very = "|".join(re.escape(w) for w in sorted(self.very, key=len, reverse=True))
        self.pattern = re.compile(rf"(?i:\b(\w+)\s+)?\b(?i:({COPULAS[source]}))\s+(?i:(?:{BETWEEN[source]})\s+)?"
                                  rf"((?i:(?:({very})\s+)?({words})))"
                                  rf"(?=\s*(?:[.!?,;:…\"“”'’)]|$)|\s+(?i:(?:{AFTER[source]})\b))")

    def find(self, text: str) -> list[Span]:
        spans = []
        for m in self.pattern.finditer(text) if self.pattern else ():
            subject, copula, very, word = (m.group(1) or "").lower(), m.group(2).lower(), m.group(4), m.group(5)
            key = re.sub(r"[- ]+", "-", word.lower())
            said = self.said(subject, copula, key)
            if said is None or all(self.lexicon.taught(w) for w in re.split(r"[- ]+", word)):
                continue
            fill = " ".join(filter(None, (self.very[" ".join(very.lower().split())] if very else "", said)))
            spans.append(Span(m.start(3), m.end(3), fill))
        return spans

    def said(self, subject: str, copula: str, word: str) -> str | None:
        """The target's adjective for word after subject and copula; None where it has none or two."""
        if subject in PERSON_SUBJECTS[self.source] or subject in PERSONS[self.source] or copula in ("am", "bin"):
            return self.person.get(word)
        if subject in THING_SUBJECTS[self.source]:
            return self.thing.get(word)
        if word in OF_IT:
            return None
        both = {self.thing.get(word), self.person.get(word)} - {None}
        return both.pop() if len(both) == 1 else None
