"""A glossary: each listed source term comes out as the user's target term, through a placeholder the model
copies. Terms match as written (case-sensitive), longest first, and not inside a longer word, nor inside a URL, an
e-mail address, a code, a number with its unit or a run with a digit ("de" never matches in "www.wetter.de", "5"
never in "3,5", "Euro" never in "12 Euro": the number wins, so none is lost; a term that holds all of a number's
digits wins over it, "50%" in "50% Rabatt"). Terms and their targets go through the same clean-up as what a user
types (text/forms/cleaning.py), so a BOM, a soft hyphen, a no-break space or a decomposed letter in a glossary file
does not keep a term from matching, and no control or private-use character reaches the translation. A line in
capitals or in lowercase finds its terms in any case (text/steps/case.py writes them as the glossary does).

    terms = Terms({"Kölner Dom": "Cologne Cathedral"})       # compiled once, given to a pipeline per request
    Glossary(terms).apply("Vor dem Kölner Dom.")              # -> ("Vor dem \ue000.", ("Cologne Cathedral",))
"""
from __future__ import annotations

import functools
import re
from typing import Callable

from text.finders.copy_through import CopyThrough
from text.finders.finder import PlaceholderStep
from text.finders.digit_runs import DigitRuns
from text.finders.numbers import Numbers
from text.forms.cleaning import clean
from text.forms.everyday_nouns import gender, table
from text.forms.lexicon import WORD, Lexicon
from text.forms.masking import EnglishNoun, Gendered, Span

# an English everyday noun before an object pronoun is a verb ("Email me tomorrow.", "Text us"): the model's
VERB_USE = re.compile(r"\s+(?:me|us|him|her|them)\b", re.IGNORECASE)
LEAD = re.compile(r"(?:(?<!\w)(\w+) )?(?<!\w)(\w+) $")     # the two words before a term ("in the")


def term_pattern(terms, flags: int = 0) -> re.Pattern | None:
    """One regex for all terms, a trie of their characters (one alternation of a thousand terms is tried term by
    term at every position of a line: milliseconds a sentence): along the one path a text takes, a longer term is
    tried before a shorter, so the longest wins; a term that begins (ends) with a letter or digit must not continue
    a word there, while one that begins (ends) with punctuation, "(x" or "[", matches wherever it stands."""
    if not terms:
        return None
    root: dict = {}
    for term in terms:
        node = root
        for ch in term.lower() if flags & re.IGNORECASE else term:
            node = node.setdefault(ch, {})
        node[""] = {}                                  # a term ends here

    def branch(node: dict, last: str) -> str:
        longer = [re.escape(ch) + branch(child, ch) for ch, child in node.items() if ch]
        ends = [r"(?!\w)" if re.match(r"\w", last) else ""] if "" in node else []
        alternatives = longer + ends
        return alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"

    return re.compile("|".join((r"(?<!\w)" if re.match(r"\w", ch) else "") + re.escape(ch) + branch(child, ch)
                               for ch, child in root.items()), flags)


def cleaned(terms: dict[str, str]) -> dict[str, str]:
    """Terms and targets as `clean` leaves them; a pair that is left with nothing on a side is dropped."""
    pairs = ((clean(term), clean(target)) for term, target in terms.items())
    return {term: target for term, target in pairs if term and target}


class Terms:
    """A user's glossary, cleaned and compiled once: a request's, given to a built pipeline (Pipeline.apply)."""

    def __init__(self, terms: dict[str, str] | None = None):
        self.targets = cleaned(terms or {})
        self.as_written: dict[str, str] = {}
        for term in sorted(self.targets):             # "Essen" before "essen": one of two terms alike but for case
            self.as_written.setdefault(term.lower(), term)
        # each term's first word, lowercase: a line with none of them holds no term (None: a term opens with a mark)
        opening = [re.match(r"\w+", term) for term in self.targets]
        self.first_words = {m.group().lower() for m in opening} if all(opening) else None

    @functools.cached_property
    def pattern(self) -> re.Pattern | None:
        """The terms as written, compiled at the first line that may hold one (a thousand terms: tens of ms)."""
        return term_pattern(self.targets)

    @functools.cached_property
    def any_case(self) -> re.Pattern | None:
        """The terms in any case, compiled at the first line in capitals or lowercase that may hold one."""
        return term_pattern(self.targets, re.IGNORECASE)

    def may_hold(self, text: str) -> bool:
        """Whether a term may stand in text: one of the terms' first words is a word of it, in any case."""
        return bool(self.targets) and (self.first_words is None or
                                       any(w.lower() in self.first_words for w in re.findall(r"\w+", text)))

    def in_any_case(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, the term as the glossary writes it) of each term in text, in whatever case it is typed."""
        if not self.may_hold(text):
            return []
        return [(m.start(), m.end(), self.as_written[m.group().lower()]) for m in self.any_case.finditer(text)
                if m.group().lower() in self.as_written]


def whole_spans(source: str = "de", target: str = "en") -> list[PlaceholderStep]:
    """The steps whose spans a term may hold but never cut into: what is copied through, runs with a digit,
    numbers with their units."""
    numbers = Numbers(source, target)
    return [CopyThrough(), DigitRuns(numbers), numbers]


class Glossary(PlaceholderStep):
    def __init__(self, terms: Terms | dict[str, str] | None = None, guards: list[PlaceholderStep] | None = None,
                 gender: Callable[[str, str], str] | None = None):
        """gender: (source term, target) -> the target's German gender, "" where not known (into German only:
        text/steps/possessives.py's term_gender); its fills are `Gendered` then, so the model's article agrees."""
        self.terms = terms if isinstance(terms, Terms) else Terms(terms)
        self.guards = whole_spans() if guards is None else guards
        self.gender = gender

    def given(self, terms: Terms) -> "Glossary":
        return Glossary(terms, self.guards, self.gender)

    def filled(self, term: str) -> str:
        """What a term's placeholder becomes: its target, `Gendered` where its gender is known."""
        target = self.terms.targets[term]
        gender = self.gender(term, target) if self.gender is not None else ""
        return Gendered(target, gender) if gender else target

    def find(self, text: str) -> list[Span]:
        found = list(self.terms.pattern.finditer(text)) if self.terms.may_hold(text) else []
        if not found:
            return []
        guarded = [(s.start, s.end, isinstance(guard, CopyThrough)) for guard in self.guards for s in guard.find(text)]
        return [Span(m.start(), m.end(), self.filled(m.group())) for m in found
                if not any(cuts(text, m.start(), m.end(), start, end, whole) for start, end, whole in guarded)]


class EverydayNouns(Glossary):
    """The built-in glossary of everyday nouns captions never hold (text/forms/everyday_nouns.py: "Akku" ->
    "battery", "receipt" -> "Quittung", whose gender the article before it then takes), only its terms with a word
    the model's corpus does not teach (text/forms/lexicon.py's Lexicon.taught: "pharmacy", twice in Multi30K): a
    word the corpus holds often stays the model's, so a line the corpus could hold is left as it is. A request's
    glossary does not replace it (a term of its own wins where both match)."""

    def __init__(self, lexicon: Lexicon, source: str = "de", target: str = "en",
                 guards: list[PlaceholderStep] | None = None):
        unknown = {term: to for term, to in table(source, target).items()
                   if not all(lexicon.taught(word) for word in WORD.findall(term))}
        super().__init__(Terms(unknown), guards, (lambda term, _: gender(term)) if target == "de" else None)
        self.source, self.target = source, target

    def given(self, terms: Terms) -> "EverydayNouns":
        return self

    def find(self, text: str) -> list[Span]:
        """The glossary's spans but an English noun used as a verb, before an object pronoun ("Email me tomorrow."),
        each fill with the source's two words right before it (`lead`: "in the"), for the article the model may
        leave out (text/steps/possessives.py)."""
        spans = super().find(text)
        if self.source == "en":
            spans = [s for s in spans if not VERB_USE.match(text, s.end)]
        return [Span(s.start, s.end, self.led(s.fill, text[:s.start])) for s in spans]

    def filled(self, term: str) -> str:
        """The glossary's fill; into English one whose "a" or "an" before it agrees ("a appointment": a model's)."""
        return EnglishNoun(self.terms.targets[term]) if self.target == "en" else super().filled(term)

    @staticmethod
    def led(fill: str, before: str) -> str:
        """The fill with the two words that end `before` (lowercase), where it is one that reads them."""
        found = LEAD.search(before)
        lead = tuple(w.lower() for w in found.groups("")) if found else ()
        if isinstance(fill, EnglishNoun):
            return EnglishNoun(fill, lead)
        return Gendered(fill, fill.gender, lead) if isinstance(fill, Gendered) else fill


def cuts(text: str, start: int, end: int, span_start: int, span_end: int, whole: bool) -> bool:
    """Whether a term at text[start:end] cuts into a guarded span so that some of it would be lost: one copied
    through (whole) always, a number's where a digit is left outside the term ("Euro" in "12 Euro"); a term that
    holds the number itself wins ("50%" in "50% Rabatt": the rest is the model's)."""
    if not (start < span_end and span_start < end) or start <= span_start < span_end <= end:
        return False
    return whole or any(c.isdigit() for c in text[span_start:start] + text[end:span_end])
