"""Into German: a translation that opens with the subject pronoun of its English source ("I" -> "Ich", "We" ->
"Wir", "He" -> "Er", "She" -> "Sie", "It" -> "Es") gives the verb right after it that pronoun's person. A caption
model learned the third person, so a user's first person comes back wrong (the 30-minute model of both directions:
`I work in an office.` -> `Ich arbeitet in einem Büro.`, `I drink coffee every morning.` -> `Ich trinken Kaffee.`).

    step = VerbPerson()
    text, person = step.apply("I work in an office.")          # person: ("1sg", "present")
    step.reverse("Ich arbeitet in einem Büro.", person)         # -> "Ich arbeite in einem Büro."

Only the English present ("I work", "I am working": a past, "I worked", "I lost", is left as the model wrote it,
since "Ich verloren" may be a participle); after "am", "is", "are" before no "-ing" word ("I am tired") only a form
of "sein" ("Ich ist müde" -> "Ich bin müde"). The verb's forms: text/forms/verbs.py. Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.forms.verbs import BE, person_form
from text.step import Step
from text.steps.first_capital import start

# an English subject pronoun: its person and the German pronoun a translation opens with then
PRONOUNS = {"i": ("1sg", "Ich"), "we": ("1pl", "Wir"), "he": ("3sg", "Er"), "she": ("3sg", "Sie"),
            "it": ("3sg", "Es")}
ADVERBS = ("always|often|usually|never|sometimes|also|just|really|still|only|already|rarely|normally|now|then|"
           "actually|even|probably|finally|seldom")
SOURCE = re.compile(rf"(?i:(i|we|he|she|it)) (?:(?i:{ADVERBS}) )*([A-Za-z]+)(?: ([A-Za-z]+))?")
ENGLISH_BE = {"am", "is", "are"}
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


class VerbPerson(Step):
    def apply(self, text: str) -> tuple[str, tuple[str, str] | None]:
        """The text unchanged; the state: the person of its opening subject pronoun and its verb's tense, None for
        a sentence that opens otherwise."""
        m = SOURCE.match(text, start(text))
        if m is None:
            return text, None
        return text, (m.group(1).lower(), tense(m.group(2), m.group(3)))

    def reverse(self, output: str, state) -> str:
        if state is None or state[1] == "past":
            return output
        person, pronoun = PRONOUNS[state[0]]
        k = start(output)
        m = re.compile(rf"{pronoun} ([a-zäöüß]+)\b").match(output, k)
        if m is None or (state[1] == "be" and m.group(1) not in BE):
            return output
        written = person_form(m.group(1), person)
        return output if written is None else output[:m.start(1)] + written + output[m.end(1):]
