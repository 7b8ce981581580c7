"""Invisible and control characters out, whitespace as single spaces: the one clean-up of every line, for
training corpora and for what a user types (a leading BOM, a NUL, U+2028, a form feed or a lone CR would otherwise
reach the model as bytes it never saw).

    clean("\\ufeff  Ein Hund\\u2028 läuft.\\r")  ->  "Ein Hund läuft."
"""
from __future__ import annotations

import re

from text.step import Step

# removed: the BOM / zero-width no-break space, zero-width space, word joiner, soft hyphen, and every control
# character but those that separate (the zero-width joiner stays: emoji sequences need it)
INVISIBLE = re.compile("[\ufeff\u200b\u2060\u00ad\x00-\x08\x0e-\x1f\x7f\x80-\x84\x86-\x9f]")
# each becomes a space: tab, line feed, vertical tab, form feed, carriage return, NEL, line and paragraph separators,
# and the other Unicode spaces (no-break, narrow, ideographic, ...)
SPACES = re.compile(r"[\s\u0085\u2028\u2029]+")


def clean(text: str) -> str:
    return SPACES.sub(" ", INVISIBLE.sub("", text)).strip()


class Normalize(Step):
    """Every line through `clean`; training pairs too (both sides)."""

    def apply(self, text: str) -> tuple[str, None]:
        return clean(text), None

    def apply_pair(self, source: str, target: str) -> tuple[str, str]:
        return clean(source), clean(target)
