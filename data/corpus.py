"""Parallel corpora by path: line-aligned files or one TSV file, checked line by line and read as a stream.

    --data.train=mydata/train          mydata/train.de and mydata/train.en (either may end in .gz; where both
                                       train.de and train.de.gz are there, the plain one if they hold the same bytes)
    --data.train=mydata/train.tsv      one pair a line: source TAB target of the run (.tsv.gz too): German TAB
                                       English for de→en, English TAB German for en→de (data/direction.py)
    --data.train=a,b.tsv,c             several corpora, concatenated in that order

Bad data is a one-line UserError naming the file (and the line, or both line counts): a missing file, an empty one,
line counts that differ, a line that is not UTF-8, a TSV line without exactly one tab (empty columns after the
target, a spreadsheet's, are no columns). A blank line is an empty pair in either form (a TSV's as much as a blank
line on both sides of a prefix corpus), which the preparation drops from the training and val pairs and counts.
Lines end at "\n"; a "\r" before it (Windows files) and a UTF-8 byte-order mark at the start are removed.

A TSV field a spreadsheet quoted because it holds a quote is unquoted: one that starts and ends with '"' and holds
'""' inside, every inner quote doubled ('"Er sagte ""Hallo""."' is 'Er sagte "Hallo".'). Any other field is text as
written, so a sentence that starts or ends with a quote ('"Hallo", sagt er.', '"Hallo!"') keeps it: a quoted cell
without a quote inside (an export that quotes every cell) cannot be told from a quoted sentence, and keeps its quotes.
A quoted cell with a line break (or a tab) inside is not supported; the error on its line says so. Nothing else is
changed.
"""
from __future__ import annotations

import glob
import gzip
import hashlib
import itertools
import os
import re
from collections import Counter
from pathlib import Path
from typing import Iterator

from data.direction import SWAP_COLUMNS
from data.multi30k import sha256_file
from util.errors import UserError
from util.languages import language_name
from util.textio import READ_ERRORS, not_utf8, open_binary


class Corpus:
    """Sentence pairs from parts read in order; a part is a (source, target) pair of files or one TSV file."""

    def __init__(self, parts: list[tuple[Path, ...]], fix: str = "check the file", empty_ok: bool = False,
                 flag: str | None = None, langs: tuple[str, str] | None = None):
        self.parts = parts
        self.fix = fix              # what to do about a file that cannot be read at all
        self.empty_ok = empty_ok    # Multi30K's split files may be empty: the trainer then says what is missing
        self.flag = flag            # the option that named your corpus (None: Multi30K's own files)
        self.langs = langs          # (source, target) language: a TSV's header line naming them is no pair

    @classmethod
    def from_spec(cls, spec: str, src_lang: str, tgt_lang: str, flag: str = "--data.train") -> "Corpus":
        """PATH[,PATH...] as in the module docstring; a missing file names every path tried."""
        items = spec_paths(spec, flag)
        if not items:
            raise UserError(f"{flag}={spec!r} names no corpus; give PATH (for PATH.{src_lang} and "
                            f"PATH.{tgt_lang}) or a .tsv file")
        return cls([_find_part(path, src_lang, tgt_lang, flag) for path in items], flag=flag,
                   langs=(src_lang, tgt_lang))

    def digests(self) -> list[list[str]]:
        """The sha256 of every file, part by part: the corpus' identity for the cache, whatever the paths."""
        return [[sha256_file(path) for path in part] for part in self.parts]

    def text_digest(self) -> str:
        """sha256 of the pairs as read, in order: the same for the same text gzip-compressed, with Windows line ends or
        a byte-order mark; another for an edited line, a swapped pair or an added one (a resumed run's check)."""
        digest = hashlib.sha256()
        for src, tgt in self.pairs():
            digest.update(f"{src}\t{tgt}\n".encode())
        return digest.hexdigest()

    def check(self) -> int:
        """Read everything once: the number of pairs, or a UserError on the first problem."""
        return sum(1 for _ in self.pairs())

    def part_pairs(self) -> Iterator[tuple[tuple[Path, ...], Iterator[tuple[str, str]]]]:
        """(files, their pairs) for each part in order, each read lazily."""
        for part in self.parts:
            yield part, (_tsv_pairs(part[0], self.fix, self.langs) if len(part) == 1 else
                         _file_pairs(*part, self.fix, self.empty_ok))

    def pairs(self) -> Iterator[tuple[str, str]]:
        for part, part_pairs in self.part_pairs():
            n = 0
            for n, pair in enumerate(part_pairs, 1):
                yield pair
            if n == 0 and not self.empty_ok:
                raise UserError(f"{' and '.join(map(str, part))} {'is' if len(part) == 1 else 'are'} empty; give "
                                f"{'one pair a line: source TAB target' if len(part) == 1 else 'one sentence a line'}")


def spec_paths(spec: str, flag: str = "--data.train") -> list[Path]:
    """The paths of PATH[,PATH...], "~" expanded (none for ""); a file or prefix whose name holds a comma is refused,
    since the comma would cut it in two."""
    items = [Path(item.strip()).expanduser() for item in spec.split(",") if item.strip()]
    whole = Path(spec.strip()).expanduser()
    if len(items) > 1 and (whole.is_file() or any(whole.parent.glob(f"{glob.escape(whole.name)}.*"))):
        raise UserError(f"{flag}: a comma separates corpora, and {whole} has one in its name; rename it (or link it) "
                        "to a path without a comma")
    return items


def absolute_spec(spec: str, flag: str = "--data.train") -> str:
    """PATH[,PATH...] with each path absolute ("" stays ""): a run's config names its corpus from any directory, so
    `train.py --resume` works wherever it is typed."""
    return ",".join(os.path.abspath(path) for path in spec_paths(spec, flag))


def is_tsv(path: Path) -> bool:
    return path.name.endswith((".tsv", ".tsv.gz"))


def shared_pairs(held_out: Corpus, train: Corpus) -> int:
    """How many pairs of `held_out` (a val set) `train` holds too, compared with their ends' spaces stripped: one
    pass over train, only the held-out pairs kept in memory."""
    held = Counter(map(_stripped, held_out.pairs()))                      # a pair val holds twice counts twice
    return sum(held[pair] for pair in {pair for pair in map(_stripped, train.pairs()) if pair in held})


def _stripped(pair: tuple[str, str]) -> tuple[str, str]:
    return pair[0].strip(), pair[1].strip()


def check_two_languages(src_lang: str, tgt_lang: str, file: str, flag: str | None,
                        fix: str = "give a .tsv file of source TAB target lines") -> None:
    """The rule for every corpus whose sides are found by language (PATH.<lang>, Multi30K's split files): with one
    language on both sides, `file` would be both the source and the target, a copy task, never what was meant.
    flag: the option that named the corpus (None: Multi30K's own files); fix: what to do instead."""
    if src_lang == tgt_lang:
        raise UserError(f"{flag + ': ' if flag else ''}--data.src_lang and --data.tgt_lang are both {src_lang!r}, so "
                        f"{file} would be both the source and the target side; {fix}")


def _find_part(path: Path, src_lang: str, tgt_lang: str, flag: str) -> tuple[Path, ...]:
    if is_tsv(path):
        if not path.is_file():
            raise UserError(f"{flag}: no file at {path}")
        return (path,)
    check_two_languages(src_lang, tgt_lang, f"{path}.{src_lang}", flag)
    found = []
    for lang in (src_lang, tgt_lang):
        tried = [Path(f"{path}.{lang}"), Path(f"{path}.{lang}.gz")]
        existing = [p for p in tried if p.is_file()]
        if len(existing) == 2:
            if not _same_bytes(*existing):
                raise UserError(f"{flag}: both {tried[0]} and {tried[1]} exist and differ; keep the one you mean")
            existing = existing[:1]         # `gzip -k` left the plain file beside its copy: the plain file is read
        if not existing:
            hint = (f"; {path} is a file: give the prefix PATH of PATH.{src_lang} and PATH.{tgt_lang}, or a .tsv "
                    "file" if path.is_file() else _other_languages(path, src_lang, tgt_lang))
            raise UserError(f"{flag}: no {lang} side of {path} (tried {tried[0]} and {tried[1]}){hint}")
        found += existing
    return tuple(found)


def _same_bytes(plain: Path, compressed: Path) -> bool:
    """Whether the gzip file decompresses to the plain file's bytes (a damaged one does not)."""
    try:
        with open(plain, "rb") as a, gzip.open(compressed, "rb") as b:
            while (block := a.read(1 << 20)) == b.read(1 << 20):
                if not block:
                    return True
    except READ_ERRORS:
        pass
    return False


def _other_languages(path: Path, src_lang: str, tgt_lang: str) -> str:
    """Where PATH.<lang> files of other languages are there (mine/fr.fr, mine/fr.en): how to name their pair."""
    found = sorted({m.group(1) for p in path.parent.glob(f"{glob.escape(path.name)}.*")
                    if (m := re.fullmatch(re.escape(path.name) + r"\.([a-z]{2})(\.gz)?", p.name))})
    if len(found) < 2 or set(found) == {src_lang, tgt_lang}:
        return ""
    langs = sorted(found, key=lambda lang: lang not in (src_lang, tgt_lang))      # the run's own first
    return (f"; there are {', '.join(f'{path}.{lang}' for lang in found)}: for another language pair give "
            f"--data.src_lang and --data.tgt_lang (e.g. --data.src_lang={langs[-1]} --data.tgt_lang={langs[0]})")


def _lines(path: Path, fix: str) -> Iterator[str]:
    """The decoded lines of a plain or gzip text file, without "\n" (and "\r\n")."""
    try:
        with open_binary(path) as f:
            for n, raw in enumerate(f, 1):
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise not_utf8(str(path), n, raw) from None
                if n == 1:
                    line = line.removeprefix("\ufeff")
                yield line.removesuffix("\n").removesuffix("\r")
    except READ_ERRORS as e:
        raise UserError(f"cannot read {path} ({e}); {fix}") from None


def _count(path: Path, fix: str) -> int:
    return sum(1 for _ in _lines(path, fix))


def _file_pairs(src_path: Path, tgt_path: Path, fix: str, empty_ok: bool) -> Iterator[tuple[str, str]]:
    for src, tgt in itertools.zip_longest(_lines(src_path, fix), _lines(tgt_path, fix)):
        if src is None or tgt is None:
            counts = _count(src_path, fix), _count(tgt_path, fix)
            for path, count in zip((src_path, tgt_path), counts):
                if count == 0 and not empty_ok:
                    raise UserError(f"{path} is empty; give one sentence a line, paired with those of the other side")
            raise UserError(f"{src_path} has {counts[0]:,} lines but {tgt_path} has {counts[1]:,}; they must be "
                            "parallel, line by line")
        yield src, tgt


def header_columns(fields: list[str], langs: tuple[str, str] | None) -> tuple[int, int] | None:
    """Which side of (source, target) each of a TSV line's two fields names when the line is a header ("de<TAB>en",
    "German<TAB>English", "source<TAB>target", any case): (0, 1) in the run's order, (1, 0) the other way round;
    None for a line that is no header (a language's code counts only where the two languages differ)."""
    if langs is None or len(fields) != 2:
        return None
    sides = {"source": 0, "src": 0, "target": 1, "tgt": 1}
    if langs[0] != langs[1]:
        for side, lang in enumerate(langs):
            sides.update({lang.lower(): side, language_name(lang).lower(): side})
    columns = tuple(sides.get(field.strip().lower()) for field in fields)
    return columns if columns in ((0, 1), (1, 0)) else None


def has_header(path: Path, langs: tuple[str, str]) -> bool:
    """Whether the TSV file's first line is a header naming its columns in the run's order (skipped, not a pair)."""
    return header_columns(_fields(next(_lines(path, "check the file"), "")), langs) == (0, 1)


def _fields(line: str) -> list[str]:
    """A TSV line's fields, without a spreadsheet's empty columns after the target."""
    fields = line.split("\t")
    while len(fields) > 2 and not fields[-1].strip():
        fields.pop()
    return fields


def _unquoted(field: str) -> str:
    """A spreadsheet's quoted cell ('"Er sagte ""Hallo""."') as its text, any other field as it is (see above)."""
    inner = field[1:-1]
    if len(field) > 1 and field[0] == field[-1] == '"' and '""' in inner and '"' not in inner.replace('""', ""):
        return inner.replace('""', '"')
    return field


def _tsv_pairs(path: Path, fix: str, langs: tuple[str, str] | None = None) -> Iterator[tuple[str, str]]:
    previous = ""
    for n, line in enumerate(_lines(path, fix), 1):
        quoted, previous = '"' in previous + line, line     # a quoted cell broken over this line and the one before
        if not line.strip():        # a blank line (at the end, often): an empty pair, as a prefix corpus's blank lines
            yield "", ""
            continue
        fields = _fields(line)
        if n == 1 and (columns := header_columns(fields, langs)):      # a spreadsheet's column names: no pair
            if columns == (0, 1):
                continue
            raise UserError(f"{path} line 1 names its columns {fields[0].strip()!r} TAB {fields[1].strip()!r}, but a "
                            f"TSV line is source TAB target ({langs[0]} TAB {langs[1]} for this {langs[0]}→{langs[1]} "
                            f"run); swap its columns, e.g. {SWAP_COLUMNS}")
        if len(fields) != 2:
            cell = ("; a spreadsheet's quoted cell with a line break or a tab inside is not supported: replace them "
                    "in the cells (with a space) before exporting") if quoted else ""
            raise UserError(f"{path} line {n} has {len(fields) - 1} tabs; each line must be source TAB target{cell}")
        yield _unquoted(fields[0]), _unquoted(fields[1])
