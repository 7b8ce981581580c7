"""What the training corpus says about source words: how each is usually written (for restoring the case of an
ALL-CAPS or all-lowercase line), which words it has at all (a word it lacks is new to the model), and which are
copied into the translation as written (names: "Berlin" -> "Berlin", but "Mann" -> "man").

    lexicon = Lexicon.learn(pairs)          # from the training pairs, before the model trains; stored in checkpoints
    lexicon.cased("GITARRE")  -> "Gitarre"      lexicon.knows("Ullrich") -> False      lexicon.copied("Berlin") -> True
    lexicon.taught("Hund") -> True              # held at least TAUGHT times: the model translates it
    lexicon.nouns["hund"] -> "dog"          # nouns and their translations (text/forms/dictionary.py)
    lexicon.reverse.genders["hund"] -> "m"  # the genders of German target nouns, for "the dog" -> "der Hund"

A model of both directions (--data.directions=both) keeps the other direction's lexicon, learned from the same
pairs turned round, as `lexicon.reverse`, and which of the two languages a line is written in, learned from the same
pairs, as `lexicon.languages` (text/forms/language_id.py, for --to auto): both travel wherever the lexicon does
(checkpoints, exports, averages).
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from text.forms.dictionary import MAX_PAIRS, learn_genders, learn_nouns
from text.forms.language_id import LanguageId

WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
MAX_WORDS = 300_000          # the most frequent source words kept (a million-pair corpus has more, rarely useful)
COPIED_SHARE = 0.5           # a word is copied when at least this share of the pairs holding it hold it on both sides
TAUGHT = 10                  # a corpus that holds a word this often teaches the model the word


def spellings(word: str) -> list[str]:
    """The lowercase forms a word may stand for: upper case writes "ß" as "SS"."""
    lower = word.lower()
    return [lower] + ([lower.replace("ss", "ß")] if "ss" in lower else [])


def typed_as(word: str, form: str) -> str:
    """`form` in the case `word` was typed: all caps, or its first letter's case ("gruesse" -> "grüße")."""
    if word.isupper() and len(word) > 1:
        return form.upper()
    return (form[0].upper() if word[0].isupper() else form[0].lower()) + form[1:]


class Lexicon:
    def __init__(self, forms: dict[str, str], copied: Iterable[str] = (), counts: dict[str, int] | None = None,
                 reverse: "Lexicon | None" = None, languages: LanguageId | None = None,
                 nouns: dict[str, str] | None = None, genders: dict[str, str] | None = None):
        self.forms = dict(forms)          # lowercase word -> its most frequent spelling in the corpus
        self.copied_words = set(copied)   # words (as written) the translations copy
        self.counts = dict(counts or {})  # lowercase word -> how often the corpus' sources hold it
        self.reverse = reverse            # the other direction's, for a model of both directions (else None)
        self.languages = languages        # its language identifier, for a model of both directions (else None)
        self.nouns = dict(nouns or {})    # lowercase source noun -> its translation (text/forms/dictionary.py)
        self.genders = dict(genders or {})    # lowercase German target noun -> "m", "f" or "n" (the same)

    @classmethod
    def learn(cls, pairs: Iterable[tuple[str, str]], max_words: int = MAX_WORDS) -> "Lexicon":
        """From (source, target) training pairs. A sentence's first word counts for its spelling only when the word
        never stands elsewhere (it is capitalized there whatever it is)."""
        inner, first, in_source, on_both, total = Counter(), Counter(), Counter(), Counter(), Counter()
        kept_pairs = []
        for source, target in pairs:
            if len(kept_pairs) < MAX_PAIRS:
                kept_pairs.append((source, target))
            words = WORD.findall(source)
            if not words:
                continue
            first[words[0]] += 1
            inner.update(words[1:])
            total.update(w.lower() for w in words)
            named = {w for w in words if not w.islower()}
            if named:
                in_source.update(named)
                on_both.update(named & set(WORD.findall(target)))
        best: dict[str, tuple[int, str]] = {}
        for counts, weight in ((inner, 1_000_000), (first, 1)):   # any inner spelling beats a first-word one
            for word, n in counts.items():
                key, score = word.lower(), n * weight
                if score > best.get(key, (0, ""))[0]:
                    best[key] = (score, word)
        kept = sorted(best, key=lambda k: -best[k][0])[:max_words]
        copied = [w for w, n in in_source.items() if on_both[w] >= COPIED_SHARE * n and w.lower() in best]
        return cls({k: best[k][1] for k in kept}, copied, {k: total[k] for k in kept}, nouns=learn_nouns(kept_pairs),
                   genders=learn_genders(target for _, target in kept_pairs))

    def merged(self, added: "Lexicon") -> "Lexicon":
        """This lexicon (a trained model's) with what `added` (a new corpus's, to fine-tune on) says too: its
        words and their spellings, counts summed, its copied words, nouns and genders; the other direction's the
        same way; this one's language identifier, learned on more text. A fine-tuned model reads its base's words
        as words, not as names it cannot know."""
        counts = Counter(self.counts)
        counts.update(added.counts)
        reverse = self.reverse.merged(added.reverse) if self.reverse and added.reverse else self.reverse or \
            added.reverse
        return Lexicon({**self.forms, **added.forms}, self.copied_words | added.copied_words, dict(counts), reverse,
                       self.languages or added.languages, {**self.nouns, **added.nouns},
                       {**self.genders, **added.genders})

    def knows(self, word: str) -> bool:
        return any(form in self.forms for form in spellings(word))

    def cased(self, word: str) -> str | None:
        """The corpus' usual spelling of a word written in any case; None for a word it lacks."""
        return next((self.forms[f] for f in spellings(word) if f in self.forms), None)

    def copied(self, word: str) -> bool:
        return word in self.copied_words

    def count(self, word: str) -> int:
        """How often the corpus' sources hold the word, in any case."""
        return max((self.counts.get(f, 0) for f in spellings(word)), default=0)

    def taught(self, word: str) -> bool:
        """Whether the corpus holds the word often enough (TAUGHT) for a model trained on it to translate it: a word
        it holds a few times ("pharmacy", twice in Multi30K) comes back as junk ("Ahaharma")."""
        return self.count(word) >= TAUGHT

    def to_dict(self) -> dict:
        """Plain lists and strings, for checkpoints (torch.load(weights_only=True)) and exports (JSON)."""
        forms = sorted(self.forms.values())
        d = {"forms": forms, "counts": [self.counts.get(f.lower(), 0) for f in forms],
             "copied": sorted(self.copied_words)}
        if self.reverse is not None:        # only then: a lexicon of one direction is stored as it always was
            d["reverse"] = self.reverse.to_dict()
        if self.languages is not None:
            d["languages"] = self.languages.to_dict()
        if self.nouns:
            d["nouns"] = [[k, v] for k, v in sorted(self.nouns.items())]
        if self.genders:
            d["genders"] = [[k, v] for k, v in sorted(self.genders.items())]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Lexicon":
        return cls({form.lower(): form for form in d["forms"]}, d["copied"],
                   {form.lower(): n for form, n in zip(d["forms"], d["counts"])},
                   cls.from_dict(d["reverse"]) if d.get("reverse") else None,
                   LanguageId.from_dict(d["languages"]) if d.get("languages") else None,
                   dict(map(tuple, d.get("nouns", []))),       # none in a lexicon stored before it learned nouns
                   dict(map(tuple, d.get("genders", []))))

    def __eq__(self, other) -> bool:
        return isinstance(other, Lexicon) and \
            (self.forms, self.copied_words, self.counts, self.reverse, self.languages, self.nouns, self.genders) == \
            (other.forms, other.copied_words, other.counts, other.reverse, other.languages, other.nouns, other.genders)

    def __len__(self) -> int:
        return len(self.forms)
