"""A translation ends as its source ends: with the source's full stop, question or exclamation mark where the model
left the sentence open or ended it with a full stop where the source asks or exclaims, and with no full stop where the
source has none. A model, weak or strong, learned from captions that nearly all end in a full stop, so it writes one
after a heading, a list item or a URL that had none (`Hilfe unter https://example.com/hilfe` → `Help at
https://example.com/hilfe.`, where a link-finder takes the stop into the address) and after a question or a greeting
(`Visit www.example.org for 20% off!` → `… für 20%.`), and a weak one may stop before the final mark or put a full
stop after it (`Eine Frau?.`: the full stop goes) or repeat it (`Eine Frau??`: as often as the source has it). A
source's run of marks reaches the model as one, which captions taught it, and comes back as the source's run
(`Das Konzert war super!!!`: a 30-minute model wrote one `!`, a 300-step one `!!!` after a caption's words). An
abbreviation's period stays in every case (`Wohnen Sie in den USA?` → `Do you live in the U.S.?`).

    text, state = FinalMark().apply("Hilfe unter \ue000")    # state: "" (the source ends in no mark)
    FinalMark().reverse("Help at \ue000.", state)            # -> "Help at \ue000"
    text, state = FinalMark().apply("Ein Hund läuft.")        # state: "."
    FinalMark().reverse("A dog is running", state)           # -> "A dog is running."
    text, state = FinalMark().apply("Hallo!")                 # state: "!"
    FinalMark().reverse("Hello.", state)                     # -> "Hello!"

The end is read past closing quotes and brackets (`(Ein Hund läuft.)`, `Er sagt: „Ja“`). A source that ends in a
word, a number or a placeholder (a URL, an emoji, a quotation) has no mark: only a full stop goes from its translation
(a question mark the model writes stays), and not the period of an abbreviation (`Müller GmbH` → `Müller Inc.`,
`in den USA` → `in the U.S.`). A source that ends in another mark (`:`, `;`, `,`, `-`) leaves its
translation as the model wrote it; a comma or semicolon the model ends with (`at 10 o'clock,.`) goes where the
source ends in a word, `.`, `?` or `!`. The step runs on the masked sentence, so a fill's own full stop (German `3.`
for `3rd`) is not in reach; training pairs are not changed.
"""
from __future__ import annotations

import unicodedata

from text.forms.sentence_ends import ENDS, abbreviation_ends
from text.step import Step

CLOSING_MARKS = "\"'”“»«’‘›‹)]}"     # read past at the end of a sentence: what closes a quotation or a bracket
ASKED = ("?", "!")                  # a question or an exclamation the model ended with a full stop gets its mark
ELLIPSES = ("...", "…")             # a sentence left open, as typed: the model's full stop becomes it ("Er kommt um
                                    # 8…" -> "He comes at 8." from two models)


def end(text: str) -> int:
    """The index just after the sentence's last character before its closing quotes, brackets and spaces."""
    k = len(text.rstrip())
    while k > 0 and text[k - 1] in CLOSING_MARKS:
        k = len(text[:k - 1].rstrip())
    return k


def run_before(text: str, k: int) -> int:
    """How many times text[k - 1] stands in a row, ending at k ("Wirklich??" at its end: 2)."""
    return k - len(text[:k].rstrip(text[k - 1]))


def open_end(c: str) -> bool:
    """Whether a sentence that ends in c ends in no mark: a letter, a digit, a symbol (emoji) or a placeholder."""
    category = unicodedata.category(c)
    return category[0] in "LNS" or category == "Co"


class FinalMark(Step):
    def apply(self, text: str) -> tuple[str, str | None]:
        """The text unchanged; the state: the source's final mark ("??" where it asks twice), "" where it ends in
        none, None where it ends in another mark (then the translation is left as it is)."""
        k = end(text)
        if k == 0:
            return text, None
        last = text[k - 1]
        if last in ASKED:                   # the model reads one mark of a run ("super!!!": captions have one)
            run = run_before(text, k)
            return text[:k - run + 1] + text[k:], last * run
        ellipsis = next((e for e in ELLIPSES if text[:k].endswith(e)), None)
        return text, ellipsis or (last if last in ENDS else ("" if open_end(last) else None))

    def reverse(self, output: str, state) -> str:
        k = end(output)
        if state is None or k == 0:
            return output
        last, asked = output[k - 1], state[:1] in ASKED
        comma = k - 1 if last in ",;" else k - 2 if last == "." and k > 1 and output[k - 2] in ",;" else None
        if comma is not None:                 # "at 10 o'clock,." where the source ends in a mark or a word: it goes
            stem = output[:comma].rstrip()
            stop = not asked and stem.endswith(".") and abbreviation_ends(stem[:-1])    # "in the U.S.,": its period
            return stem + ("" if stop else state) + output[k:]
        if state and open_end(last):
            return output[:k] + state + output[k:]
        if state in ELLIPSES and last == "." and not output[:k].endswith("..") and \
                not abbreviation_ends(output[:k - 1]):                      # "Na ja..." -> "Oh well..."
            return output[:k - 1] + state + output[k:]
        if asked and last == state[0]:            # the model's run of the source's mark as long as the source's
            run = run_before(output, k)                                     # ("Eine Frau??" of a weak model)
            return output[:k - run] + state + output[k:]
        if last != "." or (k > 1 and output[k - 2] == "."):                 # another mark, or an ellipsis: kept
            return output
        if k > 1 and output[k - 2] in ASKED and (asked or state == ""):     # "Eine Frau?." of a weak model
            return output[:k - 1] + output[k:]
        if abbreviation_ends(output[:k - 1]):                                # its period stays, the mark follows
            return output[:k] + state + output[k:] if asked else output
        return output[:k - 1] + state + output[k:] if asked or state == "" else output
