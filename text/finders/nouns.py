"""A sentence that is one noun ("Hund", "Bäckerei!", a quoted word, German "der Hund") becomes a placeholder for its
translation from the corpus' noun dictionary (text/forms/dictionary.py, learned with the lexicon): a caption model,
trained on whole sentences only, turns a word alone into junk, a weak one and a strong one alike ("Hund" -> "Dog dog
dog with a", "Bäckerei" -> "Publikums are").

    Nouns(lexicon, "de", "en").find("Hund!")      -> [Span(0, 4, "Dog")]
    Nouns(lexicon, "de", "en").find("Der Hund")   -> [Span(0, 8, "The dog")]     # a German article before it
    Nouns(lexicon, "de", "en").find("Der Hund bellt.")  -> []                   # a sentence is the model's
    Nouns(english, "en", "de").find("The dog")    -> [Span(0, 7, "Der Hund")]   # by the gender the corpus shows

A noun the dictionary lacks, and anything longer, is left to the model. The translation is capitalized where the
source word is (a German noun always, an English one at the start of its line). Training pairs are not changed:
Multi30K has no sentence of one word, and the model learns to carry placeholders elsewhere.
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.lexicon import Lexicon
from text.forms.masking import Span

ONE_WORD = re.compile(r"\s*((?:(\w+)\s+)?([^\W\d_]+(?:[-'’][^\W\d_]+)*))\s*[.!?…]*\s*")
# an article before a noun alone -> the target's: German -> English one for all; English -> German by the German
# noun's gender (lexicon.genders), nominative
THE, A = {"m": "der", "f": "die", "n": "das"}, {"m": "ein", "f": "eine", "n": "ein"}
ARTICLES = {("de", "en"): {**dict.fromkeys(("der", "die", "das", "den", "dem", "des"), "the"),
                           **dict.fromkeys(("ein", "eine", "einen", "einem", "einer", "eines"), "a")},
            ("en", "de"): {"the": THE, "a": A, "an": A}}


class Nouns(PlaceholderStep):
    def __init__(self, lexicon: Lexicon, source: str = "de", target: str = "en"):
        self.nouns, self.genders = lexicon.nouns, lexicon.genders
        self.articles = ARTICLES.get((source, target), {})

    def find(self, text: str) -> list[Span]:
        m = ONE_WORD.fullmatch(text)
        if m is None or not self.nouns:
            return []
        article, word = m.group(2), m.group(3)
        translation = self.nouns.get(word.lower())
        if translation is None or (article and article.lower() not in self.articles):
            return []
        if article:
            written = self.articles[article.lower()]
            if isinstance(written, dict):        # German: the noun's gender says which, or an English plural
                plural = written is THE and self.plural(word.lower())
                written = "die" if plural else written.get(self.genders.get(translation.split()[-1].lower(), ""))
                if written is None:
                    return []
            elif written == "a" and translation[:1].lower() in "aeiou":
                written = "an"
            translation = f"{written} {translation}"
        if (article or word)[:1].isupper():
            translation = translation[:1].upper() + translation[1:]
        return [Span(m.start(1), m.end(1), translation)]

    def plural(self, word: str) -> bool:
        """An English plural whose singular the dictionary holds too ("dogs", "boxes"), whose German article is
        "die" whatever the gender."""
        return any(word.endswith(end) and word[:-len(end)] in self.nouns for end in ("s", "es"))
