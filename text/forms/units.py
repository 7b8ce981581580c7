"""Units of measure: a number and its unit are one placeholder, written as the target language writes them, German ->
English "2,5 Liter" -> "2.5 liters", "45 Minuten" -> "45 minutes", "1 Stunde" -> "1 hour", "-3 Grad" -> "-3
degrees", "vor 3 Tagen" -> "3 days ago"; English -> German "2.5 liters" -> "2,5 Liter", "in 3 days" -> "in 3 Tagen".
Multi30K describes photos and has almost no units, so a model kept the number and dropped or mangled its unit ("Er
läuft 10 km in 45 Minuten" -> "He is walking 10 in 45"). A unit word takes the target's singular for 1 and its plural
otherwise (German: the dative plural after an English preposition that takes the dative: "with 2 liters" -> "mit 2
Litern"); a symbol ("km", "kg", "km/h", "%", "°C") is written as typed, with the number in the target's format
(English writes no space before "%"), but in German words where German writes no such symbol ("2 lbs" -> "2
Pfund"). A magnitude word is one too ("5 Millionen" -> "5 million", "2,5 Mrd." -> "2.5 billion"; English writes no
plural after a number), and so is a share off a price ("50 % Rabatt" -> "50% off"), and what a length or an age
measures, said after it ("1,85 m groß" -> "1.85 m tall", "7 years old" -> "7 Jahre alt").

    unit_after("10 km und mehr", 2, "de")   -> Unit(key="km", end=5, symbol="km", ...)
"""
from __future__ import annotations

import re
from typing import NamedTuple


class Reading(str):
    """A fill that knows what it stands for (`key`: a unit and a value, a date, an ordinal), so that a training
    pair's target can be searched for the same thing however it is written there."""

    def __new__(cls, text: str, key: tuple):
        made = super().__new__(cls, text)
        made.key = key
        return made


# key | German singular, plural, dative plural | English singular, plural (, another spelling's singular, plural)
TABLE = """
mm   | Millimeter Millimeter Millimetern | millimeter millimeters millimetre millimetres
cm   | Zentimeter Zentimeter Zentimetern | centimeter centimeters centimetre centimetres
m    | Meter Meter Metern                | meter meters metre metres
km   | Kilometer Kilometer Kilometern    | kilometer kilometers kilometre kilometres
m2   | Quadratmeter Quadratmeter Quadratmetern | square_meter square_meters square_metre square_metres
ft2  | Quadratfuß Quadratfuß Quadratfuß   | square_foot square_feet
mi   | Meile Meilen Meilen               | mile miles
ft   | Fuß Fuß Fuß                       | foot feet
in   | Zoll Zoll Zoll                    | inch inches
mg   | Milligramm Milligramm Milligramm  | milligram milligrams
g    | Gramm Gramm Gramm                 | gram grams gramme grammes
kg   | Kilogramm Kilogramm Kilogramm     | kilogram kilograms
kilo | Kilo Kilo Kilo                    | kilo kilos
t    | Tonne Tonnen Tonnen               | ton tons tonne tonnes
lb   | Pfund Pfund Pfund                 | pound pounds
ml   | Milliliter Milliliter Millilitern | milliliter milliliters millilitre millilitres
l    | Liter Liter Litern                | liter liters litre litres
s    | Sekunde Sekunden Sekunden         | second seconds
min  | Minute Minuten Minuten            | minute minutes
h    | Stunde Stunden Stunden            | hour hours
d    | Tag Tage Tagen                    | day days
bd   | Werktag Werktage Werktagen       | business_day business_days working_day working_days
nt   | Nacht Nächte Nächten              | night nights
wk   | Woche Wochen Wochen               | week weeks
mo   | Monat Monate Monaten              | month months
yr   | Jahr Jahre Jahren                 | year years
deg  | Grad Grad Grad                    | degree degrees
pct  | Prozent Prozent Prozent           | percent percent per_cent per_cent
ct   | Cent Cent Cent                    | cent cents
cal  | Kalorie Kalorien Kalorien         | calorie calories
x    | Mal Mal Mal                       | time times
cup  | Tasse Tassen Tassen               | cup cups
tbsp | Esslöffel Esslöffel Esslöffeln    | tablespoon tablespoons
tsp  | Teelöffel Teelöffel Teelöffeln    | teaspoon teaspoons
slc  | Scheibe Scheiben Scheiben         | slice slices
btl  | Flasche Flaschen Flaschen         | bottle bottles
gls  | Glas Gläser Gläsern               | glass glasses
pn   | Prise Prisen Prisen               | pinch pinches
mio  | Million Millionen Millionen       | million million
bn   | Milliarde Milliarden Milliarden   | billion billion
"""
# "2,5 Mrd." -> "2.5 billion", "3-mal", "2 Std. 15 Min." -> "2 hours 15 minutes" (a model kept "2 Std." and "15 Min":
# "Min" is a symbol, written as typed, but not with the full stop of an abbreviation, nor in German's capital: "5 Min",
# "10 Sek" -> "5 minutes", "10 seconds", where a model wrote "The class is as he takes the 5 Min" and "10 waiting Sek";
# a recipe's "2 EL Zucker, 1 TL Salz" -> "2 tablespoons", "1 teaspoon": a model wrote "2, EL shirts")
# English "sq ft", "sq m" ("The room is 20 sq ft." -> "Das Zimmer ist 20.": the unit was lost), "hrs", "mins",
# "secs" and a recipe's "tsp", "tbsp" ("The movie lasts 2 hrs." -> "Der Film 2.", "Add 1/2 tsp salt." -> "1/2.")
ABBREVIATED = {"de": {"mio.": "mio", "mrd.": "bn", "-mal": "x", "std.": "h", "std": "h", "min.": "min", "sek.": "s",
                      "min": "min", "sek": "s", "el": "tbsp", "tl": "tsp"},
               "en": {"sq ft": "ft2", "sq. ft.": "ft2", "sq.ft.": "ft2", "sqft": "ft2", "sq m": "m2", "sqm": "m2",
                      **{w: key for key, words in (("h", "hr hrs"), ("min", "mins"), ("s", "sec secs"),
                                                   ("tsp", "tsp tsps"), ("tbsp", "tbsp tbsps tbs"))
                         for w in words.split()}}}
MAGNITUDES = ("mio", "bn")      # no unit but part of the number: a currency goes around both ("$5 million")
# written as typed in both languages (case as typed; a one-letter one only in lower case)
SYMBOLS = ("km/h", "m/s", "mph", "kWh", "kcal", "mm", "cm", "km", "mi", "ft", "mg", "kg", "lb", "lbs", "oz", "ml",
           "min", "°C", "°F", "°", "%", "‰", "ct", "GHz", "MHz", "KB", "MB", "GB", "TB", "m", "g", "l", "h")
SYMBOL_KEYS = {"%": "pct", "°c": "deg", "°f": "deg", "°": "deg", "lbs": "lb", "kcal": "cal"}   # others: their own
TIME = {"s", "min", "h", "d", "bd", "nt", "wk", "mo", "yr"}
# English symbols German writes as words ("I bought 2 lbs of apples." -> "2 lbs": no German writes so), as "180 pounds"
# is "180 Pfund"
WORDED_IN_GERMAN = {"lb", "mi", "ft"}
SCALES = ("Celsius", "Fahrenheit")              # after a degree word, carried along as written
# a currency's code, before or after its number: its sign; a currency without a sign of its own keeps its code, before
# the number in English, after it in German ("CHF 25" / "25 CHF")
CODES = {"EUR": "€", "USD": "$", "GBP": "£", **{code: code for code in ("CHF", "SEK", "NOK", "DKK", "PLN", "CZK")}}


def counted(fill: str) -> bool:
    """Whether a fill is a count of times ("3 times", "twice", "2 Mal")."""
    return isinstance(fill, Reading) and fill.key[:2] == ("unit", "x")


def magnitude(fill: str) -> bool:
    """Whether a fill is a number with its magnitude word ("5 million", "2,5 Milliarden")."""
    return isinstance(fill, Reading) and fill.key[:2] in {("unit", key) for key in MAGNITUDES}


class Forms(NamedTuple):
    singular: str
    plural: str
    dative: str           # German dative plural; the plural elsewhere


def table() -> tuple[dict[str, dict[str, Forms]], dict[str, dict[str, str]]]:
    """({lang: {key: Forms}}, {lang: {lower-case word: key}})."""
    forms, words = {"de": {}, "en": {}}, {"de": {}, "en": {}}
    for row in TABLE.strip().splitlines():
        key, german, english = (part.split() for part in row.split("|"))
        english = [w.replace("_", " ") for w in english]
        forms["de"][key[0]] = Forms(*german)
        forms["en"][key[0]] = Forms(english[0], english[1], english[1])
        for lang, spellings in (("de", german), ("en", english)):
            words[lang].update({w.lower(): key[0] for w in spellings})
    for lang, abbreviated in ABBREVIATED.items():
        words[lang].update(abbreviated)
    return forms, words


FORMS, WORDS = table()
WORD_AFTER = {lang: re.compile(r"[ \u00a0]?(%s)(?![\w-])" % "|".join(
    re.escape(w) for w in sorted(words, key=len, reverse=True)), re.IGNORECASE) for lang, words in WORDS.items()}
SYMBOL_AFTER = re.compile(r"( ?)(%s)(?![\w/])" % "|".join(
    (re.escape(s) if len(s) == 1 else "(?i:%s)" % re.escape(s)) for s in sorted(SYMBOLS, key=len, reverse=True)))
SCALE_AFTER = re.compile(r" (%s)\b" % "|".join(SCALES))
DATIVE_BEFORE = re.compile(r"\b(?:in|within|after|with|since|from|of|at)\s+(?:(?:about|around|almost|nearly|only|"
                           r"just)\s+)?$", re.IGNORECASE)
AGO_AFTER = re.compile(r" ago\b", re.IGNORECASE)
# English "of" after a measure, which German does without ("2 kg of apples" -> "2 kg Äpfel": a model wrote "2 kg von
# Apfel"); it goes with the measure's placeholder
OF_AFTER = re.compile(r" of(?= \w)")
OFTEN = {"1": "once", "2": "twice"}            # English "2 times" as said ("2 Mal pro Woche" -> "twice a week")
VOR_BEFORE = re.compile(r"(?<!\d )\b[Vv]or\s+$")       # not after a number: "5 vor 12 Minuten" is no "ago"
SEIT_BEFORE = re.compile(r"\b[Ss]eit\s+$")        # "seit 3 Tagen" -> "for 3 days" (a model lost "for")
# a share off a price ("50 % Rabatt auf alle Schuhe" -> "50% off": a model wrote "50% Rabats")
DISCOUNT = {"de": " Rabatt", "en": " off"}
DISCOUNT_AFTER = {lang: re.compile(rf"{word}\b") for lang, word in DISCOUNT.items()}
OLD_AFTER = re.compile(r" alte[rsnm]?\b")     # "ein 3 Jahre alter Junge": attributive, "a 3-year-old boy"; "6
                                              # Monate altes": "6-month-old"
# what a length, an age or a delay measures, said after it ("Ich bin 1,85 m groß." -> "1.85 m tall", "7 years old" ->
# "7 Jahre alt", "20 minutes late" -> "20 Minuten zu spät": a model wrote "I am big 1.85 m.", "Meine Tochter ist 7
# Jahre." and "Der Zug zum München ist 20 Minuten."): a German adjective without an ending (one with an ending
# stands before its noun, "ein 2 m großer Mann"), an English one before a mark, "and", "or", "but" or the line's end
# (not "a 300 m high tower"), but "old" anywhere ("a child 6 months old sitting ..."); English's word first
DIMENSIONS = [("tall", "groß"), ("high", "hoch"), ("long", "lang"), ("wide", "breit"), ("deep", "tief"),
              ("thick", "dick"), ("old", "alt"), ("late", "zu spät"), ("early", "zu früh")]
LENGTHS, AGES, DELAYS = {"mm", "cm", "m", "km", "mi", "ft", "in"}, {"d", "wk", "mo", "yr"}, {"s", "min", "h", "d"}
MEASURED_BY = {"old": AGES, "late": DELAYS, "early": DELAYS}        # the others measure a length
# a German delay after its time ("Der Zug hat 15 Minuten Verspätung." -> "a 15-minute delay": a model wrote "15
# minutes trying to try")
DELAY_AFTER = re.compile(r" Verspätung\b")
DIMENSION_AFTER = {lang: re.compile(r" (%s)(?![\wäöüß-])" % "|".join(pair[side] for pair in DIMENSIONS))
                   for side, lang in enumerate(("en", "de"))}
PRODUCT_BEFORE = re.compile(r"\d\s*[x×]\s*$")          # "5 x " before the measure's number: a size
MARK_AFTER = re.compile(r"\s*(?:[.,;:!?)]|$)|\s+(?:and|or|but)\b")
# a fraction under one before the unit's number takes the singular ("1/2 cup" -> "1/2 Tasse", "3/4 Stunde" -> "3/4
# hour", not "Tassen", "hours"); a whole number before it makes it more than one ("1 1/2 cups")
FRACTION_BEFORE = re.compile(r"(?<![\w.,/])(?<!\d )(\d+)/$")
VULGAR = re.compile("[½⅓¼⅕⅙⅛⅔¾⅖⅗⅜⅝⅞]")       # a fraction in one character, under one: "½ liter" -> "½ Liter"


class Unit(NamedTuple):
    key: str              # the unit, alike in both languages ("km", "h")
    start: int            # where the measure starts (before its number, where "vor" opens it)
    end: int              # where the unit (and "ago", "Celsius", ...) ends
    fill: str             # the measure in the target language
    reading: tuple        # what it stands for, for a training pair's target


def unit_after(text: str, start: int, end: int, number: str, value: str, source: str, target: str) -> Unit | None:
    """The measure whose number (as the target writes it: `number`; its plain value: `value`) is text[start:end],
    with the unit written right after it; None without one, or where the pair of languages has no rule."""
    if {source, target} != {"de", "en"}:
        return None
    word = WORD_AFTER[source].match(text, end)
    symbol = None if word and (word.group(1).endswith(".") or source == "de" and word.group(1) == "Min") else \
        SYMBOL_AFTER.match(text, end)                                                   # "Min.", "Min": a word
    if symbol:
        space = "" if symbol.group(2) == "%" and target == "en" else symbol.group(1)
        key = SYMBOL_KEYS.get(symbol.group(2).lower(), symbol.group(2).lower())
        shown = symbol.group(2)
        if target == "de" and key in WORDED_IN_GERMAN:                              # "2 lbs" -> "2 Pfund"
            one = number.lstrip("-+") == "1"
            shown, space = FORMS["de"][key].singular if one else FORMS["de"][key].plural, " "
        off = DISCOUNT_AFTER[source].match(text, symbol.end()) if key == "pct" else None
        if off:                                                   # "50 % Rabatt" -> "50% off"
            return Unit(symbol.group(2), start, off.end(), number + space + symbol.group(2) + DISCOUNT[target],
                        ("unit", key, value, "off"))
        measured = dimension_after(text, start, symbol.end(), key, source, target)
        if measured:                                                 # "1,85 m groß" -> "1.85 m tall"
            return Unit(symbol.group(2), start, measured[0], f"{number}{space}{shown} {measured[1]}",
                        ("unit", key, value, measured[2]))
        of = OF_AFTER.match(text, symbol.end()) if source == "en" and key != "pct" else None      # "20% of": "20 % der"
        return Unit(symbol.group(2), start, of.end() if of else symbol.end(), number + space + shown,
                    ("unit", key, value))
    if word is None:
        return None
    key, last = WORDS[source][word.group(1).lower()], word.end()
    fraction = FRACTION_BEFORE.search(text, 0, start)
    one = number.lstrip("-+") == "1" or VULGAR.fullmatch(number) is not None or (
        fraction is not None and value.isdigit() and 0 < int(fraction.group(1)) < int(value))
    forms = FORMS[target][key]
    written = forms.singular if one else forms.plural
    scale = SCALE_AFTER.match(text, last) if key == "deg" else None
    if scale:
        written, last = f"{written} {scale.group(1)}", scale.end()
    ago = AGO_AFTER.match(text, last) if key in TIME and source == "en" else None
    if ago:                                                                      # "3 days ago" -> "vor 3 Tagen"
        return Unit(key, start, ago.end(), f"vor {number} {forms.singular if one else forms.dative}",
                    ("unit", key, value, "ago"))
    before = VOR_BEFORE.search(text, 0, start)
    if key in TIME and source == "de" and before:                                # "vor 3 Tagen" -> "3 days ago"
        return Unit(key, before.start(), last, f"{number} {written} ago", ("unit", key, value, "ago"))
    since = SEIT_BEFORE.search(text, 0, start) if key in TIME and source == "de" else None
    if since:                                                                    # "seit 3 Tagen" -> "for 3 days"
        return Unit(key, since.start(), last, f"for {number} {written}", ("unit", key, value))
    old = OLD_AFTER.match(text, last) if key in AGES and source == "de" else None
    if old:                                                                      # "3 Jahre alter" -> "3-year-old"
        return Unit(key, start, old.end(), f"{number}-{forms.singular}-old", ("unit", key, value, "old"))
    delay = DELAY_AFTER.match(text, last) if key in DELAYS and source == "de" and target == "en" else None
    if delay:                                                          # "15 Minuten Verspätung" -> "a 15-minute delay"
        return Unit(key, start, delay.end(), f"a {number}-{forms.singular} delay", ("unit", key, value, "delay"))
    measured = dimension_after(text, start, last, key, source, target)
    if measured:                                                                 # "7 Jahre alt" -> "7 years old"
        return Unit(key, start, measured[0], f"{number} {written} {measured[1]}", ("unit", key, value, measured[2]))
    if target == "de" and not one and DATIVE_BEFORE.search(text, 0, start):
        written = forms.dative
    of = OF_AFTER.match(text, last) if source == "en" and key != "pct" else None       # a share, in words too
    measure = OFTEN.get(number, f"{number} {written}") if key == "x" and target == "en" else f"{number} {written}"
    return Unit(key, start, of.end() if of else last, measure, ("unit", key, value))


def in_dative(fill: Reading) -> Reading:
    """A German measure's plural in the dative, after a preposition that takes it ("5 Tage" -> "5 Tagen")."""
    forms = FORMS["de"].get(fill.key[1]) if fill.key[0] == "unit" else None
    if forms is None or not fill.endswith(" " + forms.plural):
        return fill
    return Reading(fill[:-len(forms.plural)] + forms.dative, fill.key)


def dimension_after(text: str, start: int, end: int, key: str, source: str,
                    target: str) -> tuple[int, str, str] | None:
    """What the measure of unit `key` from `start` to `end` measures, said right after it (DIMENSIONS): (where the
    word ends, the target's word, English's word); None where there is none, or where the measure is the last of a
    size ("5 x 4 m groß" is big, not "5 x 4 m tall")."""
    m = DIMENSION_AFTER[source].match(text, end)
    if m is None or PRODUCT_BEFORE.search(text, 0, start):
        return None
    english, german = next(pair for pair in DIMENSIONS if m.group(1) in pair)
    if key not in MEASURED_BY.get(english, LENGTHS) or (
            source == "en" and english != "old" and not MARK_AFTER.match(text, m.end())):
        return None
    return m.end(1), german if target == "de" else english, english
