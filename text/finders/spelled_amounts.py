"""An amount whose number is written as a word, a price or a measure ("one euro", "zwei Kilo", "einen Euro"), travels
as a placeholder like one in digits, in the target's format: "The ice cream costs only one euro." -> "... nur 1 €."
A caption model has never seen a currency's name (Multi30K has five "Euro") and drops or garbles it ("einer
erurur").

    SpelledAmounts("en", "de").find("It costs one euro.")   -> [Span(9, 17, "1 €")]
    SpelledAmounts("de", "en").find("Zwei Kilo Äpfel.")     -> [Span(0, 9, "2 kg")]
    SpelledAmounts("de", "en").find("Zwei Männer.")         -> []       # no amount: the model translates it

The number words one to twelve (text/forms/number_forms.py); German "ein", "eine", "einen", "einem" before a
currency only ("ein Kilo" is "a kilo"). What the word counts must be one the number finder takes with a number (a
currency or a unit, text/finders/numbers.py), which also writes it, with what it takes along before the number
("seit drei Tagen" -> "for 3 days", "vor zwei Stunden" -> "2 hours ago").
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.finders.numbers import CURRENCY_NAMES, Numbers
from text.forms.masking import Span
from text.forms.number_forms import number_words

ONE = {"de": ("ein", "eine", "einen", "einem")}        # "one" that is also the article: before a currency only


class SpelledAmounts(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.numbers = Numbers(source, target)
        self.values = number_words(source)
        self.ones = ONE.get(source, ())
        self.currencies = CURRENCY_NAMES.get(source, {})
        words = "|".join([*self.values, *self.ones])
        self.pattern = re.compile(rf"(?<![\w-])((?i:{words}))(?= +[^\W\d_])") if words else None

    def find(self, text: str) -> list[Span]:
        return [span for _, span in self.amounts(text)]

    def in_digits(self, text: str) -> str:
        """The text with the number word of each amount in digits ("one euro" -> "1 euro"), for checking what
        numbers a translation may hold."""
        for m, _ in reversed(self.amounts(text)):
            text = text[:m.start()] + str(self.values.get(m.group(1).lower(), 1)) + text[m.end():]
        return text

    def amounts(self, text: str) -> list[tuple[re.Match, Span]]:
        """Each amount's number word and its span, whose fill the number finder writes from its digits."""
        found = []
        for m in self.pattern.finditer(text) if self.pattern else ():
            word = m.group(1).lower()
            digits = str(self.values.get(word, 1))
            rest = text[m.end():]
            if word in self.ones and rest.split(maxsplit=1)[0].lower().rstrip(".,;:!?") not in self.currencies:
                continue
            shift = len(m.group(1)) - len(digits)     # the number finder reads the line with the word in digits,
            spans = [span for span in self.numbers.find(text[:m.start()] + digits + rest)    # "seit drei Tagen"
                     if span.start <= m.start() < span.end]
            if spans and spans[0].end > m.start() + len(digits):
                found.append((m, Span(spans[0].start, spans[0].end + shift, spans[0].fill)))
        return found
