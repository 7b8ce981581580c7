"""What came back of a line's markup (decoding/markup.py), for scoring: whether an output kept every tag of its source
once, in order, balanced and byte for byte, and the text a line is scored as.

    if tags_kept(source_line, output_line): ...          # TagsKept: true where all four hold; its fields say which
    plain_text('Ein <b>Hund</b> &amp; eine Katze', "html")   # -> "Ein Hund & eine Katze"
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from decoding.markup_parse import NAME, has_markup, parse


def plain_text(line: str, fmt: str) -> str:
    """A line as it is scored: tags taken off, entities decoded (the text the model reads)."""
    return parse(line, fmt).plain if has_markup(line) else line


class TagsKept(NamedTuple):
    """How an output line kept its source line's tags; true (kept) where all four hold."""
    once: bool          # each tag, open or close and by name (tag_name), as often as in the source, no other
    in_order: bool      # in the source's order
    balanced: bool      # each pair of the source opened and closed around the same tags, so nested as it was
    identical: bool     # each tag byte for byte as written in the source (attributes too)

    @property
    def kept(self) -> bool:
        return all(self)

    def __bool__(self) -> bool:
        return self.kept


def tag_name(text: str) -> str:
    """A tag by how it is written and its name, attributes left out: "<b", "</b", "<br"; a comment as written."""
    name = NAME.match(text)
    return ("</" if text.startswith("</") else "<") + name.group(1) if name else text


def tags_kept(source: str, output: str, fmt: str = "html") -> TagsKept:
    """Whether `output` (a translation with markup put back) has every tag of `source` once, in order, balanced and
    byte for byte: `if tags_kept(line, translated): ...`, or its fields for which of the four failed."""
    src, out = parse(source, fmt).tags, parse(output, fmt).tags
    names = [[tag_name(tag.text) for tag in tags] for tags in (src, out)]
    return TagsKept(once=Counter(names[0]) == Counter(names[1]), in_order=names[0] == names[1],
                    balanced=[(t.kind, t.pair) for t in src] == [(t.kind, t.pair) for t in out],
                    identical=[t.text for t in src] == [t.text for t in out])
