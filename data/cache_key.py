"""The prepared-data cache's place and key (data/prepare.py builds and loads the cache): its directory, the
`cache_dir` argument, else $EINSUM_NMT_CACHE, else `$XDG_CACHE_HOME/einsum-nmt/prepared`; its key, the sha256 of every
data file used (their content, not their names) plus every tokenizer and vocabulary setting, a trained model's
units (fine-tuning) and CACHE_FORMAT, so a changed setting never reads a stale cache."""
from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
from pathlib import Path
from typing import NamedTuple

from config import DataConfig
from data.corpus import Corpus, has_header, is_tsv
from data.multi30k import sha256_file, user_cache_dir
from data.prepared import CACHE_FORMAT
from data.subwords import Subwords
from data.tokenizer import tokenizer_name
from data.vocab import Vocab
from text.forms.language_id import FORMAT as LANGUAGE_ID_FORMAT
from text.forms.lexicon import Lexicon


class Units(NamedTuple):
    """A trained model's units, which the data is encoded with instead of learning new ones (fine-tuning)."""
    src_vocab: Vocab
    tgt_vocab: Vocab
    src_subwords: Subwords | None       # None: word units
    tgt_subwords: Subwords | None
    lexicon: Lexicon | None = None      # what its corpus said of words: the new corpus's is added to it

    def digest(self) -> str:
        """sha256 of the vocabularies, subword models and lexicon, for the cache key."""
        digest = hashlib.sha256()
        for vocab in (self.src_vocab, self.tgt_vocab):
            digest.update(json.dumps(vocab.itos).encode() + b"\0")
        for subwords in (self.src_subwords, self.tgt_subwords):
            digest.update(b"-" if subwords is None else hashlib.sha256(subwords.model_proto).digest())
        if self.lexicon is not None:
            digest.update(json.dumps(self.lexicon.to_dict(), sort_keys=True).encode())
        return digest.hexdigest()


def resolve_cache_dir(cache_dir: str | os.PathLike | None = None) -> Path:
    chosen = cache_dir or os.environ.get("EINSUM_NMT_CACHE")
    return Path(chosen).expanduser() if chosen else user_cache_dir() / "prepared"

def cache_key(cfg: DataConfig, splits: tuple[str, ...], files: dict[str, Corpus | dict[str, Path]],
              units: Units | None = None) -> str:
    digests = {}
    for s, f in files.items():
        if isinstance(f, Corpus):
            digests[s] = f.digests()
        else:
            digests.update({f"{s}.{lang}": sha256_file(p) for lang, p in f.items()})
    recipe = {
        "format": CACHE_FORMAT, "splits": list(splits), "files": digests,
        "settings": {k: getattr(cfg, k) for k in ("src_lang", "tgt_lang", "lowercase", "shared_vocab", "min_freq",
                                                  "max_vocab", "max_train_len", "train_split", "units",
                                                  "subword_vocab", "subword_model", "placeholders",
                                                  "copy_pairs", "names", "copy_through")},
        "tokenizers": [tokenizer_name(cfg.src_lang), tokenizer_name(cfg.tgt_lang)],
        "sentencepiece": importlib.metadata.version("sentencepiece") if cfg.units == "subword" else None,
    }
    headers = [str(part[0]) for f in files.values() if isinstance(f, Corpus) for part in f.parts
               if len(part) == 1 and has_header(part[0], f.langs)]
    if any(is_tsv(part[0]) for f in files.values() if isinstance(f, Corpus) for part in f.parts):
        recipe["tsv_quotes"] = True     # a spreadsheet's quoted cells are unquoted since (data/corpus.py)
    if headers:                 # skipped since a cache that read them as pairs (only then: other keys stay as they are)
        recipe["tsv_headers"] = len(headers)
    if any(isinstance(f, Corpus) for s, f in files.items() if s != cfg.train_split):
        recipe["held_out_empty_dropped"] = True     # a cache that scored your val set's blank lines is not reused
    if cfg.mix_original:        # only when set: the keys of every other cache stay as they were
        recipe["mix_original"] = cfg.mix_original
    if cfg.everyday:
        recipe["everyday"] = cfg.everyday
    if cfg.directions != "one":
        recipe["directions"] = cfg.directions
        recipe["language_id"] = LANGUAGE_ID_FORMAT      # its lexicon holds the language identifier
    if units is not None:
        recipe["units"] = units.digest()
    return hashlib.sha256(json.dumps(recipe, sort_keys=True).encode()).hexdigest()
