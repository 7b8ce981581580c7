"""A translation starts with a capital where its source does: a model, weak or strong, sometimes opens a sentence with
a lowercase piece (`Schwimmer in einem See ...` → `swimmers in a lake ...`, 10 of val's 1,014 de→en translations of
a 32,000-step model), where no reference of Multi30K does.

    text, state = FirstCapital().apply("Schwimmer in einem See.")    # state: True (the source starts with a capital)
    FirstCapital().reverse("swimmers in a lake.", state)            # -> "Swimmers in a lake."

The start is read past opening quotes and brackets. A source that starts with a lowercase letter (`iPhone`, `eBay`), a
digit or a placeholder leaves its translation as the model wrote it, and so does a translation that starts with a
placeholder (its fill is capitalized where it can be). The step runs on the masked sentence after the case step's
apply, so a line in capitals or in lowercase gets its case back afterwards; training pairs are not changed.
"""
from __future__ import annotations

from text.step import Step

OPENING_MARKS = "\"'„“”«»‚‘’›‹([{ \t"  # read past at the start of a sentence


def start(text: str) -> int:
    """The index of the sentence's first character after its opening quotes, brackets and spaces."""
    return len(text) - len(text.lstrip(OPENING_MARKS))


class FirstCapital(Step):
    def apply(self, text: str) -> tuple[str, bool]:
        """The text unchanged; the state: whether it starts with a capital letter."""
        k = start(text)
        c = text[k:k + 1]
        return text, c.isalpha() and c.isupper()

    def reverse(self, output: str, state) -> str:
        k = start(output)
        c = output[k:k + 1]
        if state and c.isalpha() and c.islower():
            return output[:k] + c.upper() + output[k + 1:]
        return output
