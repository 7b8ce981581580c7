"""Attention maps: where each output token of a sentence looked in its source (translate.py --plot-attention draws
one), a line's maps in the order of its text, and the words of an output aligned to the words of its source by them
(decoding/markup.py puts tags back by that). A quotation is translated as sentences of its own and leaves a
slot in the sentence around it (text/steps/quotations.py), so the maps of a line come one per sentence, the
quotation's before the sentence that holds it. Here each slot's token, in the source and in the output, is replaced by
the tokens of its quotation's maps, so a line's maps read as the line does (decoding/markup.py aligns the words of a
line by them). A sentence with nothing to translate is its own translation, each token its own source token's
(own_map).

    Er ruft „Hilfe!“ und rennt.   maps: [Hilfe ! -> Help !], [Er ruft \\ue100 und rennt . -> He shouts \\ue100 and ...]
                                  -> [Er ruft Hilfe ! und rennt . -> He shouts Help ! and runs .]

The spliced weights are block-diagonal: the quotation's tokens attend to one another as they did, the sentence's to
its own, and neither to the other's (the sentence attended to the slot as a whole, which says nothing about which
word of the quotation).
"""
from __future__ import annotations

import re
from typing import NamedTuple

import torch
import torch.nn.functional as F

from data.subwords import WORD_START
from data.tokenizer import JOINER
from text.forms.dates import lead_words
from text.forms.verbatim import verbatim_spans
from text.steps.quotations import SLOTS, Layout

# legend: i output tokens (rows), j source tokens (columns)
SPECIAL = re.compile(r"<[^<>\s]+>")       # a direction tag, <eos>, <unk>, a byte piece: no word of the text
# a word: a number with its separators and currency or percent sign ("€2.50", "2,50 €", "14:30"), a word with
# inner apostrophes or hyphens, or a punctuation mark of its own; a tag never goes inside a number
CURRENCY = "[$€£¥]"
WORD = re.compile(rf"{CURRENCY}?\d+(?:[.,:]\d+)*(?: ?(?:{CURRENCY}|%))?(?!\w)|\w+(?:['’-]\w+)*|[^\w\s]")


class AttentionMap(NamedTuple):
    source: list[str]     # source tokens (columns)
    output: list[str]     # output tokens, <eos> last (rows)
    weights: torch.Tensor  # (i, j) cross-attention of the last decoder layer, averaged over heads (lists in JSON)
    carried: tuple[tuple[int, int], ...] = ()   # (i, j): output token i is source token j's placeholder, written back
    cut: tuple = ()       # as Translation.cut: (line, tokens, limit) where the sentence is longer than the model reads


def slot_at(tokens: list[str], slot: str) -> int | None:
    """The index of the token that shows the slot (a placeholder shown as what it stands for), None if none does."""
    return next((n for n, token in enumerate(tokens) if slot in token), None)


def lead(source: list[str]) -> int:
    """How many tokens before a sentence's first word: its direction tag, for a model of both directions."""
    return int(bool(source) and SPECIAL.fullmatch(source[0]) is not None)


def own_map(source: list[str], output: list[str], given: tuple[tuple[int, int], ...]) -> AttentionMap:
    """The map of a sentence that is its own translation: its output is its source's tokens after the direction
    tag, each attending to its own (<eos> to the last), the placeholders `given` (carried) as their own."""
    weights, first = torch.zeros(len(output), len(source)), lead(source)
    for i in range(len(output)):
        weights[i, min(first + i, len(source) - 1)] = 1.0
    return AttentionMap(source, output, weights, given)


def weights_of(m: AttentionMap) -> torch.Tensor:
    """m's weights as floats, one row an output token (zeros where the weights lack <eos>'s row)."""
    w = torch.as_tensor(m.weights).float()[:len(m.output)]                      # (i, j)
    return F.pad(w, (0, 0, 0, len(m.output) - len(w)))


def spliced(outer: AttentionMap, at: tuple[int | None, int], inner: AttentionMap) -> AttentionMap:
    """outer with its slot (output row i, source column j; i None where the output lost the slot, whose quotation then
    comes last) replaced by inner's tokens, less inner's direction tag and its <eos>."""
    i, j = at
    cut, skip = lead(inner.source), int(i is not None)
    src, out = inner.source[cut:], inner.output[:-1]
    at_row = len(outer.output) - 1 if i is None else i      # inner's rows go at the slot, else before <eos>
    w, block = weights_of(outer), weights_of(inner)[:-1, cut:]                  # (i, j)
    left, right = w[:, :j], w[:, j + 1:]
    rows = torch.cat([left, torch.zeros(len(w), len(src)), right], 1)          # the slot's column: inner's columns
    quoted = torch.cat([torch.zeros(len(out), j), block, torch.zeros(len(out), right.shape[1])], 1)

    def row(a: int) -> int:
        return a if a < at_row else a + len(out) - skip

    def col(b: int) -> int:
        return b if b < j else b + len(src) - 1
    carried = tuple((row(a), col(b)) for a, b in outer.carried if a != i and b != j) + \
        tuple((at_row + a, j + b - cut) for a, b in inner.carried if a < len(out) and b >= cut)
    return outer._replace(source=outer.source[:j] + src + outer.source[j + 1:],
                          output=outer.output[:at_row] + out + outer.output[at_row + skip:],
                          weights=torch.cat([rows[:at_row], quoted, rows[at_row + skip:]]), carried=carried,
                          cut=inner.cut + outer.cut)


def joined(maps: list[AttentionMap]) -> AttentionMap:
    """The maps of a quotation's sentences as one: their tokens one after another (the first sentence's direction tag
    and the last one's <eos> kept, the others' dropped), the weights block-diagonal."""
    cuts = [lead(m.source) for m in maps]
    blocks = [weights_of(m)[:-1, cut:] for m, cut in zip(maps, cuts)]             # (i, j) of each sentence
    weights = F.pad(torch.block_diag(*blocks), (cuts[0], 0, 0, 1))      # the first's direction tag, the last's <eos>
    source, output, carried = maps[0].source[:cuts[0]], [], []
    for m, cut in zip(maps, cuts):
        carried += [(len(output) + a, len(source) + b - cut) for a, b in m.carried
                    if a < len(m.output) - 1 and b >= cut]
        source, output = source + m.source[cut:], output + m.output[:-1]
    return maps[0]._replace(source=source, output=output + maps[-1].output[-1:], weights=weights,
                            carried=tuple(carried), cut=tuple(cut for m in maps for cut in m.cut))


def in_line_order(maps: list[AttentionMap], layout: Layout | None) -> list[AttentionMap]:
    """One map per sentence of the line as written (layout.top), each quotation's maps in its slot; the maps as they
    are where the line has no quotation (or no layout)."""
    if layout is None or not any(slot.parts for slot in layout.slots):
        return maps

    def whole(n: int) -> AttentionMap:
        m = maps[n]
        for k, slot in enumerate(layout.slots):
            if slot.owner == n and slot.parts:
                j = slot_at(m.source, SLOTS[k])
                if j is not None:
                    m = spliced(m, (slot_at(m.output, SLOTS[k]), j), joined([whole(p) for p in slot.parts]))
        return m
    return [whole(n) for n in layout.top]


def spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) character offsets of a text's words; a punctuation mark is a word of its own, and what is
    copied through as written (a URL, an address, a path: text/forms/verbatim.py) one word whole."""
    copied, out = [m.span() for m in verbatim_spans(text)], []
    for m in WORD.finditer(text):
        whole = next((span for span in copied if span[0] <= m.start() < span[1]), None)
        if whole is None:
            out.append(m.span())
        elif not out or out[-1] != whole:
            out.append(whole)
    return out


def token_words(text: str, tokens: list[str]) -> tuple[list[int], int]:
    """The word of `text` each token stands for: tokens are found in order, case, spaces and subword marks ignored; a
    token not found there (<unk>, a normalized character) stands for the next word, or the word before where it
    continues one (a joiner piece), or where none is left the word of the token before (a mark the pipeline took off
    the end follows a placeholder of two words, "Jonas Weber", to its first, and takes no alignment from the second);
    a special token (<2en>, <eos>) or a bare word-start mark stands for the next word. A token not found moves the
    reading past that word only where the next token is not found at once: one the pipeline took out of the text (a
    stray quote) takes no word from the tokens after it. -> (words, how many tokens were found)"""
    words, lower, cursor, out, hits = spans(text), text.lower(), 0, [], 0
    if not words:
        return [0] * len(tokens), 0
    pieces = [piece_text(token) for token in tokens]

    def find(piece: str, start: int) -> int:
        return lower.find(piece, start, start + len(piece) + 8) if piece else -1
    for k, (token, piece) in enumerate(zip(tokens, pieces)):
        found = find(piece, cursor)
        if found >= 0:
            cursor, hits = found + len(piece), hits + 1
            out.append(next(n for n, (a, b) in enumerate(words) if b > found))
        elif token.startswith(JOINER) and out:
            out.append(out[-1])
        else:
            word = next((n for n, (a, b) in enumerate(words) if b > cursor), out[-1] if out else len(words) - 1)
            after = next((p for p in pieces[k + 1:] if p), "")
            if piece and find(after, cursor) < 0:   # a special token or a bare word-start mark moves past none
                cursor = max(cursor, words[word][1])
            out.append(word)
    return out, hits


def piece_text(token: str) -> str:
    """The characters of the text a token stands for, lower case: no joiner, no word-start mark; none for a special
    token."""
    return "" if SPECIAL.fullmatch(token) else token.replace(JOINER, "").replace(WORD_START, "").lower().strip()


class Alignment(NamedTuple):
    """For each word of the output, the words of the source it aligns to (sets of word indices)."""
    sure: list[set[int]]    # the pairs that attend most to each other both ways: an output token's source token
                            # with the most attention, of which no other output token takes more
    loose: list[set[int]]   # each output token's source token with the most attention


def links(source: str, output: str, maps: list[AttentionMap] | None) -> Alignment | None:
    """How the words of `output` align to the words of `source`, by the cross-attention (on val-like lines the
    "sure" pairs put a tag pair around the right words far more often than the "loose" ones) and by the placeholders
    the model wrote back (a name, a number: its source word, sure); None where there is no attention, or where the
    maps' output is not the translation's words (a sentence the pipeline gave back another way, e.g. copied
    through)."""
    if not maps:
        return None
    src_words, _ = token_words(source, [t for m in maps for t in m.source])
    out_tokens, out_spans = [t for m in maps for t in m.output], spans(output)
    out_words, hits = token_words(output, out_tokens)
    if 2 * hits < len(out_spans):
        return None
    found = Alignment([set() for _ in out_spans], [set() for _ in out_spans])
    if not found.sure:          # an output without words: nothing to align
        return found
    src_base, out_base = 0, 0
    for m in maps:
        words = [j for j, token in enumerate(m.source) if piece_text(token)]   # not the direction tag, not a bare "▁"
        rows = [i for i in range(min(len(m.weights), len(m.output))) if piece_text(m.output[i])]
        if words and rows:
            best_row = {j: max(rows, key=lambda r: float(m.weights[r][j])) for j in words}
            given = dict(m.carried)     # a placeholder written back is its source word's, whatever the attention
            best_row.update({j: i for i, j in given.items()})
            for i in rows:
                j = given.get(i, max(words, key=lambda j: float(m.weights[i][j])))
                pair = (out_words[out_base + i], src_words[src_base + j])
                found.loose[pair[0]].add(pair[1])
                if best_row[j] == i:
                    found.sure[pair[0]].add(pair[1])
        src_base, out_base = src_base + len(m.source), out_base + len(m.output)
    # a word no token stands for came with a word before it, from one token: a placeholder's value ("8 pm",
    # "31. Dezember", "Bayern Munich"), so it aligns where that word aligns (a mark the pipeline added does not)
    stood_for = {k for k, token in zip(out_words, out_tokens) if not SPECIAL.fullmatch(token)}    # not by <eos>
    out_heirs: dict[int, list[int]] = {}        # an output word -> the words of its placeholder's value after it
    for k, before in heirs(output, out_spans, stood_for):
        found.sure[k], found.loose[k] = set(found.sure[before]), set(found.loose[before])
        out_heirs.setdefault(before, []).append(k)
    # the same on the source side: "20 Uhr" of the placeholder "um 20 Uhr" aligns where "um" aligns, so a tag around
    # "20 Uhr" goes around the placeholder's value, not around the whole line; and where that value has words after
    # its first too ("at 8 pm"), to those only: the rest of a placeholder is the rest of its value ("um <time>20
    # Uhr</time>" -> "at <time>8 pm</time>", "until <u>December 31</u>" -> "bis zum <u>31. Dezember</u>")
    rests = {k for rest in out_heirs.values() for k in rest}
    for k, rest in out_heirs.items():       # a preposition of two words is no part of the rest ("bis zum 31. ...")
        out_heirs[k] = rest[max(lead_words([output[slice(*out_spans[w])] for w in [k] + rest]) - 1, 0):] or rest
    for s, before in heirs(source, spans(source), set(src_words)):
        for table in found:
            for k in [k for k, aligned in enumerate(table) if before in aligned and k not in rests]:
                for rest in out_heirs.get(k, [k]):
                    table[rest].add(s)
    return found


def heirs(text: str, words: list[tuple[int, int]], stood_for: set[int]) -> list[tuple[int, int]]:
    """(word, the word before it that a token stands for) for each word of `text` no token stands for and that
    follows one; marks neither take nor give an alignment here, but one a token stands for that is glued to the word
    after it gives its own ("+44 20 7946 0958", "€19.99", "#Berlin": a placeholder's value that opens with a mark)."""
    found, before = [], None
    for k, (a, b) in enumerate(words):
        if not re.match(r"\w", text[a:b]):
            if k in stood_for and k + 1 < len(words) and words[k + 1][0] == b:
                before = k
            continue
        if k in stood_for:
            before = k
        elif before is not None:
            found.append((k, before))
    return found
