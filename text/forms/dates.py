"""Dates and ordinals are one placeholder each, written as the target language writes them: German -> English "3. Mai"
-> "May 3", "am 12. März 2025" -> "on March 12, 2025", "12.03.2025" -> "March 12, 2025" (a month's name: no reader can
take it for 3 December), "1.-3. Mai" -> "May 1-3", "vom 3. bis 5. Mai" -> "from May 3 to 5", "im Mai 2025" -> "im " +
"May 2025", "der 3. Platz" -> "der " + "3rd" + " Platz"; English -> German "May 3", "May 3rd", "3 May", "the 3rd of May"
-> "3. Mai", "on March 12, 2025" -> "am 12. März 2025", "since May 15" -> "seit dem 15. Mai", "since 2019" -> "seit
2019" (not "seit 2000 Jahren"), "3rd" -> "3.". A model kept the numbers of a date and dropped or mangled its month ("am
12. März 2025" -> "at the 12 2025 pies"). A weekday before a date is part of it: "am Montag, dem 3. März" <-> "on
Monday, March 3". A time of day takes its preposition too (`clock_lead`, used by the number step): "um 14 Uhr" -> "at 2
pm", "at 6 pm" -> "um 18 Uhr", "around 6 pm" -> "gegen 18 Uhr". An English numeric date whose day is past 12 names its
month ("12/24/2025", "24/12/2025" -> "24. Dezember 2025"); one whose numbers could both be the month ("03/12/2025":
March 12 in the US, 3 December in Britain) is left as typed: no one can tell which it is.
A range of two dates or two times, and a date after "vom" / "from", is text/forms/date_ranges.py's.

A German ordinal is a number with a full stop before a word that is no month and does not open a sentence, as the
sentence splitter reads it (text/forms/sentence_ends.py): a noun ("3. Platz", "19. Jahrhundert") or a lowercase word
("Er wurde 1. beim Rennen" -> "1st", so no model can drop its full stop); before a word that opens one ("bis 3. Dann")
the full stop ends the sentence.
"""
from __future__ import annotations

import re

from text.forms.calendar import MONTHS, SHORT, WEEKDAYS
from text.forms.masking import Span, overlaps
from text.forms.sentence_ends import OPENING_WORDS, ends_text
from text.forms.units import Reading

DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
# the prepositions that come with a date, as the other language writes them ("seit dem 15. Mai" <-> "since May 15":
# a model wrote "Since May 15 he ..." as "Rolle 15. Mai hat er ...")
LEADS = {"de": {"am": "on", "seit dem": "since", "bis zum": "until", "ab dem": "from"},
         "en": {"on": "am", "since": "seit dem", "until": "bis zum", "till": "bis zum"}}
# and before a month with its year, English "in" and "since" ("in June 2019" -> "im Juni 2019", where a model wrote
# "in Juni 2019"; "since June 2019" -> "seit Juni 2019"), German "im" and "seit" ("im Juni 2019" -> "in June 2019",
# not "im June 2019")
MONTH_LEADS = {"en": {"in": "im", "since": "seit"},
               "de": {"im": "in", "seit": "since", "anfang": "early", "mitte": "mid-", "ende": "late"}}


def month_names(lang: str) -> dict[str, int]:
    """Lower-case name or abbreviation (with or without its full stop) -> month number."""
    names = {name.lower(): k for k, name in enumerate(MONTHS[lang], start=1)}
    return {**names, **SHORT[lang], **{short + ".": k for short, k in SHORT[lang].items()}}


# the words after which an English "may" in lowercase is the month, not the verb ("on may 3", "since may 2019": a
# line typed in lowercase or capitals, which the case step writes as the corpus writes "may", the verb)
MAY_CUES = "|".join(rf"(?<=\b(?i:{cue}) )" for cue in ("on", "in", "since", "from", "until", "till", "by", "of"))


def month_pattern(lang: str) -> str:
    """Any month of a language, in any case, but English "may" only capitalized or after a word that says so (else
    it is the verb); an abbreviation's full stop only where no sentence ends at it."""
    names = sorted(month_names(lang), key=len, reverse=True)
    words = [re.escape(n) + (r"(?!\s*$)" if n.endswith(".") else r"(?!\w)") for n in names if n != "may"]
    may = rf"|(?:May|MAY|(?:{MAY_CUES})may)(?!\w)"
    return "(?P<month>(?i:%s)%s)" % ("|".join(words), may if lang == "en" else "")


DAY, YEAR = r"(?P<day>\d{1,2})", r"(?P<year>[12]\d{3})(?![\d.,:]\d)"


SHORT_DAY = {"de": 2, "en": 3}            # a weekday's abbreviation's letters: "Fr.", "Fri."


def weekday_before(lang: str) -> str:
    """A weekday's name, capitalized or in capitals, before a date: "Montag, dem ", "Monday, " ("am Montag, dem 3.
    März" <-> "on Monday, March 3": as three placeholders a model put the date last, "on Monday, at 7:45, March 3")."""
    names = [form for name in WEEKDAYS[lang] for form in (name, name.upper())] + \
        [rf"{name[:SHORT_DAY[lang]]}\." for name in WEEKDAYS[lang]]           # "am Fr., 12.7." too
    article = r"(?:(?i:de[mn])\s+)?" if lang == "de" else ""
    return r"(?:(?P<weekday>%s),?\s+%s)?" % ("|".join(names), article)


# a year after "since" is one too ("seit 2019" <-> "since 2019": a model dropped "seit" and wrote "lives 2019"), and
# after "im Jahr" <-> "in" ("Im Jahr 2024 besuchten ..." -> "2024 people attending ..."; "born in 1985" -> "in 1985":
# German writes the year alone or "im Jahr"); English "in" only before a sentence's end, a comma or a word that
# opens a phrase, so not "in 1500 meters"
YEAR_LEADS = {"de": {"seit": "since", "im Jahr": "in", "im Jahre": "in"}, "en": {"since": "seit", "in": "im Jahr"}}
YEAR_END = r"(?=\s*(?:[.,;:!?)]|$)|\s+(?i:in|at|on|and|or|the|a|an|he|she|it|we|they|i|you|there|when|while)\b)"


def lead_pattern(leads: dict[str, str], group: str = "on") -> str:
    """A preposition of `leads` before a date, as typed, capitalized or in capitals, and the space after it."""
    words = [form for lead in leads for form in (lead, lead[:1].upper() + lead[1:], lead.upper())]
    return r"(?:(?P<%s>\b(?:%s))\s+)" % (group, "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words))


# a time of day takes its preposition as a date does ("um 14 Uhr" <-> "at 2 pm": a model wrote "A man is waiting for
# the bus at 6 pm." as "... auf den Bus 18 Uhr." and "Um 7:45 Uhr klingelt der Wecker." as "There is 7:45 ...")
CLOCK_LEADS = {"de": {"um": "at", "gegen": "around", "gg.": "around", "bis": "until", "ab": "from"},   # "gg. 18 Uhr"
               "en": {"at": "um", "at around": "gegen", "at about": "gegen", "around": "gegen", "until": "bis",
                      "from": "ab"}}
# "bis" / "until" only where it opens no range's second time ("9 bis 17 Uhr" is a range's: "Bis 17 Uhr geöffnet." ->
# "until 5 pm", where a model wrote "5 pm is opening.")
UNTIL = {"bis", "until"}
# "ab" only before a time with its clock word or its minutes ("Geöffnet ab 10 Uhr" -> "from 10 o'clock": a model
# wrote "Open off 10 o'clock"): a bare number after it is an age or a count ("Kinder ab 6."); English "from" the same
# ("Open from 10 am." -> "ab 10 Uhr", not "Geöffnet aus 10 Uhr"), and neither where a range's second time follows
CLOCKED_ONLY = {"from", "ab"}
# "9 bis", "9h bis", "12,50 € bis", and a time's clock word: "8 am until 6 pm", "9 Uhr bis 17 Uhr" (its second time
# took "until" for its own: "aus 8 Uhr bis 18 Uhr", "9 o'clock until 5 pm")
NUMBER_BEFORE = re.compile(r"\d[^\W\d_]*(?:\s*(?i:[ap]\.m\.|[ap]m|uhr|o'clock))?\s*[€$£¥]?\s*$")
# the words a range opens with, as the target writes it ("from May 3 to 5", "vom 24. Dezember bis zum 2. Januar")
RANGE_WORDS = {"de": {"date": ("vom", "bis zum"), "time": ("von", "bis")},
               "en": {"date": ("from", "to"), "time": ("from", "to")}}
LEAD_PHRASES = {tuple(lead.split()) for table in (LEADS, MONTH_LEADS, YEAR_LEADS, CLOCK_LEADS)
                for leads in table.values() for lead in leads} | \
    {tuple(words[0].split()) for kinds in RANGE_WORDS.values() for words in kinds.values()}  # a range's, from_date's


def lead_words(words: list[str]) -> int:
    """How many of `words` (a date's or a time's placeholder value, word by word) are its preposition, in either
    language: "bis zum 31. Dezember" 2, "at 8 pm" 1, "Jonas Weber" 0."""
    lowered = tuple(word.lower() for word in words)
    return max((len(lead) for lead in LEAD_PHRASES if lowered[:len(lead)] == lead), default=0)


CLOCK_LEAD_BEFORE = {lang: re.compile(lead_pattern(leads) + "$") for lang, leads in CLOCK_LEADS.items()}
CLOCK_LEAD_AT = {lang: re.compile(lead_pattern(leads) + r"(?=\d)") for lang, leads in CLOCK_LEADS.items()}


def clock_lead(text: str, start: int, lang: str, free_from: int = 0) -> tuple[int, str] | None:
    """(where it starts, the other language's word) of the preposition of CLOCK_LEADS written right before the time
    of day at text[start:] (not before free_from); None without one."""
    found = CLOCK_LEAD_BEFORE[lang].search(text, free_from, start) if lang in CLOCK_LEADS else None
    lead = " ".join(found["on"].lower().split()) if found else None
    if lead is None or lead in UNTIL and NUMBER_BEFORE.search(text, 0, found.start()):
        return None
    return found.start(), CLOCK_LEADS[lang][lead]


def led_clock(text: str, start: int, lang: str) -> bool:
    """Whether text[start:] opens with a preposition of CLOCK_LEADS before a number: a time's span with its lead."""
    return lang in CLOCK_LEADS and CLOCK_LEAD_AT[lang].match(text, start) is not None


# an article before a date is part of it, as English writes none ("Der 4.6. ist ein Montag." -> "June 4 is ...": a model
# wrote "The 4.6 is a Monday." and "The May 3 is ...")
ARTICLE_DE = r"(?:\b(?P<article>[Dd]e[rmn]|DE[RMN])\s+)"
ON_DE = rf"(?:{lead_pattern(LEADS['de'])}|{ARTICLE_DE})?(?<![\w.,:])"
AFTER_WEEKDAY = r"(?:(?<=\b(?:Mo|Di|Mi|Do|Fr|Sa|So)\., )|(?<=tag, )|(?<=woch, ))"     # "Di., 4.6.", "Freitag, 7.6."
ON_EN = lead_pattern(LEADS["en"])
ORDINAL = r"(?:st|nd|rd|th)"
# the days of a range in one month, with a dash or in words: "3.-5. Mai", "3. bis 5. Mai", "May 3 to 5"; or two
# days of it: "am 3. und 4. Mai" <-> "on May 3 and 4" (a model was given "3." alone and kept it, "am 3. and May 4")
THROUGH = {"de": r"(?:\s?[-–]\s?|(?P<to>\s+(?:bis|BIS)\s+(?:(?i:zum)\s+)?)|(?P<and>\s+(?:und|UND)\s+))",
           "en": r"(?:-|(?P<to>\s+(?:to|until|through|TO|UNTIL|THROUGH)\s+(?:the\s+)?)|(?P<and>\s+(?:and|AND)\s+))"}
# "May 3 and 4" ends there, or before a preposition: not "on May 3 and 4 people came"
AND_END = r"(?(and)(?!\s+(?!(?:in|at|on|and|or|from|until|to)\b)[^\W\d_]))"
NO_CLOCK = r"(?!\s*(?i:[ap]\.?m\b|o'clock))"      # "May 3 to 5 pm" is a date and a time
PATTERNS = {
    "de": [rf"{ON_DE}{weekday_before('de')}{DAY}\.(?:{THROUGH['de']}(?P<last>\d{{1,2}})\.)?\s*{month_pattern('de')}"
           rf"(?:\s+{YEAR})?",
           rf"{ON_DE}{weekday_before('de')}{DAY}\.(?:(?P<number>\d{{1,2}})\.{YEAR}|(?P<number2>\d\d)\.(?!\d))",
           rf"(?:{lead_pattern(LEADS['de'])}?{weekday_before('de')}(?(on)|(?(weekday)|(?!)))|{ARTICLE_DE}|"
           rf"{AFTER_WEEKDAY})(?<![\w.,:]){DAY}\.(?P<number2>\d)\."
           r"(?![\d.]|,\d)",
           # "am 5.3.": with its lead or article, or after a weekday ("am Di., 4.6.": as "4.6" it read as an English
           # decimal)
           rf"{lead_pattern(MONTH_LEADS['de'], 'within')}?(?<![\w.]){month_pattern('de')}\s+{YEAR}",
           rf"{lead_pattern(YEAR_LEADS['de'], 'since')}{YEAR}(?!\s+(?i:jahr|tag|woche|monat|stunde|minute|mal)\w*)"],
    "en": [rf"{ON_EN}?(?<![\w.,:]){weekday_before('en')}{month_pattern('en')}\s+{DAY}{ORDINAL}?"
           rf"(?:{THROUGH['en']}(?P<last>\d{{1,2}}){ORDINAL}?{NO_CLOCK})?(?![\d:]){AND_END}(?:,?\s+{YEAR})?",
           rf"(?:{ON_EN}(?:the\s+)?)?(?<![\w.,:]){weekday_before('en')}{DAY}{ORDINAL}?"
           rf"(?:{THROUGH['en']}(?P<last>\d{{1,2}}){ORDINAL}?)?\s+(?:of\s+)?{month_pattern('en')}(?:,?\s+{YEAR})?",
           rf"{lead_pattern(MONTH_LEADS['en'], 'within')}?(?<![\w.]){month_pattern('en')},?\s+{YEAR}",
           rf"{ON_EN}?(?<![\w.,:/])(?P<first>\d{{1,2}})/(?P<second>\d{{1,2}})/{YEAR}(?![/\w])",
           rf"{lead_pattern({'since': 'seit'}, 'since')}{YEAR}(?!\s+(?i:year|day|week|month|hour|minute|time)s?\b)",
           rf"{lead_pattern({'in': 'im Jahr'}, 'since')}{YEAR}{YEAR_END}"],
}
COMPILED = {lang: [re.compile(p) for p in patterns] for lang, patterns in PATTERNS.items()}
ORDINALS = {"de": re.compile(r"(?<![\w.,:])(\d{1,4})\.(?= +([^\W\d_]\w*))"),
            "en": re.compile(r"(?<![\w.,:])(\d{1,4})(?i:st|nd|rd|th)\b")}


def written(day: int | None, last: int | None, month: int, year: str | None, lead: str, lang: str,
            weekday: int | None = None, worded: bool = False, joint: bool = False) -> str:
    """A date as the language writes it, after `lead` (a preposition in that language, or "") and its weekday (1 to
    7, or None): "on May 1-3, 2025", "am 1.-3. Mai 2025", "May 2025", "on Monday, March 3", "am Montag, dem 3. März",
    "Montag, 3. März"; the days of a range `worded` as a range in words ("May 3 to 5", "3. bis 5. Mai"), two days
    `joint` with "and" ("May 3 and 4", "3. und 4. Mai")."""
    name = MONTHS[lang][month - 1]
    through = {"en": " and ", "de": " und "}[lang] if joint else {"en": " to ", "de": " bis "}[lang] if worded else "-"
    if lang == "en":
        days = f" {day}" + (f"{through}{last}" if last else "") if day else ""
        text = name + days + ((", " if day else " ") + year if year else "")
    else:
        days = f"{day}." + (f"{through}{last}." if last else "") + " " if day else ""
        text = days + name + (" " + year if year else "")
    if weekday:
        text = WEEKDAYS[lang][weekday - 1] + (", dem " if lang == "de" and lead else ", ") + text
    return (lead + ("" if lead.endswith("-") else " ") if lead else "") + text        # "mid-May 2024"


def slashed(first: int, second: int) -> tuple[int | None, int | None]:
    """(month, day) of an English numeric date "first/second/year" where one of them is past 12, so the other is the
    month (US "12/24", British "24/12"); (None, None) where both could be."""
    if first <= 12 < second:
        return first, second
    if second <= 12 < first:
        return second, first
    return None, None


def find_dates(text: str, source: str, target: str) -> list[Span]:
    """The dates of a text in `source`, each a span whose fill is the date in `target` (a Reading: day, last day,
    month, year); none for languages without rules."""
    if {source, target} != {"de", "en"}:
        return []
    names, spans = month_names(source), []
    for pattern in COMPILED[source]:
        for m in pattern.finditer(text):
            if overlaps(Span(m.start(), m.end(), ""), spans):
                continue
            found = m.groupdict()
            if found.get("since"):                                      # "seit 2019" -> "since 2019"
                lead = " ".join(found["since"].lower().split())
                lead = next(to for word, to in YEAR_LEADS[source].items() if word.lower() == lead)
                english = lead if target == "en" else found["since"].lower()
                spans.append(Span(m.start(), m.end(), Reading(f"{lead} {found['year']}",
                                                              ("date", None, None, None, found["year"], english))))
                continue
            if found.get("first"):                                      # "12/24/2025", "24/12/2025"
                month, day = slashed(int(found["first"]), int(found["second"]))
                if month is None:
                    continue
            else:
                number = found.get("number") or found.get("number2")     # "12.03.", "3.5.2025"; not "3.5."
                month = int(number) if number else names[found["month"].lower()]
                day = int(found["day"]) if found.get("day") else None
            last = int(found["last"]) if found.get("last") else None
            if not 1 <= month <= 12 or any(d is not None and not 1 <= d <= DAYS[month - 1] for d in (day, last)) \
                    or (last is not None and last <= day):
                continue
            lead = LEADS[source][" ".join(found["on"].lower().split())] if found.get("on") else \
                MONTH_LEADS[source][found["within"].lower()] if found.get("within") else ""
            weekday = next(k for k, w in enumerate(WEEKDAYS[source], start=1)      # "Fr." too
                           if w.lower().startswith(found["weekday"].rstrip(".").lower())) \
                if found.get("weekday") else None
            joint = found.get("and") is not None
            fill = written(day, last, month, found.get("year"), lead, target, weekday, found.get("to") is not None,
                           joint)
            key = ("date", day, last, month, found.get("year")) + ((weekday,) if weekday else ()) + \
                (("and",) if joint else ())
            end = m.end() - 1 if m.group().endswith(".") and ends_text(text, m.end()) else m.end()
            spans.append(Span(m.start(), end, Reading(fill, key)))    # "bis zum 4.6." -> "until June 4" + "."
    return sorted(spans)


def ordinal_suffix(n: int) -> str:
    return "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def find_ordinals(text: str, source: str, target: str) -> list[Span]:
    """German "3." before a word that continues the sentence ("3. Platz", "1. beim") and English "3rd", each a span
    whose fill is the ordinal in `target`."""
    if {source, target} != {"de", "en"}:
        return []
    spans = []
    for m in ORDINALS[source].finditer(text):
        if source == "de" and (m.group(2).lower() in OPENING_WORDS or m.group(2).lower() in month_names("de")):
            continue
        n = int(m.group(1))
        spans.append(Span(m.start(), m.end(), Reading(f"{n}{ordinal_suffix(n)}" if target == "en" else f"{n}.",
                                                      ("ordinal", n))))
    return spans
