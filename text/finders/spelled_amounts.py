"""An amount whose number is written as a word, a price or a measure ("one euro", "zwei Kilo", "einen Euro"), travels
as a placeholder like one in digits, in the target's format: "The ice cream costs only one euro." -> "... nur 1 €."
A caption model has never seen a currency's name (Multi30K has five "Euro") and drops or garbles it ("einer
erurur").

    SpelledAmounts("en", "de").find("It costs one euro.")   -> [Span(9, 17, "1 €")]
    SpelledAmounts("de", "en").find("Zwei Kilo Äpfel.")     -> [Span(0, 9, "2 kg")]
    SpelledAmounts("de", "en").find("Zwei Männer.")         -> []       # no amount: the model translates it

The number words one to twelve (text/forms/number_forms.py), thirteen to twenty and the tens (German "hundert" too),
and the tens with their units ("fünfundzwanzig", "twenty-five", "twenty five");
German "ein", "eine", "einen", "einem" before a currency only ("ein Kilo" is "a kilo"). What the word counts must be
one the number finder takes with a number (a currency or a unit, text/finders/numbers.py), which also writes it, with
what it takes along before the number ("seit drei Tagen" -> "for 3 days", "vor zwei Stunden" -> "2 hours ago").

A count from thirteen up before a noun (or an adjective and its noun) travels as its digits too, since Multi30K spells
almost none and a model dropped or garbled them ("Twenty-one people came." -> "Diese Menschen kommen aus.",
"Dreiundzwanzig Kinder" -> "Threeundave children"); one to twelve stay the model's ("zwei Hunde" is everywhere). A
count that opens the sentence is its digits there too, as 92 of Multi30K's English captions open ("5 athletes ...").
A smaller count joined to it is one too ("zehn bis zwanzig Leute" -> "10", "20"):

    SpelledAmounts("en", "de").find("Twenty-one people came.")  -> [Span(0, 10, "21")]
"""
from __future__ import annotations

import re
from typing import NamedTuple

from text.finders.finder import PlaceholderStep
from text.finders.numbers import Numbers
from text.forms.currency import CURRENCY_NAMES
from text.forms.masking import Span
from text.forms.number_forms import number_words
from text.forms.units import Reading


class Said(NamedTuple):
    start: int
    end: int
    digits: str         # the words text[start:end] in digits ("zwei" -> "2")


ONE = {"de": ("ein", "eine", "einen", "einem")}        # "one" that is also the article: before a currency only
# how often, in one word: German's number and "mal" ("zweimal" is "2-mal"; not "einmal": "noch einmal", "auf einmal"),
# English "twice"
COUNTED = {"de": "{}-mal", "en": "{} times"}
# the counts above twelve an amount is often said in ("zwanzig Euro", "fifty cents"): a model garbled them ("The costs
# between tails."), and a caption has none
TEENS_AND_TENS = {"de": dict(zip("dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn zwanzig dreißig "
                                 "vierzig fünfzig sechzig siebzig achtzig neunzig hundert".split(),
                                 (*range(13, 21), *range(30, 101, 10)))),
                  "en": dict(zip("thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty "
                                 "fifty sixty seventy eighty ninety".split(), (*range(13, 21), *range(30, 91, 10))))}
TEENS_AND_TENS["de"]["einhundert"] = TEENS_AND_TENS["en"]["a hundred"] = TEENS_AND_TENS["en"]["one hundred"] = 100
# what follows a count of something: a noun, or an adjective and its noun (German capitalizes the noun); English's
# words after a number that is no count ("twenty past eight", "twenty to nine")
BEFORE_NOUN = {"de": re.compile(r" +(?:[a-zäöüß]+(?:e|en|er|es|em) +)?[A-ZÄÖÜ]"),
               "en": re.compile(r" +(?!(?i:and|or|to|past|till|until|before|after)\b)[^\W\d_]")}
JOINED = {"de": "und|oder|bis", "en": "and|or|to"}      # "zwanzig bis dreißig Leute"
# "bucks" after a count that opens the sentence and before a plural verb are deer, not dollars ("Three bucks ran into
# the forest." -> "3 $ run in den Wald."); money takes the singular ("Three bucks is cheap.") or what it buys
DEER = re.compile(r" +bucks +(?!(?:is|was|will|buys|gets|for|each|a|an|per|to)\b)[a-z]")   # "Five bucks for"
BUCKS = re.compile(r" +bucks?(?![\w-])", re.IGNORECASE)
# inside a sentence a count of bucks is money only after a word of what things cost ("It costs two bucks.", "He paid
# me five bucks", "for two bucks", "That's two bucks"); elsewhere it may be deer ("I saw two bucks." -> "Ich 2 $."),
# and the model translates the words
MONEY_WORDS = re.compile(r"(?i:\b(?:costs?|costing|pa(?:y|ys|id|ying)|spen(?:d|ds|t)|charge[sd]?|owe[sd]?|worth|"
                         r"earn(?:s|ed)?|price[sd]?|s(?:ell|ells|old)|b(?:uy|uys|ought)|tip(?:s|ped)?|lent|lend|"
                         r"borrow(?:s|ed)?|bet)\b.*|(?:\bfor|\bis|\bwas|['’]s) +$)")
UNITS = {"de": "ein zwei drei vier fünf sechs sieben acht neun".split(),
         "en": "one two three four five six seven eight nine".split()}


def tens_and_units(lang: str) -> dict[str, int]:
    """The counts 21 to 99 in words ("fünfundzwanzig", "twenty-five" and "twenty five"): a model garbled
    "fünfundzwanzig Euro" ("The fiveundation does the five class cost.")."""
    tens = [(word, value) for word, value in TEENS_AND_TENS.get(lang, {}).items() if 20 <= value < 100]
    units = list(enumerate(UNITS.get(lang, ()), start=1))
    if lang == "de":
        return {f"{unit}und{ten}": value + k for ten, value in tens for k, unit in units}
    return {f"{ten}{joint}{unit}": value + k for ten, value in tens for k, unit in units for joint in "- "}


class SpelledAmounts(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.numbers, self.counted = Numbers(source, target), COUNTED.get(source)
        self.values = {**number_words(source), **TEENS_AND_TENS.get(source, {}), **tens_and_units(source)}
        self.ones = ONE.get(source, ())
        self.currencies = CURRENCY_NAMES.get(source, {})
        words = "|".join(sorted([*self.values, *self.ones], key=len, reverse=True))    # "twenty one", not "twenty"
        self.pattern = re.compile(rf"(?<![\w-])((?i:{words}))(?= +[^\W\d_])") if words else None
        often = f"(?:{'|'.join(w for w, v in self.values.items() if v > 1)})mal" if source == "de" else "twice"
        self.often = re.compile(rf"(?<![\w-])(?i:{often})(?![\w-])") if words and self.counted else None
        names = "|".join(sorted(self.currencies, key=len, reverse=True))
        self.cents = re.compile(rf" +(?i:{names}) +((?i:{words}))(?![\w-])") if words and names else None
        joined = JOINED.get(source)
        self.joined = re.compile(rf" +(?i:{joined}) +((?i:{words}))(?![\w-])") if words and joined else None
        self.before_joined = re.compile(rf"(?<![\w-])((?i:{words})) +(?i:{joined}) +$") if words and joined else None
        self.before_noun = BEFORE_NOUN.get(source)
        self.deer = source == "en"

    def find(self, text: str) -> list[Span]:
        return [span for _, span in self.amounts(text)]

    def in_digits(self, text: str) -> str:
        """The text with the number words of each amount in digits ("one euro" -> "1 euro", "zwei Euro fünfzig" ->
        "2 Euro 50"), for checking what numbers a translation may hold."""
        for said, _ in reversed(self.amounts(text)):
            for start, end, digits in reversed(said):
                text = text[:start] + digits + text[end:]
        return text

    def amounts(self, text: str) -> list[tuple[list[Said], Span]]:
        """Each amount's number words in digits ("zwei" -> "2", "zweimal" -> "2-mal"; the cents after a currency,
        "Euro fünfzig" -> "Euro 50") and the amount's span, whose fill the number finder writes from its digits."""
        found = []
        for m in self.pattern.finditer(text) if self.pattern else ():
            word = m.group(1).lower()
            rest = text[m.end():]
            if word in self.ones and rest.split(maxsplit=1)[0].lower().rstrip(".,;:!?") not in self.currencies:
                continue
            if self.deer and BUCKS.match(text, m.end()) and not self.dollars(text, m):
                continue
            found.append((m, [Said(m.start(), m.end(), str(self.values.get(word, 1))), *self.cents_after(text, m)]))
        for m in self.often.finditer(text) if self.often else ():
            count = self.values.get(m.group().lower()[:-3], 2)                  # "zweimal"; "twice"
            found.append((m, [Said(m.start(), m.end(), self.counted.format(count))]))
        amounts = []
        for m, said in sorted(found, key=lambda f: f[0].start()):
            span = self.in_numbers(text, said)
            if span is not None:            # cents the price does not take stay words ("zwei Euro fünfzig Leuten")
                amounts.append(([s for s in said if s.end <= span.end], self.in_words(span, m)))
            elif self.counts(text, m) and not (amounts and amounts[-1][1].end > m.start()):
                amounts.append((said[:1], Span(m.start(), m.end(), said[0].digits)))
        return amounts

    def dollars(self, text: str, m: re.Match) -> bool:
        """Whether the count `m` of "bucks" after it is money: opening the sentence before what money does ("Three
        bucks is cheap.", not "Three bucks ran"), or after a word of prices inside it."""
        before = text[:m.start()]
        if not before.strip(" \"'("):
            return not DEER.match(text, m.end())
        return MONEY_WORDS.search(before[before.rfind(".") + 1:]) is not None

    def counts(self, text: str, m: re.Match) -> bool:
        """Whether the number word `m` is a count that travels as its digits: from 13 up before a noun, or smaller
        than such a count it is joined to ("zehn bis zwanzig Leute"); not after a larger one ("a hundred and fifty
        people", which the model reads whole)."""
        value = self.values.get(m.group(1).lower(), 0)
        before = self.before_joined.search(text, 0, m.start(1)) if self.before_joined else None
        if before and self.values.get(before.group(1).lower(), 0) >= value:
            return False
        later = self.joined.match(text, m.end(1)) if self.joined else None
        if later:
            return value < self.values.get(later.group(1).lower(), 0) and self.counts(text, later)
        return value >= 13 and self.before_noun is not None and self.before_noun.match(text, m.end(1)) is not None

    def cents_after(self, text: str, m: re.Match) -> list[Said]:
        """The cents said in a word after the currency that follows the word `m` ("zwei Euro fünfzig"), in two digits
        as the number finder reads them ("2 Euro 50" -> "€2.50"); none where there are none."""
        cents = self.cents.match(text, m.end()) if self.cents else None
        value = self.values.get(cents.group(1).lower(), 0) if cents else 0
        return [Said(cents.start(1), cents.end(1), f"{value:02d}")] if 10 <= value < 100 else []

    def in_words(self, span: Span, m: re.Match) -> Span:
        """English "twice" as German writes it, in a word: "zweimal (pro Tag)", not "2 Mal": a translation holds no
        digit its source lacks."""
        if m.group().lower() != "twice" or not span.fill.startswith("2 Mal"):
            return span
        fill = "zweimal" + span.fill[len("2 Mal"):]
        return span._replace(fill=Reading(fill, span.fill.key) if isinstance(span.fill, Reading) else fill)

    def in_numbers(self, text: str, said: list[Said]) -> Span | None:
        """The amount's span where the number finder reads one in the line with its words in digits (with what it
        takes along before them: "seit drei Tagen" -> "for 3 days"); None where it reads a bare number."""
        written, shifts, last = [], [], 0        # shifts: (where a word's digits end in `written`, its length change)
        for start, end, digits in said:
            written += [text[last:start], digits]
            shifts.append((start - sum(d for _, d in shifts) + len(digits), end - start - len(digits)))
            last = end
        first = said[0]
        spans = [span for span in self.numbers.find("".join(written) + text[last:])
                 if span.start <= first.start < span.end]
        if not spans or spans[0].end <= first.start + len(re.match(r"\d+", first.digits).group()):
            return None
        return Span(spans[0].start, spans[0].end + sum(d for at, d in shifts if at <= spans[0].end), spans[0].fill)
