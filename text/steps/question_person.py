"""Into German: a question or request that opens with a modal or an auxiliary and a subject pronoun ("Can you",
"Could I", "Will we", "Do you", "Is he") gives the German verb it opens with the person of the pronoun after that
verb. A caption model learned no questions, so a user's comes back with the verb in another person, or a modal's
stem garbled (the 30-minute model of both directions: `Can you give this book to Mr. Lee, please?` -> `Können ihr
dieses Buch ...`, `Könnenst du dieses Buch ...`; `Can I pay by card?` -> `Kanne ich ...`).

    step = QuestionPerson()
    text, state = step.apply("Can you help me?")                 # state: ("can", "you")
    step.reverse("Können ihr mir helfen?", state)                 # -> "Könnt ihr mir helfen?"

The pronoun is the model's ("Ihr", "Du", "Sie" for "you" alike; "sie" is "she"'s or "they"'s as the English says);
only the verb changes. A garbled modal is read where the word is a listed modal's or auxiliary's form with an
ending added ("Könnenst" = "können" + "st", "Kanne" = "kann" + "e"), and written in the pronoun's person; a garbled
one followed by no pronoun gets the English pronoun's German one after it ("Can I buy ...?" -> "Kanne kaufen ..." ->
"Kann ich kaufen ..."; not for "you": which of "du", "ihr", "Sie" is unknown). After "Do", "Does", "Did" the German
opens with the main verb: any present form verbs.py reads takes the person ("Kennen du" -> "Kennst du").
A request "Please X" stays as the model wrote it ("Bitte ruft ... an": an "ihr" imperative is German too).
The forms: text/forms/verbs.py. Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.forms.verbs import FORMS, IRREGULAR, NOT_VERBS, PERSONS, forms_of, person_form, second
from text.step import Step
from text.steps.first_capital import start

SOURCE = re.compile(r"(?i:(can|could|will|would|may|might|shall|should|must|do|does|did|are|is|am|have|has)) "
                    r"(?i:(you|i|we|he|she|it|they))\b")
OPENING = re.compile(r"([A-ZÄÖÜ][a-zäöüß]+)(?: (ich|du|er|sie|Sie|es|wir|ihr|Ihr|man)\b)?")
# the person of the German pronoun after the verb ("sie": the English pronoun's, below)
GERMAN = {"ich": "1sg", "du": "2sg", "er": "3sg", "es": "3sg", "man": "3sg", "wir": "1pl", "ihr": "2pl",
          "Ihr": "2pl", "Sie": "1pl"}
ENGLISH = {"i": ("1sg", "ich"), "we": ("1pl", "wir"), "he": ("3sg", "er"), "she": ("3sg", "sie"),
           "it": ("3sg", "es"), "they": ("1pl", "sie"), "you": ("1pl", "Sie")}
MODALS = ("können", "müssen", "dürfen", "sollen", "wollen", "mögen", "werden", "haben", "sein")
# the forms (1sg, 3sg, 1pl) of the modals' and auxiliaries' past and subjunctive, whose second persons add "-st", "-t"
SUBJUNCTIVE = {w: (w, w, w + "n") for w in "möchte würde könnte müsste dürfte sollte wollte hätte wäre".split()}
# each modal's and auxiliary's forms, the second persons' and infinitive's too -> its forms (1sg, 3sg, 1pl)
STEMS = {**{form: IRREGULAR[m] for m in MODALS for form in (*IRREGULAR[m], second(IRREGULAR[m], "2sg"),
                                                             second(IRREGULAR[m], "2pl"), m)},
         **{form: forms for forms in SUBJUNCTIVE.values() for form in (*forms, forms[0] + "st", forms[0] + "t")}}
ENDINGS = ("e", "n", "t", "st", "en", "et", "est")      # what a garble adds to a modal's form: "Kann-e", "Können-st"
DO = {"do", "does", "did"}


def modal_forms(word: str) -> tuple[tuple[str, str, str], bool] | None:
    """The forms (1sg, 3sg, 1pl) of the modal or auxiliary `word` (lower case) is a form of, and whether it is a
    garble of one (a form with an ending added: "kanne", "könnenst"); None for another word."""
    if word in STEMS:
        return STEMS[word], False
    for cut in range(len(word) - 1, 2, -1):            # the longest form it opens with
        if word[cut:] in ENDINGS and word[:cut] in STEMS and word[:cut] != "sein":     # "seine": a possessive
            return STEMS[word[:cut]], True
    return None


def in_person(forms: tuple[str, str, str], person: str) -> str:
    """The form of a verb of `forms` (1sg, 3sg, 1pl) in `person`, the second persons included."""
    if person not in ("2sg", "2pl"):
        return forms[PERSONS.index(person)]
    if forms[0] in SUBJUNCTIVE:
        return forms[0] + ("st" if person == "2sg" else "t")       # "könntest", "würdet"
    return second(forms, person)


class QuestionPerson(Step):
    def apply(self, text: str) -> tuple[str, tuple[str, str] | None]:
        """The text unchanged; the state: its opening modal or auxiliary and the pronoun after it, lower case (None
        for a sentence that opens otherwise)."""
        m = SOURCE.match(text, start(text))
        return text, None if m is None else (m.group(1).lower(), m.group(2).lower())

    def reverse(self, output: str, state) -> str:
        if state is None:
            return output
        auxiliary, pronoun = state
        k = start(output)
        m = OPENING.match(output, k)
        if m is None:
            return output
        word = m.group(1)
        low = word.lower()
        read = modal_forms(low)
        if read is None and auxiliary in DO and low not in NOT_VERBS and m.group(2):
            verb = low in FORMS or not low.endswith("st") and any(person_form(low, p) for p in PERSONS)
            read = (forms_of(low), False) if verb else None          # "kennst": a "du" form read from no stem
        if read is None:
            return output
        forms, garbled = read
        if m.group(2) is None:
            if not garbled or pronoun == "you":
                return output
            person, german = ENGLISH[pronoun]
            return output[:k] + in_person(forms, person).capitalize() + " " + german + output[m.end(1):]
        german = m.group(2)
        person = GERMAN.get(german) or ("3sg" if pronoun in ("she", "he", "it") else "1pl")
        written = in_person(forms, person)
        return output[:k] + written.capitalize() + output[m.end(1):]
