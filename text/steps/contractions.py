"""English "'ll", "'d", "'re", "'ve", "'m" and "'s" after a pronoun written out ("We'll arrive" -> "We will arrive",
"She'd like tea" -> "She would like tea") before the other steps read the line. Image captions hold next to none of
them: a model dropped the pronoun ("We'll arrive around 6 pm." -> "Auf einem gegen 18 Uhr.") or, before, the name step
kept "We'll" as a name it cannot know ("We'll kommt gegen 18 Uhr."); written out, "Wir können gegen 18 Uhr.", "Sie
möchten Tee."

    Contractions().apply("We'll see, she'd like that.")   -> ("We will see, she would like that.", None)
    Contractions().apply("We're here, I'm sure.")         -> ("We are here, I am sure.", None)

Chat shorthand for a whole word is written out too ("Where r u?" -> "Where are you?", "See u at 8", "thx", "pls",
"b4", "ur"): a strong model wrote "Where r u?" as "Wo ist uun?" and "See u at 8" as "Ein Hu um 8 Uhr". Only a token
standing alone in lowercase (at a sentence's start also with a capital: "Thx", "Ur dog"), never one in capitals ("R",
"THX", "B4": the language, a paper size), a part of a longer token ("U2", "R&B", "u/name"), a letter with a full stop
("u.", "r.": an abbreviation, an initial), or what is copied through (an address, code).

    Contractions().apply("Thx, see u b4 8.")   -> ("Thanks, see you before 8.", None)

"'d" is "would" (it is "had" before a past participle, "She'd gone"; a model reads "would" there as a wish, the
line's sense nearly kept). The translation is German: nothing to undo; training pairs are left as they are.
"""
from __future__ import annotations

import re

from text.forms.contracted import CONTRACTED, written_out
from text.forms.verbatim import sub_outside_copied
from text.step import Step

# chat shorthand a user typed for a word, and the word
SHORTHAND = {"u": "you", "r": "are", "ur": "your", "thx": "thanks", "pls": "please", "b4": "before"}
TYPED = re.compile(rf"(?<![\w'’&@/.-])(?i:{'|'.join(SHORTHAND)})(?![\w'’&@/-]|\.\w)")
OPENED = re.compile(r"(?:^|[.!?:;]) *[\"“'‘(]?$")        # what stands before a sentence's first word


class Contractions(Step):
    def apply(self, text: str) -> tuple[str, None]:
        text = sub_outside_copied(CONTRACTED, written_out, text)
        return sub_outside_copied(TYPED, shorthand_written_out, text, SHORTHAND), None


def shorthand_written_out(m: re.Match) -> str:
    """The word chat shorthand stands for ("u" -> "you", "Thx" -> "Thanks" at a sentence's start), else as typed."""
    typed = m.group()
    word = SHORTHAND[typed.lower()]
    after, before = m.string[m.end():m.end() + 1], m.string[m.start() - 1:m.start()]
    if typed.islower() and not (len(typed) == 1 and (after == "." or before + after == "()")):
        return word
    if typed[0].isupper() and typed[1:].islower() and len(typed) > 1 and OPENED.search(m.string, 0, m.start()):
        return word.capitalize()
    return typed

