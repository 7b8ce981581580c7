"""German's formal "you": inside a sentence, capitalized "Sie" and "Ihnen" are "you" and "Ihr", "Ihre", ... are
"your" (lowercase "sie" is "she" or "they", "ihr" "her" or "their"). Image captions never address anyone, so a
caption model read them as "they" and "their" or dropped them ("Wir danken Ihnen für Ihre Geduld." -> "We thank me
for their Geduld."; "Ich rufe Sie morgen an." -> "I call tomorrow."). German -> English only; the first word of a
sentence (or of a quotation, or after a colon) may be either, and stays the model's, and so does "Sie" right after
the verb of a request ("Rufen Sie mich an.": "Call me."). Training pairs are not changed.

    FormalAddress().apply("Ist das Ihr Auto?")   -> ("Ist das \\ue000 Auto?", ("your",))
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.masking import Span

FORMS = {"Sie": "you", "Ihnen": "you", "Ihr": "your", "Ihre": "your", "Ihren": "your", "Ihrem": "your",
         "Ihrer": "your", "Ihres": "your"}
# a form not at the start: after a word (and a space or a comma), not after an opening quote or a colon
INSIDE = re.compile(r"(?<=[\w,)] )(%s)(?![\w-])" % "|".join(sorted(FORMS, key=len, reverse=True)))
# "Sie" right after the verb that opens a request ("Rufen Sie mich an.", "Bitte geben Sie ... ein.") is the model's:
# English has none there ("Call me"). A question's is "you": left to it, a model wrote "Where are they live?" for
# "Wo wohnen Sie?" (with the placeholder: "Where does you live?", the verb's person the model's); nor after a
# conjunction ("Wie Sie wissen, ...": as you know)
CONJUNCTIONS = r"(?i:wie|wenn|falls|da|weil|ob|als|dass|so|und|aber|oder)"
SUBJECT = re.compile(rf"\W*(?:(?i:bitte),?\s+)?(?!{CONJUNCTIONS}\s)\w+\s+(Sie)\b")


class FormalAddress(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.on = (source, target) == ("de", "en")

    def find(self, text: str) -> list[Span]:
        if not self.on:
            return []
        subject = SUBJECT.match(text) if not text.rstrip(" \"'“”»«)").endswith("?") else None
        return [Span(m.start(1), m.end(1), FORMS[m.group(1)]) for m in INSIDE.finditer(text)
                if not (subject and m.start(1) == subject.start(1))]
