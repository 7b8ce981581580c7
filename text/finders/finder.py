"""What every finder is: a step whose rewrite is placeholders (`PlaceholderStep`), which only finds its spans (`find`)
and, for training pairs, where each one's counterpart stands in the target (`find_in_target`).

    masked, fills = Numbers().apply("Die Frau kauft 3,5 kg Äpfel für 12 Euro.")
    masked -> "Die Frau kauft \ue000 kg Äpfel für \ue001."       fills -> ("3.5", "€12")
    Numbers().reverse("The woman buys \ue000 kg of apples for \ue001.", fills)
           -> "The woman buys 3.5 kg of apples for €12."

Alone a finder is a whole step; the placeholders step (text/steps/placeholders.py) runs several as one, so their
placeholders are numbered once, in text order, and an earlier finder's span wins where two overlap.
"""
from __future__ import annotations

from text.forms.masking import PLACEHOLDERS, Span, clear, fill, mask, merge, missing
from text.step import Step


class PlaceholderStep(Step):
    """A step whose rewrite is placeholders; it only finds its spans. Alone it is a whole step; several share one
    numbering inside `Placeholders`."""

    def find(self, text: str) -> list[Span]:
        """This step's spans of a source (no placeholders in it), in text order, not overlapping each other."""
        raise NotImplementedError

    def find_paired(self, source: str, target: str) -> list[Span]:
        """This step's spans of a training pair's source (`find`'s, unless the target says otherwise)."""
        return self.find(source)

    def find_in_target(self, source: str, spans: list[Span], target: str) -> list[tuple[int, int] | None] | None:
        """For a training pair: where the counterpart of each of the source's spans stands in the target, as
        (start, end) in the spans' order, None for a span without one (it stays as written); None for all when the
        pair is to be left as it is (the default: the step does not rewrite training data)."""
        return None

    def apply(self, text: str) -> tuple[str, tuple[str, ...]]:
        return masked([self], text)

    def reverse(self, output: str, fills: tuple[str, ...]) -> str:
        return fill(output, fills)

    def apply_pair(self, source: str, target: str) -> tuple[str, str]:
        return masked_pair([self], source, target)

    def lost(self, output: str, fills: tuple[str, ...]) -> int:
        return missing(output, fills)


def masked(finders: list[PlaceholderStep], text: str) -> tuple[str, tuple[str, ...]]:
    """The text with the finders' spans as placeholders (an earlier finder's span wins an overlap), and their fills."""
    text = clear(text)
    return mask(text, merge([finder.find(text) for finder in finders]))


def pairs_rewritten(finder: PlaceholderStep) -> bool:
    """Whether the finder rewrites training pairs: it tells where its spans' counterparts stand in a target
    (`find_in_target` of its own); the others' spans stay as written there, so a pair need not be searched for them."""
    return type(finder).find_in_target is not PlaceholderStep.find_in_target


def masked_pair(finders: list[PlaceholderStep], source: str, target: str) -> tuple[str, str]:
    """Spans whose finder finds their counterparts in the target become the same placeholder on both sides; the
    others stay as written (all of a finder's, where it finds none). A pair with more spans than placeholders is
    left as it is."""
    source, target = clear(source), clear(target)
    kept, counterparts = [], {}
    for finder in finders:
        if not pairs_rewritten(finder):    # its spans would all stay as written: no need to find them
            continue
        spans = finder.find_paired(source, target)
        found = finder.find_in_target(source, spans, target) if spans else None
        if found is not None:
            placed = [(s, f) for s, f in zip(spans, found) if f is not None]
            kept.append([s for s, _ in placed])
            counterparts.update(placed)
    spans = merge(kept)
    if not spans or len(spans) > len(PLACEHOLDERS):
        return source, target
    placed = sorted((counterparts[s], PLACEHOLDERS[k]) for k, s in enumerate(spans))
    if any(a[1] > b[0] for (a, _), (b, _) in zip(placed, placed[1:])):   # counterparts overlap: leave it
        return source, target
    out, last = [], 0
    for (start, end), placeholder in placed:
        out += [target[last:start], placeholder]
        last = end
    return mask(source, spans)[0], "".join(out) + target[last:]
