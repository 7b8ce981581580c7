"""The placeholders step: several finders (text/finders/) as one step, so their spans are merged (an earlier finder
wins an overlap), numbered once in text order (text/forms/masking.py) and filled back together.
"""
from __future__ import annotations

from text.finders.finder import PlaceholderStep, masked, masked_pair
from text.forms.masking import PLACEHOLDERS, Span, clear, fill, merge
from text.steps.possessives import before_terms


class Placeholders(PlaceholderStep):
    """Several placeholder steps as one: their spans merged (an earlier step wins an overlap), numbered in text
    order, filled back together."""

    def __init__(self, steps: list[PlaceholderStep]):
        self.steps = list(steps)

    def find(self, text: str) -> list[Span]:
        return merge([step.find(text) for step in self.steps])

    def given(self, terms) -> "Placeholders":
        return Placeholders([step.given(terms) for step in self.steps])

    def apply(self, text: str) -> tuple[str, tuple[str, ...]]:
        return masked(self.steps, text)

    def reverse(self, output: str, fills: tuple[str, ...]) -> str:
        """The fills in place, once the article or possessive right before a glossary term's German noun (a
        `Gendered` fill) agrees with it (text/steps/possessives.py)."""
        return fill(*before_terms(output, fills))

    def originals(self, text: str) -> tuple[str, ...]:
        """What each placeholder of apply(text) stands for in the source, as written there."""
        text = clear(text)
        return tuple(text[s.start:s.end] for s in self.find(text)[:len(PLACEHOLDERS)])

    def apply_pair(self, source: str, target: str) -> tuple[str, str]:
        """Spans whose step finds their counterparts in the target become the same placeholder on both sides; the
        others stay as written (all of a step's, where it finds none)."""
        return masked_pair(self.steps, source, target)

    def banned_pieces(self, pieces: list[str]) -> set[int]:
        return set().union(*(step.banned_pieces(pieces) for step in self.steps))
