"""A common word typed with a slip ("Ein Mann spielt Fusball", "A woman rides her bicyle") is written as the corpus
writes it before the model reads it. A strong model wrote "Eine Frau fährt mit dem Fahrad zur Arbeit." as "A woman
is riding her ride at work." and "A man plays footbal in the park." as "Ein Mann spielt Fuß im Park.".

    Typos(lexicon).apply("A man plays footbal in the \ue000.")   -> ("A man plays football in the \ue000.", None)

A slip is what text/forms/known_forms.KnownForms.mended says: one letter dropped, doubled or swapped with the next,
or a vowel (or s/ß/z) changed, in a word of six letters or more that the corpus lacks, to a word it holds often, and
a short word's well-known slip ("teh", "adn": text/forms/known_forms.py SHORT_SLIPS). The
step runs after the placeholders, so it never reads a name ("Herr Schaten" stays Mr. Schaten), a number or
what is copied through; a word the corpus holds in another form ("Hundes", "Wasserrutsche") is left to the model.
A British spelling is written the American way where the corpus holds that ("colour" -> "color", "centre" ->
"center").
The translation needs nothing undone; training pairs are left as they are.
"""
from __future__ import annotations

import re

from text.forms.verbatim import sub_outside_copied
from text.forms.known_forms import KnownForms
from text.forms.lexicon import WORD, Lexicon, typed_as
from text.step import Step

# British spellings and their American ones ("The colour of the centre is red." -> "Die Siloour von der much ...")
BRITISH = [(re.compile(p), r) for p, r in ((r"(?<=\w\w)our(?=(?:s|ful|ite|ites|ed|ing)?$)", "or"),
                                           (r"(?<=\w\w)tre(?=s?$)", "ter"), (r"^grey", "gray"), (r"^tyre", "tire"),
                                           (r"^jewellery$", "jewelry"), (r"^pyjamas$", "pajamas"))]
AMERICAN = 5


class Typos(Step):
    def __init__(self, lexicon: Lexicon):
        self.lexicon, self.forms = lexicon, KnownForms(lexicon)

    def apply(self, text: str) -> tuple[str, None]:
        first = first_word(text)
        return sub_outside_copied(WORD, lambda m: self.mended(m.group(), m.start() == first), text), None

    def mended(self, word: str, first: bool = False) -> str:
        """The common word a slip made of it, else the word as typed. It is written as the corpus writes it (the case
        step gave an unknown word of a line in capitals a capital: "FOOTBAL" is "Footbal" here), but in capitals
        where it stands so in a line in lowercase, and with the typed first letter's case at the sentence's start."""
        if self.lexicon.knows(word) and not self.american(word) or self.forms.other_form(word):
            return word
        common = self.forms.mended(word) or self.american(word)
        if common is None:
            return word
        form = self.lexicon.cased(common)
        return typed_as(word, form) if first or (word.isupper() and len(word) > 1) else form

    def american(self, word: str) -> str | None:
        """The American spelling of a British one ("colour", "centre", "theatre", "grey": Multi30K's captions are
        American) where the corpus holds it at least AMERICAN times and the British one at most a fifth as often, in
        lowercase; else None."""
        lower = word.lower()
        for british, american in BRITISH:
            spelled = british.sub(american, lower, count=1)
            if spelled != lower and self.lexicon.count(spelled) >= AMERICAN and \
                    self.lexicon.count(lower) * 5 <= self.lexicon.count(spelled):
                return spelled
        return None


def first_word(text: str) -> int:
    """Where the text's first word starts (-1 for none)."""
    m = WORD.search(text)
    return m.start() if m else -1
