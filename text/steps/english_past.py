"""Into English: a German perfect whose translation kept the auxiliary but lost the verb gets the English simple past
in the auxiliary's place. A caption model learned the present, so the 30-minute model of both directions writes
`Ich habe meinen Schlüssel im Büro vergessen.` -> `I have my key in office.` (`vergessen` dropped), `Wir sind am
Wochenende nach Berlin gefahren.` -> `We are on weekends for Berlin.`.

    step = EnglishPast()
    text, state = step.apply("Ich habe meinen Schlüssel im Büro vergessen.")   # state: ("forgot", "haben", ...)
    step.reverse("I have my key in office.", state)                             # -> "I forgot my key in office."
    step.reverse("The man is cleaning the kitchen.", step.apply("Der Mann hat die Küche geputzt.")[1])
                                                                                # -> "The man cleaned the kitchen."

The German source: one present form of "haben" or "sein" (text/forms/participles.py's AUXILIARY), not opening the
sentence ("Hast du ... gesehen?": a question), and after it one participle at its clause's end (before the final mark
or a comma) that the table gives one English past of that auxiliary's verbs (text/forms/participles.py's
INTO_ENGLISH, the inverse of the table of text/steps/participles.py; a participle of two English verbs of one meaning
takes the one of SAME, `gesehen` -> "saw"; `gefahren` after "sein" is "went"; `gelaufen`, "ran" or "walked", is left
out), no other participle, no modal, no "werden" (a passive), no past of "haben" or "sein" and no negation (a
dropped "nicht" would turn the sentence round). A participle whose table auxiliary is the other one is a state ("Die
Tür ist geschlossen.": "closed") and is left alone.
The English output: one form of "have" or "be" (in any person: "They has", "She has"), that auxiliary's English
("have"/"has" for "haben", "am"/"is"/"are" for "sein"), after its subject (not opening the sentence, not before a
pronoun, "to", "not", "been", not after "there" or a question word; after a pronoun where a German one is beside
the auxiliary: "Wir sind" -> "People are" is another sentence; after a noun, of the German subject's number by its
shape: "Mein Bruder ist" -> "Three people are" is another, "My sister have" is the model's person), and neither
the verb in another form ("buying", "pays", "asleep"), nor "do" or "not", nor any past, participle or "-ed" word
("done"), nor another "-ing" word but a noun's ("morning"): `We have yesterday a pizza is ordering.` stays as the
model wrote it. Where "am"/"is"/"are" stands right before the verb's own "-ing" form, the two are the past (`is
cleaning` -> `cleaned`). The subject's person is left to the steps that read it. Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.forms.masking import PLACEHOLDER
from text.forms.participles import AUXILIARY, BASES, INTO_ENGLISH, PARTICIPLES, is_participle
from text.step import Step
from text.steps.verb_person import PAST

GERMAN_WORD = re.compile(r"[^\W\d_]+|[\ue000-\ue00f]")
# after the participle: a comma (its clause ends there) or the sentence's closing marks
CLAUSE_END = re.compile(r"\s*(?:,|[.!?…:;\"'»«“”„)\]]*\s*$)")
# German words that rule a perfect out: modals, "werden" (a passive, a future), a past of the auxiliaries, negations
NOT_PERFECT = frozenset("""
kann kannst können könnt konnte konntest konnten könnte könnten muss musst müssen müsst musste mussten müsste
will willst wollen wollt wollte wollten darf darfst dürfen dürft durfte durften soll sollst sollen sollt sollte
sollten mag magst mögen mögt mochte mochten möchte möchtest möchten werde wirst wird werden werdet wurde wurden
würde würden worden hatte hattest hatten hattet war warst waren wart nicht nie niemals nichts
""".split())
# infinitives of position before a participle, one verb with it ("hängen geblieben": got stuck)
POSITIONS = frozenset("hängen liegen stehen stecken sitzen".split())
# the English of the German auxiliaries
ENGLISH_AUXILIARIES = {"haben": {"have", "has"}, "sein": {"am", "is", "are"}}
ALL_AUXILIARIES = {"have", "has", "am", "is", "are"}
# a participle the table gives two English verbs of one meaning: the past written for it
SAME = {"gekauft": "bought", "gesehen": "saw", "angefangen": "started", "gesprochen": "spoke", "repariert": "repaired"}
# a participle of two English verbs whose meaning after one auxiliary is a third's: "Wir sind nach Berlin gefahren."
BY_AUXILIARY = {("gefahren", "sein"): ("went", "go")}
ENGLISH_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?|[\ue000-\ue00f]")
CONTRACTED = re.compile(r"(?:i|you|he|she|it|we|they|that|there|what|who)'(?:m|s|re|ve)|[a-z]+n't")
# words after the auxiliary that make it no perfect's ("have to", "have I"), words before it that make it no subject's
NOT_AFTER = frozenset("i you he she it we they to not been got never".split())
NOT_BEFORE = frozenset("there here what where who which when how why to".split())
# a German subject pronoun beside the auxiliary ("Wir sind", "Gestern habe ich") wants an English one before it
GERMAN_PRONOUNS = frozenset("ich du er sie es wir ihr".split())
AFTER_PRONOUNS = frozenset("ich du er wir".split())     # after it "sie", "es", "ihr" may be an object ("hat ihr Rad")
ENGLISH_PRONOUNS = frozenset("i you he she it we they".split())
PLURALS = frozenset("people children men women police".split())
# a negation, or a question's own verb ("Do you have my key?"): no perfect to write as a past
NOT_A_PAST = frozenset("not never do does did".split())
# participles of verbs the table lacks ("She has her homework done."; the table's are its own)
DONE = frozenset("done gone been gotten known shown grown told left put set hit let hurt shut".split())
# nouns in "-ing" (an "-ing" word else is a verb's: the model's own verb, the sentence is not the perfect's)
ING_NOUNS = frozenset("""
morning mornings evening evenings building buildings wedding weddings clothing ceiling painting paintings meeting
meetings parking training something anything nothing everything during sibling siblings pudding string spring
""".split())
MOST_BEFORE = 5              # the auxiliary among the first words: after its subject, not in a later clause


def german_perfect(text: str) -> tuple[str, str, tuple[str, ...], bool, bool | None] | None:
    """The English past of the source's one perfect, its auxiliary's verb ("haben" or "sein"), the infinitives of
    the participle's English verbs, whether a pronoun beside the auxiliary is its subject and whether the auxiliary
    is a third person's plural (None: neither the singular's nor that); None for a source of no such perfect."""
    words = list(GERMAN_WORD.finditer(text))
    lows = [w.group(0).lower() for w in words]
    if any(w in NOT_PERFECT or w.startswith("kein") for w in lows):
        return None
    auxiliaries = [k for k, w in enumerate(lows) if w in AUXILIARY]
    participles = [k for k, w in enumerate(words) if is_participle(w.group(0))]
    if len(auxiliaries) != 1 or len(participles) != 1 or not 0 < auxiliaries[0] < participles[0]:
        return None                        # "Hast du ... gesehen?": a question, "Did you see"
    participle = words[participles[0]]
    if participle.group(0) not in INTO_ENGLISH or not CLAUSE_END.match(text, participle.end()) or \
            lows[participles[0] - 1] in POSITIONS:
        return None                        # "ist hängen geblieben": stuck, not "stayed"
    k = auxiliaries[0]
    verb = AUXILIARY[lows[k]][0]
    pronoun = lows[k - 1] in GERMAN_PRONOUNS or lows[k + 1] in AFTER_PRONOUNS      # "Ich habe", "Gestern habe ich"
    plural = {2: False, 3: True}.get(AUXILIARY[lows[k]][1])
    entries = INTO_ENGLISH[participle.group(0)]
    bases = tuple(base or BASES[past] for past, _, base in entries)
    pasts = {past for past, auxiliary, _ in entries if auxiliary in (verb, "either")}
    if not pasts:
        return None                        # "Die Tür ist geschlossen.": a state, no perfect
    if (participle.group(0), verb) in BY_AUXILIARY:
        past, base = BY_AUXILIARY[participle.group(0), verb]
        return past, verb, (*bases, base), pronoun, plural
    if len(pasts) > 1:
        if participle.group(0) not in SAME:
            return None                    # "gelaufen": "ran" or "walked"
        pasts = {SAME[participle.group(0)]}
    return pasts.pop(), verb, bases, pronoun, plural


def plural_noun(word: str) -> bool:
    """Whether an English subject's last word has a plural's shape ("people", "parents"; not "bus", "glass")."""
    return word in PLURALS or word.endswith("s") and not word.endswith(("ss", "us", "is"))


def ing_of(word: str, base: str) -> bool:
    """Whether `word` is the "-ing" form of the English verb `base` ("cleaning", "making", "planning", "dying")."""
    if not word.endswith("ing"):
        return False
    stem = word[:-3]
    return stem in (base, base[:-1] if base.endswith("e") else None, base[:-2] + "y" if base.endswith("ie") else None) \
        or len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] == base


def of_verb(word: str, bases: tuple[str, ...]) -> bool:
    """Whether `word` is a form of one of the English verbs (an infinitive, its "-s", "-ing", or a word ending in it:
    "asleep")."""
    return any(word in (base, base + "s", base + "es", base[:-1] + "ies") or ing_of(word, base) or
               len(base) > 3 and word.endswith(base) for base in bases)


def verb_form(word: str) -> bool:
    """Whether `word` is a past or participle ("fallen"), an "-ed" word or an "-ing" word of no noun's."""
    return word in PAST or word in PARTICIPLES or word in DONE or \
        word.endswith("ed") and not word.endswith("eed") and len(word) > 4 or \
        word.endswith("ing") and len(word) > 5 and word not in ING_NOUNS


class EnglishPast(Step):
    def apply(self, text: str) -> tuple[str, tuple | None]:
        """The text unchanged; the state: german_perfect's (None: no such perfect)."""
        return text, german_perfect(text)

    def reverse(self, output: str, state) -> str:
        if state is None:
            return output
        past, verb, bases, pronoun, plural = state
        words = list(ENGLISH_WORD.finditer(output))
        lows = [w.group(0).lower() for w in words]
        auxiliaries = [k for k, w in enumerate(lows) if w in ALL_AUXILIARIES or CONTRACTED.fullmatch(w)]
        if len(auxiliaries) != 1 or any(w in NOT_A_PAST for w in lows):
            return output
        k = auxiliaries[0]
        if not 0 < k <= MOST_BEFORE or lows[k - 1] in NOT_BEFORE or lows[k] not in ALL_AUXILIARIES or \
                pronoun and lows[k - 1] not in ENGLISH_PRONOUNS:
            return output                  # "Wir sind ..." -> "People are ...": another subject, another sentence
        if plural is not None and plural != plural_noun(lows[k - 1]) and lows[k - 1] not in ENGLISH_PRONOUNS and \
                not PLACEHOLDER.fullmatch(lows[k - 1]):
            return output                  # "Mein Bruder ist ..." -> "Three people are ...": another subject
        after = lows[k + 1] if k + 1 < len(lows) else ""
        if lows[k] in ENGLISH_AUXILIARIES["sein"] and any(ing_of(after, base) for base in bases):
            rest = lows[:k] + lows[k + 2:]
            if any(verb_form(w) or of_verb(w, bases) for w in rest):
                return output
            return output[:words[k].start()] + past + output[words[k + 1].end():]     # "is cleaning" -> "cleaned"
        if lows[k] not in ENGLISH_AUXILIARIES[verb] or after in NOT_AFTER:
            return output
        if any(verb_form(w) or of_verb(w, bases) for j, w in enumerate(lows) if j != k):
            return output                  # "is ordering", "has caught", "I have asleep": the model's own verb
        return output[:words[k].start()] + past + output[words[k].end():]
