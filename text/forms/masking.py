"""Placeholders as text: spans of the source (numbers, glossary terms, ...) leave it as private-use characters the
model learned to copy (`mask`), and after decoding each placeholder becomes what it stands for, its fill (`fill`).

    mask("Die Frau kauft 3,5 kg.", [Span(15, 18, "3.5")])   -> ("Die Frau kauft \ue000 kg.", ("3.5",))
    fill("The woman buys \ue000 kg.", ("3.5",))              -> "The woman buys 3.5 kg."

Masking, filling and the placeholder limit are here and nowhere else; what finds the spans is in text/finders/, and
the step that masks them all together is text/steps/placeholders.py.
"""
from __future__ import annotations

import re
import sys
from typing import NamedTuple

from text.forms.units import Reading
from text.forms.verbatim import LAUGHED

PLACEHOLDERS = tuple(chr(0xE000 + k) for k in range(16))   # each one subword piece (user-defined symbol)
PLACEHOLDER = re.compile("[\ue000-\ue00f]")


class Span(NamedTuple):
    start: int
    end: int
    fill: str          # what the placeholder becomes in the translation


class Alone(str):
    """A fill that is a word of its own (a URL, an e-mail address, a file name, a code): letters a model glues to its
    placeholder ("\ue000ing", a word's ending) belong to no word of the translation and are dropped. So are those
    glued to a fill that knows what it stands for (a units.Reading: a measure, a date, an ordinal), which has its
    words already ("120 km/h" + "t": a 300-step model wrote "Ein Mann 120 km/h t auf der Straße")."""


class Hyphened(str):
    """A fill that is the first part of a German compound ("5-Sterne" of "a 5-star hotel"): joined by a hyphen to
    the noun the model writes right after it ("5-Sterne-Hotel"), a word of its own before anything else ("5-Sterne
    langes")."""


class Parted(str):
    """A fill that is the first part of a source's compound whose rest goes to the model as a word of its own: its
    span takes the hyphen after it, and its placeholder stands apart ("3-Tage-Ticket" -> "\ue000 Ticket", "3-day"; a
    model read "\ue000-Ticket" as "tickbox")."""


class Gendered(str):
    """A fill that is a German noun, or ends in one, of known gender ("m", "f", "n", "p": a plural): a glossary
    term's, which the model saw only as a placeholder. The word the model wrote right before it, an article or a
    possessive, takes its gender (text/steps/possessives.py, before the placeholders step fills them in)."""

    def __new__(cls, value: str, gender: str = "", lead: tuple[str, ...] = ()):
        made = super().__new__(cls, value)
        made.gender = gender
        made.lead = lead        # an everyday noun's: the source's words right before it, lowercase ("in", "the")
        return made


class EnglishNoun(str):
    """A fill that is an English noun (a built-in everyday noun's, text/finders/glossary.py): the model's "a" or "an"
    right before its placeholder takes the noun's first sound ("a" + "appointment" -> "an appointment";
    text/steps/possessives.py, before the placeholders step fills them in), and where the model wrote none after a
    preposition, the article of the source's words right before it (`lead`: "im" -> "in the")."""

    def __new__(cls, value: str, lead: tuple[str, ...] = ()):
        made = super().__new__(cls, value)
        made.lead = lead
        return made


class Apart(str):
    """A fill that belongs to neither word it was typed between (a subword unit's mark "▁Hund"): its placeholder
    stands apart from both for the model, which read "\ue000Hund" as one word ("Wundund")."""


class Opener(str):
    """A fill that opens its sentence, a subject pronoun ("Es" for "It", text/finders/opening_pronouns.py): where the
    model wrote its placeholder elsewhere, it goes back to the front ("\ue001 \ue000." -> "\ue000 \ue001.": a 300-step
    model wrote "25,99 $ Es kostet." for "It costs $25.99 plus tax.", the search having put the placeholder in before
    the end), and an English word that opened the sentence before it loses its capital ("It minus 5 degrees.")."""

    def __new__(cls, value: str, english: bool = False):
        made = super().__new__(cls, value)
        made.english = english
        return made


# what may stand before a sentence's first word: an opening quote or bracket, Spanish-style marks
OPENING_MARKS = re.compile(r"[\s\"'„“‚‘«»(\[¿¡]*")


def to_the_front(output: str, placeholder: str, english: bool) -> str:
    """The output with the placeholder first, after any opening marks (an Opener's), where it is elsewhere."""
    start = OPENING_MARKS.match(output).end()
    if placeholder not in output or output.startswith(placeholder, start):
        return output
    rest = re.sub(f" ?{placeholder}", "", output[start:], count=1).strip()
    if english and re.match(r"(?!I\b)[A-Z][a-z]*\b(?![-'])", rest):         # "Minus 5 degrees" -> "minus 5 degrees"
        rest = rest[0].lower() + rest[1:]
    return f"{output[:start]}{placeholder} {rest}"


def clear(text: str) -> str:
    """A user's own private-use characters are no placeholders: they become spaces before any step looks."""
    return PLACEHOLDER.sub(" ", text)


def overlaps(span: Span, others: list[Span]) -> bool:
    return any(o.start < span.end and span.start < o.end for o in others)


def merge(found: list[list[Span]]) -> list[Span]:
    """Spans of several steps, earlier steps first: those that overlap an earlier kept one are dropped; in text
    order. (merge([[s] for s in spans]): the spans without those that overlap an earlier one.)"""
    kept: list[Span] = []
    for spans in found:
        kept += [s for s in spans if not overlaps(s, kept)]
    return sorted(kept)


def mask(text: str, spans: list[Span]) -> tuple[str, tuple[str, ...]]:
    """The text with spans (in text order, not overlapping) as PLACEHOLDERS[0], [1], ...; at most that many, the
    rest go to the model as typed, with a warning: it may change or drop them (a number left in the text it cannot
    write at all)."""
    if len(spans) > len(PLACEHOLDERS):
        left = ", ".join(repr(text[s.start:s.end]) for s in spans[len(PLACEHOLDERS):])
        print(f"warning: a sentence has {len(spans)} numbers or terms, more than the {len(PLACEHOLDERS)} "
              f"placeholders; the model reads these as typed and may change or drop them: {left} (to keep them, "
              "put them in sentences of their own)", file=sys.stderr)
        spans = spans[:len(PLACEHOLDERS)]
    out, last = [], 0
    for k, span in enumerate(spans):
        apart = isinstance(span.fill, Apart)
        before = " " if apart and text[span.start - 1:span.start].isalnum() else ""
        after = " " if isinstance(span.fill, Parted) or apart and text[span.end:span.end + 1].isalnum() else ""
        out += [text[last:span.start], before + PLACEHOLDERS[k] + after]
        last = span.end
    return "".join(out) + text[last:], tuple(s.fill for s in spans)


# a fill that opens with a lowercase word (a glossary term, an English exonym, "on May 3", "the Koch family") takes a
# capital at the start of the output; an address, a handle, a file name or a word written in its own mixed case
# ("iPhone") stays exactly as the source had it, and so does chat's laughter ("lol" came back as "Lol")
WORDS = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")


def capitalizable(value: str) -> bool:
    first = value.split(" ", 1)[0]      # its first part lowercase: "mid-June" too ("Mitte Juni" came back lowercase)
    return (first.split("-", 1)[0].islower() and WORDS.fullmatch(first) is not None
            and not LAUGHED.fullmatch(value))


def fill(output: str, fills: tuple[str, ...]) -> str:
    """The translation with each placeholder replaced by its fill; placeholders the source did not have, and repeats
    of one it had once (a model may say "14:30 14:30"), vanish with the space before them. Letters glued to a
    placeholder ("\ue000s") are dropped after an `Alone` fill or a `Reading`, and a space apart after any other
    ("1.5 s", not "1.5s"): nothing is stuck to a fill, whatever the model wrote. A fill that ends in a full stop ("3."
    in German, "Dr.") takes the place of one right after it ("Er wurde 3.", not "3.."). A `Hyphened` fill is joined to
    a capitalized word right after it ("5-Sterne-Hotel"), and so is any fill the model wrote a hyphen and a space after
    ("\ue000- Lieferwagen" -> "FedEx-Lieferwagen", a German compound a model wrote as "FedEx- Lieferwagen"). An
    `Opener` fill opens the output (`to_the_front`)."""
    used = set()
    output = re.sub(r"([\ue000-\ue00f])- (?=[A-ZÄÖÜ])", r"\1-", output)
    for k, value in enumerate(fills[:len(PLACEHOLDERS)]):
        if isinstance(value, Opener):
            output = to_the_front(output, PLACEHOLDERS[k], value.english)
        if isinstance(value, Hyphened):
            output = re.sub(f"{PLACEHOLDERS[k]} (?=[A-ZÄÖÜ])", PLACEHOLDERS[k] + "-", output, count=1)

    def one(m: re.Match) -> str:       # m: the space before the placeholder, if any, it, glued letters, a full stop
        space, k, glued, stop = m.group(1), ord(m.group(2)) - 0xE000, m.group(3), m.group(4)
        if k >= len(fills) or k in used:
            return space + glued + stop if glued else stop
        used.add(k)
        value = fills[k]
        value = value[:1].upper() + value[1:] if m.start() == 0 and capitalizable(value) else value
        if glued:
            return space + value + ("" if isinstance(fills[k], (Alone, Reading)) else " " + glued) + stop
        return space + value + ("" if value.endswith(".") else stop)
    return re.sub(" {2,}", " ", re.sub(r"( ?)([\ue000-\ue00f])([^\W_]*)(\.?)", one, output)).strip()


class Guarded(NamedTuple):
    text: str
    fixes: int         # copies dropped plus placeholders put in: 0 where the search kept the rule


# the punctuation that closes a sentence: a missing placeholder goes before it
CLOSING = re.compile(r"[\s.!?…:;,\"'»“”)\]]*$")


# a placeholder after a letter, a digit, another placeholder or a mark that ends a clause ("Schneider.am 3. Mai"):
# the point between them (letters after one are fill's to part or drop; a bracket or quote before one stays)
STUCK = re.compile(r"(?<=[\ue000-\ue00f.,;:!?])(?=[\ue000-\ue00f])|(?<=[^\W_])(?=[\ue000-\ue00f])")


def exactly_once(output: str, owed: str) -> Guarded:
    """The output with each placeholder of `owed` (the source's, in order) exactly once: a further copy, or one the
    source lacks, is dropped with the space before it; a missing one is put before the closing punctuation; and
    nothing stuck before one (a letter, a digit, another placeholder, a mark that ends a clause) without a space
    (letters after one: `fill`).
    The last guard of a promise the search keeps (decoding/search_rules.py), so `fixes` is 0 where it did."""
    seen, dropped = set(), 0

    def one(m: re.Match) -> str:
        nonlocal dropped
        if m.group()[-1] not in owed or m.group()[-1] in seen:
            dropped += 1
            return ""
        seen.add(m.group()[-1])
        return m.group()
    out = STUCK.sub(" ", re.sub(" ?[\ue000-\ue00f]", one, output))
    lacking = [p for p in owed if p not in seen]
    if lacking:
        cut = CLOSING.search(out).start()
        out = " ".join(part for part in (out[:cut].strip(), *lacking) if part) + out[cut:].strip()
    return Guarded(out, dropped + len(lacking))


def nothing_to_translate(sentence: str) -> bool:
    """A sentence of placeholders (phrases, names, numbers, ... the pipeline carries), punctuation, symbols and
    emoji only: no letter or digit is left for a model to translate, so it is its own translation."""
    return re.search(r"[^\W_]", PLACEHOLDER.sub("", sentence)) is None

def unmask(piece: str, values: tuple[str, ...]) -> str:
    """A piece (or any text) with each placeholder shown as what it stands for; one without a value stays."""
    return PLACEHOLDER.sub(lambda m: values[k] if (k := ord(m.group()) - 0xE000) < len(values) else m.group(), piece)


def carried(source: list[str], output: list[str]) -> tuple[tuple[int, int], ...]:
    """(output index, source index) of each output piece holding a placeholder a source piece holds: the model
    carried that word through, so the two pieces are one word whatever the attention says."""
    at = {c: j for j, piece in enumerate(source) for c in PLACEHOLDER.findall(piece)}
    return tuple((i, at[m.group()]) for i, piece in enumerate(output)
                 if (m := PLACEHOLDER.search(piece)) and m.group() in at)


def missing(output: str, fills: tuple[str, ...]) -> int:
    """How many of the source's placeholders the output lacks."""
    return sum(PLACEHOLDERS[k] not in output for k in range(len(fills)))
