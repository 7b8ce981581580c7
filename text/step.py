"""What every text step is: a rewrite of the source with `apply`, undone on the translation with `reverse`.

    text, state = step.apply("Die Frau kauft 3,5 kg.")     # -> ("Die Frau kauft \ue000 kg.", ("3.5",))
    step.reverse("The woman buys \ue000 kg.", state)       # -> "The woman buys 3.5 kg."

A step may also rewrite training pairs the same way (`apply_pair`), name the subword pieces the search must never
write (`banned_pieces`), say how much of its source a translation lost (`lost`), so the translator can prefer
a hypothesis that kept everything, and read a request's glossary (`given`).
"""
from __future__ import annotations


class Step:
    """The identity; a step overrides what it changes."""

    def apply(self, text: str) -> tuple[str, object]:
        """The text the next step (finally the model) reads, and what `reverse` needs to undo it."""
        return text, None

    def reverse(self, output: str, state) -> str:
        """The translation with this step's rewrite undone."""
        return output

    def apply_pair(self, source: str, target: str) -> tuple[str, str]:
        """A training pair as the model should learn from it; unchanged unless the step rewrites training data."""
        return source, target

    def banned_pieces(self, pieces: list[str]) -> set[int]:
        """Ids of the subword pieces (pieces[id]) that a translation must never contain."""
        return set()

    def lost(self, output: str, state) -> int:
        """How many things of the source (e.g. placeholders) the (not yet reversed) output lacks."""
        return 0

    def given(self, terms) -> "Step":
        """The step as it reads a request's glossary (text/finders/glossary.Terms); one that does not read it:
        itself."""
        return self
