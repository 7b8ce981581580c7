"""Lines of web pages (translate.py --format html|xml): inline tags and entities taken off, the text translated, every
tag put back exactly once, in source order, around the words its source words align to (cross-attention).

    Der <b>rote</b> Ball liegt im Gras.   ->  The <b>red</b> ball is lying in the grass.

A tag is written back byte for byte (an href is never translated); entities are decoded for the model and come back as
written where their character is in the translation; other `<`, `>`, `&` of the translation are escaped. A line
without tags or entities is translated as --format text translates it.
"""
from __future__ import annotations

import html
import re
from math import ceil, floor
from typing import Callable, NamedTuple

from config import DecodeConfig
from decoding.maps import CURRENCY, Alignment, AttentionMap, links, spans
from decoding.router import Router
from text.finders.nouns import ARTICLES as TRANSLATED_ARTICLES
from util.errors import UserError

FORMATS = ("html", "xml")
# a tag: a quoted attribute value may hold "<" and ">" (title="a > b"); a comment, a CDATA section and the content of
# a script or style element are one void tag each (kept as written, not text for the model)
IN_TAG = r"""(?:[^<>"']|"[^"]*"|'[^']*')*"""
RAW_TEXT = r"<(?i:script|style)\b" + IN_TAG + r">.*?</(?i:script|style)\s*>"
MARKUP = re.compile(rf"<!--.*?-->|<!\[CDATA\[.*?\]\]>|{RAW_TEXT}|<[A-Za-z/!?]{IN_TAG}>"
                    r"|&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")
NAME = re.compile(r"</?\s*([A-Za-z][\w:.-]*)")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
ESCAPE = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
NO_BREAK = "\u00a0"                       # &nbsp;
SIGN = CURRENCY + "$"                     # a currency sign right before a number
UNIT_AFTER = rf" (?:\w|{CURRENCY}|[%°])"  # a unit, currency or sign after a number and a space
NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w]|[.,]\d)")    # "8", "3,5", "1.200": a number alone
OPENING_MARKS, CLOSING_MARKS = "([{\"'«„“‘", ".,;:!?)]}\"'»“”’"   # marks around a word
ARTICLES = {word for table in TRANSLATED_ARTICLES.values() for word in table}     # der, ein, the, a, an ...
QUOTES = "\"'«»„“”‘’‚‹›"                  # one kind of mark: the quotes of one language are not the other's


class Tag(NamedTuple):
    text: str       # as written, byte for byte
    at: int         # where it stands in the plain text (a character offset)
    kind: str       # "open", "close" or "void" (a comment, a self-closing or unmatched tag is void)
    pair: int = -1  # the index of its partner, for "open" and "close"
    spaced: bool = False    # a void tag between two words with no space: the model reads a space there
    trail: str = ""         # a void tag between spaces: the space after it, which the model does not read twice
    leads: bool = False     # a void tag after a space (or the line's start) and stuck to the word after it


class Parsed(NamedTuple):
    plain: str                  # the text for the model: no tags, entities decoded
    tags: list[Tag]             # in source order
    entities: dict[str, str]    # a decoded character -> the entity it was first written as


def has_markup(line: str) -> bool:
    """Whether the line holds a tag or an entity that names a character (`AT&T;` is text)."""
    return any(not m.group().startswith("&") or html.unescape(m.group()) != m.group() for m in MARKUP.finditer(line))


def parse(line: str, fmt: str) -> Parsed:
    """A line as its text and its tags; each open tag is paired with the next unpaired close tag of its name."""
    plain, raw, entities, stack = [], [], {}, []
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
            plain.append(char)
            entities.setdefault(char, piece)
            continue
        if not (piece.startswith("<") and MARKUP.fullmatch(piece)):
            if raw and loose(raw, len("".join(plain))) and ("".join(plain)[-1:].isspace() or not "".join(plain)):
                trail = re.match(r"\s*", piece).group()
                raw[-1], piece = raw[-1]._replace(trail=trail), piece[len(trail):]
            plain.append(piece)
            continue
        at, name = len("".join(plain)), NAME.match(piece)
        tag_name = name.group(1).lower() if name and fmt == "html" else name.group(1) if name else ""
        if not name or piece.endswith("/>") or re.fullmatch(RAW_TEXT, piece, re.S) \
                or fmt == "html" and tag_name in VOID and not piece.startswith("</"):
            after = line[pos:pos + 1] or " "
            spaced = bool(plain) and not plain[-1][-1:].isspace() and not after.isspace()
            leads = not spaced and not after.isspace() and after not in "<&"
            raw.append(Tag(piece, at, "void", spaced=spaced, leads=leads))
            if spaced:
                plain.append(" ")
        elif not piece.startswith("</"):
            stack.append((tag_name, len(raw)))
            raw.append(Tag(piece, at, "void"))      # void until its close tag is found
        else:
            opened = next((k for k in range(len(stack) - 1, -1, -1) if stack[k][0] == tag_name), None)
            if opened is None:
                raw.append(Tag(piece, at, "void"))
                continue
            first = stack[opened][1]
            del stack[opened:]          # tags opened inside and left open stay void
            raw[first] = raw[first]._replace(kind="open", pair=len(raw))
            raw.append(Tag(piece, at, "close", first))
    return Parsed("".join(plain), raw, entities)


def loose(raw: list[Tag], at: int) -> bool:
    """Whether the last tag so far stands alone at offset `at` of the text: a void tag, or the close tag of a pair
    that encloses no text (`<b></b>`), which take the space after them along (Tag.trail)."""
    last = raw[-1]
    return last.at == at and (last.kind == "void" or last.kind == "close" and raw[last.pair].at == at)


def covered(tag_at: int, close_at: int, words: list[tuple[int, int]]) -> set[int]:
    """The source words between an open tag and its close tag."""
    return {n for n, (a, b) in enumerate(words) if a >= tag_at and b <= close_at}


def aligned_to(aligned: list[set[int]]) -> dict[int, list[int]]:
    """Source word -> the output words aligned to it."""
    targets: dict[int, list[int]] = {}
    for k, sources in enumerate(aligned):
        for s in sources:
            targets.setdefault(s, []).append(k)
    return targets


def wanted(parsed: Parsed, output: str, words: list[tuple[int, int]], aligned: Alignment | None) -> list[int]:
    """Where each tag would go in the output, as a word boundary (0: before the first word, n: after the last): by
    the sure links, else the loose ones, else the whole sentence for a pair and the source's proportion for a void."""
    src_words, n = spans(parsed.plain), len(words)     # words: the output's (spans)
    tables = [aligned_to(kind) for kind in aligned] if aligned else []
    out = []
    for tag in parsed.tags:
        first, last = (tag.at, parsed.tags[tag.pair].at) if tag.kind == "open" else \
            (parsed.tags[tag.pair].at, tag.at) if tag.kind == "close" else (tag.at, tag.at)
        if not parsed.plain[:last].strip() or not parsed.plain[first:].strip():      # before or after all words
            out.append(0 if not parsed.plain[:last].strip() else n)
            continue
        if tag.kind == "void" or not parsed.plain[first:last].strip():      # an empty pair stands where a void would
            for targets in tables:
                before = [targets[s] for s, (a, b) in enumerate(src_words) if b <= tag.at and s in targets][-1:]
                after = [targets[s] for s, (a, b) in enumerate(src_words) if a >= tag.at and s in targets][:1]
                if before or after:
                    out.append(max(before[0]) + 1 if before else min(after[0]))
                    break
            else:
                out.append(proportional(tag, parsed, n))
            continue
        inside = covered(first, last, src_words)
        wordy = any(is_word(parsed.plain, src_words[s]) for s in inside)
        candidates = ([k for s in inside for k in targets.get(s, [])] for targets in tables)    # sure, then loose
        found = next((ks for ks in candidates        # marks alone are no alignment of words (a lost word's full stop)
                      if any(is_word(output, words[k]) for k in ks) or ks and not wordy), [])
        if not found or len(inside) == len(src_words):      # no alignment, or a pair around the whole line
            out.append(0 if tag.kind == "open" else n)
        else:
            lo, hi = quotation_around(parsed.plain[first:last], output, words, min(found), max(found))
            out.append(with_article(parsed.plain[first:last], output, words, lo) if tag.kind == "open" else hi + 1)
    return out


def is_word(text: str, span: tuple[int, int]) -> bool:
    """Whether a span of spans() is a word ("€2.50" too), not a mark."""
    return re.search(r"\w", text[span[0]:span[1]]) is not None


def with_article(enclosed: str, output: str, words: list[tuple[int, int]], lo: int) -> int:
    """Output word lo, or the article right before it where the source pair began with an article (`<b>Die
    Lehrerin</b>` -> `<b>The teacher</b>`): an article attends to its noun as often as to its own counterpart."""
    inside = spans(enclosed)
    starts_with_article = bool(inside) and enclosed[slice(*inside[0])].lower() in ARTICLES
    before = output[slice(*words[lo - 1])].lower() if 0 < lo <= len(words) else ""
    return lo - 1 if starts_with_article and before in ARTICLES else lo


def quotation_around(enclosed: str, output: str, words: list[tuple[int, int]], lo: int, hi: int) -> tuple[int, int]:
    """Output words lo..hi widened to the quotation marks around them where the source pair enclosed a whole
    quotation (`<b>„Bitte nicht stören“</b>`): the words of a quotation come back inside its marks, whatever each
    attended to."""
    enclosed = enclosed.strip()
    if len(enclosed) < 2 or enclosed[0] not in QUOTES or enclosed[-1] not in QUOTES:
        return lo, hi
    text = [output[a:b] for a, b in words]
    opening = next((k for k in range(lo, -1, -1) if text[k] in QUOTES and stuck(words, k + 1)
                    and not stuck(words, k)), None)
    closing = next((k for k in range(hi, len(words)) if text[k] in QUOTES and stuck(words, k)), None)
    return (lo, hi) if opening is None or closing is None else (opening, closing)


def proportional(tag: Tag, parsed: Parsed, n: int) -> int:
    """A tag's boundary in proportion to where it stands in the source (open tags round down, others up)."""
    share = tag.at * n / max(len(parsed.plain), 1)
    return floor(share) if tag.kind == "open" else ceil(share)


def in_order(positions: list[int]) -> list[int]:
    """Positions made non-decreasing (source order), each moved right as little as it must."""
    out, low = [], 0
    for p in positions:
        low = max(low, p)
        out.append(low)
    return out


def emptied(parsed: Parsed, positions: list[int]) -> list[int]:
    """The open tags of the pairs that enclosed words in the source and enclose none in the output."""
    return [k for k, tag in enumerate(parsed.tags) if tag.kind == "open"
            and parsed.plain[tag.at:parsed.tags[tag.pair].at].strip() and positions[tag.pair] <= positions[k]]


def stuck(words: list[tuple[int, int]], k: int) -> bool:
    """Whether word k touches the word before it (no space between: "Werkstatt." ends in a stuck full stop)."""
    return 0 < k < len(words) and words[k - 1][1] == words[k][0]


def mark_kind(mark: str) -> str:
    """A mark as the side rules compare it: every quote is one kind."""
    return '"' if mark in QUOTES else mark


def marks_beside(plain: str, at: int, marks: str, step: int) -> set[str]:
    """The kinds of the marks that stand right before (step -1) or after (step 1) offset `at` of the text."""
    found, k = set(), at - 1 if step < 0 else at
    while 0 <= k < len(plain) and plain[k] in marks:
        found.add(mark_kind(plain[k]))
        k += step
    return found


def beside_marks(tag: Tag, plain: str, output: str, words: list[tuple[int, int]], p: int) -> int:
    """A tag's boundary moved across the marks stuck to the word beside it, to the side of them its source tag stood
    on: `Werkstatt.</p>` keeps the full stop inside the pair, `Hamburg</b>.` outside, `<b>„Hilfe“</b>` its quotes,
    `<b>"Bitte nicht"</b>.` its quotes and not the full stop, `Schnee.<br>` breaks after the full stop; a closing mark
    its source tag did not stand after stays outside its pair (`Ihre <b>E-Mail</b> ein.` -> `your <b>email</b>.`).
    The attention of a mark is no guide to this (a sentence's full stop often attends to its verb)."""
    def mark(k: int, kinds: set[str]) -> bool:
        text = output[words[k][0]:words[k][1]] if 0 <= k < len(words) else ""
        return bool(text) and mark_kind(text) in kinds

    marks = OPENING_MARKS if tag.kind == "open" else CLOSING_MARKS
    before, after = marks_beside(plain, tag.at, marks, -1), marks_beside(plain, tag.at, marks, 1)
    if tag.kind == "open":      # an opening mark stands stuck to the word after it, not to the one before
        while mark(p, before) and stuck(words, p + 1) and not stuck(words, p):
            p += 1
        while mark(p - 1, after) and stuck(words, p) and not stuck(words, p - 1):
            p -= 1
    else:                       # a closing mark stands stuck to the word before it
        while mark(p - 1, after | {mark_kind(m) for m in CLOSING_MARKS} - before) and stuck(words, p - 1):
            p -= 1
        while mark(p, before) and stuck(words, p):
            p += 1
    return p


def place(parsed: Parsed, output: str, aligned: Alignment | None) -> list[int]:
    """Each tag's word boundary in the output: by the alignment, else in proportion to the source; on the side of
    the marks beside it that its source tag stood on."""
    words = spans(output)
    n = len(words)

    def marked(positions: list[int]) -> list[int]:
        return in_order([beside_marks(tag, parsed.plain, output, words, p) for tag, p in zip(parsed.tags, positions)])
    positions = marked(wanted(parsed, output, words, aligned))
    if emptied(parsed, positions) and n:
        positions = widened(parsed, marked([proportional(tag, parsed, n) for tag in parsed.tags]))
    return [min(p, n) for p in positions]


def widened(parsed: Parsed, positions: list[int]) -> list[int]:
    """Positions where each pair that enclosed words in the source and encloses none here (in proportion, a short pair
    can round to one boundary) takes a word: its open tag one word left where the tag before it allows, else its
    close tag one word right."""
    out = list(positions)
    for k in emptied(parsed, positions):
        if out[k] > (out[k - 1] if k else 0):
            out[k] -= 1
        else:
            out[parsed.tags[k].pair] = out[k] + 1
    return in_order(out)


def escaped(text: str, entities: dict[str, str]) -> str:
    return "".join(entities.get(c) or ESCAPE.get(c, c) for c in text)


def write(parsed: Parsed, output: str, positions: list[int]) -> str:
    """The output with each tag at its boundary: close and void tags right after the word before, the rest (from the
    first open tag, or void tag that stood between spaces or before a word after a space, on) right before the word
    after."""
    words = spans(output)
    at_boundary: dict[int, list[Tag]] = {}
    for tag, p in zip(parsed.tags, positions):
        at_boundary.setdefault(p, []).append(tag)
    cuts = []                   # (character offset, tags' text, output characters it replaces), in order
    for p, tags in sorted(at_boundary.items()):
        split = next((k for k, t in enumerate(tags) if t.kind == "open" or t.trail or t.leads), len(tags))
        after = words[p - 1][1] if p > 0 else 0
        before = words[p][0] if p < len(words) else len(output)
        if p == 0:
            after = before = words[0][0] if words else 0
        if p == len(words) and words:
            before = after = words[-1][1]
        # a void tag's space after it, where one is before it or it opens the line
        gap = p == 0 or before > 0 and output[before - 1].isspace()
        # a void tag the model read as a space takes that space's place again
        skip = int(split > 0 and tags[split - 1].spaced and output[after:after + 1] == " " and before > after)
        cuts += [(after, "".join(t.text for t in tags[:split]), skip),
                 (max(before, after + skip), "".join(t.text + t.trail * gap for t in tags[split:]), 0)]
    out, last = [], 0
    for offset, text, skip in cuts:
        out += [escaped(output[last:offset], parsed.entities), text]
        last = offset + skip
    return "".join(out) + escaped(output[last:], parsed.entities)


def no_break_spaces(plain: str, output: str) -> str:
    """The output with a no-break space again between two words that one joined in the source, where the output has
    those two words side by side ("10&nbsp;km" -> "10 km" -> "10\u00a0km"): the pipeline's cleaning makes it a plain
    space before the model reads it. A number keeps it before whatever word follows it in the output, its unit or
    currency in the target's words ("8&nbsp;euros" -> "8 €" -> "8\u00a0€"; "3,5&nbsp;km" -> "3.5\u00a0km"), unless a
    currency sign went before it ("10&nbsp;€" -> "€10 per person"). Where the words changed otherwise, the space
    stays a plain one."""
    before, after = re.escape(OPENING_MARKS), re.escape(CLOSING_MARKS)
    for left, right in re.findall(rf"(\S+){NO_BREAK}(?=(\S+))", plain):
        left, right = left.lstrip(OPENING_MARKS), right.rstrip(CLOSING_MARKS)     # no marks around the pair
        if not (left and right):
            continue
        output, found = re.subn(rf"(?<![^\s{before}]){re.escape(left)} (?={re.escape(right)}(?![^\s{after}]))",
                                lambda m: left + NO_BREAK, output, count=1)
        if not found and NUMBER.fullmatch(left):
            digits = re.sub(r"\D", "", left)
            numbers = [m for m in NUMBER.finditer(output) if re.sub(r"\D", "", m.group()) == digits
                       and re.match(UNIT_AFTER, output[m.end():]) and not re.search(SIGN, output[:m.start()])]
            if numbers:
                output = output[:numbers[0].end()] + NO_BREAK + output[numbers[0].end() + 1:]
    return output


def markup_of(line: str, fmt: str) -> Parsed | None:
    """The line's text and tags (parse), None for a line without markup: it is translated as it is."""
    return parse(line, fmt) if has_markup(line) else None


def put_back(parsed: Parsed | None, translation: str, attend: Callable[[str], list[AttentionMap] | None]) -> str:
    """The translation of parsed.plain with parsed's markup put back (the translation itself where there is none)."""
    if parsed is None:
        return translation
    if NO_BREAK in parsed.plain:
        translation = no_break_spaces(parsed.plain, translation)
    aligned = links(parsed.plain, translation, attend(parsed.plain)) if parsed.tags and parsed.plain.strip() else None
    return write(parsed, translation, place(parsed, translation, aligned))


def translate_markup(lines: list[str], fmt: str, translate: Callable[[list[str]], list[str]],
                     attend: Callable[[str], list[AttentionMap] | None]) -> list[str]:
    """Each line translated with its markup put back: translate(texts) is called once with every line's plain text;
    attend(text) gives the attention maps of a line's sentences (None where the engine has none)."""
    parsed = [markup_of(line, fmt) for line in lines]
    found = translate([line if p is None else p.plain for line, p in zip(lines, parsed)])
    # a line of markup and no words (`<br>`, `</p><p>`, `&nbsp;`) comes back as written
    return [line if p is not None and not p.plain.strip() else put_back(p, translation, attend)
            for line, p, translation in zip(lines, parsed, found)]


def attention_of(router: Router, decode: DecodeConfig) -> Callable[[str], list[AttentionMap] | None]:
    """attend(text) for translate_markup and put_back: the router's attention maps of text's sentences, None from an
    engine without attention (CTranslate2), whose tags go by proportion."""
    def attend(text: str) -> list[AttentionMap] | None:
        try:
            return router.line_attention(text, decode)
        except UserError:
            return None
    return attend


def translate_markup_lines(router: Router, lines: list[str], fmt: str, decode: DecodeConfig,
                           first_line: int = 1) -> list[str]:
    """translate.py --format html|xml: lines translated as --format text does, markup put back."""
    return translate_markup(lines, fmt, lambda texts: router.translate(texts, decode, first_line),
                            attention_of(router, decode))
