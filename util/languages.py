"""Languages: their names in messages, and the ones spaCy has a tokenizer for, found without importing spaCy (an
import takes seconds, and a run on a cached corpus is otherwise ready in well under one)."""
from __future__ import annotations

import importlib.metadata
import importlib.util
from functools import lru_cache
from pathlib import Path

NAMES = {"de": "German", "en": "English", "fr": "French", "cs": "Czech"}     # Multi30K's languages


def language_name(code: str) -> str:
    """The English name of a language code for messages ("de" -> "German"); the code itself where none is known."""
    return NAMES.get(code, code)


def spacy_lang_dir(lang: str) -> Path | None:
    """spaCy's package of `lang` (spacy/lang/<lang>/), None where spaCy has none or is not installed."""
    spacy = importlib.util.find_spec("spacy")
    path = Path(spacy.submodule_search_locations[0], "lang", lang) if spacy else None
    return path if path is not None and (path / "__init__.py").is_file() else None


@lru_cache(maxsize=None)
def spacy_languages() -> frozenset[str]:
    """The codes spacy.blank takes: its own language packages and those a plugin adds; empty without spaCy."""
    spacy = importlib.util.find_spec("spacy")
    if spacy is None:
        return frozenset()
    own = {p.parent.name for p in Path(spacy.submodule_search_locations[0], "lang").glob("*/__init__.py")}
    return frozenset(own | {e.name for e in importlib.metadata.entry_points(group="spacy_languages")})
