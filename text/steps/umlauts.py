"""German typed without umlauts ("Gruesse aus Muenchen", "Maedchen"): a word that neither the model's corpus nor the
project's own German word lists hold as typed, but one of them holds with "ae", "oe", "ue" written as "ä", "ö", "ü"
(and "ss" as "ß"), is written so before the other steps read it. A 30-minute model wrote "Viele Gruesse aus
Muenchen!" as "Many Gruesse from Mule!" and "Das Maedchen spielt Fussball." as "The Maule is playing soccer balls.".

    Umlauts(lexicon).apply("Viele Gruesse aus Muenchen!")   -> ("Viele Grüße aus München!", None)

A word they know as typed stays ("neue", "Feuer", "Steuer"), and so does one no form of which they know ("Michael",
"Israel"), and what is copied through as written ("info@gruesse.de", "/home/muenchen/"). The translation is
English: nothing to undo; training pairs are left as they are.
"""
from __future__ import annotations

import itertools
import re

from text.forms.verbatim import sub_outside_copied
from text.forms.places import EXONYMS
from text.forms.calendar import MONTHS, WEEKDAYS
from text.forms.lexicon import WORD, Lexicon, typed_as
from text.forms.phrase_tables import TABLES
from text.forms.statements import german_words
from text.forms.units import WORDS
from text.step import Step

SPELLED = re.compile(r"[AaOoUu][eE]")
UMLAUT = {"a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö", "U": "Ü"}
# German words the project knows beside the corpus: places, everyday phrases and statements, months, weekdays, units
OWN_WORDS = {w.lower(): w for w in itertools.chain(
    EXONYMS, MONTHS["de"], WEEKDAYS["de"], german_words(), WORD.findall("\n".join(TABLES[("de", "en")])),
    WORD.findall("\n".join(TABLES[("en", "de")].values())), WORDS["de"])}


class Umlauts(Step):
    def __init__(self, lexicon: Lexicon):
        self.lexicon = lexicon

    def apply(self, text: str) -> tuple[str, None]:
        return sub_outside_copied(WORD, lambda m: self.restored(m.group()), text), None

    def known(self, word: str) -> str | None:
        """How the corpus or the project's word lists write the word (either case; "ss" may be "ß"), None where
        they lack it."""
        lower = word.lower()
        return self.lexicon.cased(word) or OWN_WORDS.get(lower) or OWN_WORDS.get(lower.replace("ss", "ß"))

    def restored(self, word: str) -> str:
        """The word as they know it where only its umlauts or its "ß" were typed otherwise, in the case it was
        typed; else as typed."""
        form = self.known(word)
        if form is not None:
            return typed_as(word, form) if "ß" in form and "ß" not in word else word        # "Fussball"
        spelled = list(SPELLED.finditer(word))
        for chosen in itertools.product((False, True), repeat=len(spelled)):
            parts, last = [], 0
            for m, umlaut in zip(spelled, chosen):
                parts += [word[last:m.start()], UMLAUT[m.group()[0]] if umlaut else m.group()]
                last = m.end()
            form = self.known("".join(parts) + word[last:]) if any(chosen) else None
            if form:
                return typed_as(word, form)
        return word
