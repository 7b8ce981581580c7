"""Read, tokenize, build vocabularies and numericalize a corpus once; later runs load a cache in seconds at most.

The corpus is Multi30K's split files, or your own (--data.train / --data.val, see data/corpus.py). Building
streams it: worker processes tokenize it a chunk at a time (data/tokenize_workers.py) into temporary files of token
lines; the subword model (or word vocabulary) is learned from those, and the ids go into flat int32 arrays.
So memory holds the ids and the target lines once, never the corpus as lists of token strings.

The cache lives in the `cache_dir` argument, else $EINSUM_NMT_CACHE, else `$XDG_CACHE_HOME/einsum-nmt/prepared`.
Its key is the sha256 of every data file used (their content, not their names) plus every tokenizer and vocabulary
setting, the given units (below) and CACHE_FORMAT, so a changed setting never reads a stale cache (data/cache_key.py).

Fine-tuning (train.py --init) gives the trained model's units: its vocabularies and subword models. The data is then
encoded with them, never relearned, so every id means what the weights learned; a word the subword model never saw
still encodes, through its pieces and byte fallback (word units: as <unk>). The file is pickle-free (see
data/prepared.py); a damaged or unreadable cache is rebuilt. Loading it imports neither spaCy nor torch
(sentencepiece only when the units are subwords).
"""
from __future__ import annotations

import errno
import itertools
import os
import time
from pathlib import Path

from tqdm import tqdm

from config import DataConfig
from data.augment import frame_pairs, training_pairs
from data.cache_key import Units, cache_key, resolve_cache_dir
from data.corpus import Corpus, check_two_languages, has_header, shared_pairs
from data.direction import check_direction, column_note
from data.encoding import build_word_vocabs, encode_split, learn_subwords
from data.multi30k import ensure_split
from data.prepared import Prepared, Ragged, SplitData, load_cache, save_cache  # noqa: F401
from data.scratch import scratch_dir
from data.subwords import line_to_tokens
from data.tags import reversed_data, reversed_name, source_prefix
from data.tokenize_workers import CHUNK, default_workers, tokenized_chunks
from text.forms.language_id import LanguageId
from text.forms.lexicon import Lexicon
from text.pipeline import Pipeline
from util.errors import UserError

def prepare_data(cfg: DataConfig, data_dir: str | os.PathLike | None = None, splits=("train", "val"),
                 cache_dir: str | os.PathLike | None = None, progress: bool = True,
                 units: Units | None = None) -> Prepared:
    """The requested splits as ids, with vocabularies (and subword models) learned on cfg.train_split, or the given
    `units` (whose settings cfg must hold: shared_vocab and units are read from it).

    The split named cfg.train_split (cfg.val_split) is the corpus cfg.train (cfg.val) when that is given, else
    Multi30K's split of that name. Train pairs with an empty side or a side longer than cfg.max_train_len units
    (0 = no limit) are dropped; with progress, building prints how many, and how fast it tokenized.
    """
    splits = tuple(dict.fromkeys(splits))
    files = {s: find_corpus(cfg, s, data_dir) for s in (cfg.train_split, *splits)}
    original = original_corpus(cfg, data_dir)
    if original is not None:
        files["mix_original"] = original
    for split, corpus in files.items():     # your corpus, also when cached: its columns in this run's terms
        if isinstance(corpus, Corpus):
            check_direction(corpus.part_pairs(), cfg.src_lang, cfg.tgt_lang, corpus.flag)
            tsv = [f"{part[0]}{' (its header line skipped)' if has_header(part[0], corpus.langs) else ''}"
                   for part in corpus.parts if len(part) == 1]
            if progress and tsv:
                print(f"{split}: {', '.join(tsv)} read as {column_note(cfg.src_lang, cfg.tgt_lang)}", flush=True)
    key = cache_key(cfg, splits, files, units)
    path = resolve_cache_dir(cache_dir) / f"{key[:32]}.prep"
    prepared = load_cache(path, key)
    if prepared is None:
        corpora = {s: f if isinstance(f, Corpus) else multi30k_corpus(f, cfg) for s, f in files.items()}
        prepared = build(cfg, corpora, splits, progress, units)
        save_cache(path, key, prepared)
    return prepared


def multi30k_corpus(files: dict[str, Path], cfg: DataConfig) -> Corpus:
    return Corpus([(files[cfg.src_lang], files[cfg.tgt_lang])], "delete it so it is downloaded again", empty_ok=True)


def original_corpus(cfg: DataConfig, data_dir) -> dict[str, Path] | None:
    """Multi30K's training files when --data.mix_original asks for a share of them in your corpus."""
    if not cfg.mix_original:
        return None
    if not cfg.train:
        raise UserError("--data.mix_original mixes Multi30K into your corpus: it needs --data.train (without it the "
                        "run trains on Multi30K alone)")
    check_two_languages(cfg.src_lang, cfg.tgt_lang, f"Multi30K's train.{cfg.src_lang}.gz", "--data.mix_original",
                        "leave --data.mix_original out: Multi30K has one file a language")
    return ensure_split("train", data_dir, (cfg.src_lang, cfg.tgt_lang))


def find_corpus(cfg: DataConfig, split: str, data_dir) -> Corpus | dict[str, Path]:
    """Your corpus when the split's name is that of --data.train or --data.val and it is given, else Multi30K's
    files {lang: path} (downloaded when missing)."""
    for name, flag, spec in ((cfg.train_split, "--data.train", cfg.train), (cfg.val_split, "--data.val", cfg.val)):
        if split == name and spec:
            return Corpus.from_spec(spec, cfg.src_lang, cfg.tgt_lang, flag)
    check_two_languages(cfg.src_lang, cfg.tgt_lang, f"Multi30K's {split}.{cfg.src_lang}.gz", None,
                        "give your own corpus as a .tsv file of source TAB target lines (--data.train, --data.val)")
    return ensure_split(split, data_dir, (cfg.src_lang, cfg.tgt_lang))


def build(cfg: DataConfig, corpora: dict[str, Corpus], splits: tuple[str, ...], progress: bool = True,
          units: Units | None = None) -> Prepared:
    """With --data.directions=both every split is also prepared turned round, as the other direction's (its
    tokenizers, text pipeline and lexicon), each source opened by its direction's tag (data/tags.py); the training
    split holds both directions' pairs, every other split's turned pairs go by reversed_name(split)."""
    train = cfg.train_split
    sizes = {s: corpora[s].check() for s in (train, *splits)}     # bad data fails before any long work
    if progress and cfg.val_split in sizes and cfg.val_split != train:
        note_shared_pairs(corpora[cfg.val_split], corpora[train], sizes[cfg.val_split], cfg.val_split, train)
    lexicon = Lexicon.learn(corpora[train].pairs())                # what the pipeline's steps read of the corpus
    directions = [(cfg, False)] + ([(reversed_data(cfg), True)] if cfg.directions == "both" else [])
    if cfg.directions == "both":
        lexicon.reverse = Lexicon.learn(turned(corpora[train].pairs()))
        # for --to auto: the frames first ("I am tired": captions have no first person), so a big corpus keeps them
        spoken = frame_pairs(sizes[train], cfg.everyday)
        lexicon.languages = LanguageId.learn(itertools.chain(spoken, corpora[train].pairs()), cfg.src_lang,
                                             cfg.tgt_lang)
    if units is not None and units.lexicon is not None:        # fine-tuning: the base model's words stay words
        lexicon = units.lexicon.merged(lexicon)

    if "mix_original" in corpora:
        available, wanted = corpora["mix_original"].check(), round(cfg.mix_original * sizes[train])
        sizes[train] += min(wanted, available)
        if progress:
            print(f"{train}: {min(wanted, available):,} Multi30K training pairs mixed in "
                  f"(--data.mix_original={cfg.mix_original:g})")

    def pairs_of(split: str, reverse: bool):
        pairs = corpora[split].pairs()
        if split == train and "mix_original" in corpora:
            pairs = mixed_in(pairs, corpora["mix_original"], available, wanted)[0]
        return turned(pairs) if reverse else pairs

    with scratch_dir() as tmp:             # and the leftovers of killed preparations removed
        tokens, references = {}, {}
        try:
            for way, reverse in directions:
                pipeline = Pipeline.from_config(way, lexicon=lexicon.reverse if reverse else lexicon)
                for split in sizes:
                    key = (split, reverse)
                    tokens[key] = Path(tmp, f"{len(tokens)}.src"), Path(tmp, f"{len(tokens)}.tgt")
                    name = reversed_name(split) if reverse else split
                    references[key] = tokenize_split(way, name, pairs_of(split, reverse), sizes[split], tokens[key],
                                                     progress, pipeline, training=split == train)
        except OSError as e:
            if e.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):     # a full disk under tmp, or a size limit
                raise
            raise UserError(f"cannot write the tokenized corpus to {tmp} ({e.strerror}); free space there, or set "
                            "TMPDIR to a directory with room") from None
        if units is not None:            # fine-tuning: the model's own units, never relearned
            src_vocab, tgt_vocab = units.src_vocab, units.tgt_vocab
            src_subwords, tgt_subwords = units.src_subwords, units.tgt_subwords
        elif cfg.units == "subword":
            src_subwords, tgt_subwords = learn_subwords(cfg, *tokens[train, False])
            src_vocab, tgt_vocab = src_subwords.vocab, tgt_subwords.vocab
        else:
            src_subwords = tgt_subwords = None
            src_vocab, tgt_vocab = build_word_vocabs(cfg, *tokens[train, False])
        encoders = tuple(subwords.encode_lines if subwords else
                         (lambda lines, v=vocab: [v.encode(line_to_tokens(line)) for line in lines])
                         for subwords, vocab in ((src_subwords, src_vocab), (tgt_subwords, tgt_vocab)))
        data = {}
        for way, reverse in directions:
            prefix = source_prefix(src_vocab, way)
            for s in splits:
                name = reversed_name(s) if reverse else s
                encoded = encode_split(name, tokens[s, reverse], references[s, reverse], encoders,
                                       cfg.max_train_len if s == train else None, progress, prefix, sizes[s])
                if reverse and s == train:          # one training split of both directions' pairs
                    data[s] = joined(data[s], encoded)
                else:
                    data[name] = encoded
    return Prepared(src_vocab, tgt_vocab, data, src_subwords, tgt_subwords, lexicon)


def note_shared_pairs(val: Corpus, train: Corpus, n_val: int, val_name: str, train_name: str) -> None:
    """A note where the val set's pairs are training pairs too: validation then scores what the model learned by
    heart, its BLEU reads high, and best.pt is chosen by it."""
    shared = shared_pairs(val, train)
    if shared:
        print(f"note: {shared:,} of the {n_val:,} {val_name} pairs are {train_name} pairs too, so validation reads "
              f"high on them and best.pt is chosen by them; keep the {val_name} pairs out of the training corpus")


def turned(pairs):
    """(source, target) pairs as (target, source): the other direction's."""
    return ((target, source) for source, target in pairs)


def joined(first: SplitData, second: SplitData) -> SplitData:
    """The training pairs of both directions, one split."""
    def rows(a, b) -> Ragged:
        a, b = Ragged.of(a), Ragged.of(b)
        return Ragged(a.lengths + b.lengths, a.flat + b.flat)
    return SplitData(rows(first.src, second.src), rows(first.tgt, second.tgt), first.tgt_text + second.tgt_text)


def mixed_in(pairs, original: Corpus, available: int, wanted: int):
    """(pairs followed by `wanted` pairs of `original` spread evenly over it (all of them at most), their number)."""
    added = min(wanted, available)
    chosen = {k * available // added for k in range(added)} if added else set()
    return itertools.chain(pairs, (pair for k, pair in enumerate(original.pairs()) if k in chosen)), added


def tokenize_split(cfg: DataConfig, name: str, pairs, n: int, paths: tuple[Path, Path], progress: bool,
                   pipeline: Pipeline, training: bool) -> list[tuple[str, str]] | list[str]:
    """Write the token lines of the n pairs of a checked corpus to paths (source, target), the training split's
    through the text pipeline's steps and with copy pairs; -> its target lines (the training split's) or its
    (source, target) lines (any other: validation translates the source text)."""
    workers = (cfg.workers or default_workers()) if n > 2 * CHUNK else 1
    references, start, done = [], time.perf_counter(), 0
    with open(paths[0], "w", encoding="utf-8", newline="\n") as src_out, \
            open(paths[1], "w", encoding="utf-8", newline="\n") as tgt_out, \
            tqdm(total=n, desc=f"tokenize {name}", unit=" pairs", leave=False,
                 disable=None if progress else True) as bar:     # None: no bar in a log file, only on a terminal
        if training:        # numbers as placeholders, ..., then the copy and everyday pairs (data/augment.py)
            pairs = training_pairs(pairs, pipeline, cfg.copy_pairs, mirrored=cfg.tgt_lang == "de",
                                   everyday=cfg.everyday)
        for chunk, src_lines, tgt_lines in tokenized_chunks(pairs, cfg.src_lang, cfg.tgt_lang, cfg.lowercase,
                                                            workers):
            src_out.write(src_lines + "\n")
            tgt_out.write(tgt_lines + "\n")
            if training:
                references.extend(tgt for _, tgt in chunk)
            else:
                references.extend(chunk)
            bar.update(len(chunk))
            done += len(chunk)
    seconds = time.perf_counter() - start
    if progress:        # the training split's copy and everyday pairs are tokenized too: counted, not just the n read
        added = f" ({n:,} read, {done - n:,} added)" if done != n else ""
        print(f"{name}: {done:,} pairs{added} tokenized in {seconds:.1f} s ({done / seconds:,.0f} pairs/s, "
              f"{workers} worker{'s' if workers > 1 else ''})", flush=True)
    return references
