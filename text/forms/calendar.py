"""The names of the months and weekdays, German and English, and the months' abbreviations: read by the date
finder (dates.py), the sentence splitter (sentence_ends.py: "um 3. Oktober" is no hour) and the steps."""
from __future__ import annotations

WEEKDAYS = {"de": "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag".split(),
            "en": "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()}
MONTHS = {"de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(),
          "en": "January February March April May June July August September October November December".split()}
SHORT = {"de": {"jan": 1, "jän": 1, "jänner": 1, "feb": 2, "mär": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
                "sep": 9, "sept": 9, "okt": 10, "nov": 11, "dez": 12},
         "en": {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
                "oct": 10, "nov": 11, "dec": 12}}


def weekly(number: int, lang: str) -> str:
    """A weekday of every week (number from 1, Monday) as `lang` writes it: German "montags", one word, English
    "Mondays" (after its "on")."""
    name = WEEKDAYS[lang][number - 1]
    return name.lower() + "s" if lang == "de" else name + "s"
