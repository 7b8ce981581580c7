"""A line with several sentences is translated sentence by sentence and joined again in order, on one line.

    Sentences().apply("Eine Frau fotografiert den Hafen. Ein Schiff fährt vorbei.")
        -> (["Eine Frau fotografiert den Hafen.", "Ein Schiff fährt vorbei."], None)

Where a sentence ends is text/forms/sentence_ends.py; a speaker's dash that opens a sentence ("- Hallo! - Tschüss!")
is kept as typed, out of what the model reads. The model learned from one sentence a line (captions), so what
it reads stays close to that.
"""
from __future__ import annotations

from text.forms.sentence_ends import dialogue_dash, sentence_spans
from text.step import Step


class Sentences(Step):
    splits = True

    def apply(self, text: str) -> tuple[list[str], tuple[str, ...]]:
        """The sentences of a line, in order (none for a blank one), each without its speaker's dash ("- Hallo!"),
        which the state keeps."""
        sentences = [text[start:end] for start, end in sentence_spans(text)]
        dashes = tuple(dialogue_dash(sentence) for sentence in sentences)
        return [sentence[len(dash):] for sentence, dash in zip(sentences, dashes)], dashes

    def reverse(self, outputs: list[str], dashes: tuple[str, ...] | None) -> str:
        """The sentences' translations, each after its speaker's dash, joined in order by single spaces."""
        dashes = dashes or ("",) * len(outputs)
        return " ".join(dash + o.strip() for o, dash in zip(outputs, dashes) if o.strip())
