"""Invisible and control characters out, composed letters, whitespace as single spaces: the one clean-up of every
line, for training corpora and for what a user types (a leading BOM, a NUL, U+2028, a form feed or a lone CR would
otherwise reach the model as bytes it never saw, and a decomposed "München" would miss every table that lists it).

    clean("\\ufeff  Ein Hund\\u2028 läuft.\\r")  ->  "Ein Hund läuft."

An HTML entity ("&amp;", "&#39;") is the character it stands for: Multi30K's English side writes "&" as "&amp;" in 16
lines, and a model trained on them writes "&amp" into translations. Multi30K is NFC and holds no format or
private-use character, so its other training pairs come out as they were.
"""
from __future__ import annotations

import html
import re
import unicodedata

import regex

# kept: a zero-width joiner between emoji ("👨‍👩‍👧") and the tag characters of a subdivision flag ("🏴 g b s c t ...")
EMOJI_GLUE = (r"(?<=[\p{Extended_Pictographic}\uFE0F\U0001F3FB-\U0001F3FF])\u200d(?=\p{Extended_Pictographic})"
              r"|\U0001F3F4[\U000E0020-\U000E007E]+\U000E007F")
# removed: every format character (BOM, zero-width space, word joiner, soft hyphen, bidi marks and embeddings, tags,
# the Arabic letter mark, ...), every private-use character (the placeholders' own range: a line translates as it
# would without them), and every control character but those that separate
INVISIBLE = regex.compile(rf"({EMOJI_GLUE})|[\p{{Cf}}\p{{Co}}\x00-\x08\x0e-\x1f\x7f\x80-\x84\x86-\x9f]")
# each becomes a space: tab, line feed, vertical tab, form feed, carriage return, NEL, line and paragraph separators,
# and the other Unicode spaces (no-break, narrow, ideographic, ...)
SPACES = regex.compile(r"[\s\u0085\u2028\u2029]+")


# the entities a text corpus escapes: "&amp;", "&lt;", "&gt;", "&quot;", "&apos;" and numeric ones ("&#39;", "&#x27;")
ENTITY = re.compile(r"&(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});")


def clean(text: str) -> str:
    text = ENTITY.sub(lambda m: html.unescape(m.group()), text)      # first: "&#8203;" is then removed as invisible
    text = INVISIBLE.sub(lambda m: m.group(1) or "", unicodedata.normalize("NFC", text))
    return SPACES.sub(" ", text).strip()
