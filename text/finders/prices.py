"""A number's price: the currency sign (or code) written right before or after it ("€ 12,50", "12,50 €") or the
currency named after it ("12,50 Euro") goes into its span, written as the target writes it ("€12.50" in English,
"12,50 €" in German), and so does a price's rate ("pro Monat" -> "per month", text/forms/rates.py); the numbers of a
price range are prices of its one currency ("10-20 €" -> "€10", "€20"), and two prices joined by a spaced dash or
"bis" / "to" are one ("€10 - 20" -> "€10-€20"). The numbers finder (text/finders/numbers.py) asks for them.
"""
from __future__ import annotations

import re

from text.forms.currency import CENTS_AFTER, POUNDS_AFTER, PRICE_MARK, priced, sign_around
from text.forms.masking import Span
from text.forms.measure_ranges import JOINS, RANGE
from text.forms.number_forms import marks
from text.forms.rates import rate_after
from text.forms.units import Reading, counted

# a price range's word (as two placeholders a model wrote "Das kostet €10 bis 20." as "The costs €10 for €20.")
TO_JOINS = {word: JOINS[word] for word in ("bis", "to", "till", "until")}
# "zwischen" before two prices joined by "und" goes with them, one placeholder ("Zwischen 10 und 20 €." -> "between €10
# and €20": as two placeholders a model wrote "€10 and €20.")
BETWEEN = {"de": "zwischen", "en": "between"}
BETWEEN_BEFORE = {lang: re.compile(rf"\b(?i:{word})\s+$") for lang, word in BETWEEN.items()}


# German "ab" before a price is its "from" ("Tickets ab 19,90 Euro!": a model wrote "Tickets takes a €19.90!")
FROM_BEFORE = {("de", "en"): (re.compile(r"(?<![\w-])(ab|Ab|AB)\s+$"), "from")}


def from_price(text: str, span: Span, free_from: int, source: str, target: str) -> Span:
    """A price's span with the German "ab" before it, as the target's "from"; else the span."""
    lead = FROM_BEFORE.get((source, target))
    found = lead[0].search(text, free_from, span.start) if lead else None
    if found is None:
        return span
    written = found.group(1)
    word = lead[1].upper() if written.isupper() else lead[1].capitalize() if written[0] == "A" else lead[1]
    fill = f"{word} {span.fill}"
    return Span(found.start(1), span.end, Reading(fill, span.fill.key) if isinstance(span.fill, Reading) else fill)


def with_rate(text: str, span: Span, value: str, source: str, target: str) -> Span:
    """A price with the rate written after it, in the target's words: "12,50 € pro Person" -> "€12.50 per
    person", and how often with its: "2 Mal pro Woche" -> "twice a week" (text/forms/rates.py); `value`: the plain
    value of its number."""
    rate = rate_after(text, span.end, source, target)
    if rate is not None and counted(span.fill):
        return Span(span.start, rate.end, Reading(f"{span.fill} {rate.often}", (*span.fill.key, rate.key)))
    if rate is None or not PRICE_MARK.search(span.fill):
        return span
    price = span.fill.key if isinstance(span.fill, Reading) else (*PRICE_MARK.findall(span.fill), value)
    return Span(span.start, rate.end, Reading(f"{span.fill} {rate.words}", ("rate", price, rate.key)))


def with_currency(text: str, span: Span, m: re.Match, free_from: int, source: str, target: str) -> Span:
    """The span of a number match `m` with the currency sign written right before or after its number ("€ 12,50",
    "12,50 €") or the currency named after it ("12,50 Euro"), if any: the sign before the number in English
    ("€12.50"), after it in other languages ("12,50 €")."""
    prefix, _, _, exponent, clock = m.groups()
    found = None if prefix or exponent or clock else sign_around(text, span.start, span.end, source, free_from) or \
        pounds_priced(text, span, source, target)
    if found is None:
        return span
    currency, start, end = found
    number = span.fill
    cents = CENTS_AFTER.match(text, end) if number.isdigit() and start == span.start else None
    if cents:                                   # "2 Euro 50": the cents said after the currency, one price
        number, end = f"{number}{marks(target)[0]}{cents.group(1)}", cents.end()
    fill = priced(number, currency, target)
    if cents:
        return Span(start, end, fill)
    return Span(start, end, Reading(fill, (*span.fill.key, currency)) if isinstance(span.fill, Reading) else fill)


def pounds_priced(text: str, span: Span, source: str, target: str) -> tuple[str, int, int] | None:
    """("£", start, end) where pounds right after the number have a rate after them: "1,200 pounds a month",
    "5 Pfund pro Stunde" are money; None where pounds are a weight ("20 pounds")."""
    pounds = POUNDS_AFTER[source].match(text, span.end) if source in POUNDS_AFTER else None
    if pounds is None or rate_after(text, pounds.end(), source, target) is None:
        return None
    return "£", span.start, pounds.end()


def price_ranges(text: str, found: list[re.Match], spans: list[Span], source: str, target: str) -> None:
    """A plain number joined by a range's word or dash to a price after it (the currency written once: "10-20 €",
    "zwischen 10 und 20 Euro") is a price of that currency too, and so is one after a price whose sign stands
    before its number ("€10-20", "$5 to 8"): "10-20 €" came back as "10-€20". In place: `found`, the number
    matches, and `spans`, their spans."""
    def plain(k: int) -> bool:
        prefix, sign, _, exponent, clock = found[k].groups()
        return not (prefix or exponent or clock) and (spans[k].start, spans[k].end) == found[k].span() and \
            not isinstance(spans[k].fill, Reading)

    def currency(k: int) -> str | None:
        price = PRICE_MARK.search(spans[k].fill) if not isinstance(spans[k].fill, Reading) else None
        return price and price.group()

    for k in range(len(found) - 1):
        if RANGE.fullmatch(text, found[k].end(), found[k + 1].start()) is None:
            continue
        if plain(k) and currency(k + 1) and spans[k + 1].start == found[k + 1].start():
            spans[k] = spans[k]._replace(fill=priced(spans[k].fill, currency(k + 1), target))
        elif plain(k + 1) and currency(k) and spans[k].start < found[k].start() and spans[k].end == found[k].end():
            spans[k + 1] = spans[k + 1]._replace(fill=priced(spans[k + 1].fill, currency(k), target))
    for k in range(len(found) - 2, -1, -1):     # two prices joined by a spaced dash or "bis" / "to": one ("€10 -
        between = RANGE.fullmatch(text, spans[k].end, spans[k + 1].start)      # 20" -> "€10-€20", "€10 to €20")
        opened = BETWEEN_BEFORE[source].search(text, 0, spans[k].start) \
            if between and between.group(2) in ("und", "and") and target in BETWEEN else None
        join = between and ("-" if between.group(1) and between.group() != between.group(1) else
                            TO_JOINS.get(between.group(2)) or opened and JOINS[between.group(2)])
        if join and not isinstance(spans[k].fill, Reading) and not isinstance(spans[k + 1].fill, Reading) and \
                currency(k) and currency(k + 1) == currency(k):
            start, word = (opened.start(), BETWEEN[target] + " ") if opened else (spans[k].start, "")
            spans[k:k + 2] = [Span(start, spans[k + 1].end, f"{word}{spans[k].fill}{join}{spans[k + 1].fill}")]
            found[k:k + 2] = [found[k]]
