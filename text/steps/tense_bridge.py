"""Into German: an English simple past that opens a statement is read to the model as the present it learned from
captions, and the German present it writes goes back into the perfect. A caption model drops or garbles a past it
never saw (`My son said "thank you"` -> `Mein Sohn "Danke"`), but translates the present (`My son says` -> `Mein
Sohn sagt`).

    step = TenseBridge()
    text, state = step.apply("She wrote a letter yesterday.")   # -> "She writes a letter yesterday."
    step.reverse("Sie schreibt gestern einen Brief.", state)    # -> "Sie hat gestern einen Brief geschrieben."

Only a source of one simple past of a verb of text/forms/participles.py's BRIDGE (no other past or `-ed` word, no
form of `be` or `have`, not after a determiner, a form of `be`, `get` or `have`, nor before a particle: text/steps/
participles.py's english_past), right after the subject that opens the sentence (after at most an opening
`Yesterday`): a pronoun, up to three capitalised words (a name: `Tom`, `Mr Lee`) or a determiner and up to three
words (`My little son`; not ones that end in `well` or `-ly`: `A well built man stands`); not a question. The
present takes the subject's person (`I wrote` -> `I write`, `She wrote` -> `She writes`; a noun phrase in `-s` is a
plural). In the German, one present form of the verb's German infinitive (any person; for `paid` `zahlt` too) among
the first four words, before any inner clause, becomes the auxiliary in the person of that form (where it is one
person's only; else the English subject's, `You`: the German pronoun's) and the participle goes to the clause's end
(text/steps/participles.py's CLAUSE_END). A German sentence with an auxiliary where the verb should be gets the
participle as text/steps/participles.py gives it (`Ich habe meine Brieftasche.` -> `... gefunden.`); one with a
participle of its own, a verb split by its particle (`kommt ... an`), a second sentence, or no form of the verb stays
in the present. Training pairs are not changed.

The future likewise: `will` (`'ll`, written out by text/steps/contractions.py) and a base form of FUTURE right after
the opening subject is read as the present (`We will visit` -> `We visit`), and the German present becomes the
`werden` future (`Wir besuchen ...` -> `Wir werden ... besuchen`), except with a time word (TIME: `tomorrow`, `next
week`, ...), where German says the future in the present, or where the German present stays as above (and before a
comma of the model's). Not `will be`, `will not`, a noun `will`, questions or `would`.
"""
from __future__ import annotations

import re

from text.forms.articles import ENGLISH
from text.forms.everyday_verbs import VERBS, third_person
from text.forms.participles import AUXILIARY, BRIDGE, FORMS, PARTICIPLES, is_participle
from text.forms.verbs import NOT_VERBS, forms_of, second
from text.step import Step
from text.steps.first_capital import start
from text.steps.participles import CLAUSE_END, CLAUSE_START, GERMAN_WORD, Participles, english_past

WORD = re.compile(r"[A-Za-z]+")
# an English subject pronoun's person, the index into the auxiliary's forms (ich, du, er, wir, ihr)
PRONOUNS = {"i": 0, "he": 2, "she": 2, "it": 2, "we": 3, "they": 3, "you": None}
YOU = {"du": 1, "ihr": 4, "sie": 3}
OPENERS = frozenset({"yesterday"})
SINGULAR_S = ("ss", "us", "is")          # "the boss", "the bus": a noun in "-s" that is no plural
# a separable verb's particle at a German clause's end: the verb the model wrote is another ("kommt ... an")
PARTICLE = frozenset("an auf ab aus ein mit nach vor zu zurück los weg her hin fest".split())
ADVERBS = frozenset("well badly half newly home hand self".split())    # before a participle (and "-ly")
ADVERBS_DE = frozenset("dort sofort heute sein".split())     # of a verb's shape ("dor-t"), no verb here
PLURALS = frozenset("children people men women".split())
INNER_END = re.compile(r"[.!?]\s+\S")     # a sentence's end inside the clause: a model's second sentence
# a German verb the model may write for the table's, with its participle ("paid": "zahlt" as well as "bezahlt")
ALSO = {"bezahlen": (("zahlen", "gezahlt"),)}
MARKS = ".,!?;:\"'»«“”„)"
WERDEN = ("werde", "wirst", "wird", "werden", "werdet")     # the future's auxiliary, in FORMS' order
# a base form after "will": the German infinitive (the bridge's verbs, then text/forms/everyday_verbs.py's)
# and two of either auxiliary, which the past leaves ("fuhr": "ist" or "hat" "gefahren")
FUTURE = {**VERBS, **{base: infinitive for base, infinitive in BRIDGE.values()},
          "drive": "fahren", "start": "beginnen"}
# a time word: German says the future in the present with it ("Wir besuchen euch nächsten Monat."), kept there
TIME = re.compile(r"\b(?:tomorrow|tonight|next|soon|later|this (?:morning|afternoon|evening|week|weekend|month|year)|"
                  r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|june|july|august|"
                  r"september|october|november|december|in (?:spring|summer|autumn|fall|winter)|weekend)\b", re.I)


def subject(words: list[re.Match], k: int) -> int | None:
    """The person (PRONOUNS' index) of the subject words[:k] (after an opening "Yesterday"), None for "you", -1 for
    no subject of the bridge's: a pronoun, a name (up to three capitalised words), a determiner and up to three
    words."""
    said = [w.group(0) for w in words[:k]]
    if said and said[0].lower() in OPENERS:
        said = said[1:]
    if not said:
        return -1
    first = said[0].lower()
    if len(said) == 1 and first in PRONOUNS:
        return PRONOUNS[first]
    last = said[-1].lower()
    if last.endswith("ly") or last in ADVERBS:
        return -1                            # "A well built man", "A freshly painted wall": a participle
    if first in ENGLISH and len(said) <= 4:
        plural = len(said) > 1 and last.endswith("s") and not last.endswith(SINGULAR_S) or \
            last in PLURALS
        return 3 if plural else 2
    if len(said) <= 3 and all(w[0].isupper() for w in said) and first not in PRONOUNS and first not in PLURALS:
        return 2
    return -1


def verb_like(word: str) -> bool:
    """Whether a German word beside the verb may be a verb's present form of its own (a lowercase word of a verb's
    shape, text/forms/verbs.py; not a determiner's, a preposition's or an adverb's listed there)."""
    return word.islower() and word not in NOT_VERBS and word not in ADVERBS_DE and forms_of(word) is not None


class TenseBridge(Step):
    def apply(self, text: str) -> tuple[str, tuple | None]:
        """The text with its one simple past (BRIDGE) in the present of its subject's person; the state: the German
        infinitive, participle, auxiliary and the subject's person (PRONOUNS), or None (the text unchanged)."""
        past = english_past(text)
        if "?" in text:
            return text, None
        if past is None:
            return future(text)
        if past[2]:
            return text, None                # a question; no past of the table's; a "be" or "have" of its own
        words = list(WORD.finditer(text, start(text)))
        found = [k for k, w in enumerate(words) if w.group(0).lower() in PARTICIPLES]
        if len(found) != 1 or words[found[0]].group(0).lower() not in BRIDGE:
            return text, None
        k = found[0]
        if "," in text[:words[k].start()]:
            return text, None                # "When I arrived, ...": no opening subject
        person = subject(words, k)
        if person == -1:
            return text, None
        base, infinitive = BRIDGE[words[k].group(0).lower()]
        present = third_person(base) if person == 2 else base
        participle, auxiliary = PARTICIPLES[words[k].group(0).lower()]
        return text[:words[k].start()] + present + text[words[k].end():], (infinitive, participle, auxiliary, person)

    def reverse(self, output: str, state) -> str:
        if state is None:
            return output
        infinitive, participle, auxiliary, person = state
        if auxiliary == "werden":
            return next((done for verb, _ in ((infinitive, None), *ALSO.get(infinitive, ()))
                         if (done := perfect(output, verb, verb, auxiliary, person)) is not None), output)
        for infinitive, participle in ((infinitive, participle), *ALSO.get(infinitive, ())):
            done = perfect(output, infinitive, participle, auxiliary, person)
            if done is not None:
                return done
        if any(w.strip(MARKS) in forms_of(state[0]) for w in output.split()):
            return output                    # "Er vergisst hat seinen Schirm.": the verb is there, the model's junk
        return Participles().reverse(output, (state[1], auxiliary, False))   # "Ich habe ..." + "verloren"


def future(text: str) -> tuple[str, tuple | None]:
    """`text` with its one "will" and a base form of FUTURE right after the opening subject in the present of the
    subject's person; the state as TenseBridge.apply's with the auxiliary "werden", None with a time word (TIME)."""
    words = list(WORD.finditer(text, start(text)))
    found = [k for k, w in enumerate(words) if w.group(0).lower() == "will"]
    if len(found) != 1 or found[0] + 1 >= len(words) or words[found[0]].group(0) != "will":
        return text, None
    k = found[0]
    base = words[k + 1].group(0)
    if base not in FUTURE or text[words[k].end():words[k + 1].start()] != " " or "," in text[:words[k].start()]:
        return text, None                    # "will be", "will not", "will always": no base form of the table's
    person = subject(words, k)
    if person == -1:
        return text, None
    said = text[:words[k].start()] + (third_person(base) if person == 2 else base) + text[words[k + 1].end():]
    return said, None if TIME.search(text) else (FUTURE[base], FUTURE[base], "werden", person)


def perfect(output: str, infinitive: str, participle: str, auxiliary: str, person: int | None) -> str | None:
    """`output` with its one present form of `infinitive` in the main clause as the perfect; None where it has
    none, or where the perfect cannot be written (see the module's docstring)."""
    forms = forms_of(infinitive)
    written = set(forms) | {second(forms, "2sg"), second(forms, "2pl")}
    inner = CLAUSE_START.search(output)
    words = list(GERMAN_WORD.finditer(output, 0, len(output) if inner is None else inner.start()))
    bare = [w.group(0).strip(MARKS) for w in words]
    if any(b in AUXILIARY or auxiliary == "werden" and b in WERDEN or b not in written and is_participle(b)
           for b in bare):
        return None                      # the model wrote a perfect, or an auxiliary: text/steps/participles.py's
    main = [k for k, b in enumerate(bare[:4]) if b in written and k > 0]
    if len(main) != 1 or sum(b in written for b in bare) != 1 or \
            any(verb_like(b) for b in bare[1:main[0]] + bare[main[0] + 1:main[0] + 2]):
        return None                      # "Ich nehme verliere.", "Wir verlieren spielen das Spiel.": another verb
    word = words[main[0]]
    first = word.start() + len(word.group(0)) - len(word.group(0).lstrip(MARKS))
    verb = range(first, first + len(bare[main[0]]))
    persons = [k for k, f in enumerate((forms[0], second(forms, "2sg"), forms[1], forms[2], second(forms, "2pl")))
               if f == bare[main[0]]]
    if person not in persons and len(persons) == 1:
        person = persons[0]              # the person the model gave its verb: "Meine Schwestern kochen" -> "haben"
    if person is None:                   # "you": the German pronoun before or after the verb
        around = [bare[j].lower() for j in (main[0] - 1, main[0] + 1) if j < len(bare)]
        person = next((YOU[w] for w in around if w in YOU), None)
        if person is None:
            return None
    end = CLAUSE_END.search(output, verb.stop)
    between = output[verb.stop:end.start()]
    if between.split() and between.split()[-1].strip(MARKS) in PARTICLE or INNER_END.search(between) or \
            auxiliary == "werden" and "," in between:
        return None                      # "kommt ... an": a separable verb, another than the source's; two sentences;
                                         # a future's comma: "Sie schreibt ein Buch, um ..." (no clause of INNER)
    form = WERDEN[person] if auxiliary == "werden" else FORMS[auxiliary][person]
    return output[:verb.start] + form + between + " " + participle + output[end.start():]
