"""A price statement as a frame, German <-> English, beside the statement frames of text/forms/statement_frames.py
(the same slot, the same quotations step): "X kostet|kosten [je] <price> [pro Stück]." <-> "X costs|cost <price>
[each]." — the noun phrase X the model's alone, the verb in the number typed (German "kostet" is "costs", "kosten"
"cost", and back; the model's noun phrase's where its words make it sure and no "je" after a singular:
frames.agreed()), the price with its currency sign or name written as the target writes it ("89 euros" -> "89 €",
"12,50 Euro" -> "€12.50"), "each" <-> "je" (a model given the whole sentence wrote "Die Flug um Wien kosten 89 €.",
"Die Karten kostet 12,50 €."). Only a whole sentence of these words is one: "A man pays 5 euros for a coffee." and
"Das kostet 5 Euro." (no noun phrase) stay the model's.
"""
from __future__ import annotations

import re

from text.forms.currency import CURRENCY, CURRENCY_NAMES, priced, sign_around
from text.forms.number_forms import convert

# the verb, (German, English), its number the subject's; "costs" the singular's
COST_VERBS = [("kostet", "costs"), ("kosten", "cost")]
# "each" after the price, German "je" / "jeweils" before it or "pro Stück" / "das Stück" after it; (German, English)
EACH_BEFORE = {"de": ("je", "jeweils"), "en": ()}
EACH_AFTER = {"de": ("pro Stück", "das Stück"), "en": ("each", "apiece")}
NUMBER = r"\d+(?:[.,]\d+)*(?:,-)?"
SIGNS = "|".join(re.escape(s) for s in ("US$", *CURRENCY, "EUR", "USD", "GBP", "CHF"))


def price_pattern(source: str) -> str:
    """A price as typed in the source: a sign or code before or after the number, or the currency's name after it."""
    names = "|".join(sorted((n for n in CURRENCY_NAMES[source] if not n.isupper() and n.isalpha() and len(n) > 3),
                            key=len, reverse=True))
    return rf"(?:(?:{SIGNS})\s?{NUMBER}|{NUMBER}\s?(?:{SIGNS}|(?i:{names}))(?![\w-]))"


def price_in(written: str, source: str, target: str) -> str | None:
    """A price as the target writes it ("12,50 Euro" -> "€12.50", "89 euros" -> "89 €"); None where it has no currency
    sign_around finds."""
    number = re.search(r"\d+(?:[.,]\d+)*", written)
    found = sign_around(written, number.start(), number.end(), source)
    if found is None:
        return None
    return priced(convert(number.group(), source, target), found[0], target)


def cost_pattern(source: str, slot: str, placed: str = "") -> re.Pattern:
    """The whole sentence: the slot (a noun phrase's words), the verb, "each" or none and the price
    (`placed`: a known place after the slot, frames.toward())."""
    side = 0 if source == "de" else 1
    verbs = "|".join(pair[side] for pair in COST_VERBS)
    before = "|".join(EACH_BEFORE[source])
    after = "|".join(w.replace(" ", r"\s+") for w in EACH_AFTER[source])
    lead = rf"(?:(?P<each_before>{before})\s+)?" if before else ""
    return re.compile(rf"\s*(?P<slot>{slot}){placed}\s+(?P<verb>{verbs})\s+{lead}(?P<price>{price_pattern(source)})"
                      rf"(?:\s+(?P<each>{after}))?\s*(?P<marks>[.!]*)\s*")


def cost_closing(m: re.Match, source: str) -> str | None:
    """The closing after the slot's translation: " kosten je 12,50 €", " costs €89", " cost €12.50 each"; None where
    the price has no currency or "each" is said twice."""
    target = "en" if source == "de" else "de"
    price = price_in(m.group("price"), source, target)
    each = bool(m.groupdict().get("each_before")) + bool(m.group("each"))
    if price is None or each > 1:
        return None
    side = 0 if source == "de" else 1
    verb = next(pair[1 - side] for pair in COST_VERBS if pair[side] == m.group("verb"))
    if target == "de":
        return f" {verb} {'je ' * each}{price}"
    return f" {verb} {price}{' each' * each}"
