"""A prepared split's token lines as ids, and the vocabularies or subword models learned from them (data/prepare.py
builds the cache with these): `encode_split` numericalizes a split into flat arrays, dropping and counting the
training pairs that do not fit; `build_word_vocabs` and `learn_subwords` learn a run's units from its kept pairs."""
from __future__ import annotations

import itertools
from array import array
from pathlib import Path

from config import DataConfig
from data.prepared import Ragged, SplitData
from data.subwords import Subwords, line_to_tokens
from data.tags import direction_tags
from data.tokenize_workers import CHUNK
from data.vocab import Vocab
from text.forms.masking import PLACEHOLDERS

# A subword model learns from at most this many sentences, evenly spaced: sentencepiece's learner takes about
# 1.4 KB a sentence (2 GB at a million, measured), and it samples large corpora itself when asked to anyway.
SUBWORD_SENTENCES = 500_000


def read_lines(path: Path):
    """The token lines of a file tokenize_split wrote."""
    with open(path, encoding="utf-8", newline="\n") as f:
        for line in f:
            yield line[:-1]


def fits(limit: int, src_length: int, tgt_length: int) -> bool:
    """Whether a training pair is kept: no side empty, none longer than limit (0 = no limit)."""
    return 0 < src_length and 0 < tgt_length and (not limit or (src_length <= limit and tgt_length <= limit))


def encode_split(name: str, paths: tuple[Path, Path], references: list[str], encoders, limit: int | None,
                 progress: bool, prefix: list[int] = (), read: int | None = None) -> SplitData:
    """Token lines -> ids in flat arrays; with a limit (train), pairs that do not fit it are dropped and counted;
    without one (val, test), only the empty pairs are (a blank line scores nothing; best.pt would be chosen on it).
    references: target lines, or (source, target) lines whose sources are kept as text too. prefix: ids that
    open every source (a direction's tag). read: how many of the pairs the corpus gave (the rest, data/augment.py's
    copy and everyday pairs, are the trainer's own), for the log."""
    arrays = [array("i") for _ in range(4)]     # source lengths, source ids, target lengths, target ids
    kept, empty, long = [], 0, 0
    lines = zip(read_lines(paths[0]), read_lines(paths[1]), references)
    for chunk in iter(lambda: list(itertools.islice(lines, 10 * CHUNK)), []):
        src_lines, tgt_lines, refs = zip(*chunk)
        for x, y, ref in zip(encoders[0](list(src_lines)), encoders[1](list(tgt_lines)), refs):
            if not fits(limit or 0, len(x), len(y)):
                empty, long = (empty + 1, long) if not (x and y) else (empty, long + 1)
                continue
            for lengths, flat, ids in ((arrays[0], arrays[1], [*prefix, *x]), (arrays[2], arrays[3], y)):
                lengths.append(len(ids))
                flat.extend(ids)
            kept.append(ref)
    if limit is not None and progress:
        total = len(references)
        added = f" ({read:,} read, {total - read:,} added: copy and everyday pairs)" if read not in (None, total) else ""
        over = f"; over-long: over --data.max_train_len={limit} units" if long else ""
        print(f"{name}: {empty:,} empty and {long:,} over-long pairs dropped of {total:,}{added}{over}", flush=True)
    elif empty and progress:
        print(f"note: {empty:,} of the {len(references):,} {name} pairs are empty (a blank line, or a side without "
              "text) and are dropped: they would be scored on nothing", flush=True)
    if kept and isinstance(kept[0], tuple):
        return SplitData(Ragged(arrays[0], arrays[1]), Ragged(arrays[2], arrays[3]), [t for _, t in kept],
                         [s for s, _ in kept])
    return SplitData(Ragged(arrays[0], arrays[1]), Ragged(arrays[2], arrays[3]), kept)


def build_word_vocabs(cfg: DataConfig, src_path: Path, tgt_path: Path) -> tuple[Vocab, Vocab]:
    """Vocabularies of the training pairs that are kept (see fits), read from the token lines."""
    def kept_sides(side: int | None):
        for pair in zip(read_lines(src_path), read_lines(tgt_path)):
            x, y = map(line_to_tokens, pair)
            if fits(cfg.max_train_len, len(x), len(y)):
                yield from ((x, y) if side is None else ((x, y)[side],))

    if cfg.shared_vocab:
        vocab = Vocab.build(kept_sides(None), cfg.min_freq, cfg.max_vocab)
        return vocab, vocab
    return Vocab.build(kept_sides(0), cfg.min_freq, cfg.max_vocab), Vocab.build(kept_sides(1), cfg.min_freq,
                                                                                 cfg.max_vocab)


def learn_subwords(cfg: DataConfig, src_path: Path, tgt_path: Path) -> tuple[Subwords, Subwords]:
    """One joint model for both languages with shared_vocab, else one per language; learned on every training
    pair (before any is dropped), or on SUBWORD_SENTENCES of them evenly spaced when there are more."""
    def learn(*paths: Path) -> Subwords:
        total = sum(1 for path in paths for _ in read_lines(path))
        every = -(-total // SUBWORD_SENTENCES)
        lines = [line for k, line in enumerate(itertools.chain(*map(read_lines, paths))) if k % every == 0]
        return Subwords.learn_lines(lines, cfg.subword_vocab, cfg.subword_model,
                                    (PLACEHOLDERS if cfg.placeholders else ()) + direction_tags(cfg))

    if cfg.shared_vocab:
        joint = learn(src_path, tgt_path)
        return joint, joint
    return learn(src_path), learn(tgt_path)
