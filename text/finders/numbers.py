"""Numbers leave the source as placeholders and come back in the target language's format: German -> English
"3,5" -> "3.5", "1.200" -> "1,200", "14:30 Uhr" -> "2:30 pm", "8 Uhr" -> "8 o'clock", "24 Uhr" -> "midnight";
English -> German "3.5" -> "3,5", "1,200" -> "1.200", "2:30 pm" -> "14:30 Uhr". The search never writes a digit
itself (the step bans every piece with one), so no translation holds a number its source does not have. A sign and
an exponent belong to the number ("-5", "1e5"); a word with digits inside ("A380", "COVID-19") travels whole, as
written. And no digit is lost: a run of characters with a digit that is not one number (`DigitRuns`: "12a", "1/2",
".5", "Nr.1", "m²") travels whole, as typed, its numbers in the target's format. A currency sign beside a number is
part of it (text/finders/prices.py), written as the target writes it: "12,50 €" -> "€12.50", "$5" -> "5 $" (Multi30K
has no currency signs to learn: a model would drop them); so is a currency's name after it, as its sign: "1.299,99
Euro" -> "€1,299.99", "12 dollars" -> "12 $" (Multi30K has five "Euro": a model drops the word), and a price's rate
("pro Monat" -> "per month", text/forms/rates.py). So is a unit after it, in the target's words ("45 Minuten" -> "45
minutes", text/forms/units.py), and a magnitude word ("5 Millionen" -> "5 million", a currency around both), and a
date or an ordinal is one span too ("am 3. Mai" -> "on May 3", "3. Platz" -> "3rd", text/forms/dates.py), and a list's
marker, as written ("1. Milch 2. Eier", text/forms/list_markers.py). So is a section sign before it, as typed ("§ 5").
"""
from __future__ import annotations

import re

from text.finders.copy_through import whole_in
from text.finders.finder import PlaceholderStep
from text.finders.number_times import CHANGE, clock_leads, clock_ranges, said_times
from text.finders.prices import from_price, price_ranges, with_currency, with_rate
from text.forms.clock_forms import clock_form
from text.forms.currency import PRICE_MARK, sign_around
from text.forms.date_ranges import joined_ranges
from text.forms.dates import clock_lead, find_dates, find_ordinals, led_clock
from text.forms.list_markers import find_list_markers
from text.forms.masking import Span, merge, overlaps
from text.forms.measure_ranges import joined_durations, joined_measures
from text.forms.number_forms import CLOCK_SUFFIX, convention_value, convert, find_numbers, marks
from text.forms.quantifiers import each_taken, quantified
from text.forms.sentence_ends import OPENING_WORDS, ends_text
from text.forms.units import Reading, counted, magnitude, unit_after

# a number, with the letters and hyphens glued to its left ("A380", "COVID-19") or its sign ("-5", "−5"), an
# exponent ("1e5"), and a following time of day ("Uhr"; "pm", "a.m.", "o'clock"); the period of an "a.m." that ends
# the sentence is the sentence's full stop too, and stays outside ("at 7 a.m." -> "um 7 Uhr.", not "um 7 Uhr"). A
# code (letters to its left) takes the parts in capitals hyphened to its right: "ABC-123-XYZ", "X-1000-B" (their
# last part went as a name of its own, and the hyphen before it was lost), not "Covid-19-Pandemie"
NUMBER = (r"(?<![\w.,:])([^\W\d_][\w-]*?)?([-−+](?=\d))?(\d+(?:[.,:]\d+)*(?(1)(?:(?-i:-[A-Z][A-Z0-9]*)(?![\w-]))*))"
          r"([eE][-−+]?\d+)?(?![.,:]?\d)")
DAY_PART = r"(?:\s+(?:morgens|früh|vormittags|mittags|nachmittags|abends|nachts)\b)?"     # "8 Uhr abends": "8 pm"
DAY_PART_EN = r"(?:\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night)\b)?"   # "3 o'clock in the afternoon"
CLOCK = {"de": rf"(\s+Uhr\b(?:\s+\d\d\b(?![.,:]\d))?{DAY_PART})?",
         "en": rf"(\s*(?:[ap]\.m\.(?!\s*$)|[ap]\.?\s?m\b|o'clock{DAY_PART_EN})|(?<=12) noon\b)?"}  # "12 noon": mittags
NUMBER_SPAN = re.compile(NUMBER + CLOCK["de"])
SIGNS = {"-": "-", "−": "-", "+": "+"}
# "minus" before a temperature goes with it, as its sign ("Es hat minus 5 Grad." -> "There has 5 degrees." from two
# models); both languages say "minus"
MINUS_BEFORE = re.compile(r"(?<!\d )\b(?i:minus)\s+$")           # not a difference: "10 minus 5 Grad"
OPENING_AFTER = re.compile(r"\s+([A-ZÄÖÜ][a-zäöüß]*)\b")
BYTE_PIECE = re.compile(r"<0x[0-9A-F]{2}>").fullmatch
DIGIT_BYTES = {f"<0x{b:02X}>" for b in range(0x30, 0x3A)}
# a section sign before its number ("§ 5", "§§ 3"): both languages write it so, and Multi30K has none to learn
SECTION = re.compile(r"(§§?) ?$")
DIGIT = re.compile(r"\d")            # what NUMBER, a date's and an ordinal's patterns, a list's marker take for one


# the size of a change, after "by" in English and "um" in German, takes its preposition along ("Prices rose by 15%." ->
# "Die Preise stiegen am 15%." from a strong model; "um 15 % gestiegen" -> "gathered around 15%"): where a word of a
# change is in the sentence, before "by" in English, anywhere in German ("Der Preis ist um 5 Euro gestiegen.")
CHANGED = {"en": re.compile(r"\b(?:r[io]se[ns]?|rising|f[ae]ll(?:s|en|ing)?|drop(?:s|ped|ping)?|(?:in|de)creas\w*|"
                            r"gr[eo]w(?:s|n|ing)?|climb\w*|declin\w*|reduc\w*|rais\w*|lower(?:s|ed|ing)?|"
                            r"cut(?:s|ting)?|jump\w*|(?:go|goes|went|gone)\s+(?:up|down))\b", re.IGNORECASE),
           "de": CHANGE}
BY_BEFORE = {"en": (re.compile(r"\b(?i:by)\s+$"), "um"), "de": (re.compile(r"\b(?i:um)\s+$"), "by")}


def changed_by(text: str, found: list[re.Match], spans: list[Span], times: set[int], source: str, target: str) -> None:
    """A number of `found` that is the size of a change (CHANGED) takes the preposition before it into its span in
    `spans` (in place), in the target's word: "rose by 15%" -> "um 15%", "um 5 Euro gestiegen" -> "by €5"."""
    if source not in BY_BEFORE or target not in BY_BEFORE:
        return
    for k, m in enumerate(found):
        span = spans[k]
        by = BY_BEFORE[source][0].search(text, spans[k - 1].end if k else 0, span.start)
        change = by and CHANGED[source].search(text, 0, by.start() if source == "en" else len(text))
        if change and not {span.start, m.start()} & times:
            fill = f"{BY_BEFORE[source][1]} {span.fill}"
            spans[k] = Span(by.start(), span.end, Reading(fill, span.fill.key) if isinstance(span.fill, Reading)
                            else fill)


def with_section(text: str, span: Span, free_from: int) -> Span:
    """The span with the section sign written right before it (not before free_from), as typed: "§ 5" -> "§ 5"."""
    before = SECTION.search(text, free_from, span.start)
    return span if before is None else Span(before.start(), span.end, text[before.start():span.start] + span.fill)


# a number whose thousands are grouped by spaces ("25 000", "1 000 000", a no-break or thin space too): a first group
# of 1-3 digits, not 0, then groups of exactly 3 (not a phone number "030 123 456", nor "3 100-Euro-Scheine")
SPACE_GROUPED = re.compile(r"(?<![\d.,:-])(?<!\d[ \u00a0\u202f])[1-9]\d{0,2}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?"
                           r"(?![\d-]|[.,:]\d)")


def grouped_by_marks(text: str, lang: str) -> str:
    """The text with the spaces that group a number's thousands written as the language's thousands mark, each one
    character for one, so every offset stays where it was."""
    thousands = marks(lang)[1]
    return SPACE_GROUPED.sub(lambda m: re.sub(r"[ \u00a0\u202f]", thousands, m.group()), text)


class Numbers(PlaceholderStep):
    def __init__(self, source: str = "de", target: str = "en"):
        self.source, self.target = source, target
        self.span = re.compile(NUMBER + CLOCK.get(source, "()?"), re.IGNORECASE if source == "en" else 0)
        self.last: tuple[str, tuple[Span, ...]] = ("", ())

    def find(self, text: str) -> list[Span]:
        """The numbers of a text, a price or a measure with its quantifier ("less than 100 euros" -> "weniger als
        100 €", text/forms/quantifiers.py)."""
        spans = quantified(text, self.find_paired(text, ""), self.source, self.target)
        return each_taken(text, spans, self.source) if self.target != self.source else spans

    def find_paired(self, source: str, target: str) -> list[Span]:
        """The numbers of a source, without their quantifiers (a training pair's target keeps its own words); the
        last text's are kept, as a pipeline's number compounds and digit runs ask for the numbers of the very text
        this finder is asked about next (a third of preparing a corpus went to that)."""
        last = self.last                     # one read: a server's threads may share this finder
        if last[0] != source:
            last = self.last = source, tuple(self.spans(source))
        return list(last[1])

    def spans(self, text: str) -> list[Span]:
        if not DIGIT.search(text):       # every number, date, ordinal and list marker has one (most lines have none)
            return []
        text = grouped_by_marks(text, self.source)       # "25 000" read as "25.000": one number, not two
        dates = find_dates(text, self.source, self.target)
        listed = dates + [s for s in find_list_markers(text, self.source) if not overlaps(s, dates)]   # "1. Milch"
        whole = listed + [s for s in find_ordinals(text, self.source, self.target) if not overlaps(s, listed)]
        found = [m for m in self.span.finditer(text) if not overlaps(Span(m.start(), m.end(), ""), whole)]
        spans, langs = [], (self.source, self.target)
        for m in found:                  # a sign between two numbers goes to the first: "3 € 5" is "€3", "5"
            plain = Span(m.start(), m.end(), self.form(*m.groups(), m.group()))
            free = spans[-1].end if spans else 0
            measured = self.with_unit(text, plain, m)
            if magnitude(measured.fill):                                # "$5 million", "5 Mio. Euro"
                spans.append(with_rate(text, with_currency(text, measured, m, free, *langs), self.value(m), *langs))
                continue
            if counted(measured.fill):                                  # "2 Mal pro Woche"
                spans.append(with_rate(text, measured, self.value(m), *langs))
                continue
            priced = with_currency(text, plain, m, free, *langs)
            priced = priced if priced == plain else from_price(text, priced, free, *langs)       # "ab 19,90 €"
            rated = measured if priced == plain else with_rate(text, priced, self.value(m), *langs)
            spans.append(with_section(text, rated, free))
        times = {m.start() for m in found if m.group(5)}
        clock_ranges(text, found, spans, times, self.source, self.target)
        clock_leads(text, found, spans, times, self.source, self.target)
        said_times(text, found, spans, self.source, self.target)
        changed_by(text, found, spans, times, *langs)                # "rose by 15%" -> "um 15%"
        price_ranges(text, found, spans, *langs)                   # "10-20 €" -> "€10", "€20"
        kept = merge([[span] for span in sorted(whole + spans)])    # "vor 3 Tagen" opens before its number
        kept = joined_measures(text, kept, self.source, self.target)      # "3 bis 5 Tage" -> "3 to 5 days"
        kept = joined_durations(text, kept, self.source, self.target)     # "2 Std. 15 Min." -> "2 hours 15 minutes"
        return joined_ranges(text, kept, times, self.source, self.target)     # "von 9 bis 17 Uhr": one span

    def with_unit(self, text: str, span: Span, m: re.Match) -> Span:
        """The span with the unit written after its number, if any ("10 km", "45 Minuten"): the measure as the
        target writes it (text/forms/units.py)."""
        prefix, sign, number, exponent, clock = m.groups()
        if prefix or exponent or clock:
            return span
        unit = unit_after(text, span.start, span.end, span.fill, self.value(m), self.source, self.target)
        if unit is None:
            return span
        last = unit.end - 1 if text[unit.end - 1] == "." and self.sentence_ends(text, unit.end) else unit.end
        degrees = unit.reading[1] == "deg" and unit.start == span.start
        minus = MINUS_BEFORE.search(text, 0, unit.start) if degrees else None
        if minus:                                                   # "minus 5 Grad" -> "minus 5 degrees"
            return Span(minus.start(), last, Reading(f"minus {unit.fill}", (*unit.reading[:2], "-" + unit.reading[2],
                                                                              *unit.reading[3:])))
        return Span(unit.start, last, Reading(unit.fill, unit.reading))     # "Es dauert 2 Std." -> "2 hours" + "."

    @staticmethod
    def sentence_ends(text: str, at: int) -> bool:
        """Whether the full stop of an abbreviation before `at` ends the sentence too: at the text's end, or before a
        capitalized word that opens sentences ("Es dauert 2 Std. Dann ..."); it is the sentence's then, not the
        placeholder's."""
        following = OPENING_AFTER.match(text, at)
        return ends_text(text, at) or following is not None and following.group(1).lower() in OPENING_WORDS

    def value(self, m: re.Match) -> str:
        """The plain value of a number span's number, alike in both languages ("-3.5" of "-3,5")."""
        _, sign, number, _, _ = m.groups()
        return SIGNS.get(sign, "") + (convention_value(number, *marks(self.source)) or number)

    def form(self, prefix: str | None, sign: str | None, number: str, exponent: str | None, clock: str | None,
             written: str) -> str:
        """What a number span becomes in the target language: a sign and an exponent belong to the number."""
        if prefix:                                   # a code, as written
            return prefix + (sign or "") + number + (exponent or "")
        if clock and not (sign or exponent):
            timed = clock_form(number, clock, self.source, self.target)
            return timed if timed is not None else written
        return SIGNS.get(sign, "") + convert(number, self.source, self.target) + (exponent or "").replace("−", "-")

    def find_in_target(self, source: str, spans: list[Span], target: str) -> list[tuple[int, int]] | None:
        """Each source span's counterpart in the target, matched in order: a plain number by its readings
        (data/number_forms keys: "3,5" meets "3.5", "14 Uhr" meets "2 pm"), a measure, a date or an ordinal by
        what it stands for ("10 km" meets "10 kilometers", "3. Mai" meets "May 3rd"); None unless every one is
        found and every number of the source is in a span."""
        numbers = find_numbers(source, self.source)
        if len(numbers) != sum(1 for n in numbers for s in spans if s.start <= n.start < s.end):
            return None                         # a number glued to a word ("2x3"): leave the pair as it is
        read = [s for s in Numbers(self.target, self.source).find_paired(target, "") if isinstance(s.fill, Reading)]
        found, last = [], 0
        targets = find_numbers(target, self.target)
        for span in spans:
            if isinstance(span.fill, Reading):        # the same thing, or the source's text as written ("18th")
                same = next(((t.start, t.end) for t in read if t.fill.key == span.fill.key and t.start >= last),
                            None) or whole_in(target, source[span.start:span.end], last)
                if same is None:
                    return None
                found.append(same)
                last = same[1]
                continue
            inside = [n for n in numbers if span.start <= n.start < span.end]
            if len(inside) != 1:                # "14 Uhr 30": left as it is
                return None
            number = inside[0]
            match = next((t for t in targets if t.keys & number.keys and t.start >= last), None)
            if match is None:
                return None
            signed = span.fill[:1] in "-+" and match.start > 0 and target[match.start - 1] in SIGNS
            last = match.start + len(match.text)
            clock = CLOCK_SUFFIX["en" if self.target == "en" else "de"].match(target, last)
            if clock and any(key.startswith("c") for key in number.keys):     # the source's is a time too
                last = clock.end()                  # "um 14:30 Uhr" is the fill "14:30 Uhr", not "14:30" + "Uhr"
            start = match.start - signed
            if led_clock(source, span.start, self.source):       # "um 14 Uhr" meets "at 2 pm", with its preposition
                lead = clock_lead(target, start, self.target, found[-1][1] if found else 0)
                if lead is None:
                    return None
                start = lead[0]
            if span.fill.startswith("§"):                   # the target's sign too, or the pair stays as written
                section = SECTION.search(target, found[-1][1] if found else 0, start)
                if section is None:
                    return None
                start = section.start()
            if PRICE_MARK.search(span.fill):        # the target's sign (or code) too, or the pair stays as written
                found_sign = sign_around(target, start, last, self.target)
                if found_sign is None:
                    return None
                _, start, last = found_sign
            found.append((start, last))
        return found

    def banned_pieces(self, pieces: list[str]) -> set[int]:
        """Every piece with a digit in it: numbers come only from the source's placeholders."""
        return {i for i, piece in enumerate(pieces) if piece in DIGIT_BYTES or
                (not BYTE_PIECE(piece) and any(c.isdigit() for c in piece))}
