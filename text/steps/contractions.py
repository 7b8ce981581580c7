"""English "'ll", "'d", "'re", "'ve", "'m" and "'s" after a pronoun written out ("We'll arrive" -> "We will arrive",
"She'd like tea" -> "She would like tea") before the other steps read the line. Image captions hold next to none of
them: a model dropped the pronoun ("We'll arrive around 6 pm." -> "Auf einem gegen 18 Uhr.") or, before, the name step
kept "We'll" as a name it cannot know ("We'll kommt gegen 18 Uhr."); written out, "Wir können gegen 18 Uhr.", "Sie
möchten Tee."

    Contractions().apply("We'll see, she'd like that.")   -> ("We will see, she would like that.", None)
    Contractions().apply("We're here, I'm sure.")         -> ("We are here, I am sure.", None)

"'d" is "would" (it is "had" before a past participle, "She'd gone"; a model reads "would" there as a wish, the
line's sense nearly kept). The translation is German: nothing to undo; training pairs are left as they are.
"""
from __future__ import annotations

from text.forms.contracted import CONTRACTED, written_out
from text.forms.verbatim import sub_outside_copied
from text.step import Step


class Contractions(Step):
    def apply(self, text: str) -> tuple[str, None]:
        return sub_outside_copied(CONTRACTED, written_out, text), None

