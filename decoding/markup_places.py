"""Where each tag of a line goes in its translation, as a word boundary (0: before the first word, n: after the
last): a pair around the output words aligned to the source words it enclosed (cross-attention: the sure links, else
the loose ones), a void tag between the words aligned to its neighbours, each on the side of the marks beside it that
it stood on in the source, in source order; in proportion to the source where there is no alignment.

    place(parse('Der <b>rote</b> Ball', "html"), "The red ball", aligned)  ->  [1, 2]
"""
from __future__ import annotations

import re
from math import ceil, floor

from decoding.maps import Alignment, spans
from decoding.markup_parse import Parsed, Tag
from text.finders.nouns import ARTICLES as TRANSLATED_ARTICLES

OPENING_MARKS, CLOSING_MARKS = "([{\"'«„“‘", ".,;:!?)]}\"'»“”’"   # marks around a word
ARTICLES = {word for table in TRANSLATED_ARTICLES.values() for word in table}     # der, ein, the, a, an ...
QUOTES = "\"'«»„“”‘’‚‹›"                  # one kind of mark: the quotes of one language are not the other's


def covered(tag_at: int, close_at: int, words: list[tuple[int, int]]) -> set[int]:
    """The source words between an open tag and its close tag, and a word they cut (`<b>Haus</b>tür`, a pair inside a
    URL, which is one word: decoding/maps.py's spans)."""
    return {n for n, (a, b) in enumerate(words) if a < close_at and b > tag_at}


def aligned_to(aligned: list[set[int]]) -> dict[int, list[int]]:
    """Source word -> the output words aligned to it."""
    targets: dict[int, list[int]] = {}
    for k, sources in enumerate(aligned):
        for s in sources:
            targets.setdefault(s, []).append(k)
    return targets


def wanted(parsed: Parsed, output: str, words: list[tuple[int, int]], aligned: Alignment) -> list[int]:
    """Where each tag would go in the output, as a word boundary (0: before the first word, n: after the last): by
    the sure links, else the loose ones, else the whole sentence for a pair and the source's proportion for a void."""
    src_words, n = spans(parsed.plain), len(words)     # words: the output's (spans)
    tables = [aligned_to(kind) for kind in aligned]
    out = []
    for tag in parsed.tags:
        first, last = (tag.at, parsed.tags[tag.pair].at) if tag.kind == "open" else \
            (parsed.tags[tag.pair].at, tag.at) if tag.kind == "close" else (tag.at, tag.at)
        text_before, text_after = parsed.plain[:last].strip(), parsed.plain[first:].strip()
        if not (text_before and text_after):        # before or after all words: it stays there
            out.append(n if text_before else 0)
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
    """A tag's boundary among n output words in proportion to its boundary among the source's words (open tags round
    down, others up): after the second of five words, after the second of five again."""
    src_words = spans(parsed.plain)
    before = sum(1 for a, b in src_words if b <= tag.at)
    share = before * n / max(len(src_words), 1)
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


def closes_only(text: str) -> bool:
    """Whether a word is marks that only close ("." "!" ")"; a quote may open too)."""
    return bool(text) and all(c in CLOSING_MARKS and c not in OPENING_MARKS for c in text)


def mark_kind(mark: str) -> str:
    """A mark as the side rules compare it: every quote is one kind."""
    return '"' if mark in QUOTES else mark


def marks_beside(plain: str, at: int, marks: str, step: int) -> set[str]:
    """The kinds of the marks that stand right before (step -1, spaces between them and `at` too: `rennt. <br>`) or
    after (step 1) offset `at` of the text."""
    found, k = set(), at - 1 if step < 0 else at
    while step < 0 and k >= 0 and plain[k].isspace():
        k -= 1
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
        while 0 <= p < len(words) and stuck(words, p) and closes_only(output[words[p][0]:words[p][1]]):
            p += 1              # nor before a closing mark stuck to the word before: `Mr<b>. Bauer` is `Mr. <b>Bauer`
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
    positions = [] if aligned is None else marked(wanted(parsed, output, words, aligned))
    if aligned is None or emptied(parsed, positions) and n:      # no attention (an export): in proportion
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
