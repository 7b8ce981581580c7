"""The first step: every line, typed or read from a training corpus, through the one clean-up (text/forms/cleaning.py).

    Normalize().apply("\\ufeff  Ein Hund\\u2028 läuft.\\r")  ->  ("Ein Hund läuft.", None)
"""
from __future__ import annotations

from text.forms.cleaning import clean
from text.step import Step


class Normalize(Step):
    """Every line through `clean`; training pairs too (both sides)."""

    def apply(self, text: str) -> tuple[str, None]:
        return clean(text), None

    def apply_pair(self, source: str, target: str) -> tuple[str, str]:
        return clean(source), clean(target)
