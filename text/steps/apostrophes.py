"""English typed without apostrophes ("I dont know", "We cant come today", "Im hungry"): a contraction whose
apostrophe was left out is written with it before the other steps read it. A 30-minute model, which had seen "can't"
and "aren't" but never "cant" or "arent", dropped the negation: "We cant come today." -> "Wir kommen heute.", "They
arent here." -> "Sie sind hier.".

    Apostrophes().apply("I dont know, its fine.")   -> ("I don't know, its fine.", None)

Only contractions no English word is spelled as (not "its", "lets", "were", "ill", "id", "wed", "well", "shell");
"cant" and "wont" are words too, but rare ones. What is copied through stays as typed ("im@wont.org"). The
translation is German: nothing to undo; training pairs are left as they are.
"""
from __future__ import annotations

import re

from text.forms.verbatim import sub_outside_copied
from text.forms.lexicon import typed_as
from text.step import Step

CONTRACTIONS = {written.replace("'", "").lower(): written for written in (
    "don't doesn't didn't isn't aren't wasn't weren't haven't hasn't hadn't couldn't wouldn't shouldn't can't won't "
    "you're they're that's what's where's there's I've you've we've they've I'm he's she's").split()}
TYPED = re.compile(rf"(?<![\w'’-])(?i:{'|'.join(CONTRACTIONS)})(?![\w'’-])")


class Apostrophes(Step):
    def apply(self, text: str) -> tuple[str, None]:
        return sub_outside_copied(TYPED, lambda m: restored(m.group()), text), None


def restored(typed: str) -> str:
    """The contraction with its apostrophe, in the case it was typed ("Dont" -> "Don't", "DONT" -> "DON'T", "im" ->
    "I'm")."""
    written = CONTRACTIONS[typed.lower()]
    return written if written.startswith("I'") and not typed.isupper() else typed_as(typed, written)
