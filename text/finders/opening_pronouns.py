"""A pronoun that opens a sentence as its subject: "It" before a word and "That" before a verb of a short list, German
"Es" and "Das" alike, are their counterparts ("It costs 5 euros." -> "Es" + " costs 5 euros."). Multi30K's captions
almost never open so (10 English lines open with "It ", 39 German with "Es "), and two models wrote "Ich kostet 5 €.",
"I 5 €.", "There costs €20." and "The costs €5.". German "Das" before a noun or an adjective is an article ("Das Kind
spielt.", "Das kleine Mädchen"), English "That" before a noun a determiner ("That man"): the model's. "Es gibt" and
"Es sind" are "There is" and "There are" and stay the model's, and so does "Es tut mir leid" (a phrase's); "It is"
before a time or a measure goes with it (text/finders/number_times.py, clock_words.py), whose span wins (this finder
comes last). German -> English and back; training pairs are not changed.

    OpeningPronouns("en", "de").apply("It costs 5 euros.")   -> ("\\ue000 costs 5 euros.", ("Es",))
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.finders.phrases import alternatives
from text.forms.masking import Opener, Span

# the verbs after which "Das" / "That" is a subject (after "Das" a lowercase word may be an adjective, "Das kleine",
# and after "That" a noun, "That man"); German's singular only ("Das sind meine Kinder": "These are"), and not "ist":
# "Das ist ..." is the captions' own "This is ..." (6 of the 7 training pairs that open with it, and val's), which a
# 30-minute model wrote and lost as "That is at a busy intersection at night."
DAS_VERBS = """war wäre wird würde kann konnte muss hat hatte kostet kostete klingt sieht sah schmeckt riecht macht
    machte geht ging funktioniert stimmt reicht dauert passt gefällt bedeutet heißt hängt hilft passiert passierte
    tut""".split()
THAT_VERBS = """is was will would can could must should might may has had does did costs cost sounds looks seems
    works worked makes made takes took tastes smells means depends feels felt helps helped happens happened hurts
    matters sucks""".split()
# the pronoun (any case of its first letter), then a lowercase word; "Es gibt" and "Es sind" ("There is", "There
# are": "Es sind 20 Grad." came back "It are 20 degrees.") and "Es tut mir leid" (a phrase) are the model's
MODELS_AFTER_ES = r"(?!gibt\b|sind\b|waren\b|tut\s+(?:mir|uns)\s+leid\b)"
OPENING = {"de": re.compile(rf"\W*?\b((?i:e)s|(?i:d)as)(?=\s+(?:{MODELS_AFTER_ES}([a-zäöüß]+)))"),
           "en": re.compile(r"\W*?\b((?i:i)t|(?i:t)hat)(?=\s+([a-z]+)\b)")}
COUNTERPARTS = {"de": {"es": "It", "das": "That"}, "en": {"it": "Es", "that": "Das"}}
VERBS = {"de": {"das": set(DAS_VERBS)}, "en": {"that": set(THAT_VERBS)}}
# a verb whose counterpart is sure, taken along ("Es dauert 10 Minuten." -> "It takes": a model wrote "It for 10
# minutes."; "It works!" -> "Es funktioniert!", not "Es arbeitet!"; "Es war" -> "It was", not "It waiting"); not "is"
# / "ist": without its verb a model lost the rest ("It is a nice day." -> "Es ist an einem schönen Tag.")
TOGETHER = {"de": {"war": "was", "kostet": "costs", "dauert": "takes", "funktioniert nicht": "does not work",
                   "funktioniert": "works", "schmeckt": "tastes", "klingt": "sounds", "scheint": "seems",
                   "beginnt": "starts"},
            "en": {"was": "war", "costs": "kostet", "does not work": "funktioniert nicht", "works": "funktioniert",
                   "tastes": "schmeckt", "sounds": "klingt", "seems": "scheint", "starts": "beginnt"}}
# "It takes" is "Es dauert" before a length of time only ("It takes courage": "Es braucht Mut")
TAKES = re.compile(r"\s+(takes)(?=\s+[\w\s]*?\b(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|long)\b)")
VERB_AFTER = {lang: re.compile(rf"\s+({alternatives(verbs)})\b") for lang, verbs in TOGETHER.items()}


class OpeningPronouns(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.opening = OPENING.get(source) if {source, target} == {"de", "en"} else None
        self.counterparts, self.verbs = COUNTERPARTS.get(source, {}), VERBS.get(source, {})
        self.source = source

    def find(self, text: str) -> list[Span]:
        m = self.opening.match(text) if self.opening else None
        if not m or m.group(1)[1:] != m.group(1)[1:].lower():            # "IT" (a department), "DAS"
            return []
        key = m.group(1).lower()
        if key in self.verbs and m.group(2) not in self.verbs[key]:      # "Das Kind", "Das kleine", "That man"
            return []
        fill = self.counterparts[key]
        fill = fill if m.group(1)[0].isupper() else fill.lower()
        verb = VERB_AFTER[self.source].match(text, m.end(1)) or self.source == "en" and TAKES.match(text, m.end(1))
        if verb:                                                        # "It costs" -> "Es kostet"
            together = TOGETHER[self.source].get(" ".join(verb.group(1).split()), "dauert")   # "It takes 10 minutes"
            return [Span(m.start(1), verb.end(1), Opener(f"{fill} {together}", self.source == "de"))]
        return [Span(m.start(1), m.end(1), Opener(fill, self.source == "de"))]
