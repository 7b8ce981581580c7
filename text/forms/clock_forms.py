"""Times of day in the target language's words, for the numbers finder (text/finders/numbers.py): German "14.30 Uhr"
-> "2:30 pm", "8 Uhr" -> "8 o'clock", "24 Uhr" -> "midnight"; English "2:30 pm" -> "14:30 Uhr"; and the two times of
a range whose clock word is written once ("14-16 Uhr" -> "2", "4 pm").
"""
from __future__ import annotations

import re


# a German part of the day after "Uhr" says morning or evening ("um 8 Uhr abends" -> "at 8 pm", where "8 o'clock"
# left "abends" to the model): the hours it holds in the afternoon or evening ("nachts" from 6 on, "mittags" up to 5)
DAY_PARTS = {"morgens": (), "früh": (), "vormittags": (), "mittags": range(1, 6), "nachmittags": range(1, 12),
             "abends": range(1, 12), "nachts": range(6, 12)}
DAY_PART = re.compile(r"\s+(%s)$" % "|".join(DAY_PARTS))
# and an English one after "o'clock" ("It is 3 o'clock in the afternoon." -> "3 Uhr" and "im nachdem er die nach oben"
# from a strong model): the German hour of the afternoon or evening is 12 more, and the part of the day is said so
DAY_PARTS_EN = {"in the morning": (), "in the afternoon": range(1, 12), "in the evening": range(1, 12),
                "at night": range(6, 12)}
DAY_PART_EN = re.compile(r"\s+(in\s+the\s+(?:morning|afternoon|evening)|at\s+night)$", re.IGNORECASE)


def clock_form(number: str, clock: str, source: str, target: str) -> str | None:
    """A time of day in the target's words: German "14.30 Uhr" -> "2:30 pm", "8 Uhr" -> "8 o'clock" (morning or
    evening, unless a part of the day says: "8 Uhr abends" -> "8 pm", "6 Uhr früh" -> "6 am"), "12 Uhr" -> "noon",
    "24 Uhr" -> "midnight", "0:15 Uhr" -> "12:15 am", "14 Uhr 30" -> "2:30 pm"; English "2:30 pm" -> "14:30 Uhr", "11
    am" -> "11 Uhr", "12 noon" -> "12 Uhr mittags", "3 o'clock in the afternoon" -> "15 Uhr"; None where the pair of
    languages has no rule or it is no time (it stays as written)."""
    part = DAY_PART.search(clock) if source == "de" else None         # "8 Uhr abends"
    clock = clock[:part.start()] if part else clock
    english_part = DAY_PART_EN.search(clock) if source == "en" else None     # "3 o'clock in the afternoon"
    clock = clock[:english_part.start()] if english_part else clock
    trailing = re.search(r"\d\d$", clock.strip()) if source == "de" else None     # "14 Uhr 30"
    hours, _, minutes = (number + (":" + trailing.group() if trailing and ":" not in number and "." not in number
                                   else "")).replace(".", ":").partition(":")
    if not re.fullmatch(r"\d{1,2}", hours) or (minutes and not re.fullmatch(r"\d\d", minutes)):
        return None
    hour = int(hours)
    if (source, target) == ("de", "en"):
        if hour > 24 or int(minutes or 0) >= 60 or (hour == 24 and int(minutes or 0)):
            return None
        if hour in (0, 24) or (hour == 12 and part and part.group(1) == "nachts"):
            return f"12:{minutes} am" if minutes and int(minutes) else "midnight"
        if hour == 12 and not minutes:
            return "noon"
        if hour >= 12:
            return f"{hour - 12 or 12}:{minutes} pm" if minutes else f"{hour - 12} pm"
        if part:
            return f"{hour}{':' + minutes if minutes else ''} {'pm' if hour in DAY_PARTS[part.group(1)] else 'am'}"
        return f"{hours}:{minutes}" if minutes else f"{hours} o'clock"
    if (source, target) == ("en", "de"):
        marker = clock.strip().lower().replace(".", "").replace(" ", "")
        if marker == "noon":                                   # "12 noon" (a model wrote "bei 12", the noon lost)
            return "12 Uhr mittags" if hour == 12 and int(minutes or 0) == 0 else None
        if marker in ("am", "pm"):
            if not 1 <= hour <= 12:
                return None
            hour = hour % 12 + (12 if marker == "pm" else 0)
        elif english_part:
            if not 1 <= hour <= 12:
                return None
            hour += 12 if hour in DAY_PARTS_EN[" ".join(english_part.group(1).lower().split())] else 0
        return f"{hour}:{minutes} Uhr" if minutes else f"{hour} Uhr"
    return None


def shared_word(first: str, second: str) -> str:
    """The first of two times of a range without the word both end in: "2 pm", "3 pm" -> "2" ("between 2 and 3
    pm"); as it is when they end differently ("8 pm", "midnight")."""
    word = second.rpartition(" ")[2]
    return first[:-len(word) - 1] if " " in second and first.endswith(" " + word) else first


def clock_range(first: str, second: str, clock: str, second_fill: str, source: str, target: str) -> tuple:
    """The fills of a range of two times, the clock word written once after the second ("14-16 Uhr"): German ->
    English "2", "4 pm"; one from the morning into the afternoon says so on both ends, "10-12 Uhr" -> "10 am", "12
    pm" ("10 o'clock-noon" mixed two conventions), "11 bis 13 Uhr" -> "11 am", "1 pm"; English -> German "9 to 5 pm" ->
    "9", "17 Uhr", and without a clock word "8:30", "4:30" -> "8:30", "16:30 Uhr". (None, second_fill) where the
    first is no time."""
    hours = [int(re.split("[.:]", n)[0]) for n in (first, second)]
    if (source, target) == ("en", "de") and 12 > hours[0] > hours[1] and "p" in clock.lower():
        clock = "am"                                        # "9 to 5 pm": from the morning into the afternoon
    elif (source, target) == ("en", "de") and 12 > hours[0] > hours[1] and not clock.strip():
        second_fill = clock_form(second, "pm", source, target) or second_fill     # "8:30 to 4:30": not "4:30 Uhr"
    form = clock_form(first, clock, source, target)
    if form is None:
        return None, second_fill
    if (source, target) == ("de", "en") and 0 < hours[0] < 12 <= hours[1] < 24:
        return form.replace(" o'clock", "") + " am", "12 pm" if second_fill == "noon" else second_fill
    return shared_word(form, second_fill), second_fill


# opening hours in bare hours, where the text speaks of opening hours or a weekday stands right before them: English
# ones from the morning into the afternoon, "open from 9 to 5", "Mon-Fri 9-5", "Sundays 10-4" -> "9 Uhr", "17 Uhr" (a
# model wrote "Wir sind aus 9 zu 5."), German ones of the 24-hour clock, "Sa 9-13" -> "9 am", "1 pm" (it was "9-13");
# "It went from 9 to 5." stays two numbers, and so do hours before a noun
HOURS_WORDS = {"en": re.compile(r"\b(?i:open|opens|opened|closed|closes|hours|office|shop|store|daily)\b"),
               "de": re.compile(r"\b(?i:geöffnet|offen|geschlossen|öffnungszeiten|sprechzeiten|täglich)\b")}
# a word of opening hours right before the first, where "to" without "from" is the range's ("We're open 9 to 5." ->
# "9 bis 17 Uhr": a model wrote "Wir's offene 9 zu 5.")
HOURS_BEFORE = {"en": re.compile(r"\b(?i:open|opens|opened|closes|daily|weekdays|weekends|(?:mon|tues|wednes|thurs|fri|"
                                 r"satur|sun)days)\s+$"),                        # "Open weekdays 8 to 6" too
                "de": re.compile(r"\b(?i:geöffnet|offen)\s+$")}
# a bare hour a shop closes at, from 1 to 7, is in the afternoon ("We open at 9 and close at 5." -> "um 17 Uhr": it was
# "um 5 Uhr")
CLOSING_AT = {"en": re.compile(r"\b(?i:close|closes|closed|closing|shut|shuts)\s+$")}
WEEKDAY_BEFORE = {
    "en": re.compile(r"\b(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day)?s?\.?:?,?\s*(?:from\s+)?$",
                     re.IGNORECASE),
    "de": re.compile(r"\b(?:Mo|Di|Mi|Do|Fr|Sa|So|(?:Mon|Diens|Mittwoch|Donners|Frei|Sams|Sonn)(?:tag)?s?)\.?:?,?\s*"
                     r"(?:von\s+)?$")}
HOURS_END = {"en": re.compile(r"\s*(?:[.,!;)…]|$)|\s+(?i:on|daily|every|except|and|or|for|weekdays|weekends|mon|tue|"
                              r"wed|thu|fri|sat|sun)"),
             "de": re.compile(r"\s*(?:[.,!;)…]|$)|\s+(?:und|oder|täglich|geöffnet|offen)\b")}


def opening_hours(text: str, start: int, end: int, first: str, second: str, source: str) -> tuple[str, str] | None:
    """The other language's fills of two bare hours text[start:end] that are opening hours: English "9", "5" -> "9
    Uhr", "17 Uhr" (from the morning into the afternoon; "8-8" -> "8 Uhr", "20 Uhr"), German "9", "13" -> "9 am", "1
    pm"; None where they are no such hours."""
    if not (first.isdigit() and second.isdigit() and source in HOURS_END):
        return None
    if source == "en" and not (6 <= int(first) <= 12 and 1 <= int(second) <= min(int(first), 11)):
        return None
    if source == "de" and not 5 <= int(first) < int(second) <= 24:
        return None
    if not HOURS_END[source].match(text, end) or not (HOURS_WORDS[source].search(text) or
                                                      WEEKDAY_BEFORE[source].search(text, 0, start)):
        return None
    if source == "de":
        return clock_range(first, second, " Uhr", clock_form(second, " Uhr", "de", "en"), "de", "en")
    return clock_form(first, "pm" if first == "12" else "am", "en", "de"), clock_form(second, "pm", "en", "de")
