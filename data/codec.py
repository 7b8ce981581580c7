"""Text <-> ids, as a model of one checkpoint reads and writes them: spaCy tokens, subword pieces (when the model
uses them), vocabulary ids; and back.

    codec = Codec.from_checkpoint(cfg, src_vocab, tgt_vocab, stored_subwords)
    codec.ids(["Ein Hund rennt."])        -> [[417, 52, 1893, 7]]
    codec.text([9, 36, 211, 7])            -> "A dog runs."
"""
from __future__ import annotations

import re
import sys

from config import Config
from data.subwords import Subwords, models_of
from data.tags import source_prefix
from data.tokenizer import JOINER, Tokenizer
from data.vocab import Vocab
from text.forms.masking import PLACEHOLDER

# a token that opens with a mark that ends a clause, alone or after a placeholder, with letters or digits after it
# (".ing" from the pieces "▁￭." "ing"; "\ue000..ing" from "▁" "\ue000" "." "." "ing"): text hardly ever tokenizes
# so (spaCy keeps "dog.ing" one token and cuts "Müller..ing" into "Müller" "..", "ing"; one such token, ".a", in all of
# Multi30K's training text), so what follows the marks is a model's slip, a word's inside with no word; `Codec.text`
# keeps the marks and drops the rest ("Ms. Müller.ing" -> "Ms. Müller."; "z.B." and "'s" stay as they are)
GLUED_TO_MARK = re.compile(f"^({JOINER}?{PLACEHOLDER.pattern}?[.,;:!?…]+)[^\\W_].*", re.DOTALL)


class Codec:
    def __init__(self, cfg: Config, src_vocab: Vocab, tgt_vocab: Vocab, src_subwords: Subwords | None = None,
                 tgt_subwords: Subwords | None = None):
        self.cfg = cfg
        self.src_vocab, self.tgt_vocab = src_vocab, tgt_vocab
        self.src_subwords, self.tgt_subwords = src_subwords, tgt_subwords
        self._tokenizers: dict[str, Tokenizer] = {}
        # a model of both directions reads a tag naming the language to write before each source (data/tags.py)
        self.prefix = source_prefix(src_vocab, cfg.data)

    @classmethod
    def from_checkpoint(cls, cfg: Config, src_vocab: Vocab, tgt_vocab: Vocab, models: dict | None) -> "Codec":
        """models: the checkpoint's subword models (data/subwords.stored_models), None for words."""
        return cls(cfg, src_vocab, tgt_vocab, *models_of(models))

    def tokenizer(self, side: str) -> Tokenizer:
        lang = self.cfg.data.src_lang if side == "src" else self.cfg.data.tgt_lang
        if lang not in self._tokenizers:
            self._tokenizers[lang] = Tokenizer(lang, lowercase=self.cfg.data.lowercase)
        return self._tokenizers[lang]

    def limit(self, side: str = "src") -> int:
        """The most tokens of one side's sequence, with <bos> and <eos> (and a source's tag) in the position table."""
        return self.cfg.model.max_len - 2 - (len(self.prefix) if side == "src" else 0)

    def ids(self, texts: list[str], side: str = "src", line_numbers: list[int | str] | None = None,
            warn: bool = True) -> list[list[int]]:
        """Ids of the source (or target) texts, truncated to the model's maximum length with a warning on stderr
        that names the input line (line_numbers[n] for texts[n], its number or its name; default 1, 2, ...; none
        where not warn: texts warned of already). A source opens with the direction's tag where the model has both
        directions."""
        return self.fit(self.whole_ids(texts, side), side, line_numbers, warn)

    def fit(self, whole: list[list[int]], side: str = "src", line_numbers: list[int | str] | None = None,
            warn: bool = True) -> list[list[int]]:
        """ids of whole_ids' `whole`: each cut to the model's length, with the warning ids gives, and tagged."""
        prefix = self.prefix if side == "src" else []
        limit = self.limit(side)
        ids = list(whole)
        for n, seq in enumerate(ids):
            if len(seq) > limit and warn:
                line = line_numbers[n] if line_numbers else n + 1
                where = line if isinstance(line, str) else f"input line {line}"
                print(f"warning: {where} has {len(seq)} tokens; translating its first {limit}", file=sys.stderr)
            ids[n] = seq[:limit]
        return [prefix + seq for seq in ids] if prefix else ids

    def whole_ids(self, texts: list[str], side: str = "src") -> list[list[int]]:
        """Ids of the texts as they are, none cut to the model's length (limit) and without the direction's tag."""
        units = self.tokenizer(side).tokenize_many(texts, remember=False)   # a translator's input never ends
        subwords, vocab = (self.src_subwords, self.src_vocab) if side == "src" else (self.tgt_subwords, self.tgt_vocab)
        if subwords is not None:
            units = subwords.split_many(units)
        return [vocab.encode(u) for u in units]

    def text(self, ids: list[int]) -> str:
        """Target ids -> text, always one line."""
        units = self.tgt_vocab.tokens_of(ids)
        if self.tgt_subwords is not None:
            units = [GLUED_TO_MARK.sub(r"\1", unit) for unit in self.tgt_subwords.join(units)]
        # a word vocabulary may hold gap tokens with line breaks: an output line stays one line
        return self.tokenizer("tgt").detokenize(units).replace("\r", " ").replace("\n", " ")
