"""A price's currency around its number: the sign or code written before or after it ("€12", "12 €", "EUR 20", "US$5"),
or the currency's name after it ("12 Euro", "5 dollars", "15 Franken"), as text/finders/numbers.py reads prices."""
from __future__ import annotations

import re

from text.forms.units import CODES

CURRENCY = "€$£¥"
NO_CENTS = r",[-–]{1,2}"                    # German "999,- €": a whole price, no cents
# a dollar's country before its sign is part of the sign: "US$5,000" -> "5.000 US$", "5 US$" -> "US$5" (a
# password's pattern took "US$5" and left ",000" to the model, which lost it)
DOLLAR_COUNTRY = r"(?<![^\W_])(?:US|AU|CA|NZ|HK|[ACS])(?=\$)"
SIGN_BEFORE = re.compile(f"((?:{DOLLAR_COUNTRY})?[{CURRENCY}]) ?$")
SIGN_AFTER = re.compile(f"(?:{NO_CENTS})? ?((?:US|AU|CA|NZ|HK|[ACS])?\\$(?!\\w)|[{CURRENCY}](?!\\w))")
PRICE_MARK = re.compile(rf"[{CURRENCY}]|\b(?:{'|'.join(code for code, sign in CODES.items() if code == sign)})\b")
AFTER_PRICE = re.compile(rf"{NO_CENTS}(?![\w-])")
# a currency's name after a number stands for its sign ("12 Euro", "5 dollars"); not a word it begins ("Euro-Jazz")
# ("15 Franken" -> "CHF 15", as "25 CHF" is); a currency's code in capitals only ("30 Sek." are seconds, not SEK);
# "bucks" is dollars ("He paid 15 bucks." -> "Er schlägt 15.": the model lost the word)
CURRENCY_NAMES = {"de": {"euro": "€", "dollar": "$", "franken": "CHF"},
                  "en": {"euro": "€", "euros": "€", "dollar": "$", "dollars": "$", "franc": "CHF", "francs": "CHF",
                         "buck": "$", "bucks": "$"}}
for names in CURRENCY_NAMES.values():
    names |= {code.lower(): sign for code, sign in CODES.items()}
# a currency's code before a number stands for its sign too ("EUR 20" -> "€20": it was copied as a type's name,
# "ICE 578", beside a converted "20 EUR")
CODE_BEFORE = re.compile(rf"(?<![\w-])({'|'.join(CODES)}) ?$")
NAME_AFTER = {lang: re.compile(rf"(?:{NO_CENTS})? ((?i:{'|'.join(n for n in names if n.upper() not in CODES)})|"
                               rf"{'|'.join(CODES)})(?![\w-])") for lang, names in CURRENCY_NAMES.items()}
# pounds before a rate are money, not a weight ("1,200 pounds a month" -> "1.200 £ pro Monat", not "1.200 Pfund")
POUNDS_AFTER = {"de": re.compile(r" Pfund(?![\w-])"), "en": re.compile(r" pounds?(?![\w-])", re.IGNORECASE)}


def sign_around(text: str, start: int, end: int, lang: str, free_from: int = 0) -> tuple[str, int, int] | None:
    """(sign, start, end): the currency sign (or code: "EUR 20") written right before text[start:end] (not before
    free_from), else right after it, else the sign of the currency named right after it in `lang`, and the span that
    holds it (with a German ",-" for no cents between them: "999,- €"); None without one."""
    before = SIGN_BEFORE.search(text, free_from, start) or CODE_BEFORE.search(text, free_from, start)
    if before:
        no_cents = AFTER_PRICE.match(text, end)                      # "€ 999,-"
        sign = CODES.get(before.group(1), before.group(1))
        return sign, before.start(), no_cents.end() if no_cents else end
    after = SIGN_AFTER.match(text, end)
    if after:
        return after.group(1), start, after.end()
    named = NAME_AFTER[lang].match(text, end) if lang in NAME_AFTER else None
    return (CURRENCY_NAMES[lang][named.group(1).lower()], start, named.end()) if named else None



def priced(number: str, currency: str, target: str) -> str:
    """A number (in the target's format) with its currency, as the target writes them: "€12.50", "12,50 €"."""
    return f"{currency}{'' if currency[-1] in CURRENCY else ' '}{number}" if target == "en" else f"{number} {currency}"


CENTS_AFTER = re.compile(r" (\d\d)(?![\d.,:]?\d|\s*(?:%|[^\W\d_]))")   # "2 Euro 50", not "2 Euro 50 Leute"
