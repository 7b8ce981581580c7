"""A German translation that opens with a possessive gives it the ending of the noun after it: a model, weak or
strong, often writes the English "his" or "my" as the bare German form whatever the noun (the 30-minute model of both
directions: `His cat is sleeping on the sofa.` -> `Sein Katze schläft auf dem Sofa.`, `My parents live in the
country.` -> `Mein Eltern ...`).

    step = PossessiveEnding({"katze": "f"})
    step.reverse("Sein Katze schläft.", None)     # -> "Seine Katze schläft."
    step.reverse("Meine Hund bellt.", None)       # -> "Mein Hund bellt." (with "hund": "m")

A sentence's first words are its subject, in the nominative: "mein", "dein", "sein", "ihr", "unser", "euer" take no
ending before a masculine or neuter noun and "-e" before a feminine or a plural one ("euer" drops its "e": "eure").
Inside a sentence the case is not known, but a bare form before a feminine or plural noun is wrong in every case, so
it takes the "-e" of the nominative and accusative ("Was macht ihr Schwester?" -> "Was macht ihre Schwester?").
Only a possessive right before a noun whose gender the step knows (the corpus' German articles, lexicon.genders, and
a short list of everyday people and things below), and only those forms, are touched: "Seinen Hund sieht er.",
"Mein kleiner Hund" and "mit meine Hund" stay as written. Training pairs are not changed.
"""
from __future__ import annotations

import re

from text.step import Step
from text.steps.first_capital import start

# "p": a plural; the everyday nouns a user's sentence opens with after a possessive, which captions seldom hold
EVERYDAY = {"eltern": "p", "großeltern": "p", "geschwister": "p", "freunde": "p", "nachbarn": "p", "leute": "p",
            "vater": "m", "bruder": "m", "sohn": "m", "onkel": "m", "opa": "m", "großvater": "m", "freund": "m",
            "nachbar": "m", "chef": "m", "lehrer": "m", "mann": "m", "hund": "m", "mutter": "f", "schwester": "f",
            "tochter": "f", "tante": "f", "oma": "f", "großmutter": "f", "freundin": "f", "nachbarin": "f",
            "chefin": "f", "lehrerin": "f", "frau": "f", "familie": "f", "katze": "f", "wohnung": "f", "kind": "n",
            "baby": "n", "haus": "n", "zimmer": "n", "auto": "n", "fahrrad": "n", "handy": "n"}
INSIDE = re.compile(r"(?<!\w)(mein|dein|sein|ihr|unser|eue?r)(e?)( )(\w+)", re.IGNORECASE)


class PossessiveEnding(Step):
    def __init__(self, genders: dict[str, str]):
        """genders: lowercase German noun -> "m", "f" or "n" (a plural counts as "f": "die Hunde")."""
        self.genders = {**genders, **EVERYDAY}

    def reverse(self, output: str, state) -> str:
        k = start(output)
        return INSIDE.sub(lambda m: self.mended(m, opening=m.start() == k), output)

    def mended(self, m: re.Match, opening: bool) -> str:
        """The possessive with its noun's ending: at the sentence's start both ways, inside it only a bare form
        before a feminine or plural noun ("mit ihr Schwester" -> "mit ihre Schwester"), which is wrong in every
        case; "meine Hund" may be a dative's "meinem", so it stays; "ihr" only before an everyday noun of the list,
        a person or a pet, as it is also "to her" before a noun without article ("Er gibt ihr Blumen.")."""
        noun = m.group(4).lower()
        gender = self.genders.get(noun) if m.group(4)[:1].isupper() else None
        bare = not m.group(2) and m.group(1).lower() != "eur"
        pronoun = m.group(1).lower() == "ihr" and noun not in EVERYDAY     # "Er gibt ihr Blumen.": "to her"
        if gender is None or not (opening or (gender in "fp" and bare and not pronoun)):
            return m.group()
        word, plural_form = m.group(1), gender in "fp"
        if word.lower() in ("euer", "eur"):
            written = "eure" if plural_form else "euer"
        else:
            written = word.lower() + ("e" if plural_form else "")
        return ((word[0] + written[1:]) if word[0].isupper() else written) + m.group(3) + m.group(4)
