"""Into German: a translation that opens with the subject pronoun of its English source ("I" -> "Ich", "We" ->
"Wir", "He" -> "Er", "She" -> "Sie", "It" -> "Es") gives the verb right after it that pronoun's person. A caption
model learned the third person, so a user's first person comes back wrong (the 30-minute model of both directions:
`I work in an office.` -> `Ich arbeitet in einem Büro.`, `I drink coffee every morning.` -> `Ich trinken Kaffee.`).

    step = VerbPerson()
    text, person = step.apply("I work in an office.")          # person: ("1sg", "present")
    step.reverse("Ich arbeitet in einem Büro.", person)         # -> "Ich arbeite in einem Büro."

Only the English present ("I work", "I am working": a past, "I worked", "I lost", is left as the model wrote it,
since "Ich verloren" may be a participle; but an auxiliary of its perfect takes the person: "Ich hat ... verloren" ->
"Ich habe ..."); after "am", "is", "are" before no "-ing" word ("I am tired") only a form of "sein" ("Ich ist müde"
-> "Ich bin müde"). A verb after "und" takes the person its English "and" gives it: the
pronoun after "and" ("My name is Tom and I live" -> "Ich heiße Tom und wohnt" -> "... und wohne") or, with none, the
opening pronoun's ("I sit on the bench and wait." -> "Ich warte auf der Bank und wartet." -> "... und warte"); only
where English and German hold as many "and" as "und", the English word after "and" has the person's shape ("I ...
and wait", "she ... and dances"; "I cook and she washes up" is another subject's), the German sentence opens with
the pronoun or "und" is followed by it, and the German word before "und" has another ending ("großen und kleinen":
adjectives). After an opening "I am" only a listed verb's form follows "und" ("und haben" -> "und habe"; "müde und
bereit" stays). A mid-sentence "Ich" after a conjunction or a comma is "ich" ("Meine Frau und Ich" -> "und ich").
"They" -> "Sie" gives the verb the plural ("Sie arbeitet" -> "Sie arbeiten"), "You" the person of the pronoun the
model chose ("Du arbeitet" -> "Du arbeitest", "Ihr fährt" -> "Ihr fahrt", the formal "Sie" the plural's). A "sich"
right after the verb or a word later takes an opening "Ich", "Wir", "Du", "Ihr"'s person, in any tense ("Wir treffen
sich" -> "Wir treffen uns"; for "ich", "du" only the accusative: before an object's article it stays, "mir" may be
meant). A sentence opening with a plural subject ("The tickets cost") gives the German verb after a plural noun
phrase the plural (text/forms/frame_numbers.py: "Die Karten kostet" -> "Die Karten kosten").
The verb's forms: text/forms/verbs.py. Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.forms.articles import ENGLISH
from text.forms.frame_numbers import plural_subject, subject_agreed
from text.forms.masking import PLACEHOLDER
from text.forms.verbs import BE, FORMS, person_form, read_as_verb
from text.step import Step
from text.steps.first_capital import start

LOWER = re.compile(r"[a-zäöüß]+\b")
AUXILIARY = re.compile(r"(?:habe|hast|hat|haben|bin|ist|sind)\b")     # a past's perfect: "Ich hat ... verloren"

# an English subject pronoun: its person and the German pronoun a translation opens with then
PRONOUNS = {"i": ("1sg", "Ich"), "we": ("1pl", "Wir"), "he": ("3sg", "Er"), "she": ("3sg", "Sie"),
            "it": ("3sg", "Es"), "i+": ("1pl", "Ich"), "they": ("1pl", "Sie")}
# English "you": the person of the German pronoun the model chose ("Sie" the formal one's, a plural's form)
YOU = {"Du": "2sg", "Ihr": "2pl", "Sie": "1pl"}
# a reflexive "sich" after the verb, in the person of the opening pronoun ("Wir treffen sich" -> "Wir treffen uns")
# (its accusative, dative "uns" and "euch" alike; "sich" before an object's article or possessive stays for "ich", "du")
REFLEXIVE = {"Ich": "mich", "Wir": "uns", "Du": "dich", "Ihr": "euch"}
SICH = re.compile(r"(?:[a-zäöüß]+ )?(sich)\b")
OBJECT_AFTER = re.compile(r" (?:der|die|das|den|dem|des|k?ein\w*|[mds]ein\w*|ihr\w*|unser\w*|euer\w*)\b")
ADVERBS = ("always|often|usually|never|sometimes|also|just|really|still|only|already|rarely|normally|now|then|"
           "actually|even|probably|finally|seldom")
SOURCE = re.compile(rf"(?i:(i|we|he|she|it|they|you)) (?:(?i:{ADVERBS}) )*([A-Za-z]+)(?: ([A-Za-z]+))?")
ENGLISH_BE = {"am", "is", "are"}
AND = re.compile(rf"\band (?:(?i:(i|we|he|she|it)) )?(?:(?:{ADVERBS}) )*([A-Za-z]+)(?: ([A-Za-z]+))?")
AND_WORD = re.compile(r"\band\b")
UND = re.compile(r"(\S*) und ((?:ich|wir|er|sie|es) )?([a-zäöüß]+)\b")
# English words after "and" that begin no verb of the same subject: determiners, pronouns, prepositions, conjunctions
NOT_AFTER_AND = frozenset("""
a an the my your his her its our their this that these those some any no all every each one two three then so
in on at to with for from of by about into after before under over not you they me him us them i we he she it
""".split())
DETERMINERS = frozenset(ENGLISH)          # "My wife and I": a subject of two (text/forms/articles.py's determiners)
INNER_ICH = re.compile(r"\b(und|oder|aber|denn|sondern|dass|weil|wenn|als|ob|wie|,) Ich\b")
# the English past of verbs that do not add "-ed"
PAST = frozenset("""
was were had did went saw said got made took came gave found knew thought told became left felt brought began kept
held wrote stood heard meant met ran paid sat spoke lay led grew lost fell sent built understood drew broke spent rose
drove bought wore chose sang swam forgot ate drank slept won hung hid shut rode threw caught taught fought flew sold
stole froze shook woke sank fed sought forgave bit blew dug
""".split())


def tense(verb: str, after: str | None) -> str:
    """"present", "be" (a form of "be" before no "-ing" word: the German verb is "sein") or "past" (a listed one,
    or one in "-ed": not "need", "feed")."""
    low = verb.lower()
    if low in ENGLISH_BE:
        return "present" if after and after.lower().endswith("ing") else "be"
    return "past" if low in PAST or (low.endswith("ed") and not low.endswith("eed") and len(low) > 4) or \
        low == "agreed" else "present"


def and_person(m: re.Match, opening: str | None) -> tuple | None:
    """The person an English "and" (an AND match) gives the verb after it (its own pronoun's, or the opening
    pronoun's where it has none), that verb's tense, the verb, and whether a pronoun says it; None where the word
    after it is no verb of that person's shape."""
    pronoun = (m.group(1) or opening or "").lower()
    word = m.group(2).lower()
    before = m.string[start(m.string):m.start()].split()
    if pronoun == "i" and m.group(1) and (len(before) == 1 and before[0].lower() not in PRONOUNS or
                                          0 < len(before) <= 3 and before[0].lower() in DETERMINERS and
                                          not ENGLISH_BE.intersection(w.lower() for w in before)):
        pronoun = "i+"                   # "My wife and I live", "Tom and I live": "wir"'s person, "ich" after "und"
    if not pronoun or word in NOT_AFTER_AND:
        return None
    third = word.endswith("s") and not word.endswith("ss")
    if third != (PRONOUNS[pronoun][0] == "3sg") and word not in ENGLISH_BE:
        return None                      # "I cook and eggs", "he cooks and eat": no verb of that subject
    return pronoun, tense(m.group(2), m.group(3)), m.group(2), m.group(1) is not None


def verb_in(output: str, k: int, person: str, be: bool, english: str) -> str:
    """`output` with the word at `k` in `person` where it is a verb's present form (with `be` only a form of
    "sein") and may be the English source's verb `english`."""
    m = LOWER.match(output, k)
    if m is None or (be and m.group(0) not in BE) or not read_as_verb(m.group(0), english):
        return output
    word = m.group(0)
    written = person_form(word, person)
    if written is None and person == "1pl" and word.endswith("e") and person_form(word[:-1] + "en", "1sg") == word:
        written = person_form(person_form(word[:-1] + "en", "3sg") or word, "1pl")   # "ich komme" -> "kommen"
    return output if written is None else output[:k] + written + output[m.end():]


def reflexive(output: str, k: int, pronoun: str) -> str:
    """`output` with a "sich" after the verb at `k` (right after it, or a word later) in the person of the opening
    `pronoun`: "Wir treffen sich" -> "Wir treffen uns", "Ich freue sich" -> "Ich freue mich"; for "ich" and "du" only
    the accusative: a "sich" before an article or a possessive (an object: "Ich wasche sich die Hände", "mir") stays."""
    verb = LOWER.match(output, k)
    if verb is None or pronoun not in REFLEXIVE or output[verb.end():verb.end() + 1] != " ":
        return output
    m = SICH.match(output, verb.end() + 1)
    if m is None or pronoun in ("Ich", "Du") and OBJECT_AFTER.match(output, m.end(1)):
        return output
    return output[:m.start(1)] + REFLEXIVE[pronoun] + output[m.end(1):]


class VerbPerson(Step):
    def apply(self, text: str) -> tuple[str, tuple | None]:
        """The text unchanged; the state: the person of its opening subject pronoun and its verb's tense (None for
        a sentence that opens otherwise), those its "and"s give the verbs after them (None for one that gives
        none; no "and": an empty tuple), and whether it opens with a plural subject (frame_numbers.plural_subject)."""
        m = SOURCE.match(text, start(text))
        opening = None if m is None else (m.group(1).lower(), tense(m.group(2), m.group(3)), m.group(2))
        ands = tuple(AND.match(text, a.start()) for a in AND_WORD.finditer(text))
        pronoun = None if opening is None or opening[1] == "past" or opening[0] == "you" else opening[0]
        ands = tuple(None if a is None else and_person(a, pronoun) for a in ands)
        if opening is not None and opening[1] == "be":
            ands = tuple(None if a is None or a[0] != opening[0] else (a[0], "listed", *a[2:]) for a in ands)
        return text, (opening, ands, plural_subject(text[start(text):]))

    def reverse(self, output: str, state) -> str:
        output = INNER_ICH.sub(r"\1 ich", output)
        opening, ands, plural = state
        k = start(output)
        if plural:                               # "The tickets cost": "Die Karten kostet" -> "Die Karten kosten"
            output = output[:k] + subject_agreed(output[k:])
        if opening is not None:
            person, pronoun = PRONOUNS.get(opening[0]) or next(((p, w) for w, p in YOU.items()
                                                                if output.startswith(w + " ", k)), ("", ""))
            after = k + len(pronoun) + 1
            if pronoun and output.startswith(pronoun + " ", k):
                if opening[1] != "past" or AUXILIARY.match(output, after):
                    output = verb_in(output, after, person, opening[1] == "be", opening[2])
                output = reflexive(output, after, pronoun)
        unds = list(UND.finditer(output))
        if len(unds) != len(ands):
            return output
        for m, given in reversed(list(zip(unds, ands))):
            if given is None or given[1] == "past":
                continue
            if given[0] == "i+" and m.group(2) is None:
                given = ("i", *given[1:])            # "... and I live" -> "Ich heiße Tom und wohnt": "ich"'s
            person, pronoun = PRONOUNS[given[0]]
            said = m.group(2) is not None and m.group(2).strip().capitalize() == pronoun
            opens = output.startswith(pronoun + " ", k) or given[3] and PLACEHOLDER.match(output, k)
            if not said and (m.group(2) is not None or given[0] == "i+" or not opens):
                continue                 # another pronoun after "und", or a sentence of another subject
            before = m.group(1)
            if before[-2:] == m.group(3)[-2:] and before.islower():
                continue                 # "großen und kleinen": adjectives of one ending
            if given[1] == "listed" and m.group(3) not in FORMS:
                continue                 # "Ich bin müde und bereit": after "I am" only a listed verb
            output = verb_in(output, m.start(3), person, given[1] == "be", given[2])
        return output
