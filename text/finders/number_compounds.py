"""A number joined by a hyphen to a word that says what it counts ("3-jähriger", "2-Zimmer", "5-Sterne",
"10-minütigen", "3-Tage") leaves a German source as one placeholder whose fill says it in English, for any model:

    NumberCompounds(Numbers()).apply("Ein 3-jähriger Junge vor einem 5-Sterne-Hotel.")
        -> ("Ein \ue000 Junge vor einem \ue001 Hotel.", ("3-year-old", "5-star"))

The rest of a longer compound ("Hotel", "Ticket") goes to the model as a word of its own, its hyphen gone (a model read
"\ue000-Ticket" as "tickbox" and "\ue000-Golfplatz" as "coffee court"); every other word joined to a number ("2-mal") is
left to the model (text/finders/digit_runs.py); a glossary term ("Zimmer") wins over the table. English -> German, such
an adjective before its noun becomes German's, with the ending the noun's gender and the phrase's case ask for
(text/forms/adjective_endings.py): "A 3-year-old boy plays" -> "Ein 3-jähriger" + " boy plays", "in a 5-story house" ->
"in einem 5-stöckigen" + " house" (a model wrote "Ein 3 arm gekleideter Junge"); a noun of unknown gender gets the
ending of a feminine one. Before any other noun, a count German makes a compound of is its first part, joined to the
noun the model writes ("a 5-star hotel" -> "ein 5-Sterne" + "-Hotel", "a 10-minute walk" -> "10-Minuten" +
"-Spaziergang"; a model wrote "Ein 5- Hotel"). Training pairs are not changed (Multi30K holds ten such words).
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.finders.numbers import Numbers
from text.forms.adjective_endings import ending
from text.forms.masking import Hyphened, Parted, Span

# a span of time as a compound's first part, both ways: "3-Tage-Ticket" <-> "3-day ticket", "10-Minuten-Takt"
TIME_NOUNS = {"Sekunden": "second", "Minuten": "minute", "Stunden": "hour", "Tage": "day", "Tages": "day",
              "Wochen": "week", "Monats": "month", "Jahres": "year"}
# the German word (any of its endings) -> what English writes after the number and a hyphen
HEADS = {**TIME_NOUNS,
    "jährig": "year-old", "Jährige": "year-olds", "Jährigen": "year-olds", "Jähriger": "year-old",
    "monatig": "month-old", "wöchig": "week", "tägig": "day", "stündig": "hour", "minütig": "minute",
    "sekündig": "second", "Zimmer": "room", "Sterne": "star", "Stern": "star", "Personen": "person",
    "köpfig": "person", "Mann": "man", "Gang": "speed", "Sitzer": "seater", "teilig": "piece", "Punkte": "point",
    "Meter": "meter", "km": "km", "Kilometer": "kilometer", "Liter": "liter", "Tonnen": "ton", "Spur": "lane",
    "stöckig": "story", "geschossig": "story", "fach": "fold", "seitig": "page", "Loch": "hole",
}
ENDINGS = "(?:e|er|es|en|em)?"        # an adjective's endings ("jährig" -> "jährigen"), for the lowercase heads
HEAD = re.compile("-(?:" + "|".join(f"({re.escape(h)}){ENDINGS if h.islower() and h != 'km' else ''}"
                                    for h in sorted(HEADS, key=len, reverse=True)) + r")(?![^\W\d_])")

REST = re.compile(r"-(?=[^\W\d_])")        # the hyphen before the rest of a compound


# English -> German: the English adjective (without its number) -> the German one's stem
GERMAN_STEMS = {"year-old": "jährig", "month-old": "monatig", "week-old": "wöchig", "day-old": "tägig",
                "day": "tägig", "hour": "stündig", "minute": "minütig", "week": "wöchig", "story": "stöckig",
                "storey": "stöckig", "piece": "teilig"}
GERMAN_HEAD = re.compile(r"-(%s)(?![\w-]) +([a-z]+)\b" % "|".join(sorted(GERMAN_STEMS, key=len, reverse=True)))
# English -> German, before a noun whose gender is unknown or that has no adjective: the noun German makes a compound's
# first part of ("a 5-star hotel" -> "ein 5-Sterne-Hotel": a model wrote "Ein 5- Hotel"), the table's nouns reversed
GERMAN_NOUNS = {"bedroom": "Zimmer"}
for german, english in HEADS.items():
    if (german[:1].isupper() or german == "km") and not english.startswith("year-old"):
        GERMAN_NOUNS.setdefault(english, german)
NOUN_HEAD = re.compile(r"-(%s)(?![\w-]) +[a-z]" % "|".join(sorted(GERMAN_NOUNS, key=len, reverse=True)))
# the genders of nouns a caption's lexicon may not tell ("Junge" is an adjective too)
NOUN_GENDERS = {"boy": "m", "son": "m", "brother": "m", "man": "m", "dog": "m", "girl": "n", "child": "n",
                "kid": "n", "baby": "n", "horse": "n", "daughter": "f", "sister": "f", "woman": "f", "cat": "f"}
PLURALS = (("ies", "y"), ("es", ""), ("s", ""))     # English plural endings and what the singular ends in instead


def gender_of(noun: str, lexicon) -> str | None:
    """The German gender ("m", "f", "n") of an English noun, "" for one of unknown gender, "pl" for a plural, None
    for a word that is no noun the lexicon's noun dictionary (text/forms/dictionary.py) or NOUN_GENDERS knows."""
    def known(word: str) -> bool:
        return word in NOUN_GENDERS or (lexicon is not None and word in lexicon.nouns)
    if any(noun.endswith(end) and known(noun[:-len(end)] + stem) for end, stem in PLURALS):
        return "pl"
    if not known(noun):
        return None
    german = lexicon.nouns.get(noun) if lexicon is not None else None
    return NOUN_GENDERS.get(noun) or (lexicon.genders.get(german.lower()) if german else None) or ""


def english_head(m: re.Match) -> str:
    """The English of the head HEAD matched ("jährigen" -> "year-old")."""
    return HEADS[next(g for g in m.groups() if g)]


class NumberCompounds(PlaceholderStep):
    def __init__(self, numbers: Numbers, lexicon=None):
        self.numbers, self.lexicon = numbers, lexicon
        self.way = (numbers.source, numbers.target)

    def find(self, text: str) -> list[Span]:
        if self.way not in (("de", "en"), ("en", "de")):
            return []
        spans = []
        for number in self.numbers.find(text):
            if any(c in number.fill for c in " €$£¥"):       # not a price, nor a time of day
                continue
            if self.way == ("de", "en"):
                head = HEAD.match(text, number.end)
                rest = REST.match(text, head.end()) if head else None       # "3-Tage-Ticket": "Ticket" apart
                if head:
                    fill = f"{number.fill}-{english_head(head)}"
                    spans.append(Span(number.start, rest.end(), Parted(fill)) if rest else
                                 Span(number.start, head.end(), fill))
                continue
            head = GERMAN_HEAD.match(text, number.end)
            gender = gender_of(head.group(2), self.lexicon) if head else None
            noun = NOUN_HEAD.match(text, number.end)
            if gender is not None:                       # "a 3-year-old boy" -> "ein 3-jähriger" + " boy"
                end = ending(text[:number.start], None if gender == "pl" else gender or "f")
                spans.append(Span(number.start, head.end(1), f"{number.fill}-{GERMAN_STEMS[head.group(1)]}{end}"))
            elif noun:                                   # "a 5-star hotel" -> "ein 5-Sterne" + "-Hotel"
                first = Hyphened(f"{number.fill}-{GERMAN_NOUNS[noun.group(1)]}")
                spans.append(Span(number.start, noun.end(1), first))
        return spans
