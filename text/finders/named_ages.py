"""A name (the names finder's, text/finders/names.py) and a person's age in brackets after it as one placeholder
(NamedAges: "Anna (32) sucht eine Wohnung." -> "Anna (32)" + " sucht eine Wohnung.").
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.finders.names import Names
from text.forms.masking import Span

AGE = re.compile(r" \((\d{1,3})\)")              # "Anna (32)": a person's age in brackets after the name


class NamedAges(PlaceholderStep):
    """A name (the names finder's) and the age in brackets after it as one placeholder ("Anna (32) sucht eine
    Wohnung." -> "Anna (32)" + " sucht eine Wohnung.": apart, the age a number's placeholder, a model wrote "Anna, (32)
    looking for an apartment." and a weak one "Anna 32."); before the numbers finder, whose age would win the
    overlap. Training pairs are left as they are."""

    def __init__(self, names: Names):
        self.names = names

    def find(self, text: str) -> list[Span]:
        if AGE.search(text) is None:
            return []
        return [Span(span.start, age.end(), f"{span.fill}{age.group()}") for span in self.names.find(text)
                if (age := AGE.match(text, span.end)) and 0 < int(age.group(1)) < 130]
