"""A quotation inside a sentence is translated as a sentence of its own, and the sentence around it stays a sentence:
the quotation leaves it as a placeholder (a slot), its words go to the model alone, and its translation comes back
into the slot between the target language's quotation marks.

    Quotations("en").apply("„Schau mal!“, ruft das Mädchen.")
        -> (["Schau mal!", "\ue100, ruft das Mädchen."], Layout(...))     # \ue100: the slot, a placeholder
    Quotations("en").reverse(["Look!", "\ue100, the girl shouts."], layout)   -> "“Look!” the girl shouts."

This is the pipeline's splitting step: a line becomes its sentences (text/forms/sentence_ends.py), never split
inside a quotation, and each quotation its own sentences, nested as deep as the quotations are (three
levels; deeper ones stay as written). Quotation marks: „…“ „…” “…” »…« «…» (double), ‚…‘ ‘…’ ›…‹ ‹…› (single), and
straight "…" and '…' (text/forms/quotation_marks.py finds them: not an apostrophe, "geht's", nor an inch, 5").
Typographic marks come back in the target's style (English “…” ‘…’, German „…“ ‚…‘; as typed for other languages),
straight ones as typed. In English, a quotation that ends in "!" or "?" takes no
comma after it, and one that ends a sentence no full stop; a lowercase quotation inside an English sentence stays
lowercase; a quotation without a full stop gets none from the model (text/steps/final_mark.py, on each of its
sentences: an abbreviation keeps its period, `„in den USA“` → `“in the U.S.”`). A quotation that is a name or a title
inside a sentence (two to eight words, each capitalized but for small linking words, no sentence mark, not an everyday
phrase such as `„Guten Morgen“`) comes back as written, as Multi30K's references keep the names of shops and the
words of signs: `Er arbeitet bei der „Müller GmbH“.` → `He works at “Müller GmbH”.` (a caption model given `Müller
GmbH` alone writes junk). A sentence that is a reporting clause and one quotation takes the clause by rule
(text/forms/reporting.py: `He said: "…"` → `Er sagte: "…"`, where a model given the whole line wrote `Er "…": er`) and
the quotation from the model alone. Training pairs are not changed (a splitting step never sees them): the slot is a
placeholder, which the model has learned to carry.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from text.finders.phrases import Phrases
from text.finders.slots import SLOT, SLOTS
from text.forms.frames import Frame, filled, frames, own_article, slot_of
from text.forms.statement_frames import said, statement_frames
from text.forms.masking import CLOSING
from text.forms.quotation_marks import DOUBLE, STRAIGHT, find_quotations
from text.forms.reporting import reported
from text.forms.sentence_ends import ENDS, dialogue_dash, sentence_spans
from text.forms.slot_phrases import noun_phrase
from text.step import Step

STYLES = {"en": ("“", "”", "‘", "’"), "de": ("„", "“", "‚", "‘")}
MAX_DEPTH = 3            # quotations inside quotations inside quotations; deeper ones stay as written
MAX_IN_SENTENCE = 8      # slots of one sentence (they share its 16 placeholders with numbers, names, ...)
NAME_WORDS = (2, 8)      # a name or title kept as written has this many words
LINKING_WORDS = frozenset("& a an and at by for in of on the to am auf aus bei das dem den der des die im mit und "
                          "vom von zum zur".split())     # lowercase inside a name: "Haus am See", "Race for a Cure"
SOURCES = {"de": "en", "en": "de"}        # the language a quotation is typed in, by the target's
NOT_LINKING = {"en": frozenset({"am", "die"})}     # English words of their own: "I am Anna" is said, not named
DESCRIBING_WORDS = frozenset("a an ein eine einem einen einer eines".split())   # "Ein Hund" describes, names nothing
LAST_WORD = re.compile(r"[^\W\d_]+(?=[\s?.!]*$)")     # a question's last word


class Slot(NamedTuple):
    owner: int                 # the sentence (index into the segments) that holds the slot
    parts: tuple[int, ...]     # the quotation's own sentences
    opening: str               # the marks it gets in the translation
    closing: str
    lower: bool                # its translation starts lowercase (an English quotation inside a sentence)
    upper: bool                # its translation is in capitals (a quotation in capitals in a sentence in capitals)
    as_written: str = ""       # a name or title: these words come back, parts is empty
    frame: Frame | None = None     # the frame around the slot (text/forms/frames.py, statement_frames.py), no marks
    typed: str = ""            # a frame's slot as typed
    whole: int = -1            # a frame's whole sentence, its translation where the slot's is no noun phrase
    cased: object = None       # the case step's state of a frame's question typed in lowercase or capitals
    clause: str = ""           # a reporting clause's translation before the marks ("Er sagte: "), by rule


class Layout(NamedTuple):
    top: tuple[int, ...]       # the line's sentences, in order
    slots: tuple[Slot, ...]    # slot k: the quotation SLOTS[k] stands for
    dashes: tuple[tuple[int, str], ...] = ()    # (sentence, the speaker's dash that opens it, as typed)


def lowered(text: str) -> str:
    """The text with its first word lowercase, unless it is "I" or not written as a capitalized word."""
    word = re.match(r"[^\W\d_]+", text)
    if word is None or word.group() == "I" or not (len(word.group()) == 1 or word.group()[1:].islower()):
        return text
    return text[0].lower() + text[1:]


def name_like(inner: str, phrases: Phrases | None, source: str = "") -> bool:
    """Whether a quotation's words are a name or a title (`Müller GmbH`, `Haus am See`, `The Da Vinci Code`): two to
    eight words, the first and last capitalized, those between capitalized or linking words, no indefinite article
    first (`Ein Hund` describes), no sentence mark (`Feuer Frei!` is called out, not named), and no everyday phrase the
    phrase table translates (`Guten Morgen`); a linking word is one of the source language (English "I am Anna" is
    a sentence)."""
    words = inner.split()
    linking = LINKING_WORDS - NOT_LINKING.get(source, frozenset())
    if not NAME_WORDS[0] <= len(words) <= NAME_WORDS[1] or re.search(r"[!?…;:]|\.$", inner) or \
            words[0].lower() in DESCRIBING_WORDS:
        return False
    capital = [w[:1].isupper() or w[:1].isdigit() for w in words]
    if not (capital[0] and capital[-1] and all(c or w in linking for c, w in zip(capital, words))):
        return False
    return phrases is None or not phrases.find(inner)


def words_around(text: str, start: int, end: int, quotations: list[tuple[int, int]]) -> bool:
    """Whether the sentence text[start:end] has a letter outside its quotations (a line that is only a quoted name
    is translated)."""
    cuts = [start, *(k for q in quotations for k in q), end]
    return any(re.search(r"[^\W\d_]", text[a:b]) for a, b in zip(cuts[::2], cuts[1::2]))


class Quotations(Step):
    splits = True

    def __init__(self, target: str = "en", phrases: Phrases | None = None, genders: dict[str, str] | None = None,
                 case: Step | None = None):
        """case: the pipeline's case step (text/steps/case.py): a question typed in lowercase or capitals is matched
        to the frames as the corpus would write it ("wo ist mein handy?" -> "Wo ist mein Handy?"), and its filled
        frame comes back in the case typed ("WHERE IS MY CELLPHONE?")."""
        self.target = target
        self.case = case
        self.phrases = phrases             # the phrase step of the pipeline: a quoted phrase is translated
        self.source = SOURCES.get(target, "")
        framed = phrases is not None and {self.source, target} == {"de", "en"}    # "Wo ist X?", "Das Essen war gut."
        self.frames = frames(self.source, target) + statement_frames(self.source) if framed else []
        self.genders = genders or {}       # German nouns' genders, for a frame's accusative ("einen Tisch")

    def apply(self, text: str) -> tuple[list[str], Layout]:
        segments: list[str] = []
        slots: list = []
        dashes: dict[int, str] = {}
        top = self.segment(text, segments, slots, 0, dashes)
        return segments, Layout(top, tuple(slots), tuple(dashes.items()))

    def segment(self, text: str, segments: list[str], slots: list, depth: int,
                dashes: dict[int, str]) -> tuple[int, ...]:
        """Appends the sentences of text (each quotation in them a slot, its own sentences appended first) to
        segments, and returns their indices; a sentence's speaker's dash ("- Hallo!") stays out, in `dashes`."""
        quotations = find_quotations(text) if depth < MAX_DEPTH else []
        indices = []
        for start, end in sentence_spans(text, quotations):
            dash = dialogue_dash(text[start:end])
            start += len(dash)
            inside = [q for q in quotations if start <= q[0] and q[1] <= end][:MAX_IN_SENTENCE]
            if not inside and self.framed(text[start:end], segments, slots):     # "- Wo ist X?", "„Wo ist X?“"
                if dash:
                    dashes[len(segments) - 1] = dash
                indices.append(len(segments) - 1)
                continue
            pieces, last, mine = [], start, []
            clause = self.reporting(text, start, end, inside)
            around = bool(inside) and words_around(text, start, end, inside) and not clause
            for q_start, q_end in inside:
                k = len(slots)
                if k == len(SLOTS):             # the rest of a line of hundreds of quotations stays as written
                    break
                slots.append(None)
                inner = text[q_start + 1:q_end - 1].strip()
                as_written = inner if around and name_like(inner, self.phrases, SOURCES.get(self.target, "")) else ""
                parts = () if as_written else self.segment(inner, segments, slots, depth + 1, dashes)
                mine.append((k, q_start, q_end, inner, as_written, parts))
                pieces += [text[last:q_start] if not clause else "", SLOTS[k]]
                last = q_end
            segments.append("".join(pieces) + text[last:end])
            if dash:
                dashes[len(segments) - 1] = dash
            for k, q_start, q_end, inner, as_written, parts in mine:
                opening, closing = self.marks(text[q_start], text[q_end - 1])
                slots[k] = Slot(len(segments) - 1, parts, opening, closing,
                                lower=self.target == "en" and q_start > start and inner[:1].islower(),
                                upper=inner.isupper() and text[start:end].isupper(), as_written=as_written,
                                clause=clause)
            indices.append(len(segments) - 1)
        return tuple(indices)

    def reporting(self, text: str, start: int, end: int, inside: list[tuple[int, int]]) -> str:
        """A sentence that is a reporting clause and one quotation ("He said: „…“."): the clause's translation
        (text/forms/reporting.py) and a space, else ""."""
        if len(inside) != 1 or re.fullmatch(r"\s*[.!?]*\s*", text[inside[0][1]:end]) is None or not self.frames:
            return ""
        clause = reported(text[start:inside[0][0]], self.source, self.case.lexicon if self.case else None)
        return clause + " " if clause else ""

    def framed(self, sentence: str, segments: list[str], slots: list) -> bool:
        """Appends a question frame's slot and the sentence around it (the slot's marker and the final marks), where
        the sentence is one and no whole phrase of the phrase table."""
        if len(slots) == len(SLOTS) or not self.frames or self.phrases.find(sentence):
            return False
        cased, state = self.case.apply(sentence) if self.case is not None else (sentence, None)
        if state is not None and self.phrases.find(cased):
            return False
        frame, m = self.matched(cased, state is not None)
        last = LAST_WORD.search(cased) if m is None and state is not None else None
        if last and last.group().islower() and self.case.lexicon.cased(last.group()) is None:
            # "wo ist anna?", "i'm from austria.": a slot of one word the corpus lacks is a name's, with its capital
            # (not a verb's: "Hast du geschlafen?"; an English slot but a place's needs none)
            frame, m = self.matched(cased[:last.start()] + last.group().capitalize() + cased[last.end():], True)
            if m is not None and (frame.case == "acc" or len(m.group("slot").split()) > 1 or
                                  self.source == "en" and frame.case != "dat"):
                frame, m = None, None
        if m is None:
            return False
        frame = said(frame, m, self.source)
        if frame is None:
            return False
        k, typed = len(slots), " ".join(m.group("slot").split())
        slots.append(None)
        capital = typed[:1].upper() + typed[1:] if typed.split()[0].islower() else typed     # "eBay" as typed
        if own_article(frame) and self.source == "en":      # "The hotel." -> "Das Hotel.": "Hotel." alone is "die"
            capital = "The " + typed                        # ("Bank." alone is "Bench.")
        segments += [*(("", "") if frame.known else (capital + ".", sentence.strip())), SLOTS[k] + m.group("marks")]
        slots[k] = Slot(len(segments) - 1, (len(segments) - 3,), frame.opening, frame.closing, lower=False,
                        upper=False, frame=frame, typed=typed, whole=len(segments) - 2, cased=state)
        return True

    def matched(self, sentence: str, folded: bool) -> tuple[Frame | None, re.Match | None]:
        """The first frame whose slot_of the sentence is one, and its match; `folded`: its words in any case."""
        return next(((frame, m) for frame in self.frames if (m := slot_of(frame, sentence, self.source, folded))),
                    (None, None))

    def marks(self, opening: str, closing: str) -> tuple[str, str]:
        """The marks a quotation typed between these gets in the translation."""
        style = STYLES.get(self.target)
        if opening in STRAIGHT or style is None:
            return opening, closing
        return style[:2] if opening in DOUBLE else style[2:]

    def reverse(self, outputs: list[str], layout: Layout) -> str:
        """The sentences' translations joined in order by single spaces, each slot filled with its quotation's
        translation once, in the sentence that holds it (a slot marker anywhere else goes)."""
        dashes = dict(layout.dashes)

        def sentence(n: int) -> str:
            return dashes.get(n, "") + unquoted(n) if outputs[n].strip() else ""

        def unquoted(n: int) -> str:
            text = outputs[n].strip()
            mine = {SLOTS[k]: slot for k, slot in enumerate(layout.slots) if slot.owner == n}
            lacking = "".join(marker for marker in mine if marker not in text)
            if lacking:                 # a slot the placeholders could not carry: before the closing punctuation
                cut = CLOSING.search(text).start()
                text = (text[:cut].rstrip() + " " + lacking).strip() + text[cut:]
            return SLOT.sub(lambda m: put(m, mine), text).strip()

        def put(m: re.Match, mine: dict[str, Slot]) -> str:     # m: the space before a marker, it, a . or , after
            if m.group(2) in mine:
                return m.group(1) + quoted(mine.pop(m.group(2)), m.group(3))
            glued = m.string[m.end():m.end() + 1].isalnum() and not m.group(3)
            return (m.group(1) if glued else "") + m.group(3)         # another's or a repeat: it goes

        def joined(parts: tuple[int, ...]) -> str:
            return " ".join(text for text in (sentence(n) for n in parts) if text)

        def quoted(slot: Slot, after: str) -> str:
            body = slot.as_written or joined(slot.parts)
            known = slot.frame and slot.frame.known         # "Mein Bruder": the tables'
            if slot.frame and not known and not noun_phrase(body, slot.typed, self.target,    # "People are looking"
                                                            own_article(slot.frame)):
                return sentence(slot.whole).rstrip(".!?… ") + after                          # or nothing
            if not body and not slot.frame:
                return after
            if slot.frame:                  # "Where is " + "my phone", in capitals where the question was
                named = self.source == "de" and self.case is not None and \
                    all(self.case.lexicon.cased(w) is None or self.case.lexicon.copied(w)    # "Aldi", "Starbucks"
                        for w in slot.typed.split())
                body = filled(slot.frame, slot.typed, body.rstrip(".!?… "), self.genders, self.target, named)
                if not body:                # "Supermarkt" of no gender known: the whole question's
                    return sentence(slot.whole).rstrip(".!?… ") + after
                return (self.case.reverse(body, slot.cased) if slot.cased is not None else body) + after
            if not slot.as_written:
                body = body.upper() if slot.upper else lowered(body) if slot.lower else body
            if body[-1] in ENDS and (after == "." or (after == "," and self.target == "en" and body[-1] in "!?")):
                after = ""
            return slot.clause + slot.opening + body + slot.closing + after
        return joined(layout.top)

