"""Attention maps: where each output token of a sentence looked in its source (translate.py --plot-attention draws
one), and a line's maps in the order of its text. A quotation is translated as sentences of its own and leaves a
slot in the sentence around it (text/steps/quotations.py), so the maps of a line come one per sentence, the
quotation's before the sentence that holds it. Here each slot's token, in the source and in the output, is replaced by
the tokens of its quotation's maps, so a line's maps read as the line does (decoding/markup.py aligns the words of a
line by them).

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

from text.steps.quotations import SLOTS, Layout

# legend: i output tokens (rows), j source tokens (columns)
SPECIAL = re.compile(r"<[^<>\s]+>")       # a direction tag, <eos>, <unk>, a byte piece: no word of the text


class AttentionMap(NamedTuple):
    source: list[str]     # source tokens (columns)
    output: list[str]     # output tokens, <eos> last (rows)
    weights: torch.Tensor  # (i, j) cross-attention of the last decoder layer, averaged over heads (lists in JSON)
    carried: tuple[tuple[int, int], ...] = ()   # (i, j): output token i is source token j's placeholder, written back


def slot_at(tokens: list[str], slot: str) -> int | None:
    """The index of the token that shows the slot (a placeholder shown as what it stands for), None if none does."""
    return next((n for n, token in enumerate(tokens) if slot in token), None)


def lead(source: list[str]) -> int:
    """How many tokens before a sentence's first word: its direction tag, for a model of both directions."""
    return int(bool(source) and SPECIAL.fullmatch(source[0]) is not None)


def spliced(outer: AttentionMap, at: tuple[int | None, int], inner: AttentionMap) -> AttentionMap:
    """outer with its slot (output row i, source column j; i None where the output lost the slot, whose quotation then
    comes last) replaced by inner's tokens, less inner's direction tag and its <eos>."""
    i, j = at
    src, out = inner.source[lead(inner.source):], inner.output[:-1]
    at_row = len(outer.output) - 1 if i is None else i      # inner's rows go at the slot, else before <eos>
    keep_rows = [r for r in range(len(outer.output)) if r != i]
    keep_cols = [c for c in range(len(outer.source)) if c != j]
    new_row = [r if r < at_row else r + len(out) - (i is not None) for r in keep_rows]
    new_col = [c if c < j else c + len(src) - 1 for c in keep_cols]
    w = torch.zeros(len(keep_rows) + len(out), len(keep_cols) + len(src))      # (i, j)
    outer_w, inner_w = torch.as_tensor(outer.weights).float(), torch.as_tensor(inner.weights).float()
    rows = [(r, n) for r, n in zip(keep_rows, new_row) if r < len(outer_w)]    # weights may lack <eos>'s row
    if rows:
        w[torch.tensor([n for _, n in rows])[:, None], torch.tensor(new_col)] = \
            outer_w[torch.tensor([r for r, _ in rows])[:, None], torch.tensor(keep_cols)]
    block = inner_w[:len(out), lead(inner.source):]                              # (i, j) of the quotation
    w[at_row:at_row + len(block), j:j + len(src)] = block
    moved = dict(zip(keep_rows, new_row))
    carried = tuple((moved[a], b if b < j else b + len(src) - 1) for a, b in outer.carried if a != i and b != j) + \
        tuple((at_row + a, j + b - lead(inner.source)) for a, b in inner.carried
              if a < len(out) and b >= lead(inner.source))
    return outer._replace(source=outer.source[:j] + src + outer.source[j + 1:],
                          output=outer.output[:at_row] + out + outer.output[at_row + (i is not None):], weights=w,
                          carried=carried)


def joined(maps: list[AttentionMap]) -> AttentionMap:
    """The maps of a quotation's sentences as one: their tokens one after another (the first sentence's direction tag
    and the last one's <eos> kept, the others' dropped), the weights block-diagonal."""
    first = maps[0]
    for m in maps[1:]:      # the next sentence as a slot after the last word of the ones before
        n_out, n_src = len(first.output), len(first.source)
        room = first._replace(source=first.source + ["<next>"], output=first.output[:-1] + ["<next>", first.output[-1]],
                              weights=torch.zeros(n_out + 1, n_src + 1))
        room.weights[:min(n_out - 1, len(first.weights)), :n_src] = \
            torch.as_tensor(first.weights).float()[:n_out - 1]
        first = spliced(room, (n_out - 1, n_src), m)
    return first


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
