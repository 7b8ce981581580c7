"""A glossary: each listed source term comes out as the user's target term, through a placeholder the model
copies. Terms match as written (case-sensitive), longest first, and not inside a longer word, nor inside a URL, an
e-mail address, a code or a number ("de" never matches in "www.wetter.de", "5" never in "3,5"). Terms and their
targets go through the same clean-up as what a user types (text/normalize.py), so a BOM, a soft hyphen, a no-break
space or a decomposed letter in a glossary file does not keep a term from matching, and no control or private-use
character reaches the translation."""
from __future__ import annotations

import re

from text.copy_through import SPAN as COPIED
from text.normalize import clean
from text.number_forms import NUMBER
from text.placeholders import PlaceholderStep, Span


def term_pattern(terms) -> re.Pattern | None:
    """One regex for all terms, longest first; a term that begins (ends) with a letter or digit must not continue
    a word there, while one that begins (ends) with punctuation, "(x" or "[", matches wherever it stands."""
    if not terms:
        return None
    def bounded(term: str) -> str:
        return ((r"(?<!\w)" if re.match(r"\w", term) else "") + re.escape(term) +
                (r"(?!\w)" if re.search(r"\w$", term) else ""))
    return re.compile("|".join(bounded(t) for t in sorted(terms, key=len, reverse=True)))


def cleaned(terms: dict[str, str]) -> dict[str, str]:
    """Terms and targets as `clean` leaves them; a pair that is left with nothing on a side is dropped."""
    pairs = ((clean(term), clean(target)) for term, target in terms.items())
    return {term: target for term, target in pairs if term and target}


class Glossary(PlaceholderStep):
    def __init__(self, terms: dict[str, str]):
        self.terms = cleaned(terms)
        self.pattern = term_pattern(self.terms)

    def find(self, text: str) -> list[Span]:
        if self.pattern is None:
            return []
        guarded = [m.span() for pattern in (COPIED, NUMBER) for m in pattern.finditer(text)]
        return [Span(m.start(), m.end(), self.terms[m.group()]) for m in self.pattern.finditer(text)
                if not any(m.start() < end and start < m.end() and not m.start() <= start < end <= m.end()
                           for start, end in guarded)]
