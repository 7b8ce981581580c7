"""No space before a full stop or a comma in a translation, and no mark written twice: a model, weak or strong, that
writes `There is a dog .`, `auf dem Tisch , der` or `Munich ..` has it mended, in every language the project
translates (English, German and French alike write none of these). Nor before an exclamation or a question mark
(`Komish !`, a model's for `Komm morgen wieder!`), except in French, which writes a space there.

    StopSpacing().reverse("A man is riding through Freiburg .", None)      # -> "A man is riding through Freiburg."
    StopSpacing().reverse("He lives in Munich ..", None)                   # -> "He lives in Munich."

Only a lone mark after a word: an ellipsis ("Warte ... was?"), a mark starting a word (".com", ",5") and a line that
starts with one keep their spaces. A doubled mark or an ellipsis stays where the source has one itself ("Na ja..
gut.", "Warte..."); else a run of full stops is one ("Tom....." is "Tom."). The source
and training pairs are not changed; the step runs on the masked sentence, so a placeholder's fill (a URL, a number)
is one character here and cannot be touched.
"""
from __future__ import annotations

import re

from text.step import Step

SPACE_BEFORE_STOP = re.compile(r"(?<=\S)[ \t]+(?=[.,](?![.,\w]))")
# after a word or a placeholder (an address, a number: "an max@web.de !"): "Komm !", not "=> !"
SPACE_BEFORE_CALL = re.compile(r"(?:(?<=[^\W_])|(?<=[\ue000-\ue1ff]))[ \t]+(?=[!?]+(?!\w))")
SPACED_CALLS = {"fr"}                 # languages that write a space before "!" and "?"
DOUBLED_MARK = re.compile(r"(?<![.,])([.,])[ \t]*\1(?![.,])")    # ".." or ", ," but not an ellipsis "..."
STOPS = re.compile(r"\.(?:[ \t]*\.)+|…")                       # full stops in a row, an ellipsis among them


class StopSpacing(Step):
    def __init__(self, lang: str = "en"):
        self.calls = lang not in SPACED_CALLS

    def apply(self, text: str) -> tuple[str, bool]:
        """The text unchanged; the state says whether the source doubles a mark itself (then its translation may)."""
        return text, bool(DOUBLED_MARK.search(text) or STOPS.search(text))

    def reverse(self, output: str, state) -> str:
        if not state:           # a source without them: one full stop for a run (a weak model's "Tom....." too)
            output = STOPS.sub(".", DOUBLED_MARK.sub(r"\1", output))
        output = SPACE_BEFORE_STOP.sub("", output)
        return SPACE_BEFORE_CALL.sub("", output) if self.calls else output
