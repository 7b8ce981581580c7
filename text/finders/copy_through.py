"""What is never translated comes out exactly as written: URLs, e-mail addresses, @handles, #hashtags, emoji, file
names, paths ("/etc/app/", "C:\\Users\\anna", "~/docs/notes.txt"), codes ("B2B", "MP3", "A380", "COVID-19", "ICE
578", "iPhone 15"), phone numbers, street addresses ("Goethestraße 12", "221B Baker Street") and formulas ("a < b",
"x = 3"), each through a placeholder (the patterns: text/forms/verbatim.py).

    CopyThrough().apply("Auf dem Schild steht info@zoo-berlin.de.")  -> ("Auf dem Schild steht \ue000.", ("info@...",))

In training pairs such a span becomes a placeholder on both sides where the target holds it as written.
"""
from __future__ import annotations

import re

import regex

from text.finders.finder import PlaceholderStep
from text.forms.masking import Alone, Apart, Span
from text.forms.verbatim import UNIT_MARKS, verbatim_spans

GLUED = regex.compile(UNIT_MARKS)


def whole_in(target: str, text: str, after: int = 0) -> tuple[int, int] | None:
    """Where `text` stands in `target` as a whole (not inside a longer word), at or after `after`."""
    for m in re.finditer(re.escape(text), target):
        bounded = (m.start() == 0 or not target[m.start() - 1].isalnum()) and \
                  (m.end() == len(target) or not target[m.end()].isalnum())
        if m.start() >= after and bounded:
            return m.start(), m.end()
    return None


def verbatim_in_target(source: str, spans: list[Span], target: str) -> list[tuple[int, int] | None]:
    """For training pairs: each span's text where the target holds it as written (None where it does not)."""
    return [whole_in(target, span.fill) for span in spans]


def mark(text: str, m: regex.Match) -> Apart | None:
    """A subword unit's mark ("▁Hund"): it stands apart from the words around it for the model."""
    return Apart(m.group()) if GLUED.fullmatch(text, m.start(), m.end()) else None


class CopyThrough(PlaceholderStep):
    def find(self, text: str) -> list[Span]:
        return [Span(m.start(), m.end(), mark(text, m) or Alone(m.group()))
                for m in verbatim_spans(text)]

    find_in_target = staticmethod(verbatim_in_target)
