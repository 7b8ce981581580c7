"""A line with several sentences is translated sentence by sentence and joined again in order, on one line.

    Sentences().apply("Eine Frau fotografiert den Hafen. Ein Schiff fährt vorbei.")
        -> (["Eine Frau fotografiert den Hafen.", "Ein Schiff fährt vorbei."], None)

Where a sentence ends is text/forms/sentence_ends.py. The model learned from one sentence a line (captions), so what
it reads stays close to that.
"""
from __future__ import annotations

from text.forms.sentence_ends import sentence_spans
from text.step import Step


class Sentences(Step):
    splits = True

    def apply(self, text: str) -> tuple[list[str], None]:
        """The sentences of a line, in order (none for a blank one)."""
        return [text[start:end] for start, end in sentence_spans(text)], None

    def reverse(self, outputs: list[str], state: None) -> str:
        """The sentences' translations joined in order by single spaces, on one line."""
        return " ".join(o.strip() for o in outputs if o.strip())
