"""Into German: a translation of an English past whose clause has the auxiliary but lost the participle gets it back
at the clause's end. A caption model learned the present, so the 30-minute model of both directions writes `I lost my
wallet on the train.` -> `Ich habe meine Brieftasche auf dem Zug.` (`verloren` dropped), `I broke my arm.` -> `Ich bin
meinen Arm.`.

    step = Participles()
    text, state = step.apply("I lost my wallet on the train.")          # state: ("verloren", "haben")
    step.reverse("Ich habe meine Brieftasche auf dem Zug.", state)      # -> "... auf dem Zug verloren."
    step.reverse("Ich bin meinen Arm.", step.apply("I broke my arm.")[1])   # -> "Ich habe meinen Arm gebrochen."

Only a source of one English past (a simple past or `have` + participle) of a verb of text/forms/participles.py, not
after a determiner ("a lost dog") or a form of "be" or "get" ("I am lost": a passive or an adjective), nor before a
particle that makes it another verb ("fell asleep": "eingeschlafen", "gave up"), and no other
past or `-ed` word; a German sentence of one auxiliary's present form, second or third word or fourth of its clause
("Ich habe", "Meine Schwester hat", "Gestern habe ich"), no participle anywhere, and a clause that goes on after it.
The participle goes before the clause's end: the final mark, a comma before a conjunction or pronoun, "und", "oder",
"aber" before a pronoun. The auxiliary of the other verb ("Ich bin meinen Arm.") takes the verb's, where the English
has no form of "be" or "have" of its own; a present verb in its place ("Wir bestellen zwei Pizza.") stays as the model
wrote it. The person is the model's (text/steps/verb_person.py). Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.forms.articles import ENGLISH
from text.forms.participles import AUXILIARY, PARTICIPLES, auxiliary_as, is_participle
from text.step import Step
from text.steps.verb_person import PAST

WORD = re.compile(r"[A-Za-z]+")
# English forms of "be" and "get" before a participle that is none of a past ("I am lost", "it got broken")
PASSIVE = frozenset("am is are was were be been being get gets got getting feel feels felt seem seems".split())
HAVE = frozenset("have has had".split())
# English words after a verb that make it another verb: "fell asleep" (eingeschlafen), "gave up", "found out"
PARTICLES = frozenset("up down off out over asleep away back apart along behind".split())
# a German clause's end: a comma before a conjunction or pronoun, a conjunction before a pronoun, the final mark
PRONOUNS = "ich|du|er|sie|es|wir|ihr|man"
CONJUNCTIONS = "aber|denn|weil|dass|als|wenn|sondern|doch|ob|obwohl|während|bevor|nachdem|damit|der|die|das|wo"
INNER = rf",(?=\s+(?:{CONJUNCTIONS}|{PRONOUNS}|und|oder)\b)|\s+(?:und|oder|aber)(?=\s+(?:{PRONOUNS})\b)"
CLAUSE_START = re.compile(INNER)
CLAUSE_END = re.compile(rf"{INNER}|\s*[.!?…:;]*[\"'»«“”„‚’)\]]*\s*$")
GERMAN_WORD = re.compile(r"\S+")


def english_past(text: str) -> tuple[str, str, bool] | None:
    """The source's one past of a listed verb: its participle, auxiliary and whether the English says its own "be"
    or "have" (one other than the perfect's); None for a source of none, of another past or of several."""
    words = WORD.findall(text)
    found, others = [], 0
    for k, word in enumerate(words):
        low = word.lower()
        before = words[k - 1].lower() if k else ""
        if low in PARTICIPLES:
            if before in ENGLISH or before in PASSIVE or k + 1 < len(words) and words[k + 1].lower() in PARTICLES:
                return None                # "a lost dog", "I am lost": no past of the verb; "fell asleep": another
            found.append(k)
        elif low in PAST or low.endswith("ed") and not low.endswith("eed") and len(low) > 4:
            others += 1                    # "I booked a room, but it was small": which clause is which is not known
    if len(found) != 1 or others:
        return None
    k = found[0]
    perfect = k and words[k - 1].lower() in HAVE
    own = any(w.lower() in PASSIVE | HAVE for j, w in enumerate(words) if not (perfect and j == k - 1))
    if perfect and words[k - 1].lower() == "had":
        return None                        # "I had lost": "hatte verloren"
    return (*PARTICIPLES[words[k].lower()], bool(own))


class Participles(Step):
    def apply(self, text: str) -> tuple[str, tuple | None]:
        """The text unchanged; the state: the participle and auxiliary of its one listed past and whether the
        English has a "be" or "have" of its own (None: no such past)."""
        return text, english_past(text)

    def reverse(self, output: str, state) -> str:
        if state is None:
            return output
        participle, auxiliary, own = state
        words = list(GERMAN_WORD.finditer(output))
        if any(is_participle(w.group(0).strip(".,!?;:\"'»«“”„)")) for w in words):
            return output                  # the model wrote a participle: its own sentence
        auxiliaries = [w for w in words if w.group(0) in AUXILIARY]
        if len(auxiliaries) != 1:
            return output
        aux = auxiliaries[0]
        form = aux.group(0)
        opening = max([0] + [m.end() for m in CLAUSE_START.finditer(output, 0, aux.start())])
        if len(output[opening:aux.start()].split()) not in (1, 2, 3):
            return output                  # not second in its clause: "Ich habe", not "..., die ich habe"
        end = CLAUSE_END.search(output, aux.end())
        if end is None or not output[aux.end():end.start()].strip():
            return output                  # "Ich habe.": nothing after it, no clause to close
        verb = AUXILIARY[form][0]
        if auxiliary not in (verb, "either"):
            if own:
                return output              # "I am at home and I found it": "bin" may be the English "am"
            form = auxiliary_as(form, auxiliary)
        return (output[:aux.start()] + form + output[aux.end():end.start()] + " " + participle +
                output[end.start():])
