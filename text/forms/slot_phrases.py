"""What a frame slot's translation may be: a short noun phrase, not a model's junk sentence. The quotations step
(text/steps/quotations.py) sends a frame's slot to the model alone and takes its translation only where noun_phrase()
says it is one, else the whole sentence's translation ("Wo ist X?": "Three people are looking" is no X).
"""
from __future__ import annotations

import re

from text.forms.frames import ARTICLES_ALONE, DETERMINERS, NOT_IN_SLOT

SLOT_SPARE = 1           # a frame's slot translated in more words than its own and this is junk: the whole question's
ARTICLED_NOUNS = 2       # a frame that says its slot's article: a translation of an article and this many words
# determiners that no noun after a frame's own article opens with ("der nächste Dieser Hund"); articles: a stutter
DETERMINERS_AFTER = {"de": DETERMINERS - ARTICLES_ALONE | frozenset("jeder jede jedes manche alle".split()),
                     "en": frozenset("this that these those my your his her its our their every each some".split())}


def noun_phrase(body: str, typed: str, target: str, articled: bool = False) -> bool:
    """Whether a frame slot's translation may be a noun phrase: no more words than the slot's and SLOT_SPARE, none a
    pronoun's or a verb's a slot may not hold ("This is a kickboxing", "Three people are looking": a model's junk), a
    German one's words those of a noun phrase; `articled`: the frame says the article itself, and an article and up
    to ARTICLED_NOUNS words are one too ("Bahnhof" -> "The train station"), but for a second article or a word
    twice after it, nor a determiner after it or opening it ("Dieser Hund")."""
    words = re.findall(r"[\w'’-]+", body)
    if target == "de" and not all(german_noun_phrase_word(w, k, len(words)) or w in typed.split()
                                  for k, w in enumerate(words)):      # a name as typed: "eBay"
        return False
    words = [w.lower() for w in words]
    most = max(len(typed.split()) + SLOT_SPARE, 1 + ARTICLED_NOUNS if articled and words[:1] and
               words[0] in ARTICLES_ALONE else 0)
    if articled and len(words) > 1 and words[0] in ARTICLES_ALONE and (words[1] in ARTICLES_ALONE or
                                                                     len(set(words)) < len(words)):
        return False                # a model's stutter: "Der Der Hundt", "Die Frauen Frauen"
    if articled and DETERMINERS_AFTER.get(target, frozenset()) & set(words[1:] if words[:1] and
                                                                     words[0] in ARTICLES_ALONE else words):
        return False                # a determiner, no noun after the frame's article: "der nächste Dieser Hund"
    return 0 < len(words) <= most and not NOT_IN_SLOT.get(target, frozenset()) & set(words)


def german_noun_phrase_word(word: str, k: int, n: int) -> bool:
    """Whether a word may stand at k of a German noun phrase of n words: the last a noun's or a name's (capitalized),
    one before it an article's, an adjective's or a number's ("Der Hund springt": a model's sentence)."""
    if k == n - 1:
        return word[:1].isupper()
    return word[:1].isupper() or word.lower() in DETERMINERS or word.endswith(("e", "en", "er", "es", "em")) or \
        word.isdigit()
