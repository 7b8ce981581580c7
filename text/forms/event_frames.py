"""When an event happens, as a frame, German <-> English, beside the statement frames of
text/forms/statement_frames.py (the same slot, the same quotations step): "X beginnt|endet|öffnet|schließt|fährt ...
ab|kommt ... an <when>." <-> "X starts|ends|opens|closes|leaves|arrives <when>.", the noun phrase X the model's
alone, the verb in the number typed (a German separable verb's particle at the end: "Der Zug fährt um 8:15 Uhr
ab."), the time a clock time after "um" / "at" as text/forms/clock_forms.py writes it ("um 20 Uhr" <-> "at 8 pm"),
the day a date, a weekday or a few days in words as text/forms/opening_frames.py writes it ("am 28. Februar 2026"
<-> "on February 28, 2026"), or "heute" / "morgen" <-> "today" / "tomorrow"; German the day before the time, English
after it (a model given the whole sentence wrote "The concert starts at 8 pm." as "Das Konzert um 20 Uhr.", the verb
lost). Present tense only; a longer sentence stays the model's.
"""
from __future__ import annotations

import re

from text.forms.clock_forms import clock_form
from text.forms.opening_frames import WHEN, day_in

# the verb, (German, English), each in its number: into German each English verb's German is the first named, into
# English each German one's English; a German separable verb's particle after a space ("fährt ab")
EVENT_VERBS = [("beginnt", "starts"), ("beginnt", "begins"), ("beginnen", "start"), ("beginnen", "begin"),
               ("endet", "ends"), ("enden", "end"), ("öffnet", "opens"), ("öffnen", "open"),
               ("schließt", "closes"), ("schließen", "close"), ("fährt ab", "leaves"), ("fahren ab", "leave"),
               ("fährt ab", "departs"), ("fahren ab", "depart"), ("kommt an", "arrives"), ("kommen an", "arrive"),
               ("fliegt ab", "departs"), ("fliegen ab", "depart")]
# into German "leaves" / "departs" only of a vehicle the English slot names, its last word -> the German verb's stem
# in the singular and the plural ("The man leaves at 5 pm." is "Der Mann geht ...", "The flight departs" "Der Flug
# fliegt ... ab": no frame but these)
LEAVING = frozenset("leaves leave departs depart".split())
VEHICLES = {**dict.fromkeys("train trains bus buses tram trams ship ships ferry ferries boat boats".split(),
                            ("fährt", "fahren")),
            **dict.fromkeys("flight flights plane planes".split(), ("fliegt", "fliegen"))}
# a day in words, (German, English); text/finders/adverbs.py's tables hold them too
DAY_WORDS = [("heute Abend", "tonight"), ("heute", "today"), ("morgen", "tomorrow")]
# a time of day after its preposition, the number and its clock word in groups (German "um 20:00" without "Uhr" too)
PARTS_OF_DAY = "morgens|früh|vormittags|mittags|nachmittags|abends|nachts"
CLOCK = {"de": rf"um\s+(?P<number>\d{{1,2}}(?:[:.]\d\d)?)(?P<clock>\s+Uhr(?:\s+(?:{PARTS_OF_DAY}))?|(?<=:\d\d))",
         "en": r"at\s+(?P<number>\d{1,2}(?::\d\d)?)"
               r"(?P<clock>\s*(?:[ap]\.m\.(?=\s+\w)|[ap]\.?m|o'clock|o’clock)(?!\w))?"}
# a day after its preposition, opening_frames.py's (no "montags": "abends" is none), an English one up to a time
DAY = {"de": WHEN["de"].replace(r"|\w+s", ""), "en": WHEN["en"] + r"(?=\s+at\s+\d|\s*[.!]*\s*$)"}


def part_pattern(source: str) -> re.Pattern:
    """One part of the when: a clock time, a day after its preposition or a day in words."""
    side = 0 if source == "de" else 1
    words = "|".join(pair[side] for pair in DAY_WORDS)
    return re.compile(rf"(?P<time>{CLOCK[source]})|(?P<day>{DAY[source]})|(?P<said>{words})")


def event_pattern(source: str, slot: str, placed: str = "") -> re.Pattern:
    """The whole sentence: the slot, the verb, one or two parts of the when (German: a particle after them)
    (`placed`: a known place after the slot, frames.toward())."""
    side = 0 if source == "de" else 1
    verbs = "|".join(sorted({pair[side].split()[0] for pair in EVENT_VERBS}, key=len, reverse=True))
    part = re.sub(r"\(\?P<\w+>", "(?:", part_pattern(source).pattern)
    particle = r"(?:\s+(?P<particle>ab|an))?" if source == "de" else ""
    return re.compile(rf"\s*(?P<slot>{slot}){placed}\s+(?P<event>{verbs})\s+(?P<happens>(?:{part})(?:\s+(?:{part}))?)"
                      rf"{particle}\s*(?P<marks>[.!]*)\s*")


def happens_in(happens: str, source: str, target: str) -> str | None:
    """The when as the target writes it: German the day before the time ("heute um 20 Uhr"), English after it ("at 8
    pm today"); None where a part has no rule or two parts
    are of one kind."""
    part, parts, kinds, at = part_pattern(source), [], set(), 0
    for _ in range(2):
        m = part.match(happens, at) if at < len(happens) else None
        if m is None:
            break
        kind = next(k for k in ("time", "day", "said") if m.group(k))
        if ("day" if kind == "said" else kind) in kinds:          # "am Montag morgen": two days
            return None
        kinds.add("day" if kind == "said" else kind)
        if kind == "time":
            clock = clock_form(m.group("number"), m.group("clock") or "", source, target)
            said = clock and (("um " if target == "de" else "at ") + clock)
        elif kind == "day":
            said = day_in(" ".join(m.group("day").split()), source, target)
        else:
            side = 0 if source == "de" else 1
            said = next(pair[1 - side] for pair in DAY_WORDS if pair[side] == " ".join(m.group("said").split()))
        if not said:
            return None
        parts.append(((kind == "time") == (target == "de"), said))
        at = m.end() + len(happens[m.end():]) - len(happens[m.end():].lstrip())
    return " ".join(said for _, said in sorted(parts, key=lambda p: p[0])) if at == len(happens) and parts else None


def event_closing(m: re.Match, source: str) -> str | None:
    """The closing after the slot's translation: " beginnt um 20 Uhr", " fährt um 8:15 Uhr am 3. März ab", " leaves
    at 8:15 on March 3"; None where the when has no rule, the German verb and particle are none of the table or the
    English slot that leaves no vehicle of VEHICLES."""
    target = "en" if source == "de" else "de"
    side = 0 if source == "de" else 1
    typed = " ".join(filter(None, (m.group("event"), m.groupdict().get("particle"))))
    verb = next((pair[1 - side] for pair in EVENT_VERBS if pair[side] == typed), None)
    if target == "de" and typed in LEAVING:
        stems = VEHICLES.get(m.group("slot").split()[-1].lower())
        verb = stems and f"{stems[typed in ('leave', 'depart')]} ab"
    happens = happens_in(" ".join(m.group("happens").split()), source, target)
    if verb is None or happens is None:
        return None
    if target == "en":
        return f" {verb} {happens}"
    stem, _, particle = verb.partition(" ")
    return f" {stem} {happens}{' ' + particle if particle else ''}"
