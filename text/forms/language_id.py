"""Which of a model's two languages a line is written in, for a model of both directions (translate.py --to auto):
a naive Bayes over the letter 1- to 4-grams of the line's words and over its whole words (add-one smoothing, equal
priors), learned from the training pairs' two sides when the data is prepared and stored with the lexicon
(text/forms/lexicon.py).

    identifier = LanguageId.learn(pairs, "de", "en")      # (German, English) training pairs
    identifier.which("Eine Frau kauft Äpfel.")   -> "de"
    identifier.which("OK")                       -> None  (too close to call: the model's default direction)

Only letters count: digits, punctuation and placeholders say little about the language, so a line of numbers is
undecided. A line is told only when the two languages' log-likelihoods are at least MARGIN apart.

The n-grams alone read short English lines badly: "I am hungry" scored German (" am " is as German as "am
Strand"), and "Excuse me", "Help me" stayed undecided, so they went the German way. A known word is stronger
evidence than its letters: each word the table holds adds WORD_WEIGHT times its log-probability.
"""
from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from typing import Iterable

FORMAT = "letter-ngrams-2"  # in the data cache's key (data/prepare.py): a changed identifier is learned again
ORDERS = (1, 2, 3, 4)      # n-gram lengths, over the words joined by single spaces with a space at each end
KEPT = 5000                # each language's most frequent n-grams kept (the table travels in every checkpoint)
KEPT_WORDS = 3000          # and words
# a word's weight against its letters' n-grams: on val's fragments (as the margin below) more English fragments go
# the right way as it grows from 0 to 16 and hardly any more beyond; German ones lose a few
WORD_WEIGHT = 16.0
# nats between the two languages' scores below which a line is undecided: a lone name or word ("Maria", "Berlin",
# "OK") often scores within this of either language, while a sentence scores far apart (evaluate.py --to auto).
# Chosen on val's sources cut to 1-4 words (an undecided line goes German->English): 12 sends more of them the
# right way than 16 and still leaves "OK", "Maria" and "Berlin" undecided; 8 decides those
MARGIN = 12.0
MAX_PAIRS = 100_000        # pairs read to learn (the first ones): enough for a few thousand n-grams a language
MAX_WORDS = 50_000         # a lexicon's most frequent words read to learn (from_words): about a second as it loads
WORD = re.compile(r"[^\W\d_]+")


def grams(text: str) -> list[str]:
    """The letter n-grams of a line, lowercase: "Ein Hund." -> ["e", "i", ..., " ein ", "ein ", "in h", ...]."""
    words = WORD.findall(text.lower())
    if not words:
        return []
    padded = f" {' '.join(words)} "
    return [padded[k:k + n] for n in ORDERS for k in range(len(padded) - n + 1) if padded[k:k + n] != " "]


def log_probs(counts: dict[str, dict[str, int]], totals: dict[str, int]) -> dict[str, dict[str, float]]:
    """Per language, each kept item's smoothed log-probability (add one over the items either language kept)."""
    kept = set().union(*map(set, counts.values()))
    return {lang: {g: math.log((counts[lang].get(g, 0) + 1) / (totals[lang] + len(kept))) for g in kept}
            for lang in counts}


def chosen(found: dict[str, Counter], kept: int) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """The counts of the items among either language's `kept` most frequent, and each language's total."""
    items = {g for counts in found.values() for g, _ in counts.most_common(kept)}
    return ({lang: {g: counts[g] for g in sorted(items) if counts[g]} for lang, counts in found.items()},
            {lang: sum(counts.values()) for lang, counts in found.items()})


def counted(pairs: Iterable[tuple[str, str]], src_lang: str,
            tgt_lang: str) -> tuple[dict[str, Counter], dict[str, Counter]]:
    """Each language's n-gram and word counts over (source, target) pairs, as LanguageId.from_counts takes them; the
    counts of two runs of pairs add up (Counter +) to those of the two in a row."""
    found = {src_lang: Counter(), tgt_lang: Counter()}
    found_words = {src_lang: Counter(), tgt_lang: Counter()}
    for source, target in pairs:
        for lang, text in ((src_lang, source), (tgt_lang, target)):
            found[lang].update(grams(text))
            found_words[lang].update(WORD.findall(text.lower()))
    return found, found_words


class LanguageId:
    def __init__(self, counts: dict[str, dict[str, int]], totals: dict[str, int],
                 words: dict[str, dict[str, int]] | None = None, word_totals: dict[str, int] | None = None):
        """counts: per language, how often each kept n-gram occurs in its text; totals: all its n-grams, kept or
        not; words, word_totals: the same of whole words (None: n-grams only, as identifiers stored before
        letter-ngrams-2). An n-gram or word neither language kept is left out of a line's score."""
        self.counts, self.totals, self.words, self.word_totals = counts, totals, words or {}, word_totals or {}
        self.languages = tuple(counts)
        self.log_probs = log_probs(counts, totals)
        self.word_log_probs = log_probs(self.words, self.word_totals) if self.words else {}

    @classmethod
    def from_counts(cls, found: dict[str, Counter], found_words: dict[str, Counter]) -> "LanguageId":
        """From each language's n-gram and word counts; those among either language's most frequent are kept."""
        return cls(*chosen(found, KEPT), *chosen(found_words, KEPT_WORDS))

    @classmethod
    def learn(cls, pairs: Iterable[tuple[str, str]], src_lang: str, tgt_lang: str) -> "LanguageId":
        """From (source, target) training pairs (their first MAX_PAIRS)."""
        return cls.from_counts(*counted(itertools.islice(pairs, MAX_PAIRS), src_lang, tgt_lang))

    @classmethod
    def from_words(cls, words: dict[str, dict[str, int]]) -> "LanguageId":
        """From each language's words and how often each occurs (a lexicon's counts): for a model stored before
        identifiers were, each word as a line of its own, so n-grams across two words are not seen."""
        found, found_words = {}, {}
        for lang, counts in words.items():
            found[lang], found_words[lang] = Counter(), Counter()
            for word, n in sorted(counts.items(), key=lambda item: -item[1])[:MAX_WORDS]:
                for g in grams(word):
                    found[lang][g] += n
                found_words[lang].update({w: n for w in WORD.findall(word.lower())})
        return cls.from_counts(found, found_words)

    def scores(self, text: str) -> dict[str, float]:
        """Each language's log-likelihood of the line's n-grams and, WORD_WEIGHT times, of its words (those the
        tables have)."""
        first = self.languages[0]
        seen = [g for g in grams(text) if g in self.log_probs[first]]
        known = [w for w in WORD.findall(text.lower()) if w in self.word_log_probs.get(first, ())]
        return {lang: sum(self.log_probs[lang][g] for g in seen)
                + WORD_WEIGHT * sum(self.word_log_probs[lang][w] for w in known) for lang in self.languages}

    def which(self, text: str, margin: float = MARGIN) -> str | None:
        """The language the line is written in; None where the two scores are under `margin` apart."""
        scores = self.scores(text)
        (best, high), (_, low) = sorted(scores.items(), key=lambda item: -item[1])[:2]
        return best if high - low >= margin else None

    def to_dict(self) -> dict:
        """Plain lists, for checkpoints (torch.load(weights_only=True)) and exports (JSON)."""
        listed, words = (sorted(set().union(*map(set, c.values()))) for c in (self.counts, self.words))
        return {"languages": list(self.languages), "grams": listed,
                "counts": [[self.counts[lang].get(g, 0) for g in listed] for lang in self.languages],
                "totals": [self.totals[lang] for lang in self.languages], "words": words,
                "word_counts": [[self.words.get(lang, {}).get(w, 0) for w in words] for lang in self.languages],
                "word_totals": [self.word_totals.get(lang, 0) for lang in self.languages]}

    @classmethod
    def from_dict(cls, d: dict) -> "LanguageId":
        """As to_dict wrote it; one stored before words were (letter-ngrams-1) reads n-grams only."""
        def table(items: list[str], counts: list[list[int]]) -> dict[str, dict[str, int]]:
            return {lang: {g: n for g, n in zip(items, row) if n} for lang, row in zip(d["languages"], counts)}
        words = table(d["words"], d["word_counts"]) if d.get("words") else None
        return cls(table(d["grams"], d["counts"]), dict(zip(d["languages"], d["totals"])), words,
                   dict(zip(d["languages"], d["word_totals"])) if words else None)

    def __eq__(self, other) -> bool:
        return isinstance(other, LanguageId) and (self.counts, self.totals, self.words, self.word_totals) == \
            (other.counts, other.totals, other.words, other.word_totals)
