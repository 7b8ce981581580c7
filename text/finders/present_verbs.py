"""English -> German: an everyday verb in the present tense of a statement that the training corpus does not teach
(text/forms/everyday_verbs.py; "lives", "needs", "weighs") becomes a placeholder for the German verb in its subject's
person (text/forms/verbs.py): captions say what people are doing ("is sitting"), so a caption model dropped the verb
("My sister lives in Hamburg." -> "Meine Schwestern in Hamburg.") or wrote junk for it ("weighs" -> "wie").

    PresentVerbs(lexicon).apply("My sister lives in Hamburg.")   -> ("My sister \ue000 in Hamburg.", ("wohnt",))
    PresentVerbs(lexicon).apply("We rent a flat.")               -> ("We \ue000 a flat.", ("mieten",))

Only where the person is sure: a form in "-s" after a word that ends a subject (he, she, it, who, a name, a noun of
the corpus' or the everyday nouns', a person: "everyone"; not after a determiner, an adjective or "to": "the lives
of", "special needs"), and not before a word that shows it is a plural noun ("of", "are", "and", the sentence's
end: "The travel costs are high."); a base form right after "I" (after "and I": the first person plural, "Tom and I
live"), "we", "they" or a plural noun ("My parents live"), but not after an auxiliary before the pronoun ("Where do
they live?", "Can we pay?"). A few adverbs may stand between them ("She often needs"). Not before "to" ("I need to
go", "I want you to stay"): German says it with another verb. Only the English form the corpus does not teach
(Lexicon.taught) is masked: one it holds often stays the model's. Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.everyday_nouns import table
from text.forms.everyday_verbs import BEFORE_TO, ING_ANOTHER, LIVE_WHERE, THIRD, VERBS, WITH_PRONOUNS, progressive
from text.forms.lexicon import Lexicon
from text.forms.masking import Alone, Span
from text.forms.verbs import present

WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?|\d+(?:[.,]\d+)*")
GAP = re.compile(r" (?:[a-z]+ )*")            # between a subject and its verb: a space, adverbs
ADVERBS = frozenset("""always often usually never sometimes also just really still only already rarely normally even
    probably actually mostly hardly seldom currently now generally""".split())
PRONOUNS = frozenset("i we they he she it".split())       # the own training pairs' subjects
SUBJECTS = frozenset("he she it who which that this everyone everybody someone somebody nobody".split())
PERSONS = frozenset("""man woman boy girl child baby person mother father mom mum dad sister brother wife husband son
    daughter friend boss teacher doctor neighbor neighbour grandmother grandfather grandma grandpa aunt uncle cousin
    family company shop store restaurant hotel bakery""".split())
PLURAL_PERSONS = frozenset("people children men women kids parents friends grandparents students".split())
# before the pronoun: a question's or a modal's verb, so the base form after it is an infinitive ("do they live")
AUXILIARIES = frozenset("""do does did don't doesn't didn't can can't cannot could couldn't will won't would wouldn't
    shall should shouldn't may might must let why""".split())
# a count in words, which the model writes itself (text/finders/numbers.py masks those from thirteen)
COUNTS = frozenset("one two three four five six seven eight nine ten eleven twelve".split())
# after a form in "-s": words that show it is a plural noun ("the costs of", "the books are")
NOUN_AFTER = frozenset("""of and or are were is was have has had do does did will would can could should must may
    might 's""".split())


class PresentVerbs(PlaceholderStep):
    def __init__(self, lexicon: Lexicon):
        """lexicon: an English source's (the nouns it learned, the forms it teaches)."""
        self.lexicon = lexicon
        self.nouns = {noun.lower() for noun in table("en", "de")} | set(lexicon.nouns) | PERSONS

    def find(self, text: str) -> list[Span]:
        words = list(WORD.finditer(text))
        spans = []
        for k, m in enumerate(words):
            word = m.group()
            if word not in VERBS and word not in THIRD or self.lexicon.taught(word):
                continue
            verb = THIRD.get(word, word)
            if verb not in ING_ANOTHER and self.lexicon.taught(progressive(verb)):
                continue                    # "writing" in 49 captions: "writes" -> "schreibt" without help
            after = [w.group().lower() for w in words[k + 1:k + 4]
                     if not re.search(r"[^\w\s']", text[m.end():w.start()])]     # up to a mark
            if after[:1] == ["to"] or verb in BEFORE_TO and "to" in after or \
                    verb == "live" and (not after or after[0] not in LIVE_WHERE):
                continue                    # "I need to go", "She lives long"
            if after[:1] and after[0] in COUNTS:
                continue                    # "They own three cars." -> "Sie besitzen Autos.": the count was lost
            before = k
            while before > 0 and words[before - 1].group().lower() in ADVERBS:
                before -= 1
            if before == 0 or not GAP.fullmatch(text, words[before - 1].end(), m.start()):
                continue                    # no subject, or a mark between it and the verb
            subject = [w.group() for w in words[:before]]
            person = self.person(subject, word in THIRD, after)
            if person is not None and not (verb in WITH_PRONOUNS and subject[-1].lower() in PRONOUNS):
                spans.append(Span(m.start(), m.end(), Alone(present(VERBS[verb], person))))
        return spans

    def person(self, before: list[str], third: bool, after: list[str]) -> str | None:
        """The German person of a verb after the words `before`, the English subject's last ("3sg", "1sg", "1pl"),
        given the words `after` it; None where it is not sure."""
        subject, lower = before[-1], before[-1].lower()
        previous = before[-2].lower() if len(before) > 1 else ""
        if third:
            if lower in SUBJECTS or self.name(before):
                return "3sg"
            if lower == "and" and after and after[0] not in NOUN_AFTER and self.third_clause(before[:-1]):
                return "3sg"                # "He works in a bank and likes football."
            return "3sg" if lower in self.nouns and subject.islower() and after and after[0] not in NOUN_AFTER \
                else None
        if lower in ("i", "we", "they") and (lower != "i" or subject == "I"):
            if previous in AUXILIARIES:
                return None                 # "Where do they live?"
            return "1sg" if lower == "i" and previous not in ("and", "or") else "1pl"
        if "of" in (w.lower() for w in before[-4:-1]):
            return None                     # "A group of people collect": the group's, German "sammelt sich"
        return "1pl" if self.plural(subject) and after and after[0] not in NOUN_AFTER else None

    def plural(self, word: str) -> bool:
        """Whether a word is an English plural noun: a person's ("people", "parents") or a noun's in "-s"."""
        return word in PLURAL_PERSONS or word.islower() and word.endswith("s") and not word.endswith("ss") and \
            (word[:-1] in self.nouns or word.endswith("es") and word[:-2] in self.nouns or
             word.endswith("ies") and word[:-3] + "y" in self.nouns)

    def third_clause(self, words: list[str]) -> bool:
        """Whether the words before an "and" are a clause of a subject in the third person singular, its verb in "-s"
        ("He works in a bank", "My brother works"), a plural noun not last ("cats and ...")."""
        if not words or self.plural(words[-1]):
            return False
        return any(verb.endswith("s") and verb.islower() and
                   (subject.lower() in ("he", "she") or self.name(words[:k + 1]) or subject in self.nouns)
                   for k, (subject, verb) in enumerate(zip(words, words[1:])))

    def name(self, before: list[str]) -> bool:
        """Whether the last of the words `before` is a name: capitalized letters only, and not a word the corpus
        writes in lowercase where it opens the sentence ("Special needs ...")."""
        word = before[-1]
        if not (word.isalpha() and word[0].isupper() and word[1:].islower()) or word.lower() in SUBJECTS:
            return False
        cased = self.lexicon.cased(word)
        return len(before) > 1 and word.lower() not in AUXILIARIES or cased is None or cased[0].isupper()
