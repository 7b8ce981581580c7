"""The pieces a translator's search never writes (never_generated): <pad>, <unk>, <bos>, the byte pieces of control
characters, what the pipeline's steps ban, and, for a model of both directions, the pieces only the other direction
scores (other_directions).
"""
from __future__ import annotations

from config import Config
from data.codec import Codec
from data.tags import source_prefix
from decoding.engine import Engine
from decoding.search import NEVER_GENERATED
from text.pipeline import Pipeline

CONTROL_BYTES = {f"<0x{b:02X}>" for b in [*range(0x20), 0x7F]}


def never_generated(pieces: list[str], pipeline: Pipeline, others: list[int] = ()) -> list[int]:
    """<pad>, <unk>, <bos>, the byte pieces of control characters (a line break in a translation would break the
    one-line-per-input promise, and no reference holds control characters), what the pipeline's steps ban (every
    piece with a digit, where numbers travel as placeholders) and `others`."""
    control = {i for i, piece in enumerate(pieces) if piece in CONTROL_BYTES}
    banned = control | pipeline.banned_pieces(pieces) | set(others)
    return [*NEVER_GENERATED, *sorted(banned - set(NEVER_GENERATED))]


def other_directions(engine: Engine, codec: Codec, cfg: Config) -> list[int]:
    """The pieces a model of both directions scores for the other direction alone (models/output.py Ways): after
    this direction's tag it never learned to rule them out."""
    tags = source_prefix(codec.src_vocab, cfg.data)
    return engine.not_written_after(tags[0]) if tags else []
