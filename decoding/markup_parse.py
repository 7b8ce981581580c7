"""A line of a web page as its text and its tags (translate.py --format html|xml): `parse` takes the inline tags and
entities off, pairs each open tag with its close tag and says where each stood in the text the model reads.

    parse('Der <b>rote</b> Ball', "html")  ->  Parsed(plain="Der rote Ball", tags=[<b> at 4 (open), </b> at 8], ...)

decoding/markup_places.py says where each tag goes in a translation, decoding/markup.py puts them there.
"""
from __future__ import annotations

import html
import re
from typing import NamedTuple

# a tag: a quoted attribute value may hold "<" and ">" (title="a > b"); a comment, a CDATA section and the content of
# a script or style element are one void tag each (kept as written, not text for the model); one not closed on the
# line takes the rest of the line
IN_TAG = r"""(?:[^<>"']|"[^"]*"|'[^']*')*"""
RAW_TEXT = re.compile(r"<(?i:script|style)\b" + IN_TAG + r">.*?(?:</(?i:script|style)\s*>|$)")
MARKUP = re.compile(rf"<!--.*?(?:-->|$)|<!\[CDATA\[.*?(?:\]\]>|$)|{RAW_TEXT.pattern}|<[A-Za-z/!?]{IN_TAG}>"
                    r"|&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")
NAME = re.compile(r"</?\s*([A-Za-z][\w:.-]*)")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
# HTML's elements that start or end a block of their own: a line never reads their tag as inside a word
# ("<li>Hund</li><li>Katze</li>" is "Hund Katze", where "Haus<b>tür</b>" is one word)
BLOCK = {"address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "dialog", "div", "dl", "dt",
         "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
         "html", "legend", "li", "main", "nav", "ol", "option", "p", "pre", "section", "summary", "table", "tbody",
         "td", "tfoot", "th", "thead", "title", "tr", "ul"}


class Tag(NamedTuple):
    text: str       # as written, byte for byte
    at: int         # where it stands in the plain text (a character offset)
    kind: str       # "open", "close" or "void" (a comment, a self-closing or unmatched tag is void)
    pair: int = -1  # the index of its partner, for "open" and "close"
    spaced: bool = False    # a void or block tag between two words with no space: the model reads a space there
    trail: str = ""         # a void tag between spaces: the space after it, which the model does not read twice
    leads: bool = False     # a void tag after a space (or the line's start) and stuck to the word after it


class Parsed(NamedTuple):
    line: str                   # as written
    plain: str                  # the text for the model: no tags, entities decoded
    tags: list[Tag]             # in source order
    entities: dict[str, list[str]]  # a character written as an entity -> how each of its places in plain was
                                    # written, in order (the entity, or the character itself where typed as it is)


def has_markup(line: str) -> bool:
    """Whether the line holds a tag or an entity that names a character (`AT&T;` is text)."""
    return any(not m.group().startswith("&") or html.unescape(m.group()) != m.group() for m in MARKUP.finditer(line))


def parse(line: str, fmt: str) -> Parsed:
    """A line as its text and its tags; each open tag is paired with the next unpaired close tag of its name."""
    plain, raw, written, stack = [], [], {}, []
    pos = 0
    for piece in re.split(f"({MARKUP.pattern})", line):
        pos += len(piece)
        if not piece:
            continue
        if piece.startswith("&") and MARKUP.fullmatch(piece):
            char = html.unescape(piece)
            if char == piece:       # an unknown name stays text as written
                plain.append(piece)
                continue
            written[len("".join(plain))] = piece
            plain.append(char)
            continue
        if not (piece.startswith("<") and MARKUP.fullmatch(piece)):
            text = "".join(plain)
            if raw and loose(raw, len(text)) and (not text or text[-1].isspace()):
                trail = re.match(r"\s*", piece).group()
                raw[-1], piece = raw[-1]._replace(trail=trail), piece[len(trail):]
            plain.append(piece)
            continue
        at, name = len("".join(plain)), NAME.match(piece)
        tag_name = name.group(1).lower() if name and fmt == "html" else name.group(1) if name else ""
        # between two characters that are no space, the model reads a space in place of a void or block tag
        after = line[pos:pos + 1] or " "
        spaced = bool(plain) and not plain[-1][-1:].isspace() and not after.isspace()
        if not name or piece.endswith("/>") or RAW_TEXT.fullmatch(piece) \
                or fmt == "html" and tag_name in VOID and not piece.startswith("</"):
            leads = not spaced and not after.isspace() and after not in "<&"
            raw.append(Tag(piece, at, "void", spaced=spaced, leads=leads))
        elif not piece.startswith("</"):
            # void until its close tag is found; one never closed stays before the word it was stuck to
            text, spaced = "".join(plain), spaced and fmt == "html" and tag_name in BLOCK
            stack.append((tag_name, len(raw)))
            raw.append(Tag(piece, at, "void", spaced=spaced,
                           leads=not spaced and (not text or text[-1].isspace()) and not after.isspace()))
        else:
            spaced = spaced and fmt == "html" and tag_name in BLOCK
            opened = next((k for k in range(len(stack) - 1, -1, -1) if stack[k][0] == tag_name), None)
            if opened is None:
                raw.append(Tag(piece, at, "void", spaced=spaced))
            else:
                first = stack[opened][1]
                del stack[opened:]          # tags opened inside and left open stay void
                raw[first] = raw[first]._replace(kind="open", pair=len(raw))
                raw.append(Tag(piece, at, "close", first, spaced=spaced))
        if spaced:
            plain.append(" ")
    text = "".join(plain)
    return Parsed(line, text, raw, {char: [written.get(k, char) for k, c in enumerate(text) if c == char]
                                    for char in {text[k] for k in written}})


def loose(raw: list[Tag], at: int) -> bool:
    """Whether the last tag so far stands alone at offset `at` of the text: a void tag, or the close tag of a pair
    that encloses no text (`<b></b>`), which take the space after them along (Tag.trail)."""
    last = raw[-1]
    return last.at == at and (last.kind == "void" or last.kind == "close" and raw[last.pair].at == at)
