"""A glossary: each listed source term comes out as the user's target term, through a placeholder the model
copies. Terms match as written (case-sensitive), longest first, and not inside a longer word."""
from __future__ import annotations

import re

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


class Glossary(PlaceholderStep):
    def __init__(self, terms: dict[str, str]):
        self.terms = dict(terms)
        self.pattern = term_pattern(self.terms)

    def find(self, text: str) -> list[Span]:
        if self.pattern is None:
            return []
        return [Span(m.start(), m.end(), self.terms[m.group()]) for m in self.pattern.finditer(text)]
