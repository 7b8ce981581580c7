"""Quotes, brackets and dashes in a translation only where its source has them: a model, weak or strong, that writes
one its source lacks (`Hello (!"`, `anna@example.org "-.`) has it taken out, with the space it leaves.

    text, state = StrayMarks().apply("Sie trifft Anna.")       # state: the kinds of mark the source has (none), ...
    StrayMarks().reverse('She meets (Anna "-.', state)          # -> "She meets Anna."

Three kinds, each all or nothing: double quotes of any language (" „ “ ” « »), brackets (( ) [ ] { }) and dashes
(- – —). A source with one mark of a kind keeps every mark of that kind in its translation; where its brackets are
in pairs, so are the translation's: one with no partner goes ("Die Kinder (7) streichen 5) Gemälde."), unless it opens
what the source's brackets close at its end, and is closed there ("Sie spielen im Garten (bei schönem Wetter)." -> "...
in the garden ( beautiful weather." -> "... in the garden (beautiful weather)."). A source without dashes still keeps
a word's hyphen ("ice-cream", "\ue000-\ue001", "Plastik- und Metallteile"); a dash after no word goes, and so does one
after a word before another that is no conjunction ("um 9:15- Köln"). A pair with nothing inside ("()", '""') goes
whatever kinds the source has: it says nothing; only as many stay as the source has of its own (a line "()" or '""'
is its own translation, not an empty line). Apostrophes and single quotes stay (English writes "it's"). The step
runs on the masked sentence, so a URL's brackets or a name's hyphen are placeholders here, counted in neither the
source nor the output; training pairs are not changed.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from text.forms.masking import PLACEHOLDER
from text.step import Step

KINDS = {"quotes": "\"„“”«»", "brackets": "()[]{}", "dashes": "-–—"}
# what follows a hyphen that stands for a word's second part ("Plastik- und Metallteile", "pre- and post-war")
SUSPENDED = re.compile(r" (?:(?:und|oder|bis|sowie|als|and|or|to|nor|as)\b|bzw\.)")
NO_SPACE_BEFORE = ".,!?;:…"  # a mark taken out before one of these takes its space with it
# empty pairs; straight quotes only side by side: in '"yes" "no"' the ' " " ' is between two quotations
EMPTY = re.compile(r'\(\s*\)|\[\s*\]|\{\s*\}|„\s*“|“\s*”|«\s*»|""')
PAIRS = {"(": ")", "[": "]", "{": "}"}
ENDING = r"[\s.!?…:;,\"'»“”]*$"
TRAILING = re.compile(ENDING)             # the marks that end a sentence, after its last word
INSIDE_SPACE = re.compile(r"(?<=[(\[{]) +(?=[^\s)\]}])|(?<=[^\s(\[{]) +(?=[)\]}])")    # not in an empty pair: "( )"
CLOSED_LAST = re.compile(rf"[)\]}}]{ENDING}")   # a bracket closes where the sentence ends


def is_word(c: str) -> bool:
    return c.isalnum() or PLACEHOLDER.fullmatch(c) is not None


def hyphen_of_a_word(text: str, k: int) -> bool:
    """Whether the dash at k belongs to a word: between two word characters (letters, digits or placeholders;
    "ice-cream"), or after one and before a comma or a conjunction, a hyphen that stands for a word's second part
    (German "Plastik- und Metallteile", "Ein-, Aus- und Umstieg", English "pre- and post-war"); not one before any
    other word ("um \ue000- \ue001": a weak model's dash after a time)."""
    after = text[k + 1] if k + 1 < len(text) else ""
    return k > 0 and is_word(text[k - 1]) and (is_word(after) or after == "," or
                                                SUSPENDED.match(text, k + 1) is not None)


def take_out(text: str, drop: list[bool]) -> str:
    """text without the characters marked in drop; a space left before a closer, another space or the end goes too
    (both spaces around a mark, where a closer follows them), and so does a space left at the start. Marks that stood
    with no space between a closer or a word and the next word leave one space when they held a dash or followed a
    closer, so no two words (nor a sentence's end and a word) are glued."""
    out: list[str] = []
    k = 0
    while k < len(text):
        if not drop[k]:
            out.append(text[k])
            k += 1
            continue
        end = k
        while end < len(text) and drop[end]:
            end += 1
        after = text[end] if end < len(text) else ""
        if out and out[-1] == " " and (after in ("", " ") or after in NO_SPACE_BEFORE):
            out.pop()
            if after == " " and (end + 1 == len(text) or text[end + 1] in NO_SPACE_BEFORE):
                end += 1            # 'of " .': the space after the mark stood before a closer too
        elif not out and after == " ":
            end += 1
        elif out and out[-1] != " " and is_word(after) and (out[-1] in NO_SPACE_BEFORE or
                                                            any(c in KINDS["dashes"] for c in text[k:end])):
            out.append(" ")         # "end.---haired", "man---woman": the words they stood between stay apart
        k = end
    return "".join(out)


def unpaired(text: str) -> tuple[list[int], list[int]]:
    """Where the brackets of a text are that have no partner: (openers, closers), each in text order."""
    openers, closers = [], []
    for k, c in enumerate(text):
        if c in PAIRS:
            openers.append(k)
        elif c in PAIRS.values():
            if openers and PAIRS[text[openers[-1]]] == c:
                openers.pop()
            else:
                closers.append(k)
    return openers, closers


def closed_before_the_end(text: str) -> str:
    """The text with its last opener that never closes closed before the marks that end it: "in the garden (
    beautiful weather." -> "in the garden ( beautiful weather)." (INSIDE_SPACE takes the space after the opener)."""
    openers, _ = unpaired(text)
    end = TRAILING.search(text).start()
    if not openers or not text[openers[-1] + 1:end].strip():
        return text
    return text[:end] + PAIRS[text[openers[-1]]] + text[end:]


class Marks(NamedTuple):
    kinds: frozenset[str]     # the kinds of mark (KINDS) the source has
    paired: bool              # its brackets are in pairs (not "a) oder b)", ":)"), so the translation's must be
    closed_last: bool         # its last bracket closes where it ends: "Sie spielen (bei schönem Wetter)."
    empty: int = 0            # how many pairs with nothing inside it has ("()", '""'): as many stay in the output


class StrayMarks(Step):
    def apply(self, text: str) -> tuple[str, Marks]:
        kinds = frozenset(kind for kind, marks in KINDS.items() if any(c in marks for c in text))
        return text, Marks(kinds, unpaired(text) == ([], []), CLOSED_LAST.search(text) is not None,
                           len(EMPTY.findall(text)))

    def reverse(self, output: str, state: Marks) -> str:
        stray = "".join(marks for kind, marks in KINDS.items() if kind not in state.kinds)
        pairs = "brackets" in state.kinds and state.paired
        if pairs and state.closed_last:
            output = closed_before_the_end(output)
        empty = [m.span() for m in EMPTY.finditer(output)][state.empty:]     # the source's own empty pairs stay
        alone = sum(unpaired(output), []) if pairs else []
        if empty or alone or any(c in stray for c in output):
            dashes = KINDS["dashes"]
            drop = [c in stray and not (c in dashes and hyphen_of_a_word(output, k)) for k, c in enumerate(output)]
            for start, end in empty:
                drop[start:end] = [True] * (end - start)
            for k in alone:             # a bracket of a kind the source has, with no partner: "5) Gemälde"
                drop[k] = True
            output = take_out(output, drop)
        return INSIDE_SPACE.sub("", output) if pairs else output     # no space inside a pair: "(-age)" -> "(age)"
