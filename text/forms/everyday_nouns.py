"""Everyday nouns that image captions never hold ("Akku", "E-Mail", "password", "receipt"), German and English: a
caption model cannot write a word it never saw ("Mein Handy hat keinen Akku mehr." -> "My cellphone doesn't Akku each
other."; "Can I have a receipt?" -> "Könnene ich eine Rehung?"). text/finders/glossary.py's EverydayNouns masks
them as a glossary does, only those the model's corpus lacks.

    table("de", "en")["Akku"] -> "battery"        table("en", "de")["receipts"] -> "Quittungen"
    gender("receipt") -> "f"                      gender("receipts") -> "p"     # the German word's, for its article
    weak("Kollege") -> "n"                        weak("Quittung") -> ""        # a weak noun's ending: "dem Kollegen"
"""
from __future__ import annotations

from text.forms.everyday import food, health, home, money, online, town, travel, work

NOUNS = (home.NOUNS + online.NOUNS + money.NOUNS + food.NOUNS + travel.NOUNS + town.NOUNS + health.NOUNS +
         work.NOUNS)


def forms() -> list[tuple[str, str, str, str]]:
    """(German, its gender ("p": a plural), English, the ways it is read: "both", "de-en" or "en-de") of each singular
    and plural in NOUNS; a German plural without an English one is read from German only ("Verspätungen" ->
    "delay", but "delay" is no "Verspätungen"), a masculine or neuter noun's plural in -s from English only: it is
    the singular's genitive too ("am Rand eines Sofas" is no "sofas")."""
    out = []
    for noun in NOUNS:
        out.append((noun.german, noun.gender, noun.english, noun.ways))
        genitive = noun.gender in "mn" and noun.plural == noun.german + "s"
        if noun.english_plural and genitive:
            if noun.ways != "de-en":
                out.append((noun.plural, "p", noun.english_plural, "en-de"))
        elif noun.english_plural:
            out.append((noun.plural or noun.german, "p", noun.english_plural, noun.ways))
        elif noun.plural and noun.ways != "en-de":
            out.append((noun.plural, "p", noun.english, "de-en"))
    return out


def gender(english: str) -> str:
    """The gender of the German word an English noun of the table is written as ("p": a plural); "" for none."""
    return GENDERS.get(english.lower(), "")


def weak(german: str) -> str:
    """A weak masculine noun's ending outside the nominative singular (the row's `weak`: "n", "en", "ns"), by its
    German singular as the table writes it; "" for any other word."""
    return WEAK.get(german, "")


def table(source: str, target: str) -> dict[str, str]:
    """The nouns of one direction, source word -> target word, a singular's before a plural of the same spelling
    ("Drucker" -> "printer"): German as written, English in lowercase and with its first letter capitalized (a
    sentence's first word)."""
    written: dict[str, str] = {}
    for german, _, english, ways in forms():
        if ways not in ("both", f"{source}-{target}"):
            continue
        if source == "de":
            written.setdefault(german, english)
        else:
            written.setdefault(english, german)
            written.setdefault(english[:1].upper() + english[1:], german)
    return written


GENDERS: dict[str, str] = {}
for _german, _gender, _english, _ways in forms():
    if _ways != "de-en":
        GENDERS.setdefault(_english.lower(), _gender)
WEAK = {noun.german: noun.weak for noun in NOUNS if noun.weak}
