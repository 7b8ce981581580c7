"""Lines of web pages (translate.py --format html|xml): inline tags and entities taken off, the text translated, every
tag put back exactly once, in source order, around the words its source words align to (cross-attention).

    Der <b>rote</b> Ball liegt im Gras.   ->  The <b>red</b> ball is lying in the grass.

A tag is written back byte for byte (an href is never translated); entities are decoded for the model and come back as
written where their character is in the translation; other `<`, `>`, `&` of the translation are escaped. A line
without tags or entities is translated as --format text translates it. A line is parsed in decoding/markup_parse.py,
each tag's place in the translation found in decoding/markup_places.py.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, NamedTuple

from config import DecodeConfig
from decoding.maps import CURRENCY, AttentionMap, links, spans
from decoding.markup_parse import Parsed, Tag, has_markup, parse
from decoding.markup_places import CLOSING_MARKS, OPENING_MARKS, place
from decoding.router import Router
from decoding.translations import Translation
from util.errors import UserError

FORMATS = ("html", "xml")
ESCAPE = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
NO_BREAK = "\u00a0"                       # &nbsp;
SIGN = CURRENCY + "$"                     # a currency sign right before a number
UNIT_AFTER = rf" (?:\w|{CURRENCY}|[%°])"  # a unit, currency or sign after a number and a space
NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w]|[.,]\d)")    # "8", "3,5", "1.200": a number alone


def escaper(entities: dict[str, list[str]]) -> Callable[[str], str]:
    """escape(text) for the pieces of an output, in order: a character the source wrote as an entity comes back as
    its places in the source were written, one by one (`&euro;` then `&#8364;`), a character more than the source had
    as the first entity it was written as; other `<`, `>`, `&` escaped."""
    left = {char: list(forms) for char, forms in entities.items()}
    first = {char: next(f for f in forms if f != char) for char, forms in entities.items()}

    def escape(text: str) -> str:
        return "".join(ESCAPE.get(form, form) for form in
                       ((left[c].pop(0) if left[c] else first[c]) if c in left else c for c in text))
    return escape


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
            cuts.append((words[-1][1], at_line_end(parsed, tags), 0))
            continue
        # a void tag's space after it, where one is before it or it opens the line
        gap = p == 0 or before > 0 and output[before - 1].isspace()
        # a void or block tag the model read as a space takes that space's place again
        skip = int(any(t.spaced for t in tags[:split]) and output[after:after + 1] == " " and before > after)
        cuts += [(after, "".join(t.text for t in tags[:split]), skip),
                 (max(before, after + skip), "".join(t.text + t.trail * gap for t in tags[split:]), 0)]
    out, last, escaped = [], 0, escaper(parsed.entities)
    for offset, text, skip in cuts:
        out += [escaped(output[last:offset]), text]
        last = offset + skip
    return "".join(out) + escaped(output[last:])


def at_line_end(parsed: Parsed, tags: list[Tag]) -> str:
    """The text of the tags after the translation's last word, in order: the first of them that stood after a space
    after the source's last word keeps that space before it (`rennt. <br>` -> `runs. <br>`), not one the model read in
    place of a tag (Tag.spaced)."""
    end = len(parsed.plain.rstrip())
    k = next((k for k, t in enumerate(tags) if t.at > end), len(tags))
    read = any(t.spaced and t.at == end for t in parsed.tags)
    space = parsed.plain[end + read:tags[k].at] if k < len(tags) else ""
    return "".join(t.text for t in tags[:k]) + space + "".join(t.text for t in tags[k:])


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


Attend = Callable[[list[str]], list[list[AttentionMap] | None]]   # texts -> each one's maps (None: no attention)


def put_back(parsed: Parsed | None, translation: str, maps: list[AttentionMap] | None) -> str:
    """The translation of parsed.plain with parsed's markup put back (the translation itself where there is none) by
    maps, the attention maps of parsed.plain's sentences (None: by proportion); a line of markup and no words (`<br>`,
    `</p><p>`, `&nbsp;`) comes back as written."""
    if parsed is None:
        return translation
    if not parsed.plain.strip():
        return parsed.line
    if NO_BREAK in parsed.plain:
        translation = no_break_spaces(parsed.plain, translation)
    aligned = links(parsed.plain, translation, maps) if parsed.tags else None
    return write(parsed, translation, place(parsed, translation, aligned))


def put_back_lines(parsed: list[Parsed | None], translations: list[str], attend: Attend) -> list[str]:
    """put_back of each line: attend(texts) is called once, with the text of every line whose tags the attention
    places (none for a line without tags or words)."""
    aligned = [n for n, p in enumerate(parsed) if p is not None and p.tags and p.plain.strip()]
    maps = dict(zip(aligned, attend([parsed[n].plain for n in aligned]) if aligned else []))
    return [put_back(p, translation, maps.get(n)) for n, (p, translation) in enumerate(zip(parsed, translations))]


def translate_markup(lines: list[str], fmt: str, translate: Callable[[list[str]], list[str]],
                     attend: Attend) -> list[str]:
    """Each line translated with its markup put back: translate(texts) is called once with every line's plain text,
    attend(texts) once with those of the lines with tags (put_back_lines)."""
    parsed = [markup_of(line, fmt) for line in lines]
    return put_back_lines(parsed, translate([line if p is None else p.plain for line, p in zip(lines, parsed)]),
                          attend)


def attention_of(router: Router, decode: DecodeConfig, glossary: dict[str, str] | None = None,
                 searched: dict[str, tuple] | None = None) -> Attend:
    """attend(texts) for translate_markup and put_back_lines: the router's attention maps of each text's sentences,
    all in one search (with a request's own glossary, as it was translated), but a text's whose translation's
    hypotheses searched has (text -> its Translation.searched; filled by the time attend is called): those are
    taken as they are, not searched again; None from an engine without attention (CTranslate2), whose tags go by
    proportion, or for a text whose maps cannot be drawn."""
    def given(texts: list[str]) -> list[tuple | None]:
        return [(searched or {}).get(text) for text in texts]

    def one(text: str) -> list[AttentionMap] | None:
        try:
            return router.lines_attention([text], decode, glossary, given([text]))[0]
        except UserError:
            return None

    def attend(texts: list[str]) -> list[list[AttentionMap] | None]:
        try:
            return router.lines_attention(texts, decode, glossary, given(texts))
        except UserError:                   # each text alone: one that cannot be drawn takes no other's maps
            return [one(text) for text in texts]
    return attend


class Marked(NamedTuple):
    lines: list[str]                # each line translated, its markup put back
    found: list[list[Translation]]  # each line's text's translation (a list of one), with its confidence
    own: int                        # the lines --to sent into their own language (Router.sent_into_their_own)


def translate_marked(router: Router, lines: list[str], fmt: str, decode: DecodeConfig, first_line: int = 1) -> Marked:
    """translate.py --format html|xml: lines translated as --format text does, markup put back, with what --format
    text notes of them on stderr (read from their text, not their tags)."""
    texts, found = [], []           # what translate_markup translates (once): the lines' text, their translations
    searched = {}                   # their hypotheses, whose attention places the tags (no second search)

    def translate(plain: list[str]) -> list[str]:
        texts[:], found[:] = plain, router.translate_n_best(plain, replace(decode or router.cfg.decode, n_best=1),
                                                            first_line)
        searched.update((text, n_best[0].searched) for text, n_best in zip(plain, found))
        return [n_best[0].text for n_best in found]
    marked = translate_markup(lines, fmt, translate, attention_of(router, decode, searched=searched))
    return Marked(marked, found, router.sent_into_their_own(texts))


def translate_markup_lines(router: Router, lines: list[str], fmt: str, decode: DecodeConfig,
                           first_line: int = 1) -> list[str]:
    """translate_marked's lines alone (for the service and the probes)."""
    return translate_marked(router, lines, fmt, decode, first_line).lines
