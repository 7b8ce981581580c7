"""One sentence in, one sentence out: a full stop that a model writes inside a sentence, before a lowercase word or a
placeholder, goes where its source sentence has none. A model that learned from one-sentence captions, a weak one
above all, breaks a sentence it half understands with a stop of its own (`Mrs. Miller buys apples for $12.50 on May
3.` → `Frau Miller kauft Äpfel für 12,50 $. am 3. Mai.`), which nothing after it continues.

    text, state = InnerStop().apply("Sie kauft Äpfel für \ue000 \ue001.")    # state: False (no stop inside)
    InnerStop().reverse("Sie kauft Äpfel für \ue000. \ue001.", state)    # -> "Sie kauft Äpfel für \ue000 \ue001."

A stop is what sentence splitting takes for one (text/forms/sentence_ends.py): not an abbreviation's (`z. B.`, `ca.`,
`Mr.`, `U.S.`), not after a single letter (`J. S. Bach`) or a digit (`am 3. Mai` where numbers are not placeholders),
and no ellipsis. A stop before a capital stays: the model began a new sentence there, and a stop taken out before `The`
would leave a worse line. A source sentence with a stop inside (a quotation of two sentences, `Er kam. dann ging er`)
leaves its translation as the model wrote it. The step runs on the masked sentence, so a fill's own stop (German
`3.` for `3rd`) is not in reach; training pairs are not changed.
"""
from __future__ import annotations

import re

from text.forms.masking import PLACEHOLDER
from text.forms.sentence_ends import ends_sentence
from text.step import Step

# a full stop after a letter or a placeholder, then spaces and a letter or a placeholder (`re` has no class of
# lowercase letters in every script, so inner_stops turns a capital away with str.isupper)
INNER = re.compile(rf"(?<=[^\W\d_]|{PLACEHOLDER.pattern})\.(?=\s+(?:[^\W\d_]|{PLACEHOLDER.pattern}))")


def inner_stops(text: str) -> list[int]:
    """The indices of the full stops inside a sentence that end it before a lowercase word or a placeholder."""
    stops = []
    for m in INNER.finditer(text):
        rest = text[m.end():].lstrip()
        if not rest[:1].isupper() and ends_sentence(text[:m.end()], ".", rest):
            stops.append(m.start())
    return stops


class InnerStop(Step):
    def apply(self, text: str) -> tuple[str, bool]:
        """The text unchanged; the state says whether the source sentence has such a stop itself (then its
        translation may)."""
        return text, bool(inner_stops(text))

    def reverse(self, output: str, state) -> str:
        if state:
            return output
        for k in reversed(inner_stops(output)):
            output = output[:k] + output[k + 1:]
        return output
