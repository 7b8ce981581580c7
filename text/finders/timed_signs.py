"""A German sign's line of its days, a time and its state, one placeholder in English's order ("Mo um 8 geschlossen."
-> "Closed Monday at 8 o'clock": a model wrote "Monday has at 8 o'clock closed."; "Heute ab 14 Uhr geschlossen." ->
"Closed today from 2 pm"): CalendarNames finds the days, a numbers finder the time, SIGN_STATE says the state. So
a sentence's state after its verb, with its days and a time before it ("Der Laden ist heute geschlossen." -> "Der
Laden ist" + "closed today").

    TimedSigns(CalendarNames(), Numbers()).find("Mo um 8 geschlossen.")    # -> "Closed Monday at 8 o'clock", one span
"""
from __future__ import annotations

import re

from text.finders.calendar_names import OPENED, RANGE, SIGN_STATE, CalendarNames, said_first
from text.finders.finder import PlaceholderStep
from text.forms.masking import Alone, Span

# "today" / "tomorrow" for its days before a time ("Heute ab 14 Uhr geschlossen." -> "Closed today from 2 pm": a
# model wrote "Today has from 2 pm closed.")
SIGN_WHEN = {("de", "en"): (re.compile(r" *((?i:heute|morgen))(?![\w-])"), {"heute": "today", "morgen": "tomorrow"})}
# a sentence of what is in that state, its days, a time and the state after its verb: the state, days and time as one
# span in English's order ("Der Laden ist heute geschlossen." -> "Der Laden ist" + "closed today": a model wrote "The
# store is today closed."; "Das Geschäft ist ab Montag geöffnet." -> "open from Monday", not "opening off the Monday")
STATED = {("de", "en"): (re.compile(r"(?<![\w-])(?:ist|sind|bleibt|bleiben) +(?:(?P<lead>ab|bis|seit) +)?"),
                         {"ab": "from", "bis": "until", "seit": "since"})}


class TimedSigns(PlaceholderStep):
    """A German sign's line of its days, a time and its state, one placeholder in English's order (timed_sign):
    before the numbers finder, whose time would win the overlap. Training pairs are left as they are."""

    def __init__(self, days: CalendarNames, times: PlaceholderStep):
        self.days, self.times = days, times

    def find(self, text: str) -> list[Span]:
        sign = self.timed_sign(text) or self.stated(text)
        return [sign] if sign else []

    def stated(self, text: str) -> Span | None:
        """A sentence's state after its verb with the days before it, and a time, as one span in English's order
        (STATED: "ist ab Montag geöffnet" -> "ist" + "open from Monday"); None where the sentence has none."""
        pair = (self.days.source, self.days.target)
        verb, leads = STATED.get(pair, (None, {}))
        pattern, states = SIGN_STATE.get(pair, (None, {}))
        when, words = SIGN_WHEN.get(pair, (None, {}))
        for m in verb.finditer(text) if verb and pattern else ():
            today = when.match(text, m.end()) if when else None
            days = [Span(today.start(1), today.end(1), words[today.group(1).lower()])] if today else \
                [s for s in self.days.find(text) if s.start == m.end()]
            if not days:
                continue
            said, end = self.timed(text, days[0].end)
            state = pattern.match(text, end)
            if state:
                lead = f"{leads[m['lead']]} " if m["lead"] else ""
                return Span(m.start("lead") if m["lead"] else days[0].start, state.end(),
                            Alone(f"{states[state['state']].lower()} {lead}{days[0].fill}{' ' * bool(said)}{said}"))
        return None

    def timed(self, text: str, at: int) -> tuple[str, int]:
        """The time right after `at` (`self.times`, a range of hours as one), as said, and where it ends; ("", at)
        where none is."""
        after = [s for s in self.times.find(text) if s.start >= at]
        if not after or text[at:after[0].start].strip():
            return "", at
        said, end = after[0].fill, after[0].end
        for time in after[1:]:                               # "Sa 10-14 Uhr": a range, each hour a span of its own
            if not RANGE.fullmatch(text, end, time.start):
                break
            said, end = said + text[end:time.start] + time.fill, time.end
        return said, end

    def timed_sign(self, text: str) -> Span | None:
        """A German sign's line of one span of days, a time after it (`self.times`, a numbers finder, finds it) and
        its state (SIGN_STATE) as one span in English's order; None where the line is no such sign."""
        pair = (self.days.source, self.days.target)
        pattern, states = SIGN_STATE.get(pair, (None, {}))
        days = self.days.find(text) if pattern else []
        when, words = SIGN_WHEN.get(pair, (None, {}))
        if not days and when and (m := when.match(text)):                      # "Heute ab 14 Uhr geschlossen."
            days = [Span(m.start(1), m.end(1), words[m.group(1).lower()].upper() if m.group(1).isupper() else
                         words[m.group(1).lower()])]
        if len(days) != 1 or OPENED.fullmatch(text, 0, days[0].start) is None:
            return None
        said, end = self.timed(text, days[0].end)
        if not said:
            return None
        state = pattern.match(text, end)
        return Span(days[0].start, state.end(), Alone(f"{said_first(states[state['state']], days[0].fill)} {said}")) \
            if state else None
