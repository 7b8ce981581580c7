"""A price's rate: what the price is for, after it ("12,50 € pro Person" -> "€12.50 per person", "80 euros a
night" -> "80 € pro Nacht", "2 € das Kilo" -> "€2 per kilo", "950 € im Monat" -> "€950 per month", "3,99 €/kg" ->
"€3.99 per kg"). A model kept
the price and lost or mangled its rate ("Pros", "einen Mord", "eine Kilile"): Multi30K has no prices to learn it
from. The numbers finder (text/finders/numbers.py) puts the rate inside the price's placeholder, and so it does
after how often ("2 Mal pro Woche" -> "twice a week", "3 times a day" -> "3 Mal pro Tag").

    rate_after("5 € pro Tag.", 3, "de", "en")   -> Rate(end=11, words="per day", key="day")
"""
from __future__ import annotations

import re
from typing import NamedTuple

# key | German noun | English noun (, another spelling)
TABLE = """
person | Person | person
night  | Nacht  | night
day    | Tag    | day
week   | Woche  | week
month  | Monat  | month
year   | Jahr   | year
hour   | Stunde | hour
kilo   | Kilo   | kilo
kg     | kg     | kg
liter  | Liter  | liter litre
piece  | Stück  | piece
"""


def table() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """({lang: {noun as written, English in lower case: key}}, {lang: {key: noun}})."""
    nouns, written = {"de": {}, "en": {}}, {"de": {}, "en": {}}
    for row in TABLE.strip().splitlines():
        key, german, english = (part.split() for part in row.split("|"))
        nouns["de"][german[0]] = key[0]
        nouns["en"].update({w: key[0] for w in english})
        written["de"][key[0]], written["en"][key[0]] = german[0], english[0]
    return nouns, written


NOUNS, WRITTEN = table()
# what joins a rate to its price: German "pro", "je", an article ("das Kilo", "die Stunde") or "im" / "am" ("im
# Monat", "am Tag"); English "per", "a", "an"; a slash in both ("3,99 €/kg": a model lost "/kg"). Not before a number
# ("im Jahr 2020" is a year) or "ago" ("$5 a day ago")
LEAD = {"de": r"(?:pro|je|das|die|den|im|am)", "en": r"(?:per|an?)"}
AFTER = {lang: re.compile(rf"(?:\s+{LEAD[lang]}\s+|\s*/\s*)({'|'.join(map(re.escape, nouns))})"
                          r"(?![\w-])(?!\s*\d|\s+ago\b)",
                          0 if lang == "de" else re.IGNORECASE) for lang, nouns in NOUNS.items()}
JOIN = {"de": "pro", "en": "per"}


class Rate(NamedTuple):
    end: int              # where the rate ends in the text
    words: str            # the rate in the target language, with its "per" / "pro"
    key: str              # what it is for, alike in both languages ("day")
    often: str = ""       # the rate of how often, in the target's words: "a week", "an hour" / "pro Woche"


def rate_after(text: str, end: int, source: str, target: str) -> Rate | None:
    """The rate written right after a price that ends at text[end]; None without one, or where the pair of languages
    has no rule."""
    if {source, target} != {"de", "en"}:
        return None
    m = AFTER[source].match(text, end)
    if m is None:
        return None
    key = NOUNS[source][m.group(1) if source == "de" else m.group(1).lower()]
    noun = WRITTEN[target][key]
    often = f"{'an' if noun[0] in 'aeiouh' else 'a'} {noun}" if target == "en" else f"{JOIN[target]} {noun}"
    return Rate(m.end(), f"{JOIN[target]} {noun}", key, often)
