"""What is never translated comes out exactly as written: URLs, e-mail addresses, @handles, #hashtags, emoji, file
names and codes ("B2B", "MP3", "A380", "COVID-19"), each through a placeholder.

    CopyThrough().apply("Auf dem Schild steht info@zoo-berlin.de.")  -> ("Auf dem Schild steht \ue000.", ("info@...",))

In training pairs such a span becomes a placeholder on both sides where the target holds it as written.
"""
from __future__ import annotations

import re

from text.placeholders import PlaceholderStep, Span

EMOJI = ("\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u2300-\u23FF\u2190-\u21FF\u2934\u2935\u3030\u303D"
         "\u3297\u3299\u00A9\u00AE\u203C\u2049\u2122\u2139")
PATTERNS = [
    r"(?:https?://|www\.)[^\s<>\"'„“”«»]+?(?=[.,;:!?)\]}\"'“”»]*(?:\s|$))",    # a URL, without what ends the sentence
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",                                           # an e-mail address
    r"(?<![\w@])@\w{1,30}",                                                    # a @handle
    r"(?<![\w#&])#[^\W_]\w*",                                                  # a #hashtag
    rf"[{EMOJI}](?:[{EMOJI}\u200d\ufe0f\U0001F3FB-\U0001F3FF]*)",               # emoji, joined sequences too
    r"(?<![\w.-])[\w-]+\.(?:pdf|jpe?g|png|gif|svg|docx?|xlsx?|pptx?|odt|txt|csv|json|xml|zip|tar|gz|mp3|mp4|mov"
    r"|wav|html?|py|js|exe)\b",                                                # a file name
    r"(?<![\w.,:-])[^\W\d_][\w]*\d[\w]*(?:[-.:/]\w+)*",                         # a code: letters first, then a digit
]
SPAN = re.compile("|".join(f"(?:{p})" for p in PATTERNS), re.IGNORECASE)


def whole_in(target: str, text: str, after: int = 0) -> tuple[int, int] | None:
    """Where `text` stands in `target` as a whole (not inside a longer word), at or after `after`."""
    for m in re.finditer(re.escape(text), target):
        bounded = (m.start() == 0 or not target[m.start() - 1].isalnum()) and \
                  (m.end() == len(target) or not target[m.end()].isalnum())
        if m.start() >= after and bounded:
            return m.start(), m.end()
    return None


def verbatim_in_target(source: str, spans: list[Span], target: str) -> list[tuple[int, int] | None]:
    """For training pairs: each span's text where the target holds it as written (None where it does not)."""
    return [whole_in(target, span.fill) for span in spans]


class CopyThrough(PlaceholderStep):
    def find(self, text: str) -> list[Span]:
        return [Span(m.start(), m.end(), m.group()) for m in SPAN.finditer(text)]

    find_in_target = staticmethod(verbatim_in_target)
