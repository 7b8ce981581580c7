"""When a place is open or closed, as a frame, German <-> English, beside the statement frames of
text/forms/statement_frames.py (the same slot, the same quotations step): "X ist|sind <when> geöffnet|offen|
geschlossen." <-> "X is|are open|closed <when>.", the noun phrase X the model's alone, the copula in the number typed,
the day a date text/forms/dates.py reads with its "am" / "on" ("am 3. Oktober" <-> "on October 3") or a weekday ("am
Montag" <-> "on Monday", "montags" <-> "on Mondays") or a few days in words ("am Wochenende" <-> "on the weekend"),
where each language puts it (a model given the whole sentence wrote "The market is closed on October 3." as "Der
Markt ist geschlossene am 3. Oktober.").
"""
from __future__ import annotations

import re

from text.forms.calendar import WEEKDAYS, weekly
from text.forms.dates import find_dates
from text.forms.frames import COPULAS

# the state, (German, English): into German each English state's German is the first named
STATES = [("geöffnet", "open"), ("offen", "open"), ("geschlossen", "closed"), ("zu", "closed")]
# days in words, (German, English): into German each English one's German is the first named, into English the first
DAYS_SAID = [("am Wochenende", "on the weekend"), ("am Wochenende", "on weekends"), ("an Feiertagen", "on holidays")]
WHEN = {"de": r"(?:am|Am)\s+\d{1,2}\.\s*\w+(?:\s+\d{4})?|(?:am|Am)\s+\w+|an\s+Feiertagen|\w+s",
        "en": r"(?:on|On)\s+[^.!?]*?"}


def opening_pattern(source: str, slot: str, placed: str = "") -> re.Pattern:
    """The whole sentence: the slot, its copula, the state and the day (German: the day before the state)
    (`placed`: a known place after the slot, frames.toward())."""
    side = 0 if source == "de" else 1
    copulas, states = ("|".join(pair[side] for pair in table) for table in (COPULAS, STATES))
    state, when = rf"(?P<state>{states})", rf"(?P<when>{WHEN[source]})"
    rest = rf"{when}\s+{state}" if source == "de" else rf"{state}\s+{when}"
    return re.compile(rf"\s*(?P<slot>{slot}){placed}\s+(?P<copula>{copulas})\s+{rest}\s*(?P<marks>[.!]*)\s*")


def day_in(when: str, source: str, target: str) -> str | None:
    """The day with its preposition as the target writes it ("on October 3" -> "am 3. Oktober", "montags" -> "on
    Mondays"); None where it is no date or weekday."""
    side = 0 if source == "de" else 1
    said = next((pair[1 - side] for pair in DAYS_SAID if pair[side] == when), None)
    if said:                                                    # "am Wochenende": "on the weekend"
        return said
    days = dict(zip(WEEKDAYS[source], WEEKDAYS[target]))
    words = when.split()
    if len(words) == 2 and words[0].lower() in ("am", "on") and words[1].rstrip("s") in days:
        day = words[1].rstrip("s")
        if words[1].endswith("s") and source == "en":
            return weekly(WEEKDAYS[source].index(day) + 1, target)            # "on Mondays": "montags"
        return ("am " if target == "de" else "on ") + days[day]
    if len(words) == 1 and source == "de" and words[0][:1].islower() and words[0][:-1].capitalize() in days:
        return "on " + weekly(WEEKDAYS[source].index(words[0][:-1].capitalize()) + 1, target)  # "on Mondays"
    found = find_dates(when, source, target)
    return found[0].fill if len(found) == 1 and (found[0].start, found[0].end) == (0, len(when)) else None


def opening_closing(m: re.Match, source: str) -> str | None:
    """The closing after the slot's translation: " ist am 3. Oktober geschlossen", " is closed on Mondays"."""
    target = "en" if source == "de" else "de"
    day = day_in(" ".join(m.group("when").split()), source, target)
    if day is None:
        return None
    side = 0 if source == "de" else 1
    copula = next(pair[1 - side] for pair in COPULAS if pair[side] == m.group("copula"))
    state = next(pair[1 - side] for pair in STATES if pair[side] == m.group("state"))
    return f" {copula} {day} {state}" if target == "de" else f" {copula} {state} {day}"
