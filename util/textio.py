"""Reading text files as lines: the one line splitter of the project.

Lines end at "\n" only. `str.splitlines()` would also break at U+2028, U+0085, form feeds and other separators
that can sit inside a sentence, and pair sources with the wrong references.
"""
from __future__ import annotations

from pathlib import Path

from util.errors import UserError


def split_lines(text: str) -> list[str]:
    """Lines without their "\n", nothing else changed; a final newline ends the last line, it adds none."""
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def read_text_lines(path: str | Path) -> list[str]:
    """The lines of a UTF-8 text file; a missing or undecodable file is a one-line UserError."""
    file = Path(path)
    if not file.is_file():
        raise UserError(f"no file at {path}")
    try:
        return split_lines(file.read_text(encoding="utf-8"))
    except UnicodeDecodeError as e:
        line = file.read_bytes()[:e.start].count(b"\n") + 1
        raise UserError(f"{path} line {line} is not valid UTF-8; convert it, e.g. with `iconv -t utf-8`") from None
