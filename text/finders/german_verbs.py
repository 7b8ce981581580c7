"""German -> English: an everyday verb's present form that the training corpus does not teach (the table of
text/forms/everyday_verbs.py the other way round; "wohnt", "wiegt", "besitzt") becomes a placeholder for the English
verb in its person: a caption model wrote junk for it ("Meine Schwester wohnt in Hamburg." -> "My sister live in
Hamburg.", "Das Paket wiegt 2,5 kg." -> "The package asks 2.5 kg.", "Anna mag Schokolade." -> "Anna ag chocolate.").

    GermanVerbs(lexicon).apply("Das Paket wiegt 2,5 kg.")   -> ("Das Paket \ue000 2,5 kg.", ("weighs",))

German's form tells the person: the third person singular ("wohnt") is English's "-s" form, the first person
("wohne") and, right after "wir" or "sie", the plural ("wohnen") its base form. Not after "ihr" ("ihr wohnt": you
live) nor first in a sentence (a question's, "Wohnt sie hier?"), nor in a sentence with a form of "haben", "sein" or
"werden", where a form in "-t" may be a participle ("Ich habe bezahlt": paid); a verb whose English depends on its
sense ("verdienen": earn or deserve), "wollen" and prices' "kostet", "bezahlt" (the own pairs') are left out, and so
are verbs the own pronoun pairs teach after a pronoun ("Ich brauche"). Only a form the corpus does not teach
(Lexicon.taught) is masked, and, for a model of both directions, a verb whose English "-ing" form its English
captions do not teach ("betet": "is praying"). Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.everyday_verbs import ING_ANOTHER, VERBS, WITH_PRONOUNS, progressive, third_person
from text.forms.lexicon import Lexicon
from text.forms.masking import Alone, Span
from text.forms.verbs import BE, TABLE, present

WORD = re.compile(r"[^\W\d_]+")
# German infinitive -> English base: the table's first English verb of each, but of a verb of two senses
ENGLISH: dict[str, str] = {}
for _english, _german in VERBS.items():
    ENGLISH.setdefault(_german, _english)
for _german in ("verdienen", "wollen", "kosten", "bezahlen"):    # earn or deserve; a modal; the own pairs' prices
    ENGLISH.pop(_german)
# present form -> (English base, whether it is the third person singular)
FORMS = {}
for _german, _english in ENGLISH.items():
    FORMS[present(_german, "1sg")] = (_english, False)
    FORMS[present(_german, "3sg")] = (_english, True)
PRONOUNS = frozenset("ich du er sie es wir".split())
AUXILIARIES = frozenset(BE) | frozenset(TABLE["haben"]) | frozenset(TABLE["werden"]) | frozenset(
    "bist seid hast habt wirst werdet war waren wurde wurden hatte hatten".split())


class GermanVerbs(PlaceholderStep):
    def __init__(self, lexicon: Lexicon):
        """lexicon: a German source's (the forms it teaches)."""
        self.lexicon = lexicon
        self.english = lexicon.reverse      # a model of both directions': its English words

    def find(self, text: str) -> list[Span]:
        words = list(WORD.finditer(text))
        if any(w.group().lower() in AUXILIARIES for w in words):
            return []                       # "Ich habe bezahlt": a participle's shape
        spans = []
        for k, m in enumerate(words):
            word = m.group()
            before = words[k - 1].group().lower() if k else ""
            if k == 0 or before == "ihr" or self.lexicon.taught(word):
                continue
            if before in PRONOUNS and (FORMS.get(word, ("",))[0] or ENGLISH.get(word)) in WITH_PRONOUNS:
                continue                    # "Ich brauche": the own pronoun pairs teach it
            if word in FORMS:
                english, third = FORMS[word]
            elif before in ("wir", "sie") and word in ENGLISH and word not in FORMS:
                english, third = ENGLISH[word], False          # "Wir mieten", "sie mieten"
            else:
                continue
            if english not in ING_ANOTHER and self.english is not None and self.english.taught(progressive(english)):
                continue                    # "praying" in 13 captions: "betet" -> "is praying" without help
            spans.append(Span(m.start(), m.end(), Alone(third_person(english) if third else english)))
        return spans
