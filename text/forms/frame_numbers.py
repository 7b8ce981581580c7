"""The number of a frame's noun phrase as the model translated it, and a statement's verb agreeing with it ("The shops
are closed." whose "The shops." came back "Das Geschäft.": "Das Geschäft ist ...", not "Das Geschäft sind ..."), for
text/forms/frames.py; and a whole sentence's verb of those statements after a plural subject the model wrote in the
singular (plural_subject, subject_agreed: "The tickets cost $12.50 each at the door." -> "Die Karten kostet 12,50 $ an
der Tür." -> "Die Karten kosten ..."), for text/steps/verb_person.py.
"""
from __future__ import annotations

import re

from text.forms.everyday_nouns import forms

GERMAN_GENDERS: dict[str, str] = {}     # "apotheke" -> "f"; a singular's before a plural of its spelling ("drucker")
for _german, _gender, _, _ in forms():
    GERMAN_GENDERS.setdefault(_german.lower(), _gender)
SINGULAR = frozenset("a an one".split())             # no plural after them
# a statement's verb in the singular and the plural, (singular, plural), and the words only a plural takes after it
# ("Die Karten kosten je 12,50 €."): the verb agrees with the model's noun phrase where its number is sure
VERB_NUMBERS = {"de": [("ist", "sind"), ("war", "waren"), ("kostet", "kosten"), ("beginnt", "beginnen"),
                       ("endet", "enden"), ("öffnet", "öffnen"), ("schließt", "schließen"), ("fährt", "fahren"),
                       ("kommt", "kommen"), ("fliegt", "fliegen")],
                "en": [("is", "are"), ("was", "were"), ("costs", "cost"), ("starts", "start"), ("begins", "begin"),
                       ("ends", "end"), ("opens", "open"), ("closes", "close"), ("leaves", "leave"),
                       ("departs", "depart"), ("arrives", "arrive")]}
EACH = {"de": " je", "en": " each"}
# a German noun phrase's first word that says it is one thing ("die", "meine", "keine" may open a plural too)
GERMAN_SINGULAR = frozenset("der das dem des ein eine einen einem eines mein dein sein ihr unser euer kein dieser "
                            "dieses jeder jede jedes".split())
GERMAN_PLURAL = frozenset("zwei drei vier fünf viele einige mehrere beide alle".split())
# a German noun after "die" whose last letters no plural ends in ("Die Fahrt", "die Zeitung"; "die Karten" may be one)
SINGULAR_END = re.compile(r"(?:[tgdkmpfzßx]|ch)$")
# English nouns of a plural without "-s", and of either number ("The fish are"): the verb as typed
ENGLISH_PLURALS = frozenset("people children men women police".split())
EITHER_NUMBER = frozenset("sheep fish deer staff crew team family series species news".split())
ENGLISH_SINGULAR = SINGULAR | frozenset("this that every each".split())


def number_of(body: str, target: str, genders: dict[str, str]) -> str:
    """A noun phrase's number where its words make it sure: "s" (singular), "p" (plural), else "". German: by its
    first word ("Das Geschäft", "Zwei Karten"), after "die" by its noun's gender ("p") or last letters ("Die Fahrt");
    English: by its first word ("A ticket") or its last ("The tickets", "The people"; "The fish", "The bus": none)."""
    words = body.split()
    if not words:
        return ""
    first, last = words[0].lower(), words[-1].lower()
    if target == "de":
        if first in GERMAN_SINGULAR:
            return "s"
        if first in GERMAN_PLURAL or GERMAN_GENDERS.get(last) == "p":
            return "p"
        plain = len(words) > 1 and words[-1][:1].isupper() and not words[-1].isupper()
        return "s" if first == "die" and plain and SINGULAR_END.search(last) else ""
    if first in ENGLISH_SINGULAR and len(words) > 1:
        return "s"
    if last in ENGLISH_PLURALS or plural_english(body) and not last.endswith(("us", "is")):
        return "p"
    return "s" if last.isalpha() and not last.endswith("s") and last not in EITHER_NUMBER else ""


def agreed(closing: str, number: str, target: str) -> str:
    """A statement's closing with its first verb of VERB_NUMBERS in the number given ("" keeps it as typed), and no
    "je" / "each" after a singular (" kosten je 12,50 €" -> " kostet 12,50 €")."""
    if not number:
        return closing
    forms = {w: pair for pair in VERB_NUMBERS[target] for w in pair}
    words = closing.split(" ")
    k = next((k for k, w in enumerate(words) if w in forms), None)
    if k is None:
        return closing
    words[k] = forms[words[k]][number == "p"]
    closing = " ".join(words)
    if number == "s":
        closing = re.sub(rf"{EACH[target]}(?=\s|$)", "", closing)
    return closing


def plural_english(body: str) -> bool:
    """Whether an English noun phrase is a plural: no "a", "an", "one" before it and its last word ends in "s"."""
    words = body.lower().split()
    return bool(words) and words[0] not in SINGULAR and words[-1].endswith("s") and not words[-1].endswith("ss")


# a whole sentence's subject: a determiner, up to three words, a verb of VERB_NUMBERS ("Die Karten kostet")
SUBJECTS = {"en": re.compile(r"((?:The|These|Those|My|Your|His|Her|Our|Their|All|Both)(?: [a-z]+){1,3}) "
                             rf"({'|'.join(plural for _, plural in VERB_NUMBERS['en'])})\b"),
            "de": re.compile(r"((?:Die|Diese|Meine|Deine|Seine|Ihre|Unsere|Eure|Keine|Alle|Beide)"
                             r"(?: [a-zäöüß]+)*(?: [A-ZÄÖÜ][a-zäöüß]+)) "
                             rf"({'|'.join(singular for singular, _ in VERB_NUMBERS['de'])})\b")}

# a German noun's ending that only a plural has after "die" ("Karten", "Eltern", "Tickets"; not "Maus", "Katze")
PLURAL_END = re.compile(r"(?:en|[lr]n|[^aeiouäöüsn]s|[aoiy]s)$")


def plural_subject(text: str) -> bool:
    """Whether an English sentence opens with a plural subject and its verb of VERB_NUMBERS in the plural ("The
    tickets cost", "My parents are"; not "The fish are", "The bus costs")."""
    m = SUBJECTS["en"].match(text)
    return m is not None and number_of(m.group(1), "en", {}) == "p"


def subject_agreed(output: str) -> str:
    """A German sentence whose English source opens with a plural subject (plural_subject) with the verb after the
    noun phrase it opens with in the plural, where that phrase is one by its noun's gender ("p") or ending ("Die
    Karten kostet" -> "Die Karten kosten"; "Die Fahrt kostet", "Die Frau ist": the model's noun, a singular or of
    either number, "Die Katze", keeps its verb)."""
    m = SUBJECTS["de"].match(output)
    noun = "" if m is None else m.group(1).split()[-1]
    if m is None or number_of(m.group(1), "de", GERMAN_GENDERS) != "p" and not PLURAL_END.search(noun):
        return output
    plural = dict(VERB_NUMBERS["de"])[m.group(2)]
    return output[:m.start(2)] + plural + output[m.end(2):]
