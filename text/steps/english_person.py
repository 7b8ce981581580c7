"""Into English: the verb after a translation's opening subject takes the person of its German source's verb. A
caption model writes a verb that does not agree with a user's subject (the 30-minute model of both directions:
`Meine Schwester wohnt seit drei Jahren in Köln.` -> `My sister live for 3 years in Cologne.`, `Sie hat ihren
Geldbeutel verloren.` -> `They has her purse.`, `Die Kaffeemaschine funktioniert nicht.` -> `The coffee maker doesn't
working.`).

    step = EnglishPerson()
    text, state = step.apply("Meine Schwester wohnt in Köln.")    # state: ("3sg", "", False)
    step.reverse("My sister live in Cologne.", state)              # -> "My sister lives in Cologne."

The German source opens with its subject and its finite verb right after it: "er", "sie", "es", a placeholder (a
name) or a determiner ("der", "ein", "meine", ...), up to two lowercase adjectives and a capitalized noun; the verb
is a third person singular ("wohnt", "hat") or a plural ("wohnen", "haben"; text/forms/verbs.py reads both), not a
modal's ("kann": "He can swim"). After a singular, the English subject ("He", "She", "It", the same placeholder, or
a determiner and one to three lowercase words, none a preposition, an "-ing" word or a plural) gives the verb
right after it (an adverb between): a listed base form its "-s" (`live` -> `lives`, `have` -> `has`, `go` -> `goes`,
`study` -> `studies`, `watch` -> `watches`), `are` -> `is`, `were` -> `was`, `don't` -> `doesn't`, and an "-ing"
word after do-support its base form (`doesn't working` -> `doesn't work`); after a German perfect's "hat" or "ist"
(a lowercase last word: "verloren"), whose English may be a past (`He read the book`), only `have`, `are`, `were`,
`don't`. A German "Sie" with a singular verb is "she": an English "They" there before a verb is "She" (`They has` ->
`She has`; `They people` stays). After a plural "Sie" an English "They" takes the plural's `have`, `are`, `were`,
`do`, `don't` (`They has` -> `They have`). A listed verb followed by a finite verb is a noun (`The bus stop is`) and
stays, and so does every other word: an "-ing" form after `is` / `are` (`is walking`), a past, an unlisted verb.
Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.forms.everyday_verbs import third_person
from text.forms.masking import PLACEHOLDER
from text.forms.verbs import FORMS, person_form
from text.step import Step
from text.steps.first_capital import start

DETERMINER = r"(?:[Dd](?:er|ie|as)|[Ee]ine?|(?:[Mm]|[Dd]|[Ss])eine?|[Ii]hre?|[Uu]nsere?|[Ee]ure?|[Dd]ies(?:er|e|es)|" \
             r"[Kk]eine?|[Jj]ede[rs]?)"
# the German subject and the verb after it: a pronoun, a placeholder, or a determiner, adjectives and a noun
NOUN = rf"(?:[A-ZÄÖÜ][\w-]*|{PLACEHOLDER.pattern})"
GERMAN = re.compile(rf"(?:(Er|Sie|Es)|({PLACEHOLDER.pattern})|{DETERMINER}(?: [a-zäöüß]+){{0,2}} {NOUN}) "
                    r"([a-zäöüß]+)\b")
# everyday verbs in their base form; one a caption corpus holds as a noun too is left to the context (`stop`)
VERBS = frozenset("""
live work play drink eat cook bake read write sleep walk run go come drive ride swim sing dance talk speak say tell
ask answer call help need want like love hate know think believe understand learn study teach try buy sell pay cost
open close start begin finish stop wait stay leave arrive travel fly sit stand lie look see watch hear listen feel
smell taste seem wear carry bring take give get make find lose keep put use wash clean fix repair build paint draw
print send show sound smile laugh cry shout wake rain snow shine bark climb jump catch throw kick hold push pull
lock break cut miss remember forget visit meet move change grow fall hurt own belong mean cover fit serve win order
book rent spend save check hope enjoy prefer plan crash fail
""".split())
SPECIAL = {"have": "has", "do": "does", "go": "goes", "are": "is", "were": "was", "don't": "doesn't"}
PLURAL = {"has": "have", "is": "are", "was": "were", "does": "do", "doesn't": "don't"}
DO = re.compile(r"(doesn't|does not|don't|do not|didn't|did not|can't|cannot|won't|will not|will|can) ([a-z]+)\b")
# German verbs whose English is a modal or "will" before a base form ("Er kann schwimmen": "He can swim")
MODALS = frozenset("kann muss will darf soll mag wird".split())
# a German perfect's auxiliary: its English may be a past ("Er hat ... verloren": "He lost"): only have/be change
AUXILIARIES = frozenset("hat ist".split())
LAST_WORD = re.compile(r"(?<!\w)[a-zäöüß]+\W*$")
ADVERBS = r"(?:(?:always|often|usually|never|sometimes|also|just|really|still|only|already|now|even) )*"
ENGLISH_DETERMINER = r"(?:[Tt]he|[Aa]n?|[Mm]y|[Yy]our|[Hh]is|[Hh]er|[Ii]ts|[Oo]ur|[Tt]heir|[Tt]his|[Tt]hat|[Ee]very)"
NOT_NOUNS = frozenset("""
of in on at to with for from by and or but who that which is are was were has have had does do did can will
not no very a an the my your his her its our their this some
""".split())
ENGLISH = re.compile(rf"(?:(?P<pronoun>[Hh]e|[Ss]he|[Ii]t|[Tt]hey)|(?P<held>{PLACEHOLDER.pattern})) {ADVERBS}")
NOUN_PHRASE = re.compile(rf"{ENGLISH_DETERMINER}((?: (?:[a-z][a-z'-]*|{PLACEHOLDER.pattern})){{1,4}})")
# English nouns of a plural without "-s" or of a plural only, which a German singular may come back as
PLURALS = frozenset("people children men women police glasses pants jeans scissors clothes".split())
FINITE = re.compile(r"(?:is|are|was|were|has|have|had|does|do|did|can|will|must|should|would|could|'s)\b")
WORD = re.compile(r"[a-z']+")


def german_person(verb: str) -> str | None:
    """"3sg" for a German verb's third person singular ("wohnt", "hat", "kann"), "pl" for its plural ("wohnen"),
    None for a word of neither."""
    forms = FORMS.get(verb)
    if forms is not None:
        return "3sg" if verb == forms[1] else "pl" if verb == forms[2] else None
    if person_form(verb, "1sg") is None:
        return None
    return "3sg" if person_form(verb, "3sg") is None else "pl" if person_form(verb, "1pl") is None else None


def third(verb: str) -> str:
    """A listed English base form's third person singular: "live" -> "lives", "study" -> "studies", "have" -> "has"."""
    return SPECIAL.get(verb) or third_person(verb)


def plain(word: str) -> str | None:
    """A listed verb's base form of its "-ing" or "-s" form ("working" -> "work", "making" -> "make", "running" ->
    "run", "works" -> "work", "goes" -> "go"); None for a word of neither."""
    stem = word[:-3] if word.endswith("ing") else ""
    for form in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else "", "lie" if word == "lying" else "",
                 word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
        if form in VERBS or form in ("have", "do", "go"):
            return form
    return "have" if word == "has" else None


def singular_verb(output: str, k: int, restricted: bool) -> str:
    """`output` with the word at `k`, the verb after a singular subject, in the third person singular; only
    `have`, `are`, `were`, `don't` where it is `restricted` (a German perfect's)."""
    m = DO.match(output, k)
    if m is not None and not restricted:     # "doesn't working" -> "doesn't work"; "don't work" -> "doesn't work"
        verb = plain(m.group(2))
        do = {"don't": "doesn't", "do not": "does not"}.get(m.group(1), m.group(1))
        return output if verb is None and do == m.group(1) else \
            output[:k] + do + " " + (verb or m.group(2)) + output[m.end():]
    m = WORD.match(output, k)
    if m is None:
        return output
    word = m.group(0)
    if restricted and word not in ("have", "are", "were", "don't") or word not in VERBS and word not in SPECIAL or \
            word not in SPECIAL and FINITE.match(output, m.end() + 1):
        return output                    # not a listed verb, or a noun before the verb ("The bus stop is")
    return output[:k] + third(word) + output[m.end():]


class EnglishPerson(Step):
    def apply(self, text: str) -> tuple[str, tuple | None]:
        """The text unchanged; the state: the person of its opening subject's verb ("3sg" or "pl"), that subject if
        it is "Sie" or a placeholder (else ""), and whether the verb is a perfect's auxiliary (the English may be a
        past); None for a sentence that opens otherwise, with a modal, or with a plural not "Sie"."""
        m = GERMAN.match(text, start(text))
        person = None if m is None or m.group(3) in MODALS else german_person(m.group(3))
        if person is None or person == "pl" and m.group(1) != "Sie":
            return text, None
        perfect = m.group(3) in AUXILIARIES and LAST_WORD.search(text) is not None
        return text, (person, "Sie" if m.group(1) == "Sie" else m.group(2) or "", perfect)

    def reverse(self, output: str, state) -> str:
        if state is None:
            return output
        person, opening, restricted = state
        k = start(output)
        m = ENGLISH.match(output, k)
        if m is None:
            verb = noun_phrase_end(output, k) if person == "3sg" and not opening else None
            return output if verb is None else singular_verb(output, verb, restricted)
        pronoun = (m.group("pronoun") or "").lower()
        if person == "pl":
            verb = WORD.match(output, m.end())
            if pronoun != "they" or verb is None or verb.group(0) not in PLURAL:
                return output
            return output[:verb.start()] + PLURAL[verb.group(0)] + output[verb.end():]
        if pronoun == "they":
            if opening != "Sie" or not verb_like(output[m.end():]):
                return output            # "They" for a German "Er", a noun; or no verb after it ("They people")
            output = output[:k] + ("S" if output[k] == "T" else "s") + "he" + output[k + 4:]
            m = ENGLISH.match(output, k)
        elif (m.group("held") or "") != (opening if opening != "Sie" else ""):
            return output                # another placeholder than the German subject's
        return singular_verb(output, m.end(), restricted)


def noun_phrase_end(output: str, k: int) -> int | None:
    """Where the verb after an English singular noun phrase at `k` starts (a determiner and one to three lowercase
    words, none a preposition, a listed verb, an "-ing" word or a plural; an adverb between); None for none."""
    m = NOUN_PHRASE.match(output, k)
    if m is None:
        return None
    words = m.group(1).split()
    for n in range(1, min(len(words), 4)):
        word = words[n - 1]
        if word in NOT_NOUNS | VERBS | PLURALS or word in SPECIAL or re.search(r"[^su']s$|ing$", word):
            return None          # a preposition, a verb, a plural noun ("The glasses are", "My people are")
        rest = output[m.start(1) + len(" ".join([""] + words[:n])) + 1:]
        after = re.match(ADVERBS, rest).end()
        if is_verb(rest[after:]):
            return len(output) - len(rest) + after
    return None


def verb_like(text: str) -> bool:
    """Whether `text` opens with an English verb's form: a listed verb's, a finite one's, or a past in "-ed"."""
    m = WORD.match(text)
    return m is not None and (is_verb(text) or FINITE.match(text) is not None or plain(m.group(0)) is not None or
                              m.group(0).endswith("ed"))


def is_verb(text: str) -> bool:
    """Whether `text` opens with a word singular_verb may change."""
    m = WORD.match(text)
    return m is not None and (m.group(0) in VERBS or m.group(0) in SPECIAL or DO.match(text) is not None)
