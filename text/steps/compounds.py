"""Into German: two nouns the model writes apart where English writes a compound of two words are one word, as German
writes it. A caption model translates each English noun alone (the 30-minute model of both directions: `My phone
battery is empty.` -> `Mein Telefon Batterie ist leer.`, `He carries two milk crates.` -> `Er trägt zwei Milch
Kisten.`).

    step = Compounds(lexicon)                                      # lexicon.nouns["phone"] -> "Telefon"
    text, pairs = step.apply("My phone battery is empty.")         # pairs: (("phone", "battery"),)
    step.reverse("Mein Telefon Batterie ist leer.", pairs)         # -> "Meine Telefonbatterie ist leer."

Two adjacent capitalized German words are joined only where the English source has two adjacent lowercase words (its
first word, or an everyday noun the corpus lacks, may be capitalized) that each translates: the corpus' noun
dictionary (text/forms/dictionary.py) or the everyday nouns' table (text/forms/everyday_nouns.py) gives that German
word, a form of it with a plural's or a linking ending (`Kisten` for `crates`), or, for the first part, the start of
a compound it gives (`Tennis` of `Tennisball`); the second may also be any noun whose gender the corpus tells
(`Zimmer` for `room`, which the dictionary translates `Raum`). The first part is kept as written, with a linking `s`
or `n` only where LINKS, an `-e` or a short table says so (`Zeitung` -> `Zeitungsartikel`, `Küche` -> `Küchentisch`,
`Hund` -> `Hundefutter`), the second is lowercased. A determiner right before the compound, or before one or two
adjectives before it, takes the last part's gender where the case it leaves is sure (text/forms/articles.py: `Mein
Telefon Batterie` -> `Meine Telefonbatterie`); an English plural's second part is a plural. Not joined: titles and
the word after them (`Herr Müller`, `Familie Schmidt`, `namens Rex`), names (capitalized in English), an English
pair after a verb of two objects and its determiner (`I give the man water.` -> `Ich gebe dem Mann Wasser.`), German
words whose English is not adjacent. Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.forms.articles import agreed
from text.forms.everyday_nouns import GENDERS, table
from text.forms.lexicon import Lexicon
from text.step import Step
from text.steps.first_capital import start
from text.steps.possessives import ARTICLE, EVERYDAY, PLURAL, agreeing

ENGLISH_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
GERMAN_PAIR = re.compile(r"(?<![\w.'-])(?=([A-ZÄÖÜ][a-zäöüß]{2,}) ([A-ZÄÖÜ][a-zäöüß]{2,})(?![\w'-]))")
# a determiner and one or two adjectives right before a compound (the sentence's text up to its first part)
BEFORE = re.compile(rf"(?:(?<!\w)(\w+) )?(?<!\w)({ARTICLE})((?: [a-zäöüß]+e[mnrs]?){{0,2}}) $")
# words after which a capitalized word is a name, and the titles themselves
TITLES = frozenset("herr herrn frau familie dr prof namens onkel tante".split())
# English verbs that take two objects: "gives the man water" holds no compound; and verbs that take two only before a
# person or an animal ("buys the kids ice cream", but "buys a coffee machine")
GIVING = frozenset("""give gives gave giving given show shows showed showing hand hands handed handing bring brings
brought bringing offer offers offered offering send sends sent sending feed feeds fed feeding pass passes passed
passing throw throws threw throwing tell tells told telling teach teaches taught teaching serve serves served serving
lend lends lent pay pays paid paying ask asks asked asking wish wishes wished wishing promise promises promised
promising owe owes owed""".split())
FOR_SOMEONE = frozenset("""buy buys bought buying make makes made making get gets got getting sell sells sold selling
write writes wrote writing cook cooks cooked cooking bake bakes baked baking find finds found finding save saves saved
saving pour pours poured pouring leave leaves left leaving cost costs""".split())
BEINGS = frozenset("""man men woman women boy boys girl girls child children kid kids baby babies dog dogs cat cats
mother father mom dad parents brother sister friend friends son daughter wife husband family guests customer
customers people waiter teacher neighbor horse birds""".split())
OBJECTS = frozenset("the a an my your his her our their its this that these those him them me us".split())
# a first part's linking ending by its ending ("Zeitungsartikel"), and first parts that take another one
LINKS = {"ung": "s", "heit": "s", "keit": "s", "schaft": "s", "tion": "s", "sion": "s", "tät": "s"}
FIRST_PARTS = {"hund": "Hunde", "pferd": "Pferde", "schwein": "Schweine", "tag": "Tages", "geburtstag": "Geburtstags",
               "arbeit": "Arbeits", "schule": "Schul", "kirche": "Kirch", "erde": "Erd", "farbe": "Farb",
               "wolle": "Woll", "ende": "End", "mode": "Mode", "bahnhof": "Bahnhofs",
               "käse": "Käse", "junge": "Jungen", "name": "Namens"}
ENDINGS = ("e", "n", "en", "s", "es", "er", "nen")     # a plural's or a linking ending after the dictionary's word


def linked(first: str) -> str:
    """The first part of a compound as German joins it: a table's form, a linking "s" after "-ung", "-heit", ...,
    an "n" after "-e" ("Küche" -> "Küchen"; not "Kaffee", nor a "Ge-...e" as "Gemüse"); else as written. (The
    corpus' genders cannot tell a masculine "-e" here: "der Küche" is a dative.)"""
    low = first.lower()
    if low in FIRST_PARTS:
        return first[0] + FIRST_PARTS[low][1:]
    ending = next((e for e in LINKS if low.endswith(e)), None)
    if ending is not None:
        return first + LINKS[ending]
    return first + "n" if low.endswith("e") and not low.endswith("ee") and not low.startswith("ge") else first


class Compounds(Step):
    def __init__(self, lexicon: Lexicon):
        self.lexicon, self.nouns = lexicon, lexicon.nouns     # English noun -> German, learned from the training pairs
        self.everyday = table("en", "de")
        self.genders = {**lexicon.genders, **EVERYDAY}

    def apply(self, text: str) -> tuple[str, tuple]:
        """The text unchanged; the state: its adjacent pairs of lowercase English words, lowercased, but those after
        a verb of two objects and its object's determiner."""
        words = list(ENGLISH_WORD.finditer(text))
        k = start(text)
        pairs = []
        for n, (a, b) in enumerate(zip(words, words[1:])):
            first, second = self.lowered(a.group(), a.start() == k), self.lowered(b.group(), False)
            if text[a.end():b.start()] != " " or not (first.islower() and second.islower()):
                continue
            before = [w.group().lower() for w in words[max(0, n - 2):n]]
            verb = before[-1] if before[-1:] and before[-1] not in OBJECTS else \
                before[0] if len(before) == 2 else ""
            if verb in GIVING or verb in FOR_SOMEONE and first in BEINGS:
                continue
            pairs.append((first, second))
        return text, tuple(pairs)

    def lowered(self, word: str, opening: bool) -> str:
        """An English word in lowercase where it may be a common noun: written so, opening the sentence, or an everyday
        noun the corpus does not teach, which the case step capitalizes in a line typed in capitals or lowercase
        ("my phone battery" -> "My phone Battery"); else as written (a name)."""
        if word.islower() or not (word[:1].isupper() and word[1:].islower()):
            return word
        low = word.lower()
        return low if opening or low in self.everyday and not self.lexicon.taught(low) else word

    def translates(self, german: str, english: str, first: bool) -> bool:
        """Whether `german` is the dictionary's word for `english`, a form of it, or (a `first` part) its start."""
        low = german.lower()
        for said in (self.nouns.get(english), self.everyday.get(english)):
            said = (said or " ").lower()
            if " " in said:
                continue
            if low == said or low.startswith(said) and low[len(said):] in ENDINGS or \
                    first and len(low) >= 4 and said.startswith(low):
                return True
        return False

    def gender(self, german: str, english: str) -> str:
        """The gender of the compound's last part ("p": the English word is a plural); "" where it is not known."""
        known = GENDERS.get(english) or self.genders.get(german.lower(), "")
        return "p" if known and PLURAL.fullmatch(english) else known

    def reverse(self, output: str, state) -> str:
        m = GERMAN_PAIR.search(output)
        while m is not None:
            first, second = m.group(1), m.group(2)
            before = output[:m.start()].split()
            pair = None if first.lower() in TITLES or before and before[-1].lower().rstrip(".") in TITLES else \
                next(((a, b) for a, b in state if a != b and self.translates(first, a, True) and
                      (self.translates(second, b, False) or b in self.nouns and second.lower() in self.genders)), None)
            if pair is None:
                m = GERMAN_PAIR.search(output, m.start() + 1)
                continue
            gender = self.gender(second, pair[1])
            upto = self.agreeing(output[:m.start()], gender) if gender else output[:m.start()]
            joined = linked(first) + second.lower()
            output = upto + joined + output[m.start() + len(first) + 1 + len(second):]
            m = GERMAN_PAIR.search(output, len(upto) + len(joined))
        return output

    @staticmethod
    def agreeing(upto: str, gender: str) -> str:
        """The sentence up to a compound (`upto`) with its determiner, and adjectives after it, agreeing with
        `gender` where the case they leave is sure."""
        m = BEFORE.search(upto)
        if m is None:
            return upto
        k = start(upto)
        opening = m.start(2) == k
        adjectives = tuple(m.group(3).split())
        new = agreed("" if opening else m.group(1) or "", m.group(2), gender,
                     None if opening else upto[k:m.start(2)], adjectives)
        if new is None:
            if adjectives or not opening:
                return upto
            return upto[:m.start(2)] + agreeing(m.group(2), gender, True) + upto[m.end(2):]
        head = m.start(2) if opening or m.group(1) is None else m.start()
        return upto[:head] + new + " "
