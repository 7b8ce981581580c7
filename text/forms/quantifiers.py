"""A price's or a measure's quantifier: the word right before it that says how much ("less than 100 euros", "only 5
km", "unter 30 Euro") goes into its placeholder, in the target's words ("weniger als 100 €", "nur 5 km", "under
€30"). A strong model dropped it ("less than 100 euros" -> "100 €", "under 30 euros" -> "30 €"): Multi30K holds
almost no numbers with one. The numbers finder (text/finders/numbers.py) widens its spans so when it translates, never
in a training pair (its target's words would be left beside the placeholder).

    quantified("It costs less than 100 euros.", [Span(19, 28, "100 €")], "en", "de")
        -> [Span(9, 28, "weniger als 100 €")]      (9: where "less than" starts)
"""
from __future__ import annotations

import re

from text.forms.currency import PRICE_MARK
from text.forms.masking import Span
from text.forms.units import Reading

# English | German, the first of each side is what the other side's words become; no word another finder before the
# numbers masks ("ca.": text/finders/abbreviations.py), as the placeholders step would drop the number's span with it
TABLE = """
only just             | nur
less than fewer than  | weniger als
more than             | mehr als
under                 | unter
over                  | über
about around approximately roughly | etwa ungefähr circa rund
at least              | mindestens
at most               | höchstens
up to                 | bis zu
almost nearly         | fast beinahe
exactly               | genau
"""


def table() -> dict[str, dict[str, str]]:
    """{source language: {lower-case quantifier: the target's}}, English's read two words at a time ("less than")."""
    words: dict[str, dict[str, str]] = {"en": {}, "de": {}}
    for row in TABLE.strip().splitlines():
        english, german = (part.strip() for part in row.split("|"))
        en = re.findall(r"(?:at|less|fewer|more|up) \w+|\S+", english)
        de = re.findall(r"(?:weniger|mehr|bis) \w+|\S+", german)
        words["en"].update({w: de[0] for w in en})
        words["de"].update({w: en[0] for w in de})
    return words


WORDS = table()
# a word before the quantifier that makes it another word: "What about 5 euros?" (a proposal), "Hand over 50 euros"
# (a verb's particle), "the only 5 euros I had" (German "einzigen")
OTHER_SENSE = {"about": "what|how", "over": r"hand(?:s|ed|ing)?|give[sn]?|gave",
               "only": "the|my|your|his|her|its|our|their|these|those"}
NOT_AFTER = {"en": re.compile(r"\b(?:%s)\s+$" % "|".join(rf"(?:{words})\s+{word}"
                                                        for word, words in OTHER_SENSE.items()), re.IGNORECASE)}
RANGE = re.compile(r"\s*[-–]\s*|\s+(?:bis|to|till|until)\s+")      # a range's join ("10-20 €", "5 to 8 km")
BEFORE = {lang: re.compile(r"(?<![\w.-])(%s)\s+$" % "|".join(
    re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True)), re.IGNORECASE)
    for lang, words in WORDS.items()}


def how_much(fill: str) -> bool:
    """Whether a fill is one price or one measure (a number with its unit, its rate): what a quantifier may go with;
    not a price range ("10 €-20 €")."""
    return len(PRICE_MARK.findall(fill)) == 1 or isinstance(fill, Reading) and fill.key[:1] in (("unit",), ("rate",))


# a price's "each": English after it, German "je" before it ("15 euros each" <-> "je 15 €"); not "each other"
EACH = {"en": re.compile(r"\s+(?:each|apiece)\b(?!\s+(?:other|of|one)\b)", re.IGNORECASE),
        "de": re.compile(r"(?<![\w-])(?:je|jeweils)\s+$", re.IGNORECASE)}


def each_taken(text: str, spans: list[Span], source: str) -> list[Span]:
    """The spans with a price's "each" taken in, as the target writes it: "15 euros each" -> "je 15 €" (German puts
    it before the price), "je 15 Euro" -> "€15 each"; a model dropped it inside a sentence ("Can I buy two tickets
    for 15 euros each?" -> "... für 15 €?")."""
    out: list[Span] = []
    for span in spans:
        price = len(PRICE_MARK.findall(span.fill)) == 1
        m = EACH["en"].match(text, span.end) if price and source == "en" else \
            EACH["de"].search(text, out[-1].end if out else 0, span.start) if price and source == "de" else None
        if m is None:
            out.append(span)
            continue
        start, end = (span.start, m.end()) if source == "en" else (m.start(), span.end)
        fill = f"je {span.fill}" if source == "en" else f"{span.fill} each"
        out.append(Span(start, end, Reading(fill, span.fill.key) if isinstance(span.fill, Reading) else fill))
    return out


def quantified(text: str, spans: list[Span], source: str, target: str) -> list[Span]:
    """The spans (in text order) with the quantifier written right before a price or a measure taken in, as the
    target's words, in the case it is typed ("Only" -> "Nur"); the others as they are."""
    if source not in BEFORE or target not in WORDS or source == target:
        return spans
    out: list[Span] = []
    for k, span in enumerate(spans):
        joined = RANGE.match(text, span.end)              # a range's first number ("less than 10-20 euros"): left
        ranged = joined is not None and k + 1 < len(spans) and spans[k + 1].start == joined.end()
        found = BEFORE[source].search(text, out[-1].end if out else 0, span.start) \
            if how_much(span.fill) and not ranged else None
        other = NOT_AFTER.get(source)
        if found is None or other and other.search(text, 0, found.end()):
            out.append(span)
            continue
        written = found.group(1)
        word = WORDS[source][" ".join(written.lower().split())]
        word = word.upper() if written.isupper() and len(written) > 1 else \
            word[:1].upper() + word[1:] if written[0].isupper() else word
        fill = f"{word} {span.fill}"
        out.append(Span(found.start(), span.end, Reading(fill, span.fill.key) if isinstance(span.fill, Reading)
                        else fill))
    return out
