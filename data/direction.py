"""Which column of your corpus is which: a cheap language check that catches a corpus written the other way round.

A TSV line is source TAB target of the run (German TAB English for de→en, English TAB German for en→de), and a
prefix corpus is PREFIX.<src_lang> + PREFIX.<tgt_lang>. A corpus fine-tuned the wrong way round trains reversed
pairs without a word, so each part's first SAMPLE pairs are checked: the words each side writes that only one of
the two languages has as a stop word ("und", "der" / "and", "the"). A part whose source side reads clearly as the
target language AND whose target side reads clearly as the source language is refused in one line saying how to
swap it; so is one whose side reads clearly as the other side's language while that side reads as its own (one file
given for both sides, or the wrong file for one). Refused rather than warned about: a warning scrolls past in the
tokenizer's output, and the run it precedes is worth nothing. Clearly means at least MIN_WORDS such words on each
side and THRESHOLD times more of the other language than of its own (of its own than of the other, for a side that
reads as its own), making MIN_SHARE of its words at least, so a mixed or code-switched corpus, a tiny one, a weak
teacher's junk (a distillation corpus) or a pair of languages without spaCy stop words is never refused.
"""
from __future__ import annotations

import itertools
import re
import runpy
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from util.errors import UserError
from util.languages import spacy_lang_dir

SAMPLE = 1000          # pairs read from each part's start
MIN_WORDS = 8          # stop words needed on each side before the check says anything
THRESHOLD = 3          # how many times more of the other language's stop words than of its own
MIN_SHARE = 0.05       # and at least this share of the side's words: a weak model's junk holds a stray few
WORD = re.compile(r"[^\W\d_]+")
SWAP_COLUMNS = "awk -F'\\t' -v OFS='\\t' '{print $2, $1}' IN > OUT"      # a TSV's two columns swapped


@lru_cache(maxsize=None)
def stop_words(lang: str) -> frozenset:
    """spaCy's stop words of a language (empty for a language spaCy has none for). Read from their file alone:
    importing spaCy takes seconds, and a cached corpus is otherwise ready in well under one."""
    lang_dir = spacy_lang_dir(lang)
    path = lang_dir / "stop_words.py" if lang_dir else None
    if path is None or not path.is_file():
        return frozenset()
    return frozenset(runpy.run_path(str(path))["STOP_WORDS"])


class SideCounts(NamedTuple):
    own: int        # words only the side's own language has as stop words
    other: int      # words only the other language has as stop words
    words: int = 0  # all its words

    def clearly(self, count: int, against: int) -> bool:
        """`count` stop words of one language clearly outnumber the `against` of the other, in text, not junk."""
        return count >= MIN_WORDS and count >= THRESHOLD * against and count >= MIN_SHARE * self.words


def side_counts(lines: Iterable[str], own: str, other: str) -> SideCounts:
    mine, theirs = stop_words(own) - stop_words(other), stop_words(other) - stop_words(own)
    words = [w for line in lines for w in WORD.findall(line.lower())]
    return SideCounts(sum(w in mine for w in words), sum(w in theirs for w in words), len(words))


def reads_as_other(counts: SideCounts) -> bool:
    return counts.clearly(counts.other, counts.own)


def looks_reversed(pairs: Iterable[tuple[str, str]], src_lang: str, tgt_lang: str) -> bool:
    """The sample's source side reads as tgt_lang and its target side as src_lang (see the module docstring)."""
    sample = list(itertools.islice(pairs, SAMPLE))
    source = side_counts((s for s, _ in sample), src_lang, tgt_lang)
    target = side_counts((t for _, t in sample), tgt_lang, src_lang)
    return reads_as_other(source) and reads_as_other(target)


def reads_as_own(counts: SideCounts) -> bool:
    return counts.clearly(counts.own, counts.other)


def one_language(pairs: Iterable[tuple[str, str]], src_lang: str, tgt_lang: str) -> str | None:
    """The language both sides of the sample read as, where one side reads clearly as its own and the other clearly
    as that one too (a file given for both sides, or the wrong file for one); None otherwise."""
    sample = list(itertools.islice(pairs, SAMPLE))
    source = side_counts((s for s, _ in sample), src_lang, tgt_lang)
    target = side_counts((t for _, t in sample), tgt_lang, src_lang)
    if reads_as_other(source) and reads_as_own(target):
        return tgt_lang
    if reads_as_own(source) and reads_as_other(target):
        return src_lang
    return None


def column_note(src_lang: str, tgt_lang: str) -> str:
    """How a TSV's columns are read in this run, for the log."""
    return f"source TAB target = {src_lang} TAB {tgt_lang}"


def check_direction(parts: Iterable[tuple[tuple, Iterable[tuple[str, str]]]], src_lang: str, tgt_lang: str,
                    flag: str) -> None:
    """parts: (files, pairs) of a corpus. The first part that looks reversed, or of one language, is a one-line
    UserError."""
    for files, pairs in parts:
        sample = list(itertools.islice(pairs, SAMPLE))
        run = f"this {src_lang}→{tgt_lang} run"
        lang = one_language(sample, src_lang, tgt_lang)
        if lang is not None:
            wrong = tgt_lang if lang == src_lang else src_lang        # the side written in the other's language
            side = f"its {'second' if wrong == tgt_lang else 'first'} column" if len(files) == 1 else \
                files[(src_lang, tgt_lang).index(wrong)]
            raise UserError(f"{flag}: both sides of {files[0] if len(files) == 1 else ' and '.join(map(str, files))} "
                            f"read as {lang!r}; {side} must be the {wrong!r} text of each line for {run}")
        if not looks_reversed(sample, src_lang, tgt_lang):
            continue
        if len(files) == 1:
            raise UserError(f"{flag}: {files[0]} looks reversed: its first column reads as {tgt_lang!r} and its "
                            f"second as {src_lang!r}, but a TSV line is source TAB target ({src_lang} TAB "
                            f"{tgt_lang} for {run}); swap its columns, e.g. {SWAP_COLUMNS}")
        raise UserError(f"{flag}: {files[0]} reads as {tgt_lang!r} and {files[1]} as {src_lang!r}, the other way "
                        f"round for {run}; swap the two files' names")
