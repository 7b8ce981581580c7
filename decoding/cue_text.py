r"""A subtitle cue's text lines as the model reads them and back (decoding/subtitles.py): each line's tags, spaces and
dialogue dash taken off its edges (cue_pieces), the lines grouped into sentences (segments), and each sentence's
translation cut back into as many lines near the source lines' proportions (split_like).

    cue_pieces(["- <i>Ein Mann fährt</i>", "<i>mit dem Fahrrad.</i>"])   # words "Ein Mann fährt", "mit dem Fahrrad."
"""
from __future__ import annotations

import re
from itertools import accumulate
from typing import NamedTuple

from text.forms.sentence_ends import CLOSERS, ENDS

TAG = re.compile(r"<[^<>]*>|\{\\[^{}]*\}")                             # <i>, </font>, <c.yellow>, {\an8}
PAIRED = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)[^<>]*(?<!/)>")      # <i>, </i>, <c.yellow> (named c), <v Anna>
OPENING = re.compile(rf"(?:\s|{TAG.pattern}|[-–—](?=\s))*")            # tags, spaces and a dialogue dash
CLOSING = re.compile(rf"(?:\s|{TAG.pattern})*$")                       # tags and spaces after the words
SENTENCE_END = re.compile(rf"[{ENDS}]{CLOSERS}$")
TURN = re.compile(rf"[{ENDS}]{CLOSERS}(\s+[-–—]\s+)(?=\S)")         # a sentence's end, a dash: the next speaker


class Piece(NamedTuple):
    """A cue line taken apart: what goes before and after its translation, and what the model reads."""
    opening: str        # tags, spaces and a dialogue dash before the words
    words: str          # the line's text for the model: inner tags dropped, spaces collapsed
    closing: str        # tags and spaces after the words
    dialogue: bool      # the line opens with a dash: a speaker of its own


class Segment(NamedTuple):
    lines: list[int]    # the cue's lines it spans (indices), in order
    text: str           # their words joined with spaces: one sentence for the model


def piece_of(text: str) -> Piece:
    opening = OPENING.match(text).group()
    rest = text[len(opening):]
    closing = CLOSING.search(rest).group()
    words = " ".join(TAG.sub("", rest[:len(rest) - len(closing)]).split())
    return Piece(opening, words, closing, bool(re.search(r"[-–—]", TAG.sub("", opening))))


def cue_pieces(texts: list[str]) -> list[Piece]:
    """A cue's text lines as pieces, where a tag at a line's edge whose partner stands inside a line (dropped, as
    every tag inside a line is) is dropped with it: `<i>Ein Hund</i> rennt.` loses both, no `<i>` comes back alone.
    A pair at the edges of two lines (`<i>Ein Hund` ... `rennt.</i>`) stays."""
    pieces = [piece_of(text) for text in texts]
    tags = []                   # (line, side, match), in the cue's order
    for k, (text, piece) in enumerate(zip(texts, pieces)):
        inside = text[len(piece.opening):len(text) - len(piece.closing)]
        for side, part in (("opening", piece.opening), ("inside", inside), ("closing", piece.closing)):
            tags += [(k, side, m) for m in TAG.finditer(part)]
    opened, dropped = [], []    # (name, index in tags) of the open tags not yet closed
    for n, (k, side, m) in enumerate(tags):
        pair = PAIRED.fullmatch(m.group())
        if not pair:
            continue
        name = pair.group(2).lower()
        if not pair.group(1):
            opened.append((name, n))
            continue
        found = next((i for i in range(len(opened) - 1, -1, -1) if opened[i][0] == name), None)
        if found is not None:
            first = opened.pop(found)[1]
            if (tags[first][1] == "inside") != (side == "inside"):
                dropped.append(first if side == "inside" else n)
    for n in sorted(dropped, reverse=True):     # the later tags of a side first: the earlier ones' offsets hold
        k, side, m = tags[n]
        text = getattr(pieces[k], side)
        pieces[k] = pieces[k]._replace(**{side: text[:m.start()] + text[m.end():]})
    return pieces


def segments(pieces: list[Piece]) -> list[Segment]:
    """A cue's lines grouped into sentences: a line joins the one before unless that one ends a sentence or this one
    is a dialogue line; a line with no words is in none."""
    groups: list[list[int]] = []
    for k, piece in enumerate(pieces):
        if not piece.words:
            continue
        before = groups[-1][-1] if groups else None
        if before == k - 1 and not piece.dialogue and not SENTENCE_END.search(pieces[before].words):
            groups[-1].append(k)
        else:
            groups.append([k])
    return [Segment(group, " ".join(pieces[k].words for k in group)) for group in groups]


def turns(text: str) -> list[str]:
    """A segment's text cut where a sentence ends and a dash opens the next speaker's on the same line, as the
    speakers' texts and the dashes between them, in turn: "Wo ist er? - Keine Ahnung." -> ["Wo ist er?", " - ",
    "Keine Ahnung."] (read whole, a model lost the second speaker); a dash inside a sentence is no cut."""
    out, start = [], 0
    for m in TURN.finditer(text):
        out += [text[start:m.start(1)], m.group(1)]
        start = m.end(1)
    return out + [text[start:]]


def split_like(text: str, widths: list[int]) -> list[str]:
    """`text` cut at spaces into len(widths) lines, each break at the space nearest to where the source's line ends in
    proportion (widths: the source lines' lengths); fewer lines where the text has fewer words."""
    if len(widths) == 1:
        return [text.strip()]
    words = [w for w in text.split(" ") if w]      # " " only: a no-break space stays inside its line
    if len(words) <= len(widths):
        return words
    after = list(accumulate(len(w) + 1 for w in words))       # after[c - 1] - 1: where a break after c words stands
    total, shares = after[-1] - 1, list(accumulate(widths))
    cuts = [0]
    for k, share in enumerate(shares[:-1]):
        goal = total * share / max(shares[-1], 1)
        room = range(cuts[-1] + 1, len(words) - (len(widths) - 2 - k))     # every line keeps at least one word
        cuts.append(min(room, key=lambda c: abs(after[c - 1] - 1 - goal)))
    cuts.append(len(words))
    return [" ".join(words[a:b]) for a, b in zip(cuts, cuts[1:])]
