"""Temperature sentences as frames, German <-> English, beside the statement frames of text/forms/statement_frames.py
(the same quotations step): a few whole sentences around a temperature ("Es sind 30 Grad." <-> "It is 30 degrees.",
"Heute sind es 20 Grad." <-> "It is 20 degrees today.", "Die Temperatur liegt bei -5 °C." <-> "The temperature is
-5 °C."), their words the table's and the temperature written as the target writes it (text/forms/units.py: "2,5
Grad" -> "2.5 degrees", a sign "°C" as typed), none of it the model's (a model wrote "The temperature is -5 °C." as
"Das er erwachsene erwachsene Kleidung -5 °C.", "Die Temperatur liegt bei -5 °C." as "The This is laying down at -5
°C."). A frame's slot, which these never read, is the temperature's number in English and its unit's word in German
("Grad", the "C" of "°C"), and the step sends neither it nor the sentence to a model (a frame the tables translate
whole, `known`, costs no decode): a sentence of other words stays the model's.
"""
from __future__ import annotations

import re

from text.forms.number_forms import convert
from text.forms.units import unit_after

# (German, English), "{}" the temperature; into German each English sentence's German is the first named, into English
# each German one's English the first named
TEMPERATURE_SENTENCES = [
    ("Es sind {}", "It is {}"), ("Es ist {}", "It is {}"), ("Es waren {}", "It was {}"),
    ("Heute sind es {}", "It is {} today"), ("Es sind heute {}", "It is {} today"),
    ("Heute sind es {}", "Today it is {}"),
    ("Draußen sind es {}", "It is {} outside"), ("Es sind draußen {}", "It is {} outside"),
    ("Gestern waren es {}", "It was {} yesterday"), ("Es waren gestern {}", "It was {} yesterday"),
    ("Die Temperatur beträgt {}", "The temperature is {}"), ("Die Temperatur liegt bei {}", "The temperature is {}"),
    ("Die Temperatur betrug {}", "The temperature was {}"), ("Die Temperatur lag bei {}", "The temperature was {}")]
# German's verb of one degree, singular: "Es ist 1 Grad.", "Heute ist es 1 Grad." (not "sind", "waren")
SINGULAR = {"sind": "ist", "waren": "war"}
SIGN = r"(?:minus\s+)?[-−+]?"
# the temperature as typed; the group "slot" its number (English) or its unit's word (German)
TEMPERATURE = {"en": rf"{SIGN}(?P<slot>\d+(?:[.,]\d+)?)\s?(?:°\s?[CF]|°|degrees?(?:\s+(?:Celsius|Fahrenheit))?)",
               "de": rf"{SIGN}\d+(?:[.,]\d+)?\s?(?:°\s?)?(?P<slot>Grad(?:\s+(?:Celsius|Fahrenheit))?|(?<=°)[CF]|"
                     rf"(?<=° )[CF])"}


def temperature_sentences(source: str) -> list[tuple[re.Pattern, str]]:
    """Each source sentence's pattern (group "temp" the temperature) and the target's sentence, its "{}" the
    temperature's place."""
    side = 0 if source == "de" else 1
    found: dict[str, str] = {}
    for pair in TEMPERATURE_SENTENCES:
        found.setdefault(pair[side], pair[1 - side])
    return [(re.compile(r"\s*" + re.escape(written).replace(r"\ ", r"\s+").replace(r"\{\}",
                        rf"(?P<temp>{TEMPERATURE[source]})") + r"\s*(?P<marks>[.!]*)\s*"), into)
            for written, into in found.items()]


def temperature_in(written: str, source: str, target: str) -> str | None:
    """A temperature as the target writes it ("-2,5 Grad" -> "-2.5 degrees", "minus 5 °C" -> "minus 5 °C"); None
    where units.py reads no degrees in it."""
    number = re.search(r"\d+(?:[.,]\d+)?", written)
    value = convert(number.group(), source, target)
    unit = unit_after(written, number.start(), number.end(), value, value, source, target)
    if unit is None or unit.reading[1] != "deg" or unit.end != len(written):
        return None
    sign = re.sub(r"\s+", " ", written[:number.start()]).replace("−", "-")         # "minus ", "-"
    return sign + unit.fill


def said_temperature(m: re.Match, into: str, source: str) -> tuple[str, str] | None:
    """The target's sentence as a statement frame's (known, closing): the words before the temperature, and the
    temperature with the words after it ("It is", " 20 degrees today"); German's verb singular for one degree."""
    temperature = temperature_in(m.group("temp"), source, "en" if source == "de" else "de")
    if temperature is None:
        return None
    before, after = into.split("{}")
    if source == "en" and re.search(r"\d+(?:[.,]\d+)?", m.group("temp")).group() == "1":
        before = re.sub(r"\b(?:sind|waren)\b", lambda verb: SINGULAR[verb.group()], before)
    return before.rstrip(), f" {temperature}{after}"
