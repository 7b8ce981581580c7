"""Subword units on top of spaCy tokens: a sentencepiece model (unigram or BPE) learned on the training split.

spaCy stays the first step; each token is then split into pieces, the first of which carries sentencepiece's
word-start mark "▁":  ["Zürich", "￭."] -> ["▁Zür", "ich", "▁￭."].  Nothing is ever unknown: every character of
the training text is a piece, and any other character falls back to its UTF-8 bytes ("<0xF0>" ...).

Settings that keep the round trip exact (`join(split(tokens)) == tokens` for any tokens):
- identity normalization: the default NFKC would rewrite the joiner "￭" and other characters;
- no whitespace clean-up; whitespace inside a token (spaCy's rare gap tokens, "￭␠") is mapped to a private-use
  character first, since sentencepiece reads a space as a token boundary. Limitation: text that itself contains
  characters of Unicode plane 15 (U+F0000 and above, private use) is not restored exactly.
The special pieces take the vocabulary's fixed ids (<pad> 0, <unk> 1, <bos> 2, <eos> 3), so a piece's
sentencepiece id is its vocabulary id.
"""
from __future__ import annotations

import io
from typing import Iterable

from data.vocab import SPECIALS, Vocab

_ESCAPE = 0xF0000      # whitespace character c inside a token <-> chr(_ESCAPE + ord(c))
MODEL_TYPES = ("unigram", "bpe")
WORD_START = "\u2581"    # "▁": sentencepiece's mark on the first piece of a word


def _escape(token: str) -> str:
    return "".join(chr(_ESCAPE + ord(c)) if c.isspace() else c for c in token)


def _unescape(token: str) -> str:
    return "".join(chr(ord(c) - _ESCAPE) if ord(c) >= _ESCAPE and chr(ord(c) - _ESCAPE).isspace() else c
                   for c in token)


def stored_models(src: "Subwords | None", tgt: "Subwords | None") -> dict | None:
    """The sentencepiece models as checkpoints store them: {"src": bytes, "tgt": bytes, or None when shared}; None
    for word units. A model is shared when it is one object or two with the same bytes (a fine-tuned run's units
    come back from its data cache as two copies)."""
    if src is None:
        return None
    shared = tgt is src or tgt.model_proto == src.model_proto
    return {"src": src.model_proto, "tgt": None if shared else tgt.model_proto}


def same_models(a: dict | None, b: dict | None) -> bool:
    """Two stored_models results hold the same models byte for byte, whether a shared model is stored once or
    (checkpoints written before the rule above) as two equal copies."""
    def sides(stored):
        return None if not stored else (stored.get("src"), stored.get("tgt") or stored.get("src"))
    return sides(a) == sides(b)


def models_of(stored: dict | None) -> tuple["Subwords | None", "Subwords | None"]:
    """(source, target) subword models from what stored_models gave (one object when shared)."""
    stored = stored or {}
    src = Subwords(stored["src"]) if stored.get("src") else None
    return src, Subwords(stored["tgt"]) if stored.get("tgt") else src


def tokens_to_line(tokens: list[str]) -> str:
    """Tokens -> the one line sentencepiece reads: escaped tokens between spaces (never a "\n" in it)."""
    return " ".join(_escape(t) for t in tokens)


def line_to_tokens(line: str) -> list[str]:
    return [_unescape(t) for t in line.split(" ")] if line else []


class Subwords:
    """A learned sentencepiece model: split(tokens) -> pieces, join(pieces) -> tokens; `vocab` holds its pieces."""

    def __init__(self, model_proto: bytes):
        import sentencepiece

        self.model_proto = bytes(model_proto)
        self.sp = sentencepiece.SentencePieceProcessor(model_proto=self.model_proto)
        self.vocab = Vocab([self.sp.id_to_piece(i) for i in range(self.sp.get_piece_size())])

    @classmethod
    def learn(cls, token_lists: Iterable[list[str]], vocab_size: int, model_type: str = "unigram",
              symbols: tuple[str, ...] = ()) -> "Subwords":
        """Learn a model from tokenized sentences. vocab_size is a soft limit (small corpora get fewer pieces), and
        at least every character seen plus the specials and the 256 byte pieces; each of `symbols` (placeholders)
        is always one piece of its own."""
        return cls.learn_lines([tokens_to_line(tokens) for tokens in token_lists], vocab_size, model_type, symbols)

    @classmethod
    def learn_lines(cls, lines: list[str], vocab_size: int, model_type: str = "unigram",
                    symbols: tuple[str, ...] = ()) -> "Subwords":
        """learn() from sentences already made lines by tokens_to_line."""
        import sentencepiece

        characters = set()
        for line in lines:
            characters.update(line)
        characters.discard(" ")
        model = io.BytesIO()
        sentencepiece.SentencePieceTrainer.train(
            sentence_iterator=iter(lines),
            vocab_size=max(vocab_size, len(characters | set(symbols)) + len(SPECIALS) + 257),
            model_writer=model, model_type=model_type, hard_vocab_limit=False, user_defined_symbols=list(symbols),
            character_coverage=1.0, byte_fallback=True, split_digits=True,
            normalization_rule_name="identity", remove_extra_whitespaces=False, add_dummy_prefix=True,
            pad_id=0, unk_id=1, bos_id=2, eos_id=3, pad_piece=SPECIALS[0], unk_piece=SPECIALS[1],
            bos_piece=SPECIALS[2], eos_piece=SPECIALS[3], num_threads=1, minloglevel=2)
        return cls(model.getvalue())

    def split(self, tokens: list[str]) -> list[str]:
        return self.split_many([tokens])[0]

    def split_many(self, token_lists: list[list[str]]) -> list[list[str]]:
        lines = [tokens_to_line(tokens) for tokens in token_lists]
        return [pieces if tokens else [] for pieces, tokens in
                zip(self.sp.encode(lines, out_type=str), token_lists)]

    def encode_lines(self, lines: list[str]) -> list[list[int]]:
        """Lines made by tokens_to_line -> the vocabulary ids of their pieces (a piece's id is its vocab id)."""
        return [ids if line else [] for ids, line in zip(self.sp.encode(lines, out_type=int), lines)]

    def join(self, pieces: list[str]) -> list[str]:
        """Pieces -> tokens. Any piece sequence is accepted (a model may start a sentence without "▁")."""
        if not pieces:
            return []
        return [_unescape(token) for token in self.sp.decode_pieces(list(pieces)).split(" ")]

    def __len__(self) -> int:
        return len(self.vocab)
