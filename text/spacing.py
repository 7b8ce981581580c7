"""No space before a full stop or a comma in a translation: a model, weak or strong, that writes one (`There is a
dog .`, `auf dem Tisch , der`) has it taken out, in every language the project translates (English, German and
French alike write none there).

    StopSpacing().reverse("A man is riding through Freiburg .", None)      # -> "A man is riding through Freiburg."

Only a lone mark after a word: an ellipsis ("Warte ... was?"), a mark starting a word (".com", ",5") and a line that
starts with one keep their spaces. The source and training pairs are not changed; the step runs on the masked
sentence, so a placeholder's fill (a URL, a number) is one character here and cannot be touched.
"""
from __future__ import annotations

import re

from text.step import Step

SPACE_BEFORE_STOP = re.compile(r"(?<=\S)[ \t]+(?=[.,](?![.,\w]))")


class StopSpacing(Step):
    def reverse(self, output: str, state) -> str:
        return SPACE_BEFORE_STOP.sub("", output)
