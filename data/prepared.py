"""What prepare_data returns, and its pickle-free cache file.

The file: CACHE_FORMAT's magic line, the sha256 of the rest, then a JSON header (key, vocabularies, subword models,
reference lines, lexicon) and, per split, four int32 arrays: source lengths, source ids, target lengths, target ids. Token
ids stay in such flat arrays in memory too (Ragged: 4 bytes an id, not a list of Python ints), so a million pairs
load in seconds and take a few hundred MB.
"""
from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import itertools
import json
import os
import re
import struct
import sys
import tempfile
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from data.subwords import Subwords, stored_models
from data.vocab import Vocab
from text.forms.lexicon import Lexicon
from util.locks import owner_gone

CACHE_FORMAT = "einsum-nmt-prepared-31"     # 4: the lexicon; pairs through the text pipeline's steps; 5: the
                                           # names rules (in 2 Multi30K pairs "Blockbuster", "Kassetten" are no names);
                                           # 6: a currency sign belongs to its number (text/finders/numbers.py);
                                           # 7: HTML entities are their characters (text/forms/cleaning.py);
                                           # 8: so does a currency's name after it ("12 Euro", text/finders/numbers.py);
                                           # 9: units, dates, ordinals, titled names (11 de-en, 19 en-de pairs)
                                           # 10: the lexicon's nouns (text/forms/dictionary.py); an English first
                                           # word the corpus writes in lowercase is no name (100 en-de pairs:
                                           # "Person", "Baby", "Band" ... opening a sentence); 11: formulas
                                           # are copied through ("a < b"; no Multi30K pair changes), and the
                                           # noun dictionary takes a German noun's English synonyms ("Fahrrad");
                                           # 12: everyday pairs bring possessive openers ("Sein Hund" / "His dog");
                                           # 13: and questions ("Wo ist <P>?" / "Where is <P>?");
                                           # 14: and pronoun subjects ("Ich bin krank." / "I am sick.");
                                           # 15: their negations, modal verbs, where one lives or comes from
                                           # 16: and object pronouns ("Kannst du mir helfen?")
                                           # 17: English names of capitalized words in a row ("Red Bull")
                                           # 18: a date takes its preposition along ("seit dem 15. Mai")
                                           # 19: a question's first verb is no name ("Bist du müde?")
                                           # 20: a year after "seit" / "since" ("seit 2019")
                                           # 21: a time of day takes its preposition ("um 14 Uhr"; 1 pair a side)
                                           # 22: everyday pairs where a placeholder ends the sentence (a time)
                                           # 23: names of a list ("Michigan Wine and Food": 1 en-de pair)
                                           # 24: "Elmo's face" / "Elmos Gesicht": an English possessive name
                                           # is German's genitive (4 en-de pairs); 25: "St. Patrick's Day",
                                           # "St. John": one name (3 en-de, 4 de-en pairs)
                                           # 26: "named Luke" / "namens Luke": the naming word
                                           # with the name (9 pairs changed of both directions)
                                           # 27: a language's German name ("Deutsch-Kurzhaar" /
                                           # "German short-haired": 2 de-en pairs); 28: "50 % off"
                                           # with its word (1 en-de pair kept as written); 29: "10 Jahren
                                           # alt" / "10 years old", "6 Monate altes" / "6 months old" with
                                           # the adjective (3 pairs a side); 30: a name with symbols
                                           # inside ("Q&A", "A&M": 4 pairs a side) and an English
                                           # title in German ("von Mr. T": 1 de-en pair) as written;
                                           # 31: a bare domain ("avrovulcan.com": 1 pair a side)
_MAGIC = CACHE_FORMAT.encode() + b"\n"


class Ragged(Sequence):
    """A read-only list of int lists stored flat; an item (or a slice) comes back as new list(s)."""

    def __init__(self, lengths: array, flat: array):
        self.lengths, self.flat = lengths, flat
        self.offsets = array("q", itertools.accumulate(lengths, initial=0))
        if self.offsets[-1] != len(flat):
            raise ValueError(f"lengths add up to {self.offsets[-1]} but there are {len(flat)} values")

    @classmethod
    def of(cls, rows) -> "Ragged":
        if isinstance(rows, Ragged):
            return rows
        return cls(array("i", (len(r) for r in rows)), array("i", itertools.chain.from_iterable(rows)))

    def __len__(self) -> int:
        return len(self.lengths)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        n = len(self.lengths)
        if not -n <= k < n:
            raise IndexError(f"row {k} of {n}")
        k %= n
        return self.flat[self.offsets[k]:self.offsets[k + 1]].tolist()

    def __iter__(self):
        flat, offsets = self.flat, self.offsets
        return (flat[offsets[k]:offsets[k + 1]].tolist() for k in range(len(self.lengths)))

    def __eq__(self, other) -> bool:
        if isinstance(other, Ragged):
            return self.lengths == other.lengths and self.flat == other.flat
        if isinstance(other, Sequence):
            return len(self) == len(other) and all(mine == list(theirs) for mine, theirs in zip(self, other))
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"Ragged({len(self)} rows, {len(self.flat)} values)"


@dataclass
class SplitData:
    src: Sequence[list[int]]   # token ids, without BOS/EOS (a Ragged when prepared)
    tgt: Sequence[list[int]]
    tgt_text: list[str]        # the raw target lines: the BLEU references
    src_text: list[str] | None = None   # the raw source lines (not kept for the training split)

    def __len__(self) -> int:
        return len(self.src)


@dataclass
class Prepared:
    src_vocab: Vocab
    tgt_vocab: Vocab        # the same object as src_vocab with shared_vocab
    splits: dict[str, SplitData]
    src_subwords: Subwords | None = None   # None: the units are whole spaCy tokens
    tgt_subwords: Subwords | None = None   # the same object as src_subwords with shared_vocab
    lexicon: Lexicon | None = None         # what the training corpus says about source words (text/forms/lexicon.py)

    def subword_models(self) -> dict | None:
        return stored_models(self.src_subwords, self.tgt_subwords)


PART = re.compile(r"\.[0-9a-f]{32}\.prep\.(\d+)\.[^/]+\.part")   # a cache being written: its writer's pid


def remove_killed_parts(cache_dir: Path) -> None:
    """Remove the temporary files of cache writes that were killed (kill -9, the OOM killer) while they wrote: their
    writer's pid is gone and their lock is free (a writer holds an flock on its file, as data/scratch.py's owners
    do; util/locks.py's owner_gone)."""
    for part in cache_dir.glob(".*.prep.*.part"):
        match = PART.fullmatch(part.name)
        if match and owner_gone(int(match[1]), part):
            part.unlink(missing_ok=True)


def save_cache(path: Path, key: str, prepared: Prepared) -> None:
    """Write atomically (temp file + rename); a cache that cannot be written is only a warning. What killed writes
    left in the cache directory is removed first."""
    shared = prepared.src_vocab is prepared.tgt_vocab
    models = [None if m is None else base64.b64encode(m.model_proto).decode()
              for m in (prepared.src_subwords, None if shared else prepared.tgt_subwords)]
    header = {"key": key, "src_vocab": prepared.src_vocab.itos,
              "tgt_vocab": None if shared else prepared.tgt_vocab.itos, "subwords": models,
              "lexicon": prepared.lexicon.to_dict() if prepared.lexicon else None,
              "splits": {name: {"tgt": d.tgt_text, "src": d.src_text} for name, d in prepared.splits.items()}}
    head = json.dumps(header, ensure_ascii=False).encode()
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_killed_parts(path.parent)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".part")
        with contextlib.suppress(OSError):      # a file system without locks: never taken for a leftover
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with os.fdopen(fd, "wb") as f:
            f.write(_MAGIC + bytes(32))         # the digest goes here once the rest is written
            digest = hashlib.sha256()
            for chunk in _payload(head, prepared):
                f.write(chunk)
                digest.update(chunk)
            f.seek(len(_MAGIC))
            f.write(digest.digest())
        os.replace(tmp, path)
    except OSError as e:
        print(f"warning: could not write the data cache {path} ({e.strerror}); it will be rebuilt next time",
              file=sys.stderr)
    finally:
        if tmp and os.path.exists(tmp):
            os.unlink(tmp)


def _payload(head: bytes, prepared: Prepared):
    yield struct.pack("<Q", len(head)) + head
    for d in prepared.splits.values():
        for ids in (Ragged.of(d.src), Ragged.of(d.tgt)):
            for a in (ids.lengths, ids.flat):
                if sys.byteorder == "big":
                    a = array("i", a)
                    a.byteswap()
                yield struct.pack("<Q", len(a))
                yield memoryview(a).cast("B")


def load_cache(path: Path, key: str) -> Prepared | None:
    """The cached data, or None when the file is missing, damaged or for another key."""
    try:
        with open(path, "rb") as f:
            if f.read(len(_MAGIC)) != _MAGIC:
                return None
            expected, digest = f.read(32), hashlib.sha256()
            size_bytes, size = f.read(8), os.fstat(f.fileno()).st_size
            if _u64(size_bytes) > size - f.tell():     # a damaged size: never try to read more than the file holds
                return None
            head = f.read(_u64(size_bytes))
            digest.update(size_bytes + head)
            header = json.loads(head)
            if header["key"] != key:
                return None
            arrays = []
            while n_bytes := f.read(8):
                n = _u64(n_bytes)
                if 4 * n > size - f.tell():     # a damaged count: never try to read more than the file holds
                    return None
                arrays.append(array("i"))
                arrays[-1].fromfile(f, n)
                digest.update(n_bytes)
                digest.update(memoryview(arrays[-1]).cast("B"))
        if digest.digest() != expected:
            return None
        if sys.byteorder == "big":
            for a in arrays:
                a.byteswap()
        src_vocab = Vocab.from_dict({"itos": header["src_vocab"]})
        tgt_vocab = src_vocab if header["tgt_vocab"] is None else Vocab.from_dict({"itos": header["tgt_vocab"]})
        src_subwords = tgt_subwords = None
        src_model, tgt_model = header["subwords"]
        if src_model is not None:   # the pieces' vocabularies come from the models themselves
            src_subwords = tgt_subwords = Subwords(base64.b64decode(src_model))
            if tgt_model is not None:
                tgt_subwords = Subwords(base64.b64decode(tgt_model))
            src_vocab, tgt_vocab = src_subwords.vocab, tgt_subwords.vocab
        splits = {}
        for k, (name, text) in enumerate(header["splits"].items()):
            src_lengths, src_flat, tgt_lengths, tgt_flat = arrays[4 * k:4 * k + 4]
            splits[name] = SplitData(Ragged(src_lengths, src_flat), Ragged(tgt_lengths, tgt_flat), text["tgt"],
                                     text["src"])
        lexicon = Lexicon.from_dict(header["lexicon"]) if header["lexicon"] else None
        return Prepared(src_vocab, tgt_vocab, splits, src_subwords, tgt_subwords, lexicon)
    except (OSError, EOFError, ValueError, KeyError, TypeError, IndexError, struct.error):
        return None


def _u64(buffer: bytes) -> int:
    return struct.unpack("<Q", buffer)[0]
