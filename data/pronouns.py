"""Pronoun pairs: everyday sentences whose subject is a pronoun, which image captions lack.

Multi30K describes pictures in the third person ("Ein Mann spielt ...", "Zwei Frauen ..."); "ich", "du", "wir" and
"ihr" hardly open a caption, so a model trained on it copies them or guesses (a 30-minute default trained at
1de61e7: "Ich bin müde." -> "Ich is tired.", "Wir essen heute Pizza." -> "Wir eating pizzas.", "You are my friend." ->
"Deine meine Freunde."). Users type exactly these. The pairs here give each pronoun its verb form in both languages,
from the project's own short lists:

    Ich bin durstig.           /  I am thirsty.
    Du brauchst einen Schal.   /  You need a scarf.
    Wir tanzen.                /  We are dancing.            (or "We dance.": German has one present)
    Tanzt ihr?                 /  Are you dancing?

German conjugates each person: regular verbs from their infinitive (conjugated), the few others by their own forms.
The things come from data/everyday.py's list, the activities from its DOINGS; the probes' lines (probes/data/) are
written apart from these lists. Drawn with a seeded generator, so the same settings give the same pairs.
"""
from __future__ import annotations

import random
from typing import Iterator, NamedTuple

from data.everyday import DOINGS, THINGS, drawn


class Pronoun(NamedTuple):
    de: str          # "Ich"
    en: str          # "I"
    person: int      # the index into a verb's forms: ich, du, er/sie, wir, ihr, sie (plural)


PRONOUNS = [Pronoun("Ich", "I", 0), Pronoun("Du", "You", 1), Pronoun("Er", "He", 2), Pronoun("Sie", "She", 2),
            Pronoun("Wir", "We", 3), Pronoun("Ihr", "You", 4), Pronoun("Sie", "They", 5)]
THIRD = 2                                                  # er, sie: English takes "is", "has", "-s"
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


def conjugated(infinitive: str, irregular: tuple[str, str] | None = None) -> tuple[str, ...]:
    """The present forms of a German verb (ich, du, er, wir, ihr, sie) from its infinitive: a stem ending in t or d
    takes an e before t and st (arbeitest), one ending in s, ß or z takes t for st (reist); `irregular`: the du and er
    forms of a verb that changes its vowel there (nimmst, nimmt)."""
    stem = infinitive[:-1] if infinitive.endswith(("ern", "eln")) else infinitive[:-2]
    linked = stem + "e" if stem.endswith(("t", "d")) else stem
    du, er = irregular or (linked + ("t" if stem.endswith(("s", "ß", "z")) else "st"), linked + "t")
    return stem + "e", du, er, infinitive, linked + "t", infinitive


class Clause(NamedTuple):
    """A sentence with a pronoun for its subject, as its statement and its yes-no question can be written."""
    pronoun: Pronoun
    de_verb: str          # "brauchst"
    de_rest: str          # "einen Schal"
    en_first: str         # the English verb that a question puts first ("are"), or "" where "do" goes first
    en_rest: str          # "thirsty", "need a scarf" (after "do", its base), "dancing"
    en_says: str = ""     # with en_first "": the statement's verb ("needs")

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


def clause(rng: random.Random) -> Clause:
    """How someone is, what they have, do (German has one present: "Wir tanzen" is "We dance" and "We are dancing")
    or do with a thing."""
    pronoun = rng.choice(PRONOUNS)
    k, third = pronoun.person, pronoun.person == THIRD
    frame = rng.randrange(4)
    if frame == 0:
        de, en = rng.choice(STATES)
        return Clause(pronoun, SEIN[k], de, BE[k], en)
    thing = rng.choice(THINGS)
    if frame == 1:
        return Clause(pronoun, HABEN[k], thing.de_acc, "", f"have {thing.en_acc}", "has" if third else "have")
    if frame == 2:
        _, infinitive, says, base, ing = rng.choice(DOINGS)
        irregular, rest = None, ""
    else:
        infinitive, irregular, base, says, ing = rng.choice(HANDLINGS)
        rest = thing.de_acc
    de = conjugated(infinitive, irregular)[k]
    obj = f" {thing.en_acc}" if rest else ""
    if ing and rng.random() < 0.5:
        return Clause(pronoun, de, rest, BE[k], ing + obj)
    return Clause(pronoun, de, rest, "", base + obj, (says if third else base).partition(" ")[0])


PRONOUN_SHARE = 1.0            # pronoun pairs for each everyday frame pair (data/augment.py)
QUESTION_SHARE = 0.25          # of the pronoun pairs: yes-no questions ("Bist du wach?" / "Are you awake?")


def pronoun_pair(rng: random.Random) -> tuple[str, str]:
    """A statement or (QUESTION_SHARE) its yes-no question."""
    said = clause(rng)
    return said.question() if rng.random() < QUESTION_SHARE else said.statement()


def pronoun_pairs(count: int, seed: int = 0, mirrored: bool = False) -> Iterator[tuple[str, str]]:
    """`count` pronoun pairs, German-English (English-German where `mirrored`), the same for the same seed."""
    return drawn(pronoun_pair, count, random.Random(seed + 13), mirrored)
