"""A checkpoint's vocabularies and lexicon stored as one JSON text each (`pack`): torch's weights_only unpickler
reads their lists in a quarter of a second, json.loads in a hundredth. `unpack` gives a part back as it was, and a
part written before as plain lists unchanged; `packed`: a checkpoint's contents, as read, packed again.
"""
from __future__ import annotations

import json

PACKED = "json"        # {"json": bytes}: a part stored as one JSON text
PACKED_PARTS = ("src_vocab", "tgt_vocab", "lexicon")


def pack(part: dict | None) -> dict | None:
    """A vocabulary or lexicon as one JSON text: torch's weights_only unpickler, written in Python, takes a quarter
    of a second over their tens of thousands of strings, json.loads a hundredth. A part JSON would not give back as
    it is (a tuple, a key that is no string) stays as it is; so do the parts of files written before."""
    if part is None:
        return None
    text = json.dumps(part, ensure_ascii=False)
    return {PACKED: text.encode()} if json.loads(text) == part else part


def packed(raw: dict) -> dict:
    """A checkpoint's contents as read (load_checkpoint(...).raw) with its parts packed again, to be written back."""
    return {**raw, **{key: pack(raw[key]) for key in PACKED_PARTS if key in raw}}


def unpack(part):
    """pack's part as it was; any other part unchanged. ValueError for a packed part that is no JSON (damage)."""
    if isinstance(part, dict) and list(part) == [PACKED] and isinstance(part[PACKED], bytes):
        return json.loads(part[PACKED].decode())
    return part

