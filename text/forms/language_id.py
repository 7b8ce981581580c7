"""Which of a model's two languages a line is written in, for a model of both directions (translate.py --to auto):
a naive Bayes over the letter 1- to 4-grams of the line's words (add-one smoothing, equal priors), learned from the
training pairs' two sides when the data is prepared and stored with the lexicon (text/forms/lexicon.py).

    identifier = LanguageId.learn(pairs, "de", "en")      # (German, English) training pairs
    identifier.which("Eine Frau kauft Äpfel.")   -> "de"
    identifier.which("OK")                       -> None  (too close to call: the model's default direction)

Only letters count: digits, punctuation and placeholders say little about the language, so a line of numbers is
undecided. A line is told only when the two languages' log-likelihoods are at least MARGIN apart.
"""
from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from typing import Iterable

FORMAT = "letter-ngrams-1"  # in the data cache's key (data/prepare.py): a changed identifier is learned again
ORDERS = (1, 2, 3, 4)      # n-gram lengths, over the words joined by single spaces with a space at each end
KEPT = 5000                # each language's most frequent n-grams kept (the table travels in every checkpoint)
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


class LanguageId:
    def __init__(self, counts: dict[str, dict[str, int]], totals: dict[str, int]):
        """counts: per language, how often each kept n-gram occurs in its text; totals: all its n-grams, kept or
        not. An n-gram neither language kept is left out of a line's score."""
        self.counts, self.totals = counts, totals
        self.languages = tuple(counts)
        kept = set().union(*map(set, counts.values()))
        self.log_probs = {lang: {g: math.log((counts[lang].get(g, 0) + 1) / (totals[lang] + len(kept)))
                                 for g in kept} for lang in self.languages}

    @classmethod
    def from_counts(cls, found: dict[str, Counter], kept: int = KEPT) -> "LanguageId":
        """From each language's n-gram counts; the n-grams of either language's `kept` most frequent are kept."""
        chosen = {g for counts in found.values() for g, _ in counts.most_common(kept)}
        return cls({lang: {g: counts[g] for g in sorted(chosen) if counts[g]} for lang, counts in found.items()},
                   {lang: sum(counts.values()) for lang, counts in found.items()})

    @classmethod
    def learn(cls, pairs: Iterable[tuple[str, str]], src_lang: str, tgt_lang: str) -> "LanguageId":
        """From (source, target) training pairs (their first MAX_PAIRS)."""
        found = {src_lang: Counter(), tgt_lang: Counter()}
        for source, target in itertools.islice(pairs, MAX_PAIRS):
            found[src_lang].update(grams(source))
            found[tgt_lang].update(grams(target))
        return cls.from_counts(found)

    @classmethod
    def from_words(cls, words: dict[str, dict[str, int]]) -> "LanguageId":
        """From each language's words and how often each occurs (a lexicon's counts): for a model stored before
        identifiers were, each word as a line of its own, so n-grams across two words are not seen."""
        found = {}
        for lang, counts in words.items():
            found[lang] = Counter()
            for word, n in sorted(counts.items(), key=lambda item: -item[1])[:MAX_WORDS]:
                for g in grams(word):
                    found[lang][g] += n
        return cls.from_counts(found)

    def scores(self, text: str) -> dict[str, float]:
        """Each language's log-likelihood of the line's n-grams (those the table has)."""
        seen = [g for g in grams(text) if g in self.log_probs[self.languages[0]]]
        return {lang: sum(table[g] for g in seen) for lang, table in self.log_probs.items()}

    def which(self, text: str, margin: float = MARGIN) -> str | None:
        """The language the line is written in; None where the two scores are under `margin` apart."""
        scores = self.scores(text)
        (best, high), (_, low) = sorted(scores.items(), key=lambda item: -item[1])[:2]
        return best if high - low >= margin else None

    def to_dict(self) -> dict:
        """Plain lists, for checkpoints (torch.load(weights_only=True)) and exports (JSON)."""
        listed = sorted(set().union(*map(set, self.counts.values())))
        return {"languages": list(self.languages), "grams": listed,
                "counts": [[self.counts[lang].get(g, 0) for g in listed] for lang in self.languages],
                "totals": [self.totals[lang] for lang in self.languages]}

    @classmethod
    def from_dict(cls, d: dict) -> "LanguageId":
        return cls({lang: {g: n for g, n in zip(d["grams"], counts) if n} for lang, counts in
                    zip(d["languages"], d["counts"])}, dict(zip(d["languages"], d["totals"])))

    def __eq__(self, other) -> bool:
        return isinstance(other, LanguageId) and (self.counts, self.totals) == (other.counts, other.totals)
