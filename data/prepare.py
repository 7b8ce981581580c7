"""Read, tokenize, build vocabularies and numericalize Multi30K once; later runs load a cache in well under a second.

The cache lives in the `cache_dir` argument, else $EINSUM_NMT_CACHE, else `$XDG_CACHE_HOME/einsum-nmt/prepared`.
Its key is the sha256 of every data file used plus every tokenizer and vocabulary setting and CACHE_FORMAT, so a
changed setting never reads a stale cache. The file is pickle-free: a sha256 of the rest, a JSON header (key,
vocabularies, subword models, reference lines) and int32 arrays of token ids and sentence lengths. A damaged or unreadable cache is rebuilt.
Loading it imports neither spaCy nor torch (sentencepiece only when the units are subwords).
"""
from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import itertools
import json
import os
import struct
import sys
import tempfile
from array import array
from dataclasses import dataclass
from pathlib import Path

from config import DataConfig
from data.augment import copy_pairs, with_number_placeholders
from data.multi30k import ensure_split, read_parallel, sha256_file, user_cache_dir
from data.placeholders import PLACEHOLDERS
from data.subwords import Subwords
from data.tokenizer import Tokenizer, tokenizer_name
from data.vocab import Vocab

CACHE_FORMAT = "einsum-nmt-prepared-3"
_MAGIC = CACHE_FORMAT.encode() + b"\n"


@dataclass
class SplitData:
    src: list[list[int]]    # token ids, without BOS/EOS
    tgt: list[list[int]]
    tgt_text: list[str]     # the raw target lines: the BLEU references

    def __len__(self) -> int:
        return len(self.src)


@dataclass
class Prepared:
    src_vocab: Vocab
    tgt_vocab: Vocab        # the same object as src_vocab with shared_vocab
    splits: dict[str, SplitData]
    src_subwords: Subwords | None = None   # None: the units are whole spaCy tokens
    tgt_subwords: Subwords | None = None   # the same object as src_subwords with shared_vocab


def resolve_cache_dir(cache_dir: str | os.PathLike | None = None) -> Path:
    chosen = cache_dir or os.environ.get("EINSUM_NMT_CACHE")
    return Path(chosen).expanduser() if chosen else user_cache_dir() / "prepared"


def prepare_data(cfg: DataConfig, data_dir: str | os.PathLike | None = None, splits=("train", "val"),
                 cache_dir: str | os.PathLike | None = None, progress: bool = True) -> Prepared:
    """The requested splits as ids, with vocabularies (and subword models) learned on cfg.train_split.

    Train pairs with an empty side or a side longer than cfg.max_train_len units (0 = no limit) are dropped.
    """
    splits = tuple(dict.fromkeys(splits))
    files = {s: ensure_split(s, data_dir, (cfg.src_lang, cfg.tgt_lang)) for s in (cfg.train_split, *splits)}
    key = cache_key(cfg, splits, files)
    path = resolve_cache_dir(cache_dir) / f"{key[:32]}.prep"
    prepared = load_cache(path, key)
    if prepared is None:
        prepared = build(cfg, data_dir, splits, progress)
        save_cache(path, key, prepared)
    return prepared


def cache_key(cfg: DataConfig, splits: tuple[str, ...], files: dict[str, dict[str, Path]]) -> str:
    recipe = {
        "format": CACHE_FORMAT, "splits": list(splits),
        "files": {f"{s}.{lang}": sha256_file(p) for s, paths in files.items() for lang, p in paths.items()},
        "settings": {k: getattr(cfg, k) for k in ("src_lang", "tgt_lang", "lowercase", "shared_vocab", "min_freq",
                                                  "max_vocab", "max_train_len", "train_split", "units",
                                                  "subword_vocab", "subword_model", "placeholders",
                                                  "copy_pairs")},
        "tokenizers": [tokenizer_name(cfg.src_lang), tokenizer_name(cfg.tgt_lang)],
        "sentencepiece": importlib.metadata.version("sentencepiece") if cfg.units == "subword" else None,
    }
    return hashlib.sha256(json.dumps(recipe, sort_keys=True).encode()).hexdigest()


def build(cfg: DataConfig, data_dir, splits: tuple[str, ...], progress: bool = True) -> Prepared:
    src_tok, tgt_tok = Tokenizer(cfg.src_lang, cfg.lowercase), Tokenizer(cfg.tgt_lang, cfg.lowercase)
    references, units = {}, {}
    for split in (cfg.train_split, *(s for s in splits if s != cfg.train_split)):
        src, tgt = read_parallel(split, data_dir, cfg.src_lang, cfg.tgt_lang)
        if split == cfg.train_split:
            src, tgt = training_pairs(cfg, src, tgt)
        show = progress and split == cfg.train_split
        units[split] = src_tok.tokenize_many(src, progress=show), tgt_tok.tokenize_many(tgt, progress=show)
        references[split] = tgt
    src_subwords = tgt_subwords = None
    if cfg.units == "subword":
        src_subwords, tgt_subwords = learn_subwords(cfg, *units[cfg.train_split])
        units = {s: (src_subwords.split_many(x), tgt_subwords.split_many(y)) for s, (x, y) in units.items()}
    limit = cfg.max_train_len or float("inf")
    train_src, train_tgt = units[cfg.train_split]
    keep = [k for k, (x, y) in enumerate(zip(train_src, train_tgt)) if 0 < len(x) <= limit and 0 < len(y) <= limit]
    units[cfg.train_split] = [train_src[k] for k in keep], [train_tgt[k] for k in keep]
    references[cfg.train_split] = [references[cfg.train_split][k] for k in keep]
    if src_subwords is not None:
        src_vocab, tgt_vocab = src_subwords.vocab, tgt_subwords.vocab
    else:
        src_vocab, tgt_vocab = build_word_vocabs(cfg, *units[cfg.train_split])
    data = {s: SplitData([src_vocab.encode(x) for x in units[s][0]], [tgt_vocab.encode(y) for y in units[s][1]],
                         references[s]) for s in splits}
    return Prepared(src_vocab, tgt_vocab, data, src_subwords, tgt_subwords)


def training_pairs(cfg: DataConfig, src: list[str], tgt: list[str]) -> tuple[list[str], list[str]]:
    """The training corpus as the model learns from it: numbers as placeholders, plus the copy pairs."""
    if cfg.placeholders:
        src, tgt = map(list, zip(*(with_number_placeholders(s, t) for s, t in zip(src, tgt)))) if src else ([], [])
    if cfg.copy_pairs:
        extra_src, extra_tgt = copy_pairs(src, tgt, cfg.copy_pairs)
        src, tgt = src + extra_src, tgt + extra_tgt
    return src, tgt


def build_word_vocabs(cfg: DataConfig, train_src, train_tgt) -> tuple[Vocab, Vocab]:
    if cfg.shared_vocab:
        vocab = Vocab.build(itertools.chain(train_src, train_tgt), cfg.min_freq, cfg.max_vocab)
        return vocab, vocab
    return Vocab.build(train_src, cfg.min_freq, cfg.max_vocab), Vocab.build(train_tgt, cfg.min_freq, cfg.max_vocab)


def learn_subwords(cfg: DataConfig, train_src, train_tgt) -> tuple[Subwords, Subwords]:
    """One joint model for both languages with shared_vocab, else one per language."""
    symbols = PLACEHOLDERS if cfg.placeholders else ()
    if cfg.shared_vocab:
        joint = Subwords.learn(itertools.chain(train_src, train_tgt), cfg.subword_vocab, cfg.subword_model, symbols)
        return joint, joint
    return (Subwords.learn(train_src, cfg.subword_vocab, cfg.subword_model, symbols),
            Subwords.learn(train_tgt, cfg.subword_vocab, cfg.subword_model, symbols))


def save_cache(path: Path, key: str, prepared: Prepared) -> None:
    """Write atomically (temp file + rename); a cache that cannot be written is only a warning."""
    shared = prepared.src_vocab is prepared.tgt_vocab
    models = [None if m is None else base64.b64encode(m.model_proto).decode()
              for m in (prepared.src_subwords, None if shared else prepared.tgt_subwords)]
    header = {"key": key, "src_vocab": prepared.src_vocab.itos,
              "tgt_vocab": None if shared else prepared.tgt_vocab.itos, "subwords": models,
              "splits": {name: d.tgt_text for name, d in prepared.splits.items()}}
    arrays = [a for d in prepared.splits.values() for ids in (d.src, d.tgt)
              for a in (_int32(len(x) for x in ids), _int32(itertools.chain.from_iterable(ids)))]
    head = json.dumps(header, ensure_ascii=False).encode()
    payload = b"".join([struct.pack("<Q", len(head)), head,
                        *(struct.pack("<Q", len(a)) + a.tobytes() for a in arrays)])
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
        with os.fdopen(fd, "wb") as f:
            f.write(_MAGIC + hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, path)
    except OSError as e:
        print(f"warning: could not write the data cache {path} ({e.strerror}); it will be rebuilt next time",
              file=sys.stderr)
    finally:
        if tmp and os.path.exists(tmp):
            os.unlink(tmp)


def load_cache(path: Path, key: str) -> Prepared | None:
    """The cached data, or None when the file is missing, damaged or for another key."""
    try:
        blob = path.read_bytes()
        digest, payload = blob[len(_MAGIC):len(_MAGIC) + 32], memoryview(blob)[len(_MAGIC) + 32:]
        if not blob.startswith(_MAGIC) or hashlib.sha256(payload).digest() != digest:
            return None
        size = _u64(payload, 0)
        header = json.loads(bytes(payload[8:8 + size]))
        if header["key"] != key:
            return None
        arrays, offset = [], 8 + size
        while offset < len(payload):
            n = _u64(payload, offset)
            arrays.append(array("i"))
            arrays[-1].frombytes(payload[offset + 8:offset + 8 + 4 * n])
            offset += 8 + 4 * n
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
        for k, (name, tgt_text) in enumerate(header["splits"].items()):
            src_lengths, src_flat, tgt_lengths, tgt_flat = arrays[4 * k:4 * k + 4]
            splits[name] = SplitData(_unflatten(src_flat, src_lengths), _unflatten(tgt_flat, tgt_lengths), tgt_text)
        return Prepared(src_vocab, tgt_vocab, splits, src_subwords, tgt_subwords)
    except (OSError, ValueError, KeyError, TypeError, IndexError, struct.error):
        return None


def _int32(values) -> array:
    a = array("i", values)
    if sys.byteorder == "big":
        a.byteswap()
    return a


def _u64(buffer, offset: int) -> int:
    return struct.unpack_from("<Q", buffer, offset)[0]


def _unflatten(flat: array, lengths: array) -> list[list[int]]:
    values, ends = flat.tolist(), list(itertools.accumulate(lengths))
    return [values[end - n:end] for n, end in zip(lengths, ends)]
