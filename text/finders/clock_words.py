"""A time of day in words that the two languages count differently travels as a placeholder, in the target's words:
German "halb acht" is half an hour *before* eight, "half past seven", which a model that has never seen a clock
translates word for word ("Der Film beginnt um halb acht." -> "The film starts to half."; British "half eight" means
8:30, so even a word-for-word guess is wrong by an hour).

    ClockWords("de", "en").find("Um halb acht beginnt der Film.")    -> [Span(0, 12, "at half past seven")]
    ClockWords("de", "en").find("Viertel vor 8")                     -> [Span(0, 13, "quarter to 8")]
    ClockWords("en", "de").find("at a quarter past nine")            -> [Span(0, 22, "um Viertel nach neun")]
    ClockWords("de", "en").find("Um Mitternacht")                   -> [Span(0, 14, "at midnight")]
    ClockWords("en", "de").find("at noon")                          -> [Span(0, 7, "mittags")]

German "halb", "Viertel nach", "Viertel vor" and "dreiviertel" (a quarter to), English "half past", "(a) quarter
past" and "(a) quarter to", before an hour from one to twelve. The hour a half names is one more in German than in
English, so "halb" and "half past" write the hour as a word even where the source has a digit: "halb 8" ->
"half past seven", as "half past 7" would hold a number the source has not (a model wrote "We are gathering using
half 8"); "Viertel nach 8" keeps its digit. Left to the model: the regional "Viertel acht" (7:15 in the east, and
nothing elsewhere) and British "half eight", both read two ways, and "halb" before anything but an hour ("halb
voll", "halb zwei Kinder": a capitalized word after the hour). A time takes its preposition along as one in digits
does (text/forms/dates.py: "um halb acht" -> "at half past seven"; a model wrote "We are gathering using half past
seven"). German minutes before or after an hour, "5 vor 12", "10 nach 8", are words too ("five to twelve", "at ten
past eight", "Es ist 5 vor 12 Uhr." -> "five to twelve"; before or after a half hour, "5 nach halb 8" -> "twenty-five
to eight"), and so are "kurz vor" and "kurz nach" an hour ("just before eight", "just after 8"), but only after "es
ist", "ist es", "um" or "gegen" and before no noun: elsewhere "5 vor 12" may be anything. A sentence that opens with
"Es ist" before such a time takes it along as "It is" ("Es ist halb acht." -> "It is half past seven": a model wrote
"There is ..."), and one that opens with "It is" as "Es ist" ("It is half past seven." -> "Es ist halb acht").
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.dates import clock_lead
from text.forms.masking import Span
from text.forms.number_forms import number_words

# each language's fractions: (pattern, minutes past the hour it names, hours the other language's hour is ahead)
FRACTIONS = {"de": [(r"halb", 30, -1), (r"viertel\s+nach", 15, 0), (r"viertel\s+vor", 45, 0),
                    (r"dreiviertel", 45, 0)],
             "en": [(r"half\s+past", 30, 1), (r"(?:a\s+)?quarter\s+past", 15, 0), (r"(?:a\s+)?quarter\s+to", 45, 0)]}
WRITTEN = {"de": {30: "halb", 15: "Viertel nach", 45: "Viertel vor"},
           "en": {30: "half past", 15: "quarter past", 45: "quarter to"}}
# German minutes before or after an hour ("Es ist 5 vor 12." -> "five to twelve": a model wrote "5 is in front of 12."),
# only where a time is sure: after "es ist", "ist es", "um" or "gegen", and before no noun or another number; "Uhr"
# after the hour goes with it ("Es ist 5 vor 12 Uhr.": the number finder made it "5" and "noon", and a model wrote "5
# is in front of noon."; "um 5 vor 12 Uhr" was "at 5 o'clock" + "vor" + "noon")
MINUTES_DE = r"5|10|20|25|fünf|zehn|zwanzig|fünfundzwanzig"
MINUTES_WAY = {"vor": "to", "nach": "past"}
# "kurz vor" / "kurz nach" an hour, where a time is sure as for the minutes ("Es ist kurz nach 8." -> "just after 8": a
# model wrote "There is about 8.")
SHORTLY_WAY = {"vor": "just before", "nach": "just after"}
# a time of day by its name ("Um Mitternacht schlafen alle." -> "There are all of eights asleep." from a 30-minute
# model); not "Mittag" (lunch too) nor "noon" ("at noon" is no German "um")
NAMED = {"de": {"mitternacht": "midnight"}, "en": {"midnight": "Mitternacht"}}
# English "at noon" is German "mittags", its preposition and all ("We meet at noon." -> "Wir treffen sich an einem
# See." from a 30-minute model); "noon" after another word is the model's
AT_NOON = {"en": (re.compile(r"(?<![\w-])(?i:at\s+noon)(?![\w-])"), "mittags")}


# a sentence that opens with "Es ist" before the time says what time it is: "It is" (a model wrote "There is half past
# seven."), and one that opens with "It is" (or "it's", written out before) "Es ist" (two models wrote "Ich ist 10
# Uhr.": Multi30K's captions hardly say "it"), as "It was", "Is it", "Was it" do ("Is it 5 o'clock?" was "Ist 5 Uhr?"),
# and German "Es war" ("Es war 8 Uhr." came back as "There are 8 o'clock.")
SAID = {"de": (re.compile(r"\s*((?i:es)\s+(?i:ist|war))\s+"), {"es ist": "It is", "es war": "It was"}),
        "en": (re.compile(r"\s*((?i:it\s+(?:is|was)|(?:is|was)\s+it))\s+"),
               {"it is": "Es ist", "it was": "Es war", "is it": "Ist es", "was it": "War es"})}
GERMAN_MINUTES = {"zwanzig": 20, "fünfundzwanzig": 25}        # past twelve: no word of number_words
ENGLISH_MINUTES = {20: "twenty", 25: "twenty-five"}


def said_as(said: str, lang: str) -> str:
    """The other language's opening of a sentence that says what time it is ("It is" -> "Es ist"), in the case of the
    source's first letter."""
    opening = SAID[lang][1][" ".join(said.lower().split())]
    return opening if said[0].isupper() else opening.lower()


class ClockWords(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.source, self.target = source, target
        fractions = FRACTIONS[source] if {source, target} == {"de", "en"} else []
        self.hours = number_words(source)
        self.words = {value: word for word, value in number_words(target).items()}
        hours = "|".join(sorted(self.hours, key=len, reverse=True))
        noun = r"(?:\s+Uhr\b)?(?!\s+[A-ZÄÖÜ])" if source == "de" else ""    # "halb zwei Kinder": no time; "Viertel
                                                                        # nach 5 Uhr" with its "Uhr" ("5 o'clock")
        self.patterns = [(re.compile(rf"(?<![\w-])(?i:{fraction})\s+(?P<hour>(?i:{hours})|1[0-2]|[1-9])"
                                     rf"(?!\w)(?![:.,]\d){noun}"), minutes, ahead)
                         for fraction, minutes, ahead in fractions]
        self.minutes = re.compile(rf"(?:(?<=\b(?:[Ee]s ist|[Ii]st es) )|(?<=\b[Uu]m )|(?<=\b[Gg]egen ))"
                                  rf"(?P<minutes>(?i:{MINUTES_DE}))\s+(?P<way>vor|nach)\s+(?P<half>(?i:halb)\s+)?"
                                  rf"(?P<hour>(?i:{hours})|1[0-2]|[1-9])(?!\w)(?![:.,]?\d)(?:\s+(?P<clock>Uhr)\b)?"
                                  rf"(?!\s+(?:Uhr\b|[A-ZÄÖÜ]))") \
            if fractions and source == "de" else None
        self.shortly = re.compile(rf"(?:(?<=\b(?:[Ee]s ist|[Ii]st es) )|(?<=\b[Uu]m )|(?<=\b[Gg]egen )|(?<=\b[Bb]is )|"
                                  rf"(?<=\b[Aa]b ))"                                   # "bis kurz vor 10" too
                                  rf"(?i:kurz)\s+(?P<way>vor|nach)\s+(?P<hour>(?i:{hours})|1[0-2]|[1-9])(?!\w)"
                                  rf"(?![:.,]?\d)(?:\s+Uhr\b)?(?!\s+(?:Uhr\b|[A-ZÄÖÜ]))") \
            if fractions and source == "de" else None
        named = NAMED[source] if fractions else {}
        self.named = re.compile(rf"(?<![\w-])(?i:{'|'.join(named)})(?![\w-])") if named else None
        self.names = named
        self.at_noon = AT_NOON.get(source) if fractions else None

    def find(self, text: str) -> list[Span]:
        spans = []
        for pattern, minutes, ahead in self.patterns:
            for m in pattern.finditer(text):
                hour = m.group("hour")
                value = int(hour) if hour.isdigit() else self.hours[hour.lower()]
                shown = (value + ahead - 1) % 12 + 1
                said = hour if hour.isdigit() and not ahead else self.words[shown]     # "halb 8": "half past seven"
                spans.append(self.led(text, m, f"{WRITTEN[self.target][minutes]} {said}", spans))
        for m in self.minutes.finditer(text) if self.minutes else ():       # "5 vor 12" -> "five to twelve"
            minutes, hour = (int(n) if n.isdigit() else self.hours.get(n.lower()) or GERMAN_MINUTES[n.lower()]
                             for n in m.group("minutes", "hour"))
            way = m.group("way")
            if m.group("half"):     # "5 nach halb 8" is 7:35, "twenty-five to eight" (was "5 after half past seven")
                past = 30 + (minutes if way == "nach" else -minutes)
                way, minutes, hour = ("vor", 60 - past, hour) if past > 30 else ("nach", past, (hour - 2) % 12 + 1)
                spans = [span for span in spans if span.end <= m.start() or span.start >= m.end()]    # "halb 8"'s
            said = f"{self.words.get(minutes) or ENGLISH_MINUTES[minutes]} {MINUTES_WAY[way]} "
            spans.append(self.led(text, m, said + self.words[hour], spans))
        for m in self.shortly.finditer(text) if self.shortly else ():       # "kurz nach 8" -> "just after 8"
            hour = m.group("hour")
            said = hour if hour.isdigit() else self.words[self.hours[hour.lower()]]      # "kurz vor acht": "eight"
            spans.append(self.led(text, m, f"{SHORTLY_WAY[m.group('way')]} {said}", spans))
        for m in self.named.finditer(text) if self.named else ():
            spans.append(self.led(text, m, self.names[m.group().lower()], spans))
        for m in self.at_noon[0].finditer(text) if self.at_noon else ():       # "at noon" -> "mittags"
            spans.append(Span(m.start(), m.end(), self.at_noon[1]))
        return sorted(spans)

    def led(self, text: str, m: re.Match, written: str, spans: list[Span]) -> Span:
        """The span of the time `m` found, as `written`, with its preposition (clock_lead) where one stands before it
        that no span found so far holds ("Um Viertel nach 8 oder um halb acht": the other pattern's span is later)."""
        free = max((span.end for span in spans if span.end <= m.start()), default=0)
        lead = clock_lead(text, m.start(), self.source, free)
        said = SAID.get(self.source)
        it_is = said[0].fullmatch(text, free, m.start()) if said and not lead else None
        if it_is:                                   # "Es ist halb acht." -> "It is half past seven"
            return Span(it_is.start(1), m.end(), f"{said_as(it_is.group(1), self.source)} {written}")
        return Span(lead[0], m.end(), f"{lead[1]} {written}") if lead else Span(m.start(), m.end(), written)
