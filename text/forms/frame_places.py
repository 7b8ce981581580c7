"""The places after a frame's noun phrase and "to" / "from" ("nach" / "aus"), for the frames of text/forms/frames.py
and text/forms/statement_frames.py: a known town's, region's or country's name, translated by rule after the model's
noun phrase ("The flight to Vienna" -> "Der Flug" + " nach Wien"); the slot's words that hold no such place; the
article a German country's name takes ("die Schweiz": "aus der Schweiz").
"""
from __future__ import annotations

import re

from text.forms.places import EXONYMS, PLACE_NAMES, WHOLE_PLACES, WORDED_PLACES, exonyms

WORD = r"[^\W\d_][\w'’-]*"
SLOT_WORDS = (1, 4)
# countries German names with their article, its dative after "aus" ("aus der Schweiz", "aus den USA")
ARTICLED = {"Schweiz": "der", "Türkei": "der", "Slowakei": "der", "Ukraine": "der", "Mongolei": "der",
            "USA": "den", "Niederlande": "den", "Niederlanden": "den", "Philippinen": "den"}
# a known town's, region's or country's name after a slot's noun phrase and "to" / "from" ("The flight to Vienna"),
# translated by rule after the model's noun phrase ("Der Flug" + "nach Wien"; a model given the whole sentence wrote
# "Die Flug um Wien"): the preposition, (German, English); no place said with an article or another preposition
# ("in die Schweiz", "an den Bodensee", "to the Alps")
TOWARD = [("nach", "to"), ("aus", "from")]
NOT_TOWARD = frozenset(["Bodensee", "Ostsee", "Nordsee", "Rhein", "Donau", "Alpen", "Schwarzwald", "Eiffelturm",
                        "Kölner Dom", "Brandenburger Tor", "Bayern München", "United States", "United Kingdom",
                        "Great Britain", *ARTICLED, *(EXONYMS.get(k, k) for k in ARTICLED)])
TOWARD_PLACES = {"de": frozenset({*EXONYMS, *PLACE_NAMES, *WHOLE_PLACES} - NOT_TOWARD),
                 "en": frozenset({*(p for p in EXONYMS.values() if not p.startswith("the ")), *WORDED_PLACES,
                                  *(p for p in PLACE_NAMES if p not in EXONYMS), *WHOLE_PLACES} - NOT_TOWARD)}


def alternatives(words) -> str:
    """A regex of the phrases, longest first, each one's spaces any run of them."""
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(set(words), key=len, reverse=True) if w)


def toward(source: str) -> tuple[str, str]:
    """A slot's words that hold no known place after "to" / "from" ("nach" / "aus"), and the optional place after
    them (groups "toward", "place")."""
    side = 0 if source == "de" else 1
    places = rf"(?:{alternatives(TOWARD_PLACES[source])})(?![\w'’-])"
    guard = rf"(?!(?:{alternatives(pair[side] for pair in TOWARD)})\s+{places})"
    words = rf"{WORD}(?:\s+{guard}{WORD}){{{SLOT_WORDS[0] - 1},{SLOT_WORDS[1] - 1}}}"
    return words, rf"(?:\s+(?P<toward>{alternatives(pair[side] for pair in TOWARD)})\s+(?P<place>{places}))?"


def toward_closing(m: re.Match, source: str) -> str:
    """The place after a slot's noun phrase as the target writes it (" nach Wien", " from Munich"), else ""."""
    if not m.groupdict().get("place"):
        return ""
    side, target = (0, "en") if source == "de" else (1, "de")
    word = next(pair[1 - side] for pair in TOWARD if pair[side] == m.group("toward").lower())
    place = " ".join(m.group("place").split())
    return f" {word} {exonyms(source, target).get(place, place)}"
