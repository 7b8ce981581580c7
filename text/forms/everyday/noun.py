"""One row of the everyday nouns' table (text/forms/everyday_nouns.py).

    Noun("Quittung", "Quittungen", "f", "receipt", "receipts")
    Noun("Update", "Updates", "n", "update", "", ways="de-en")     # "update" is a verb too: read from German only
    Noun("Kollege", "", "m", "colleague", "", weak="n")             # "mit einem Kollegen": a weak noun
"""
from __future__ import annotations

from typing import NamedTuple

WAYS = ("both", "de-en", "en-de")


class Noun(NamedTuple):
    german: str              # the singular, as German writes it ("Quittung")
    plural: str              # its plural; "" where it is the singular's spelling ("Drucker") or there is none
    gender: str              # "m", "f", "n"; "p" for a word that is only a plural ("Nebenkosten")
    english: str             # the singular, in American spelling, as Multi30K's captions write it
    english_plural: str      # "" for none
    # "de-en": its English word is also a verb or means something else too ("update", "delay", "bill", "key"), or
    # it is a second German word for a thing ("Kassenbon" besides "Quittung"); "en-de": its German word means
    # something else too ("Rezept": a recipe as well)
    ways: str = "both"
    # a weak masculine noun's ending in the singular's accusative, dative and genitive ("n": "den Kollegen", "Herrn";
    # "en": "dem Praktikanten"; "ns": "n" but the genitive's "ns", "des Benutzernamens"); "" for any other noun
    weak: str = ""
