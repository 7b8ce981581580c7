"""Pronoun pairs: everyday sentences whose subject is a pronoun, which image captions lack.

Multi30K describes pictures in the third person ("Ein Mann spielt ...", "Zwei Frauen ..."); "ich", "du", "wir" and
"ihr" hardly open a caption, so a model trained on it copies them or guesses (a 30-minute default trained at
1de61e7: "Ich bin müde." -> "Ich is tired.", "Wir essen heute Pizza." -> "Wir eating pizzas.", "You are my friend." ->
"Deine meine Freunde."). Users type exactly these. The pairs here give each pronoun its verb form in both languages,
from the project's own short lists:

    Ich bin durstig.              /  I am thirsty.
    Du brauchst einen Schal.      /  You need a scarf.
    Wir tanzen.                   /  We are dancing.         (or "We dance.": German has one present)
    Tanzt ihr?                    /  Are you dancing?
    Ich habe keinen Hut.          /  I don't have a hat.
    Kannst du schwimmen?          /  Can you swim?
    Er will einen Kuchen kaufen.  /  He wants to buy a cake. ("will" is no future)
    Wir wohnen in <P>.            /  We live in <P>.         <P>: a place, as the names step leaves it
    Kannst du mir helfen?         /  Can you help me?        an object pronoun: "mich" / "mir" by the verb's case
    Ich sehe dich nicht.          /  I don't see you.

German conjugates each person: regular verbs from their infinitive (conjugated), the few others by their own forms.
The things come from data/everyday.py's list, the activities from its DOINGS; the probes' lines (probes/data/) are
written apart from these lists. Drawn with a seeded generator, so the same settings give the same pairs.
"""
from __future__ import annotations

import random
from typing import Iterator, NamedTuple

from data.everyday import DOINGS, SLOTS, THINGS, drawn
from text.forms.masking import PLACEHOLDERS


class Pronoun(NamedTuple):
    de: str          # "Ich"
    en: str          # "I"
    person: int      # the index into a verb's forms: ich, du, er/sie, wir, ihr, sie (plural)


PRONOUNS = [Pronoun("Ich", "I", 0), Pronoun("Du", "You", 1), Pronoun("Er", "He", 2), Pronoun("Sie", "She", 2),
            Pronoun("Wir", "We", 3), Pronoun("Ihr", "You", 4), Pronoun("Sie", "They", 5)]
THIRD = 2                                                  # er, sie: English takes "is", "has", "-s"
GROUP = {3: 0, 4: 1}          # wir is the first person as ich is, ihr the second as du is
# each verb's forms for ich, du, er, wir, ihr, sie
SEIN = ("bin", "bist", "ist", "sind", "seid", "sind")
HABEN = ("habe", "hast", "hat", "haben", "habt", "haben")
BE = ("am", "are", "is", "are", "are", "are")
# (German adjective, English): how someone is
STATES = [("durstig", "thirsty"), ("krank", "sick"), ("nervös", "nervous"), ("traurig", "sad"), ("wach", "awake"),
          ("neugierig", "curious"), ("verliebt", "in love"), ("mutig", "brave"), ("pünktlich", "on time")]
# verbs with a thing: (German infinitive, its du and er forms where the vowel changes, English base, -s, -ing)
HANDLINGS = [("kaufen", None, "buy", "buys", "buying"), ("brauchen", None, "need", "needs", None),
             ("suchen", None, "look for", "looks for", "looking for"),
             ("verkaufen", None, "sell", "sells", "selling"),
             ("nehmen", ("nimmst", "nimmt"), "take", "takes", "taking")]
NO_MODAL = {"brauchen"}         # "Ich muss einen Schal brauchen": no one says it
# object pronouns by person, as PRONOUNS lists them: German accusative and dative, English
ACCUSATIVE = ("mich", "dich", "ihn", "sie", "uns", "euch", "sie")
DATIVE = ("mir", "dir", "ihm", "ihr", "uns", "euch", "ihnen")
OBJECTS = ("me", "you", "him", "her", "us", "you", "them")
# verbs with a person: (German infinitive, its du and er forms where the vowel changes, takes the dative, English
# base, -s, -ing or None where the English progressive is not said)
MEETINGS = [("sehen", ("siehst", "sieht"), False, "see", "sees", None),
            ("besuchen", None, False, "visit", "visits", "visiting"),
            ("lieben", None, False, "love", "loves", None), ("kennen", None, False, "know", "knows", None),
            ("fragen", None, False, "ask", "asks", "asking"), ("hören", None, False, "hear", "hears", None),
            ("verstehen", None, False, "understand", "understands", None),
            ("suchen", None, False, "look for", "looks for", "looking for"),
            ("helfen", ("hilfst", "hilft"), True, "help", "helps", "helping"),
            ("danken", None, True, "thank", "thanks", None)]


def conjugated(infinitive: str, irregular: tuple[str, str] | None = None) -> tuple[str, ...]:
    """The present forms of a German verb (ich, du, er, wir, ihr, sie) from its infinitive: a stem ending in t or d
    takes an e before t and st (arbeitest), one ending in s, ß or z takes t for st (reist); `irregular`: the du and er
    forms of a verb that changes its vowel there (nimmst, nimmt)."""
    stem = infinitive[:-1] if infinitive.endswith(("ern", "eln")) else infinitive[:-2]
    linked = stem + "e" if stem.endswith(("t", "d")) else stem
    du, er = irregular or (linked + ("t" if stem.endswith(("s", "ß", "z")) else "st"), linked + "t")
    return stem + "e", du, er, infinitive, linked + "t", infinitive


class Clause(NamedTuple):
    """A sentence with a pronoun for its subject, as its statement, its yes-no question and its negation are written."""
    pronoun: Pronoun
    de_verb: str          # "brauchst"
    de_rest: str          # "einen Schal", "einen Schal kaufen" (after a modal verb)
    en_first: str         # the English verb that a question puts first ("are", "can"), or "" where "do" goes first
    en_rest: str          # "thirsty", "need a scarf" (after "do", its base), "dancing"
    en_says: str = ""     # with en_first "": the statement's verb ("needs")
    thing: bool = False   # de_rest opens with a thing, which German negates with "kein" ("keinen Schal")
    negates: bool = True  # "would like to": no negation here
    held: bool = False    # de_rest opens with an object pronoun, which "nicht" follows ("Ich sehe dich nicht.")

    def statement(self) -> tuple[str, str]:
        de = " ".join(w for w in (self.pronoun.de, self.de_verb, self.de_rest) if w)
        en = [self.pronoun.en, self.en_first, self.en_rest] if self.en_first else \
            [self.pronoun.en, self.en_says, self.en_rest.partition(" ")[2]]
        return de + ".", " ".join(w for w in en if w) + "."

    def question(self) -> tuple[str, str]:
        """German puts the verb first ("Brauchst du einen Schal?"), English "be" or "do" ("Do you need a scarf?")."""
        who = self.pronoun.en if self.pronoun.en == "I" else self.pronoun.en.lower()
        de = " ".join(w for w in (self.de_verb.capitalize(), self.pronoun.de.lower(), self.de_rest) if w)
        first = self.en_first or ("does" if self.pronoun.person == THIRD else "do")
        return de + "?", f"{first.capitalize()} {who} {self.en_rest}?"

    def negated(self) -> tuple[str, str]:
        """German "kein" for a thing ("Ich habe keinen Hut."), else "nicht" before the rest ("Ich kann nicht tanzen.",
        "Wir tanzen nicht."); English "not" after "be" or "cannot", else "don't" ("I don't have a hat.")."""
        held, _, after = self.de_rest.partition(" ") if self.held else ("", "", self.de_rest)
        rest = (("k" + self.de_rest) if self.de_rest.startswith("ein") else "keine " + self.de_rest) if self.thing \
            else " ".join(w for w in (held, "nicht", after) if w)
        first = {"can": "cannot"}.get(self.en_first, f"{self.en_first} not") if self.en_first else \
            "doesn't" if self.pronoun.person == THIRD else "don't"
        return f"{self.pronoun.de} {self.de_verb} {rest}.", f"{self.pronoun.en} {first} {self.en_rest}."


# modal verbs before an infinitive: (their forms, the English verb a question puts first or "", what comes before
# the English verb, the English statement's verb for er and sie where "do" goes first)
MODALS = [(("kann", "kannst", "kann", "können", "könnt", "können"), "can", "", ""),
          (("möchte", "möchtest", "möchte", "möchten", "möchtet", "möchten"), "would", "like to ", ""),
          (("muss", "musst", "muss", "müssen", "müsst", "müssen"), "", "have to ", "has"),
          (("will", "willst", "will", "wollen", "wollt", "wollen"), "", "want to ", "wants")]
# where someone comes from or lives, a placeholder for the place: (German verb, its preposition, English base, -s,
# English preposition)
ORIGINS = [("kommen", "aus", "come", "comes", "from"), ("wohnen", "in", "live", "lives", "in")]


def with_modal(rng: random.Random, pronoun: Pronoun, de_rest: str, en_rest: str, **kind) -> Clause:
    """A modal verb's clause: German `de_rest` ends with the infinitive ("dir helfen"), English `en_rest` is the base
    and what follows it ("help you"); `kind`: Clause's flags."""
    forms, first, lead, modal_says = rng.choice(MODALS)
    says = "" if first else modal_says if pronoun.person == THIRD else lead.split(" ")[0]
    return Clause(pronoun, forms[pronoun.person], de_rest, first, lead + en_rest, says, negates=first != "would",
                  **kind)


def in_present(rng: random.Random, pronoun: Pronoun, verb: tuple, de_rest: str, en_object: str, progressive: float,
               **kind) -> Clause:
    """A clause in the present: `verb` is (German infinitive, its irregular du and er forms or None, English base,
    -s, -ing or None); the English progressive ("is dancing") with chance `progressive` where it is said; German
    `de_rest` and English `en_object` ("einen Hut", " a hat") follow the verb; `kind`: Clause's flags."""
    infinitive, irregular, base, says, ing = verb
    k = pronoun.person
    de = conjugated(infinitive, irregular)[k]
    if ing and rng.random() < progressive:
        return Clause(pronoun, de, de_rest, BE[k], ing + en_object, **kind)
    return Clause(pronoun, de, de_rest, "", base + en_object, (says if k == THIRD else base).partition(" ")[0],
                  **kind)


def met(rng: random.Random, pronoun: Pronoun) -> Clause:
    """What someone does to another person, named by a pronoun: "Ich sehe dich." / "I see you.", or can or wants to
    do: "Kannst du mir helfen?" / "Can you help me?". Never the subject's own first or second person ("Ich sehe
    mich", "Du siehst euch": "You see you")."""
    k = pronoun.person
    other = rng.choice([i for i, p in enumerate(PRONOUNS) if GROUP.get(p.person, p.person) != GROUP.get(k, k)])
    infinitive, irregular, dative, base, says, ing = rng.choice(MEETINGS)
    obj, en_obj = (DATIVE if dative else ACCUSATIVE)[other], OBJECTS[other]
    if rng.random() < 0.4:
        return with_modal(rng, pronoun, f"{obj} {infinitive}", f"{base} {en_obj}", held=True)
    return in_present(rng, pronoun, (infinitive, irregular, base, says, ing), obj, f" {en_obj}", 0.3, held=True)


def clause(rng: random.Random) -> Clause:
    """How someone is, what they have, do (German has one present: "Wir tanzen" is "We dance" and "We are dancing"),
    do with a thing or to someone, can or want to do, or where they are from."""
    pronoun = rng.choice(PRONOUNS)
    k, third = pronoun.person, pronoun.person == THIRD
    frame = rng.randrange(7)
    if frame == 6:
        return met(rng, pronoun)
    if frame == 0:
        de, en = rng.choice(STATES)
        return Clause(pronoun, SEIN[k], de, BE[k], en)
    if frame == 5:
        verb, by, base, says, en_by = rng.choice(ORIGINS)
        p = rng.choice(PLACEHOLDERS[:SLOTS])
        return Clause(pronoun, conjugated(verb)[k], f"{by} {p}", "", f"{base} {en_by} {p}", says if third else base)
    thing = rng.choice(THINGS)
    if frame == 1:
        return Clause(pronoun, HABEN[k], thing.de_acc, "", f"have {thing.en_acc}", "has" if third else "have",
                      thing=True)
    handled = frame == 3 or (frame == 4 and rng.random() < 0.5)
    if handled:
        choices = [h for h in HANDLINGS if frame != 4 or h[0] not in NO_MODAL]
        verb = rng.choice(choices)
    else:
        _, infinitive, says, base, ing = rng.choice(DOINGS)
        verb = (infinitive, None, base, says, ing)
    rest, obj = (thing.de_acc, f" {thing.en_acc}") if handled else ("", "")
    if frame == 4:
        return with_modal(rng, pronoun, f"{rest} {verb[0]}".strip(), verb[2] + obj, thing=handled)
    return in_present(rng, pronoun, verb, rest, obj, 0.5, thing=handled)


PRONOUN_SHARE = 1.0            # pronoun pairs for each everyday frame pair (data/augment.py)
ASKED = 0.25                   # of the pronoun pairs: yes-no questions ("Bist du wach?" / "Are you awake?")
NEGATED = 0.2                  # and negations ("Ich habe keinen Hut." / "I don't have a hat.")


def pronoun_pair(rng: random.Random) -> tuple[str, str]:
    """A statement, or its yes-no question (ASKED) or its negation (NEGATED)."""
    said, kind = clause(rng), rng.random()
    if kind < ASKED:
        return said.question()
    return said.negated() if kind < ASKED + NEGATED and said.negates else said.statement()


def pronoun_pairs(count: int, seed: int = 0, mirrored: bool = False) -> Iterator[tuple[str, str]]:
    """`count` pronoun pairs, German-English (English-German where `mirrored`), the same for the same seed."""
    return drawn(pronoun_pair, count, random.Random(seed + 13), mirrored)
