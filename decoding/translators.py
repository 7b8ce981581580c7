"""A model's translators by the language each writes, for the router (decoding/router.py): the model's own, and a
model of both directions' other one, built at its first use.
"""
from __future__ import annotations

import threading
from collections.abc import Mapping

from decoding.translator import Translator


class Translators(Mapping):
    """The model's translators by the language each writes: its own, and a model of both directions' other one
    (Translator.toward), turned at its first use: a run whose lines all go one way never builds the other's pipeline
    (a tenth of a second of translate.py's start)."""

    def __init__(self, translator: Translator):
        data = translator.cfg.data
        self.translator, self.building = translator, threading.Lock()     # a server's threads: the other way once
        self.langs = [data.tgt_lang, data.src_lang] if data.directions == "both" else [data.tgt_lang]

    def __getitem__(self, lang: str) -> Translator:
        if lang not in self.langs:
            raise KeyError(lang)
        if lang == self.langs[0]:
            return self.translator                 # the one given (a server's test wraps it to count its calls)
        with self.building:
            return self.translator.toward(lang)    # the other way, built once

    def __contains__(self, lang) -> bool:
        return lang in self.langs

    def __iter__(self):
        return iter(self.langs)

    def __len__(self) -> int:
        return len(self.langs)
