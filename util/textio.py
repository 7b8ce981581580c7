"""Text files as lines: the one line splitter of the project; output paths checked before work, lines written out.

Lines end at "\n" only (a "\r" just before it is part of a Windows line end). `str.splitlines()`, and reading a
file in Python's text mode (universal newlines: a lone "\r" ends a line), would also break at a "\r", U+2028,
U+0085, form feeds and other characters that can sit inside a sentence, and pair sources with the wrong
references. So every command cuts lines the same way: translate.py's stdin, evaluate.py's and --score's files.
"""
from __future__ import annotations

import codecs
import gzip
import os
import stat
import tempfile
import zlib
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from util.errors import UserError

MAX_LINE_BYTES = 1_000_000   # a longer "line" is a file without line ends (or /dev/zero): refused, not read whole


def split_lines(text: str) -> list[str]:
    """Lines without their "\n", nothing else changed; a final newline ends the last line, it adds none."""
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def line_text(raw: bytes) -> str:
    """One line as iterating a binary file gives it (b"...\n", the last maybe without) -> its text without the line
    end ("\n" or "\r\n"); raises UnicodeDecodeError for bytes that are not UTF-8."""
    return raw.removesuffix(b"\n").removesuffix(b"\r").decode("utf-8")


def read_lines(file: BinaryIO, name: str) -> Iterator[str]:
    """The lines of a binary file, cut by line_text and read in pieces of at most MAX_LINE_BYTES, so memory stays
    bounded whatever the input, the first without a byte order mark (an editor's: a reference of --score or of
    evaluate.py --ref held it as text); a line that is not UTF-8, or longer than that, is a one-line UserError
    naming it."""
    for number, raw in enumerate(iter(lambda: file.readline(MAX_LINE_BYTES + 2), b""), 1):
        if len(raw.removesuffix(b"\n").removesuffix(b"\r")) > MAX_LINE_BYTES:
            raise UserError(f"{name} line {number} is longer than {MAX_LINE_BYTES:,} bytes (is it text with one "
                            "sentence a line?); split it into lines")
        try:
            text = line_text(raw)
            yield text.removeprefix("\ufeff") if number == 1 else text     # a file's byte order mark is no text
        except UnicodeDecodeError:
            raise not_utf8(name, number, raw) from None


def not_utf8(name: str, number: int, raw: bytes) -> UserError:
    """The error for line `number` of a file, `raw` its bytes, that is not UTF-8: a UTF-16 file (its byte order mark
    opens line 1: a spreadsheet's "Unicode text", Notepad's "Unicode") is named as such, since latin1 would turn it
    into other garbage."""
    if number == 1 and raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return UserError(f"{name} is UTF-16 text; convert it to UTF-8, e.g. with `iconv -f utf-16 -t utf-8`")
    return UserError(f"{name} line {number} is not valid UTF-8; convert it, e.g. with `iconv -f latin1 -t utf-8`")


READ_ERRORS = (OSError, EOFError, zlib.error)      # what reading a plain or gzip file may raise (a cut, bad gzip)


def open_binary(path: Path) -> BinaryIO:
    """A file opened to read bytes, decompressed where its name ends in .gz (READ_ERRORS on failure)."""
    return gzip.open(path, "rb") if path.name.endswith(".gz") else open(path, "rb")


def read_text_lines(path: str | Path) -> list[str]:
    """The lines of a UTF-8 text file (a pipe, a FIFO or /dev/stdin too; gzip-compressed where its name ends in .gz,
    as a corpus's may), cut by read_lines; a missing file or a directory is a one-line UserError."""
    file = Path(path)
    if not file.exists():
        raise UserError(f"no file at {path}")
    if file.is_dir():
        raise UserError(f"{path} is a directory; give a text file")
    try:
        with open_binary(file) as f:
            return list(read_lines(f, str(path)))
    except READ_ERRORS as e:
        raise UserError(f"cannot read {path} ({getattr(e, 'strerror', None) or e})") from None


def read_glossary(path: str | Path, languages: list[tuple[str, str]] = ()) -> dict[str, str]:
    """A glossary file: one `source term<TAB>target term` per line (German<TAB>English for de->en); blank lines and
    lines starting with # skipped. A term given twice with two translations is refused, naming both lines. languages:
    the names of the (source, target) languages of each way the terms serve (Router.term_languages), for the error
    of a bad line."""
    glossary, line_of = {}, {}
    example = " or ".join(f"{source}<TAB>{target}" for source, target in languages) + " here" if languages else \
        "German<TAB>English for de->en"
    for number, line in enumerate(read_text_lines(path), 1):
        if not line.strip() or line.lstrip("\ufeff").startswith("#"):     # a BOM before a first comment too
            continue
        parts = line.split("\t")
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            raise UserError(f"{path} line {number}: expected `source term<TAB>target term` ({example}), got "
                            f"{line[:60]!r}")
        term, translation = parts[0].strip(), parts[1].strip()
        if glossary.get(term, translation) != translation:
            raise UserError(f"{path} lines {line_of[term]} and {number} translate {term!r} two ways "
                            f"({glossary[term]!r}, {translation!r}); keep one of them")
        glossary[term], line_of[term] = translation, line_of.get(term, number)
    return glossary


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one regular file however written (./, a symlink, a hard link): same device and inode.
    A missing path is no file; a device such as /dev/null or a FIFO is never "the same file" (writing it destroys
    nothing)."""
    try:
        first, second = os.stat(a), os.stat(b)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(first.st_mode) and (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def writes_over(output: str | Path, source: str | Path) -> bool:
    """Whether writing `output` changes `source`: the same file by any path (same_file), or, when `source` does not
    exist (a file a loader reads where it is present), the same name in the same directory, however written."""
    if same_file(output, source):
        return True
    return not os.path.lexists(source) and os.path.realpath(output) == os.path.realpath(source)


def check_output_path(path: str | Path, flag: str, inputs: Iterable[tuple[str, str | Path | None]] = (),
                      force: bool = False, kept: Iterable[tuple[str, Path]] = ()) -> Path:
    """Refuse, before any work, an output file that could not or should not be written: no name, a directory, a
    missing or read-only one, one of the command's `inputs` ((what, path) pairs, e.g. ("--src", "my.de")) by any
    path, one of the `kept` files (what, path) that belong to something else (a run's last.pt) even with force, and
    without force (the command's --force) any file that exists. A device or a FIFO (/dev/null) is no file: writing it
    replaces nothing."""
    if not str(path).strip():          # Path("") is "." (a directory), and a blank name is a mistake anyway
        raise UserError(f"{flag} {path!r} is an empty file name; give the name of the file to write")
    file = Path(path)
    if file.is_dir():
        raise UserError(f"{flag} {path} is a directory; give a file name")
    if os.path.basename(path) in ("", ".", ".."):      # Path("x/") is "x": it would write a file x
        raise UserError(f"{flag} {path} names a directory (it ends with {os.path.basename(path) or '/'}); give a "
                        "file name")
    if not file.parent.is_dir():
        raise UserError(f"{flag} {path}: there is no directory {file.parent}; create it first")
    if not os.access(file.parent, os.W_OK) or (file.exists() and not os.access(file, os.W_OK)):
        raise UserError(f"{flag} {path}: cannot write there (read-only); choose another path")
    for what, source in inputs:
        if source is not None and writes_over(file, source):
            if not os.path.lexists(source):
                raise UserError(f"{flag} {path} is {what} {source}, read when present: writing it would change that "
                                "input; choose another name")
            raise UserError(f"{flag} {path} is the same file as {what} {source}: writing it would destroy that "
                            "input; choose another name")
    for what, owned in kept:
        if writes_over(file, owned):
            raise UserError(f"{flag} {path} is {what}; it is not replaced, even with --force: choose another name")
    if os.path.isfile(file) and not force:
        raise UserError(f"{flag} {path} exists; pass --force to replace it, or choose another name")
    return file


def write_text_lines(path: str | Path, lines: list[str], kept: str = "") -> None:
    """Write lines, each ended by "\n", whole or not at all (replace_file); a failure (disk full, ...) is a UserError
    ending with what was kept."""
    try:
        replace_file(path, "".join(line + "\n" for line in lines).encode("utf-8"))
    except OSError as e:
        raise UserError(f"cannot write {path} ({e.strerror}){kept}") from None


def replace_file(path: str | Path, data: bytes) -> None:
    """Write a file whole or not at all: a temporary file beside it (`.NAME.XXXXXXXX.part`), renamed over it, so a
    failed write (disk full, `ulimit -f`) or a kill leaves the file it replaces as it was, never a part of the new
    one. The file keeps its mode (a new one gets the umask's); a symlink's target is replaced; a device or a FIFO
    (/dev/null, a pipe) is written as it is. OSError on failure, with no temporary file left."""
    path = Path(os.path.realpath(path))
    if path.exists() and not path.is_file():
        with open(path, "wb") as f:
            f.write(data)
        return
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~umask()
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def umask() -> int:
    """The process' umask (read by setting it, then put back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text_atomic(path: Path, text: str) -> None:
    """Write a small file whole or not at all (replace_file; OSError on failure)."""
    replace_file(path, text.encode("utf-8"))
