"""Reporting clauses, German <-> English: a speaker and a verb of saying before a colon and a quotation ("Er sagte: „…“"
<-> "He said: “…”"), translated by rule for the quotations step (text/steps/quotations.py), which gives the model the
quotation alone (a model given "He said: X" wrote "Er X: er", a weak one "Eine Person X"; "Er sagte: X" came back "He
says: X"). The speaker is a pronoun, a name of one or two capitalized words (as written), or a person of
statements.py's tables after a possessive ("Meine Mutter" <-> "My mother") or the article of its gender ("Der Mann"
<-> "The man"; into German a person of both genders is the masculine's, "The teacher" -> "Der Lehrer"), an indefinite
pronoun ("Someone" <-> "Jemand", "Everyone" <-> "Alle"), people together ("Die Kinder" <-> "The children", GROUPS) or
a word a family calls its own by ("Mom" <-> "Mama"); a name is one of one or two capitalized words the corpus copies
or lacks in every form, as the names finder reads them, and not a word that opens a sentence ("Why Anna said:" is the
model's), or a title's with the title in the other language (titles.py: "Herr Müller" <-> "Mr. Müller"); the verb is
one of VERBS, in the present or the past as typed, in the speaker's person and number ("Sie sagen:" is "They say:",
"Sie sagt:" "She says:"); "today" or "yesterday" may open the clause, German's verb then before its speaker
("Yesterday Anna said:" <-> "Gestern sagte Anna:"). A clause in capitals is read as a capitalized speaker and a
lowercase verb and comes back in capitals ("HE SAID:" -> "ER SAGTE:"). Anything else ("Der Mann im Auto sagt:", "He
said quietly:") is the model's.
"""
from __future__ import annotations

import re

from text.forms.known_forms import KnownForms, name_part
from text.forms.lexicon import Lexicon
from text.forms.openers import AUXILIARIES, ENGLISH_OPENERS, IMPERATIVES, QUESTION_WORDS
from text.forms.statement_frames import KIN_PHRASES
from text.forms.statements import KIN, TIMES
from text.forms.titles import KIN_IN_GERMAN, KIN_TITLE, KIN_WORDS, TITLE, fill

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
# a speaker of the tables, lowercase, as typed in the source -> as written in the target, its last named; into German
# the masculine of a person of both genders ("the teacher" -> "der Lehrer", not "die Lehrerin")
THE_SPEAKERS = {"de": {f"{ARTICLES[gender]} {de}".lower(): f"The {en}" for de, en, gender in SPEAKERS},
                "en": {f"the {en}": f"{ARTICLES[gender].capitalize()} {de}"
                       for de, en, gender in sorted(SPEAKERS, key=lambda speaker: speaker[2] == "m")}}
# people who speak together, (German, English): "Die Kinder riefen:" <-> "The children shouted:"
GROUPS = [("Kinder", "children"), ("Leute", "people"), ("Eltern", "parents"), ("Männer", "men"), ("Frauen", "women"),
          ("Jungen", "boys"), ("Mädchen", "girls"), ("Schüler", "students"), ("Gäste", "guests"), ("Fans", "fans")]
THE_GROUPS = {"de": {f"die {de}".lower(): f"The {en}" for de, en in GROUPS},
              "en": {f"the {en}": f"Die {de}" for de, en in GROUPS}}
# indefinite pronouns: (German, English, the German verb's person as in VERBS); English takes the "he" form
INDEFINITE = [("jemand", "someone", 2), ("jemand", "somebody", 2), ("niemand", "nobody", 2), ("niemand", "no one", 2),
              ("alle", "everyone", 3), ("alle", "everybody", 3)]
# the words a family calls its own by (titles.py's), lowercase -> the other language's, capitalized
FAMILY = {"en": {en: de for en, de in KIN_IN_GERMAN.items()},
          "de": {"mutti": "Mom", "mami": "Mom", "vati": "Dad", "papi": "Dad", "omi": "Grandma", "opi": "Grandpa"}}
for _en, _de in KIN_IN_GERMAN.items():
    FAMILY["de"].setdefault(_de.lower(), _en.capitalize())
NOT_FIRST = ENGLISH_OPENERS | AUXILIARIES | IMPERATIVES | QUESTION_WORDS    # words that open a sentence, no name
NOT_NAMES = frozenset("der die das ein eine einer dieser diese dieses mein meine the a an this that my your his her "
                      "our their".split())
# a speaker of up to three words, a title's among them with its full stop ("Mr. Smith", "Frau Dr. Weber"), and a verb
WORD = r"[^\W\d_][\w'’-]*"
SPEAKER = rf"(?P<speaker>{WORD}(?:(?:\.\s*|\s+){WORD}){{0,2}})"
CLAUSE = re.compile(rf"\s*{SPEAKER}\s+(?P<verb>[^\W\d_]+)\s*:\s*")
# ... after "today" or "yesterday", where German puts its verb before the speaker ("Gestern sagte Anna:")
TIMED = {"en": re.compile(r"\s*(?P<time>today|yesterday),?\s+(?P<rest>.*)", re.IGNORECASE | re.DOTALL),
         "de": re.compile(rf"\s*(?P<time>heute|gestern)\s+(?P<verb>[^\W\d_]+)\s+{SPEAKER}\s*:\s*", re.IGNORECASE)}
TIME_OF = {"de": {de: en.capitalize() for de, en in TIMES}, "en": {en: de.capitalize() for de, en in TIMES}}
# each lexicon's KnownForms, built once (it scans the whole lexicon), by the lexicon's id; a few at most
FORMS: dict[int, KnownForms] = {}
MOST_FORMS = 8


def reported(clause: str, source: str, lexicon: Lexicon | None = None) -> str | None:
    """The clause (what stands before a quotation, its colon included) in the other language, its colon after it:
    "He said:" -> "Er sagte:"; None where it is no speaker and a verb of saying (see the module's text). `lexicon`:
    the source corpus' words, which tell a name (without it no speaker is a name but a title's)."""
    if source not in ("de", "en"):
        return None
    time = TIMED[source].fullmatch(clause)
    m = CLAUSE.fullmatch(time.group("rest")) if time and source == "en" else time or CLAUSE.fullmatch(clause)
    if m is None:
        return None
    speaker, verb = " ".join(m.group("speaker").split()), m.group("verb")
    capitals = sum(c.isalpha() for c in speaker + verb) > 2 and (speaker + verb).isupper()
    if capitals:                    # "HE SAID:": read as "He said:", given back in capitals
        speaker, verb = " ".join(w.capitalize() for w in speaker.split()), verb.lower()
    if time and source == "de" and speaker.islower() and speaker != "ich":
        speaker = speaker.capitalize()          # "Gestern sagte er:": "Er"
    for person, third, translated, small in speakers(speaker, source, lexicon):
        for german, past, english in VERBS:
            if source == "de" and verb in (german[person], past[person]):
                said = (english[0] if third else english[1], english[2])[verb == past[person]]
            elif source == "en" and verb in (english[0 if third else 1], english[2]):
                said = (german, past)[verb == english[2]][person]
            else:
                continue
            if time is None:
                said = f"{translated} {said}:"
            else:           # "Gestern sagte er:", "Gestern sagte meine Mutter:" <-> "Yesterday he said:"
                if small and translated != "I":
                    translated = translated[0].lower() + translated[1:]
                when = TIME_OF[source][time.group("time").lower()]
                said = f"{when} {said} {translated}:" if source == "en" else f"{when} {translated} {said}:"
            return said.upper() if capitals else said
    return None


def speakers(speaker: str, source: str, lexicon: Lexicon | None = None) -> list[tuple[int, bool, str, bool]]:
    """The ways the speaker may be read: (the German verb's person, whether English takes its "he" form, the speaker
    in the other language, capitalized, whether it opens with a small word, lowercase inside a sentence: "Er", "Die
    Mutter", "Jemand"), a pronoun's each of its persons ("sie": she, they)."""
    side = 0 if source == "de" else 1
    as_typed = speaker[:1].isupper() or speaker.islower()
    pronouns = [(person, third, (de, en)[1 - side]) for de, en, person, third in PRONOUNS
                if speaker.lower() == (de, en)[side].lower() and as_typed]
    if pronouns:
        return [(person, third, word if word == "I" else word.capitalize(), True) for person, third, word in pronouns]
    indefinite = [(person, (de, en)[1 - side].capitalize()) for de, en, person in INDEFINITE
                  if speaker.lower() == (de, en)[side] and as_typed]
    if indefinite:
        return [(indefinite[0][0], True, indefinite[0][1], True)]
    known = THE_SPEAKERS[source].get(speaker.lower()) or KIN_PHRASES[source].get(speaker.lower())
    if known:
        return [(2, True, known, True)]
    if speaker.lower() in THE_GROUPS[source]:
        return [(3, False, THE_GROUPS[source][speaker.lower()], True)]
    known = FAMILY[source].get(speaker.lower()) if as_typed else None
    known = known or titled_speaker(speaker, source, lexicon)
    if known:
        return [(2, True, known, False)]
    words = speaker.split()
    if len(words) <= 2 and "." not in speaker and a_name(words, lexicon) and \
            words[0].lower() not in NOT_NAMES | NOT_FIRST and \
            not any(w.lower() in (de, en) for w in words for de, en, _, _ in PRONOUNS):
        return [(2, True, speaker, False)]      # a name: "Anna", "Anna Schmidt"
    return []


def titled_speaker(speaker: str, source: str, lexicon: Lexicon | None) -> str | None:
    """A titled name in the other language, as titles.py writes it ("Herr Müller" -> "Mr. Müller", "Dr. Weber",
    "Onkel Bob" -> "Uncle Bob"; a German kin word's name must be a name); None where the speaker is none."""
    m = TITLE[source].fullmatch(speaker)
    if m and m.group("title") != "Familie" and not m.groupdict().get("article"):
        name = f"{m.group('name')} {m.group('second')}" if m.group("second") else m.group("name")
        return fill(speaker, m, name, source)
    m = KIN_TITLE[source].fullmatch(speaker)
    if m and not m.group("second") and (source == "en" or a_name([m.group("name")], lexicon)):
        return f"{KIN_WORDS[source][m.group('title')]} {m.group('name')}"
    return None


def a_name(words: list[str], lexicon: Lexicon | None) -> bool:
    """Whether capitalized words are a name as the names finder reads one (text/finders/names.py): each one a
    name_part() (known_forms.py), one the corpus copies ("Peter") or lacks, the first one in every form ("Hunde" is
    no name); no words are a name without a lexicon."""
    if lexicon is None:
        return False
    forms = known_forms(lexicon)
    return all(name_part(w, lexicon) and (lexicon.copied(w) or k > 0 or not forms.known(w))
               for k, w in enumerate(words))


def known_forms(lexicon: Lexicon) -> KnownForms:
    """The lexicon's KnownForms, built on its first speaker and kept (FORMS)."""
    forms = FORMS.get(id(lexicon))
    if forms is None or forms.lexicon is not lexicon:
        if len(FORMS) >= MOST_FORMS:
            FORMS.clear()
        forms = FORMS[id(lexicon)] = KnownForms(lexicon)
    return forms
