"""The slots of quotations: the quotations step (text/steps/quotations.py) leaves each quotation inside a sentence as
a slot character, and this finder carries the slot through the model as a placeholder, back to where it fills it.
"""
from __future__ import annotations

import re

from text.finders.finder import PlaceholderStep
from text.forms.masking import Alone, Span

SLOTS = tuple(chr(0xE100 + k) for k in range(256))          # outside the placeholders' own range; cleaning.py
SLOT = re.compile("( ?)([\ue100-\ue1ff])([.,]?)")          # removes every private-use character a user types


class Slots(PlaceholderStep):
    """The slots of quotations as placeholders: each comes back as itself, for `Quotations.reverse` to fill."""

    def find(self, text: str) -> list[Span]:
        return [Span(m.start(2), m.end(2), Alone(m.group(2))) for m in SLOT.finditer(text)]
