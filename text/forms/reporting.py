"""Reporting clauses, German <-> English: a speaker and a verb of saying before a colon and a quotation ("Er sagte:
„…“" <-> "He said: “…”"), translated by rule for the quotations step (text/steps/quotations.py), which gives the
model the quotation alone (a model given "He said: X" wrote "Er X: er", a weak one "Eine Person X"; "Er sagte: X"
came back "He says: X"). The speaker is a pronoun, a name of one or two capitalized words (as written), or a person
of statements.py's tables after a possessive ("Meine Mutter" <-> "My mother") or the article of its gender ("Der
Mann" <-> "The man"); the verb is one of VERBS, in the present or the past as typed, in the speaker's person and
number ("Sie sagen:" is "They say:", "Sie sagt:" "She says:"). Anything else ("Der Mann im Auto sagt:", "He said
quietly:") is the model's.
"""
from __future__ import annotations

import re

from text.forms.statement_frames import KIN_PHRASES
from text.forms.statements import KIN

# a verb of saying: its German present and past (ich, du, er/sie/es, wir/sie) and its English (he, I, past); into
# German an English verb's German is its row's, into English a German verb's English is the first row's
VERBS = [(("sage", "sagst", "sagt", "sagen"), ("sagte", "sagtest", "sagte", "sagten"), ("says", "say", "said")),
         (("frage", "fragst", "fragt", "fragen"), ("fragte", "fragtest", "fragte", "fragten"),
          ("asks", "ask", "asked")),
         (("rufe", "rufst", "ruft", "rufen"), ("rief", "riefst", "rief", "riefen"), ("shouts", "shout", "shouted")),
         (("rufe", "rufst", "ruft", "rufen"), ("rief", "riefst", "rief", "riefen"), ("calls", "call", "called")),
         (("schreie", "schreist", "schreit", "schreien"), ("schrie", "schriest", "schrie", "schrien"),
          ("yells", "yell", "yelled")),
         (("schreie", "schreist", "schreit", "schreien"), ("schrie", "schriest", "schrie", "schrien"),
          ("screams", "scream", "screamed")),
         (("schreibe", "schreibst", "schreibt", "schreiben"), ("schrieb", "schriebst", "schrieb", "schrieben"),
          ("writes", "write", "wrote")),
         (("antworte", "antwortest", "antwortet", "antworten"), ("antwortete", "antwortetest", "antwortete",
                                                                 "antworteten"), ("answers", "answer", "answered")),
         (("antworte", "antwortest", "antwortet", "antworten"), ("antwortete", "antwortetest", "antwortete",
                                                                 "antworteten"), ("replies", "reply", "replied")),
         (("flüstere", "flüsterst", "flüstert", "flüstern"), ("flüsterte", "flüstertest", "flüsterte", "flüsterten"),
          ("whispers", "whisper", "whispered")),
         (("erkläre", "erklärst", "erklärt", "erklären"), ("erklärte", "erklärtest", "erklärte", "erklärten"),
          ("explains", "explain", "explained"))]
# pronouns: (German, English, the German verb's person 0-3 as in VERBS, whether English takes its "he" form)
PRONOUNS = [("ich", "I", 0, False), ("du", "you", 1, False), ("er", "he", 2, True), ("sie", "she", 2, True),
            ("es", "it", 2, True), ("wir", "we", 3, False), ("sie", "they", 3, False)]
# people and things that speak: statements.py's KIN and these, with their German gender (these named last: "der
# Mann" is "the man", KIN's "husband" only after a possessive)
SPEAKERS = KIN + [("Mann", "man", "m"), ("Frau", "woman", "f"), ("Junge", "boy", "m"), ("Mädchen", "girl", "n"),
            ("Kind", "child", "n"), ("Lehrer", "teacher", "m"), ("Lehrerin", "teacher", "f"), ("Arzt", "doctor", "m"),
            ("Ärztin", "doctor", "f"), ("Schild", "sign", "n"), ("Polizist", "police officer", "m")]
ARTICLES = {"m": "der", "f": "die", "n": "das"}
# a speaker of the tables, lowercase, as typed in the source -> as written in the target, its last named
THE_SPEAKERS = {"de": {f"{ARTICLES[gender]} {de}".lower(): f"The {en}" for de, en, gender in SPEAKERS},
                "en": {f"the {en}": f"{ARTICLES[gender].capitalize()} {de}" for de, en, gender in SPEAKERS}}
NOT_NAMES = frozenset("der die das ein eine einer dieser diese dieses mein meine the a an this that my your his her "
                      "our their".split())
CLAUSE = re.compile(r"\s*(?P<speaker>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s+(?P<verb>[^\W\d_]+)\s*:\s*")


def reported(clause: str, source: str) -> str | None:
    """The clause (what stands before a quotation, its colon included) in the other language, its colon after it:
    "He said:" -> "Er sagte:"; None where it is no speaker and a verb of saying (see the module's text)."""
    m = CLAUSE.fullmatch(clause)
    if m is None or source not in ("de", "en"):
        return None
    speaker, verb = " ".join(m.group("speaker").split()), m.group("verb")
    for person, third, translated in speakers(speaker, source):
        for german, past, english in VERBS:
            if source == "de" and verb in (german[person], past[person]):
                forms = english[0] if third else english[1], english[2]
                return f"{translated} {forms[verb == past[person]]}:"
            if source == "en" and verb in (english[0 if third else 1], english[2]):
                return f"{translated} {(german, past)[verb == english[2]][person]}:"
    return None


def speakers(speaker: str, source: str) -> list[tuple[int, bool, str]]:
    """The ways the speaker may be read: (the German verb's person, whether English takes its "he" form, the speaker
    in the other language, capitalized), a pronoun's each of its persons ("sie": she, they)."""
    side = 0 if source == "de" else 1
    pronouns = [(person, third, (de, en)[1 - side]) for de, en, person, third in PRONOUNS
                if speaker.lower() == (de, en)[side].lower() and (speaker[:1].isupper() or speaker.islower())]
    if pronouns:
        return [(person, third, word if word == "I" else word.capitalize()) for person, third, word in pronouns]
    known = THE_SPEAKERS[source].get(speaker.lower()) or KIN_PHRASES[source].get(speaker.lower())
    if known:
        return [(2, True, known)]
    words = speaker.split()
    if all(w[:1].isupper() for w in words) and words[0].lower() not in NOT_NAMES and \
            not any(w.lower() in (de, en) for w in words for de, en, _, _ in PRONOUNS):
        return [(2, True, speaker)]             # a name: "Anna", "Herr Müller"
    return []
