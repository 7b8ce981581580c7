"""Month and weekday names outside a date come out in the target's words, each through a placeholder as a date does
(text/forms/dates.py), for any model: English -> German "in February" -> "im Februar", "on Monday" -> "am Montag",
"on Saturdays" -> "samstags" (on a sign without "on" too: "Open Sundays 10-4"; "weekends" -> "am
Wochenende", "weekdays" -> "werktags"), "until Fri." -> "until " +
"Freitag", "Mon-Fri" -> "Montag-Freitag", "on June 31" (no such date: its number stays as typed) -> "am Juni" + "
31"; German -> English "im Dezember" -> "in December", "am
Montag" -> "on Monday", "Anfang Mai" -> "early May", "sonntags" -> "on Sundays", "Mo.-Fr." -> "Monday-Friday";
a range in words with its words, "von Montag bis Freitag" <-> "from Monday to Friday", "Mo. bis Fr." -> "Monday to
Friday". Multi30K's captions hold hardly any of them (one "Mai", two "Sunday"), so a model, weak or strong, copies
the name it is given ("In February it snows." -> "In February.") or writes junk.

The preposition before a name comes with it where the target's is fixed: "in"/"im" before a month, "on"/"am" before
a weekday (and English "on" before a month and a number). A name that is a word or a first name too (English "May",
"March", "April", "June", "August"; German "August") is a month only capitalized, after a word that says so ("in",
"since", "early", ...; "im", "seit", "Anfang", ...), before a number ("June 31") or after another name and "and",
"or", "to" ("in May and June"); an abbreviation only with its full stop after such a word ("in Feb.", "on Wed.",
"am Mo."), in a range ("Mon-Fri", "Mo.–Fr."), or a weekday's before a number ("Sa. 9-14 Uhr"), a German one before a
time with its preposition or a word of opening hours too ("Er kommt Di um 8", "wir So geschlossen"): alone, "Sun",
"Sat", "Wed", "Jan" are words or names. Neither is
one before a capitalized word, as part of a name ("in March Madness", "bei Fr. Müller": Frau Müller). Training pairs
are left as they are.

    CalendarNames("en", "de").apply("In February it snows.")    # -> ("\ue000 it snows.", ("im Februar",))
"""
from __future__ import annotations

import re
from typing import NamedTuple

from text.finders.finder import PlaceholderStep
from text.forms.calendar import MONTHS, SHORT, WEEKDAYS, weekly
from text.forms.masking import Alone, Span
from text.forms.sentence_ends import ends_text

OTHER_NAMES = {"de": {"sonnabend": ("day", 6), "jänner": ("month", 1)}, "en": {}}
DAY_SHORT = {"de": {"mo": 1, "di": 2, "mi": 3, "do": 4, "fr": 5, "sa": 6, "so": 7},
             "en": {"mon": 1, "tue": 2, "tues": 2, "wed": 3, "thu": 4, "thur": 4, "thurs": 4, "fri": 5, "sat": 6,
                    "sun": 7}}
AMBIGUOUS = {"de": {"august"}, "en": {"may", "march", "april", "june", "august"}}
# words after which an ambiguous name or an abbreviation is a month or a weekday ("in May", "early March", "am Mo.")
CUES = {"de": set("im am seit bis ab vor nach vom zum anfang ende mitte letzten nächsten diesen jeden kommenden "
                  "diesem letztem nächstem".split()),
        "en": set("in on since until till by before after during from through throughout early late mid last next "
                  "this every each between around".split())}
DAY_CUES = {"on", "am"}          # before a month only with its day after it: "on June 31"; "rely on May" is a name
JOINS = re.compile(r"\s*(?:,|,?\s+(?:and|or|to|through|until|till|und|oder|bis))\s+")   # "in May and June"
RANGE = re.compile(r" ?[-–] ?")                                                       # "Mon-Fri", "Mo. – Fr."
# a range in words, with its "from" where it has one: "von Montag bis Freitag" <-> "from Monday to Friday" (a model
# wrote "from Monday for Friday", a weak one lost both words)
UNTIL = {"de": re.compile(r" bis "), "en": re.compile(r" (?:to|through|until|till) ")}
FROM = {"de": re.compile(r"(?<![^\W_])([Vv]o[nm]) +$"), "en": re.compile(r"(?<![^\W_])([Ff]rom) +$")}
RANGE_WORDS = {"de": ("von", "bis"), "en": ("from", "to")}
# after these "from ... to" is a change, not a range ("moved from Tuesday to Thursday": "von Dienstag auf Donnerstag")
CHANGED = re.compile(r"\b(?i:moved|changed|postponed|rescheduled|shifted|switched|pushed|delayed|brought forward)"
                     r"\s+$")
# the target's preposition for the source's, where it is fixed: (source word, kind) -> target word
PREPOSITIONS = {("en", "de"): {("in", "month"): "im", ("on", "day"): "am", ("on", "dated"): "am",
                               ("early", "month"): "Anfang", ("mid", "month"): "Mitte", ("late", "month"): "Ende"},
                ("de", "en"): {("im", "month"): "in", ("am", "day"): "on", ("anfang", "month"): "early",
                               ("mitte", "month"): "mid-", ("ende", "month"): "late"}}    # "Anfang Mai": "early May"
NAME = re.compile(r"(?<![^\W_])([^\W\d_]+)(\.(?![^\W_]))?(?![^\W_])")
PREVIOUS = re.compile(r"([^\W\d_]+)(?: +|(?<=[Mm]id)-)$")          # "mid-May" too
# English's "in" before "early", "mid" or "late" and its month, which German does without ("in mid-May" -> "Mitte Mai":
# the month was lost, "mitten in der Luft")
IN_BEFORE = re.compile(r"(?<![^\W_])[Ii]n +$")
MID = re.compile(r"(?<![^\W_])[Mm]id-$")
NUMBER_AFTER = re.compile(r" +\d")
# a time after a weekday's abbreviation that has no full stop ("Sa 10-14 Uhr", "Sat 10 am-2 pm": opening hours)
TIME_AFTER = re.compile(r" +\d{1,2}(?:[:.]\d\d)?(?: *[-–] *\d{1,2}(?:[:.]\d\d)?)? *(?:Uhr\b|[ap]\.?m\b)|"
                        r" +\d{1,2}(?::\d\d)? *[-–] *\d{1,2}(?::\d\d)?(?= *(?:[,;.]|$))")    # "Sun 10-4" too
# or, in German, after a word and before a time with its preposition or a word of opening hours ("Er kommt Di um 8",
# "Heute haben wir So geschlossen", "Sa 10-14 Uhr, So geschlossen": a model kept "Di" as a name and wrote "So" as
# "soda"); not where a sentence opens ("So geschlossen wie nie": the adverb)
OPENED = re.compile(r"(?:^|[.!?…]) *$")                  # where a sentence opens
HOURS_AFTER = {"de": re.compile(r" +(?:(?:um|ab|bis|von|gegen) +\d|(?:geschlossen|geöffnet|offen|Ruhetag)\b|"
                                r"zu *(?:[.!,;]|$))")}
# a time with its preposition opens a sign's line after any but "So" ("Mo um 8 geschlossen."; "So um 8" is "about 8")
LED_TIME_AFTER = {"de": re.compile(r" +(?:um|ab|bis|von|gegen) +\d")}
# but after a verb or a preposition that takes a person it is a name ("Ich treffe Mo um 8.", "mit Mo um 8": a model
# wrote "I am buying Monday at 8 o'clock.")
PERSON_BEFORE = {"de": re.compile(r"(?<![\w-])(?i:(?:treff|triff|traf|seh|sieh|sah|besuch|frag|ruf|hol|grüß|kenn|"
                                  r"küss|erwart|begleit|abhol|anruf)\w*|mit|für|bei|zu) +$")}
# English weekdays in the plural without "on", on a sign: after its word of opening hours or before its hours ("Open
# Sundays 10-4", "Closed Mondays": a model wrote "Geöffnet sustete 10-4"); "Saturdays are busy." is a noun's
DAYS_BEFORE = {"on", "open", "opens", "closed", "closes"}
HOURS_NEXT = re.compile(r":? +\d")
# a sign's weekdays or weekends as a whole, after "on" or its word of opening hours or before its hours, as the days
# in the plural ("Open weekends 10-4" -> "am Wochenende" + ...: a model wrote "Fall wirft 10-16 Uhr")
WEEK_PARTS = {("en", "de"): (re.compile(r"(?<![\w-])((?i:weekends|weekdays))(?![\w-])"),
                             {"weekends": "am Wochenende", "weekdays": "werktags"})}
# German's are no other word's, wherever they stand ("Werktags 9-18 Uhr geöffnet." -> "Werktags open ...", "Am
# Wochenende geschlossen." -> "A crowd of people are next to them.")
WEEK_PARTS_DE = (re.compile(r"(?<![\w-])((?i:werktags|am\s+wochenende))(?![\w-])"),
                 {"werktags": "on weekdays", "am wochenende": "on weekends"})
# a German sign's line of its days and "geschlossen" / "geöffnet" alone is one phrase in English's order ("Am
# Wochenende geschlossen." -> "Closed on weekends.": a model wrote "On weekends has his closed."), and its
# "Ruhetag", the day a shop rests ("Sonntag Ruhetag" -> "Closed Sunday": a model copied "Ruhetag")
SIGN_STATE = {("de", "en"): (re.compile(r" +(?P<state>geschlossen|geöffnet|Ruhetag)(?= *[.!]? *$)"),
                             {"geschlossen": "Closed", "geöffnet": "Open", "Ruhetag": "Closed"})}
TITLED = re.compile(r"\.? +[A-ZÄÖÜ][a-zäöüß]")
HYPHENED = (re.compile(r"[^\W\d_]-$"), re.compile(r"-[^\W\d_]"))      # "Sunday-best", "Ash-Wednesday": other words


def table(lang: str) -> dict[str, tuple[str, int, bool]]:
    """Lower-case name or abbreviation -> (kind: "month" or "day", its number from 1, whether it is an abbreviation)."""
    names = {n.lower(): ("month", k, False) for k, n in enumerate(MONTHS[lang], start=1)}
    names |= {n.lower(): ("day", k, False) for k, n in enumerate(WEEKDAYS[lang], start=1)}
    names |= {w: (kind, k, False) for w, (kind, k) in OTHER_NAMES[lang].items()}
    names |= {weekly(k, lang).lower(): ("days", k, False) for k in range(1, 8)}       # "samstags", "saturdays"
    short = {w: ("month", k, True) for w, k in SHORT[lang].items()} | \
        {w: ("day", k, True) for w, k in DAY_SHORT[lang].items()}
    return {w: v for w, v in short.items() if w not in names} | names


class Found(NamedTuple):
    start: int
    end: int           # after the abbreviation's full stop, where it has one
    word: str          # the name as typed, without the stop
    kind: str
    number: int
    short: bool

    def stopped(self, text: str) -> bool:
        """Whether this is an abbreviation with its full stop ("Mo.")."""
        return self.short and text.startswith(".", self.start + len(self.word))


class CalendarNames(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.source, self.target = source, target
        known = {source, target} <= set(MONTHS)
        self.table = table(source) if known and source != target else {}
        self.prepositions = PREPOSITIONS.get((source, target), {})

    def find(self, text: str) -> list[Span]:
        found = [f for m in NAME.finditer(text) if m.group(1).lower() in self.table and
                 (f := self.candidate(m)) is not None]           # a word the table lacks is none: not asked
        spans, k = [], 0
        while k < len(found):
            first = found[k]
            second = found[k + 1] if k + 1 < len(found) else None
            if second and second.kind == first.kind and RANGE.fullmatch(text, first.end, second.start) and \
                    not first.word.islower() and not second.word.islower():       # "Mon-Fri": a range, cue or none
                fill = self.name(first) + text[first.end:second.start] + self.name(second)
                spans.append(Span(first.start, second.end, fill))
                k += 2
                continue
            if second and second.kind == first.kind != "days" and self.a_range(text, first, second) and \
                    (self.accepted(text, first, spans) or first.stopped(text) and second.stopped(text) or
                     self.bare_days(text, first, second, spans)):
                spans.append(self.range_span(text, first, second))     # "von Montag bis Freitag", "Mo. bis Fr."
                k += 2
                continue
            if self.accepted(text, first, spans) or second and JOINS.fullmatch(text, first.end, second.start) and \
                    self.bare_days(text, first, second, spans):     # "Sa und So geschlossen": "Sa" opens the line
                spans.append(self.span(text, first))
            k += 1
        return self.signed(text, sorted(spans + self.week_parts(text, spans)))

    def signed(self, text: str, spans: list[Span]) -> list[Span]:
        """A sign's line of one span of days that opens it and its state after it (SIGN_STATE) as one span."""
        pattern, states = SIGN_STATE.get((self.source, self.target), (None, {}))
        state = pattern.match(text, spans[-1].end) if pattern and len(spans) == 1 else None
        if state is None or OPENED.fullmatch(text, 0, spans[0].start) is None:
            return spans
        return [Span(spans[0].start, state.end(), Alone(said_first(states[state["state"]], spans[0].fill)))]

    def week_parts(self, text: str, spans: list[Span]) -> list[Span]:
        """A sign's "weekends" / "weekdays" (WEEK_PARTS), accepted as days in the plural are, "on" with them; German
        "werktags", "am Wochenende" wherever they stand."""
        found = []
        if (self.source, self.target) == ("de", "en"):
            pattern, words = WEEK_PARTS_DE
            for m in pattern.finditer(text):
                if not any(s.start < m.end() and m.start() < s.end for s in spans):
                    fill = words[" ".join(m.group(1).lower().split())]
                    fill = fill.upper() if m.group(1).isupper() else fill.capitalize() if m.start() == 0 else fill
                    found.append(Span(m.start(), m.end(), Alone(fill)))
        pattern, words = WEEK_PARTS.get((self.source, self.target), (None, {}))
        for m in pattern.finditer(text) if pattern else ():
            previous = PREVIOUS.search(text, 0, m.start())
            cue = previous.group(1).lower() if previous else ""
            if any(s.start < m.end() and m.start() < s.end for s in spans) or \
                    not (cue in DAYS_BEFORE or HOURS_NEXT.match(text, m.end())):
                continue
            fill = words[m.group(1).lower()]
            found.append(Span(previous.start(1) if cue == "on" else m.start(),
                              m.end(), Alone(fill.upper() if m.group(1).isupper() else fill)))
        return found

    def candidate(self, m: re.Match) -> Found | None:
        word, stop = m.group(1), m.group(2)
        entry = self.table.get(word.lower())
        if entry is None or not (word.istitle() or word.isupper() or word.islower()):
            return None
        kind, number, short = entry
        if short and stop and ends_text(m.string, m.end()):     # "until Fri.": the stop ends the sentence too
            return Found(m.start(), m.start(1) + len(word), word, kind, number, short)
        return Found(m.start(), m.end() if short and stop else m.end(1), word, kind, number, short)

    def accepted(self, text: str, found: Found, spans: list[Span]) -> bool:
        """A full name is one wherever it stands; an ambiguous name or an abbreviation (capitalized, the abbreviation
        with its full stop) only where what stands before or after it says so."""
        ambiguous = found.word.lower() in AMBIGUOUS[self.source]
        if (HYPHENED[0].search(text, 0, found.start) and not MID.search(text, 0, found.start)) or \
                HYPHENED[1].match(text, found.end):
            return False
        if found.kind == "days" and self.source == "en":       # "on Saturdays" is "samstags"; "Saturdays are ..." no
            previous = PREVIOUS.search(text, 0, found.start)
            return (previous is not None and previous.group(1).lower() in DAYS_BEFORE) or \
                bool(spans and JOINS.fullmatch(text, spans[-1].end, found.start)) or \
                HOURS_NEXT.match(text, found.end) is not None       # "on Mondays and Fridays", "Sundays 10-4"
        if not (found.short or ambiguous):
            return True
        stop = text.startswith(".", found.start + len(found.word))
        if found.short and found.kind == "day" and not stop and not found.word.islower():
            if TIME_AFTER.match(text, found.end):                            # "Sa 10-14 Uhr"
                return True
            hours, led, person = (table.get(self.source) for table in (HOURS_AFTER, LED_TIME_AFTER, PERSON_BEFORE))
            if hours is None or not hours.match(text, found.end) or person.search(text, 0, found.start):
                return False                                                  # "Ich treffe Mo um 8": a name
            state = SIGN_STATE.get((self.source, self.target), (None,))[0]      # "Mo geschlossen.": the whole line
            return OPENED.search(text, 0, found.start) is None or \
                found.word.lower() != "so" and led.match(text, found.end) is not None or \
                state is not None and OPENED.fullmatch(text, 0, found.start) is not None and \
                state.match(text, found.end) is not None                     # "wir So zu", "Mo um 8", "So geöffnet."
        if found.word.islower() or (found.short and not stop):
            return False
        if TITLED.match(text, found.end):       # part of a name: "March Madness", "June Carter", "bei Fr. Müller"
            return False
        previous = PREVIOUS.search(text, 0, found.start)
        cue = previous.group(1).lower() if previous else ""
        if cue in CUES[self.source] and not (found.kind == "month" and cue in DAY_CUES):
            return True
        if spans and JOINS.fullmatch(text, spans[-1].end, found.start):
            return True
        day = found.short and found.kind == "day"          # "Sa. 9-14 Uhr": a weekday's abbreviation before a time
        return (ambiguous or day) and NUMBER_AFTER.match(text, found.end) is not None

    def bare_days(self, text: str, first: Found, second: Found, spans: list[Span]) -> bool:
        """Whether two weekdays' abbreviations without their stops are joined and the second is a weekday, so the
        first is one too where it opens the sentence ("Sa und So geschlossen.", "Mo bis Fr geöffnet.": the model
        wrote "Sa and Sunday has each other.", losing "geschlossen")."""
        return first.short and second.short and first.kind == second.kind == "day" and \
            not first.word.islower() and not second.word.islower() and self.accepted(text, second, spans)

    def span(self, text: str, found: Found) -> Span:
        """The name's span, with the preposition before it where the target's is fixed; a word of its own (Alone):
        letters a model glues to it go ("montags geschlossen" -> "\ue000ed", "on Mondaysed")."""
        previous = PREVIOUS.search(text, 0, found.start)
        if found.kind == "days":                         # "on Saturdays" <-> "samstags", one word in German
            on = self.source == "en" and previous is not None and previous.group(1).lower() == "on"
            start = previous.start(1) if on else found.start
            return Span(start, found.end, Alone(self.name(found) if self.target == "de" else f"on {self.name(found)}"))
        kind = "dated" if found.kind == "month" and NUMBER_AFTER.match(text, found.end) else found.kind
        word = previous.group(1) if previous else ""
        target = self.prepositions.get((word.lower(), kind)) or self.prepositions.get((word.lower(), found.kind))
        if target is None:
            return Span(found.start, found.end, Alone(self.name(found)))
        target = target.upper() if word.isupper() and found.word.isupper() else target
        space = "" if target.endswith("-") else " "                                     # "mid-June"
        lead = IN_BEFORE.search(text, 0, previous.start(1)) if target in ("Anfang", "Mitte", "Ende") else None
        return Span(lead.start() if lead else previous.start(1), found.end, Alone(f"{target}{space}{self.name(found)}"))

    def a_range(self, text: str, first: Found, second: Found) -> bool:
        """Whether two names make a range in words ("Montag bis Freitag", "from May to June"), not a change ("moved
        from Tuesday to Thursday")."""
        if UNTIL[self.source].fullmatch(text, first.end, second.start) is None or second.word.islower():
            return False
        lead = FROM[self.source].search(text, 0, first.start)
        return lead is None or CHANGED.search(text, 0, lead.start()) is None

    def range_span(self, text: str, first: Found, second: Found) -> Span:
        """A range in words in the target's words, with its "from" where the source has one."""
        lead = FROM[self.source].search(text, 0, first.start)
        since, until = RANGE_WORDS[self.target]
        since = (since.capitalize() if lead.group(1)[0].isupper() else since) + " " if lead else ""
        return Span(lead.start(1) if lead else first.start, second.end,
                    Alone(f"{since}{self.name(first)} {until} {self.name(second)}"))

    def name(self, found: Found) -> str:
        names = MONTHS if found.kind == "month" else WEEKDAYS
        name = names[self.target][found.number - 1]
        if found.kind == "days":                                   # every Saturday: "samstags", "Saturdays"
            name = weekly(found.number, self.target)
        return name.upper() if found.word.isupper() and len(found.word) > 1 else name


def said_first(said: str, days: str) -> str:
    """A sign's state before its days, as English writes them: "Closed Monday", "Closed on weekends", "CLOSED ON
    WEEKENDS"."""
    if days.isupper():                                                        # "AM WOCHENENDE": "CLOSED ON ..."
        said = said.upper()
    elif re.match(r"(?:On|In|From|Early|Mid|Late)\b", days):                  # "On weekends" inside: "on"
        days = days[0].lower() + days[1:]
    return f"{said} {days}"
