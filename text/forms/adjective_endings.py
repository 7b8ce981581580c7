"""The ending of a German adjective before its noun, read from the English words before it: the article (a, the, my
... or none), the case the phrase stands in (after a preposition the dative, "in einem 3-jährigen"; after "is" or at
the sentence's start the nominative, "Ein 3-jähriger Junge spielt"; elsewhere the accusative, "Sie hält einen
3-jährigen Jungen") and the gender of the German noun (m, f, n; None for a plural):

    ending("A", "m")                  -> "er"      ("Ein 3-jähriger Junge")
    ending("She holds a", "m")        -> "en"      ("einen 3-jährigen Jungen")
    ending("with the", "f")           -> "en"
    ending("", None)                  -> "e"       ("3-jährige Zwillinge")

A guess where English does not say: an object after a verb is taken for an accusative, a phrase after "in" or "on"
for a place (dative).
"""
from __future__ import annotations

import re

INDEFINITE = {"a", "an", "my", "your", "his", "her", "its", "our", "their", "no"}       # German ein-words
DEFINITE = {"the", "this", "that", "these", "those", "every", "each"}                    # der-words
# English prepositions whose German ones take the dative (or the genitive of "of", whose endings are the same here)
DATIVE = {"with", "from", "of", "by", "at", "to", "in", "on", "near", "behind", "beside", "under", "between", "next",
          "after", "before", "among"}
NUMERALS = set("two three four five six seven eight nine ten twelve several many some".split())   # "with 2 ..."
BE = {"is", "are", "was", "were", "be", "been", "'s", "’s"}
WORD = re.compile(r"[\w'’]+")
# (article kind, case) -> ending by gender (m, f, n, plural)
ENDINGS = {
    ("indefinite", "nom"): ("er", "e", "es", "en"), ("indefinite", "acc"): ("en", "e", "es", "en"),
    ("definite", "nom"): ("e", "e", "e", "en"), ("definite", "acc"): ("en", "e", "e", "en"),
    ("none", "nom"): ("er", "e", "es", "e"), ("none", "acc"): ("en", "e", "es", "e"),
}
ORDER = ("m", "f", "n")


def ending(before: str, gender: str | None) -> str:
    """The adjective's ending after the English text `before` it (up to the number it follows), for a German noun
    of `gender` ("m", "f", "n"; None: a plural)."""
    words = [w.lower() for w in WORD.findall(before) if not w.isdigit() and w.lower() not in NUMERALS]
    article = words[-1] if words and words[-1] in INDEFINITE | DEFINITE else None
    kind = "indefinite" if article in INDEFINITE else "definite" if article in DEFINITE else "none"
    ahead = words[:-1] if article else words
    if ahead and ahead[-1] in DATIVE:
        return "en" if kind != "none" or gender is None else ("em", "er", "em")[ORDER.index(gender)]
    case = "nom" if not ahead or ahead[-1] in BE else "acc"
    return ENDINGS[(kind, case)][ORDER.index(gender) if gender in ORDER else 3]
