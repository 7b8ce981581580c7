"""Text in, text out: placeholders in, tokenize, numericalize, batch by length, search, detokenize, placeholders
out — in input order."""
from __future__ import annotations

import re
import sys
from typing import NamedTuple

import torch

from config import Config, DecodeConfig
from data.augment import with_number_placeholders
from data.batching import collate
from data.placeholders import Masked, glossary_pattern, mask, missing, restore
from data.subwords import Subwords
from data.tokenizer import Tokenizer
from data.vocab import BOS, EOS, Vocab
from models.masks import padding_mask
from models.transformer import Transformer
from models.checkpoint import load_model
from decoding.search import NEVER_GENERATED, Hypothesis, beam_search, greedy_search, max_output_lengths
from util.errors import UserError


def never_generated(vocab: Vocab, placeholders: bool = False) -> list[int]:
    """<pad>, <unk>, <bos>, and byte pieces of control characters: a line break in a translation would break the
    one-line-per-input promise, and no reference contains control characters. With placeholders also every piece
    with a digit in it: numbers come only from the source's placeholders, so none is ever invented."""
    control = {f"<0x{b:02X}>" for b in [*range(0x20), 0x7F]}
    digits = {f"<0x{b:02X}>" for b in range(0x30, 0x3A)}
    is_byte = re.compile(r"<0x[0-9A-F]{2}>").fullmatch
    banned = [i for i, piece in enumerate(vocab.itos) if piece in control or (placeholders and (
              piece in digits or (not is_byte(piece) and any(c.isdigit() for c in piece))))]
    return [*NEVER_GENERATED, *banned]


def stored_subwords(models: dict | None) -> tuple[Subwords | None, Subwords | None]:
    """(source, target) subword models from a checkpoint's {"src": bytes, "tgt": bytes or None (shared)}."""
    models = models or {}
    src = Subwords(models["src"]) if models.get("src") else None
    return src, Subwords(models["tgt"]) if models.get("tgt") else src


class AttentionMap(NamedTuple):
    source: list[str]     # source tokens (columns)
    output: list[str]     # output tokens, <eos> last (rows)
    weights: torch.Tensor  # (i, j) cross-attention of the last decoder layer, averaged over heads (lists in JSON)


class Translation(NamedTuple):
    text: str
    score: float          # the search's score of the hypothesis it came from (Hypothesis.score)


class ForcedScore(NamedTuple):
    log_prob: float       # sum of the target's token log-probabilities, <eos> included
    normalized: float     # log_prob / (tokens + 1), per token
    tokens: int           # target units, without <eos>


class Translator:
    """Text -> spaCy tokens -> subword pieces (when the model uses them) -> ids -> search -> ids -> ... -> text."""

    engine = "pytorch"

    def __init__(self, model: Transformer | None, cfg: Config, src_vocab: Vocab, tgt_vocab: Vocab, device,
                 src_subwords: Subwords | None = None, tgt_subwords: Subwords | None = None):
        self.model = None if model is None else model.to(device).eval()
        self.cfg, self.device = cfg, torch.device(device)
        self.src_vocab, self.tgt_vocab = src_vocab, tgt_vocab
        self.src_subwords, self.tgt_subwords = src_subwords, tgt_subwords
        self.banned = never_generated(tgt_vocab, cfg.data.placeholders)
        self._tokenizers: dict[str, Tokenizer] = {}
        self.glossary: dict[str, str] = {}

    def use_glossary(self, glossary: dict[str, str]) -> None:
        """Source terms that always come out as the given target terms (needs a model trained with placeholders)."""
        if glossary and not self.cfg.data.placeholders:
            raise UserError("this model was trained without placeholders (--data.placeholders=false, or before "
                            "they existed), so it cannot apply a glossary; train a new one")
        self.glossary = dict(glossary)

    @classmethod
    def from_checkpoint(cls, path, device="cpu") -> "Translator":
        """Any checkpoint train.py writes: last.pt with its training state, or the weights-only best.pt and others."""
        model, ckpt = load_model(path)
        return cls(model, ckpt.cfg, ckpt.src_vocab, ckpt.tgt_vocab, device, *stored_subwords(ckpt.raw.get("subwords")))

    def subword_models(self) -> dict | None:
        """The sentencepiece models as checkpoints store them ("tgt" None when shared); None for word units."""
        if self.src_subwords is None:
            return None
        shared = self.tgt_subwords is self.src_subwords
        return {"src": self.src_subwords.model_proto, "tgt": None if shared else self.tgt_subwords.model_proto}

    def tokenizer(self, side: str) -> Tokenizer:
        lang = self.cfg.data.src_lang if side == "src" else self.cfg.data.tgt_lang
        if lang not in self._tokenizers:
            self._tokenizers[lang] = Tokenizer(lang, lowercase=self.cfg.data.lowercase)
        return self._tokenizers[lang]

    def describe(self) -> str:
        return f"pytorch ({self.model.num_parameters():,} parameters)"

    def encode_texts(self, texts: list[str], line_numbers: list[int] | None = None,
                     side: str = "src") -> list[list[int]]:
        """Ids of the source (or target) texts, truncated to the model's maximum length with a warning on stderr
        that names the input line (line_numbers[n] for texts[n]; default 1, 2, ...)."""
        limit = self.cfg.model.max_len - 2
        units = self.tokenizer(side).tokenize_many(texts)
        subwords, vocab = (self.src_subwords, self.src_vocab) if side == "src" else (self.tgt_subwords, self.tgt_vocab)
        if subwords is not None:
            units = subwords.split_many(units)
        ids = [vocab.encode(u) for u in units]
        for n, seq in enumerate(ids):
            if len(seq) > limit:
                line = line_numbers[n] if line_numbers else n + 1
                print(f"warning: input line {line} has {len(seq)} tokens; translating its first {limit}",
                      file=sys.stderr)
                ids[n] = seq[:limit]
        return ids

    def search(self, src_ids: list[list[int]], decode: DecodeConfig | None = None,
               n_best: int = 1) -> list[list[Hypothesis]]:
        """The n-best list of each source id sequence, in input order; batched by length for dense batches."""
        decode = decode or self.cfg.decode
        results: list = [None] * len(src_ids)
        order = sorted(range(len(src_ids)), key=lambda n: len(src_ids[n]))
        for start in range(0, len(order), decode.batch_sentences):
            chunk = order[start:start + decode.batch_sentences]
            hyps = self._search_batch([src_ids[n] for n in chunk], decode, n_best)
            for n, h in zip(chunk, hyps):
                results[n] = h
        return results

    def source_batch(self, batch_ids: list[list[int]]):
        """Source id lists -> padded src (b, j) on the device and its src_mask (b, 1, 1, j)."""
        src = collate([(ids, []) for ids in batch_ids]).src.to(self.device)
        return src, padding_mask(src)

    def _search_batch(self, batch_ids, decode: DecodeConfig, n_best: int):
        src, src_mask = self.source_batch(batch_ids)
        limit = self.cfg.model.max_len - 1
        max_lens = max_output_lengths(src_mask.sum((1, 2, 3)), decode.max_len_a, decode.max_len_b, limit)
        if decode.beam <= 1:
            return [[hyp] for hyp in greedy_search(self.model, src, src_mask, max_lens, BOS, EOS,
                                                   length_penalty=decode.length_penalty, banned=self.banned)]
        return beam_search(self.model, src, src_mask, max_lens, BOS, EOS, beam=decode.beam,
                           length_penalty=decode.length_penalty, n_best=n_best, banned=self.banned)

    def ids_to_text(self, ids: list[int]) -> str:
        units = self.tgt_vocab.decode(ids)
        if self.tgt_subwords is not None:
            units = self.tgt_subwords.join(units)
        # a word vocabulary may hold gap tokens with line breaks: an output line stays one line
        return self.tokenizer("tgt").detokenize(units).replace("\r", " ").replace("\n", " ")

    def masked(self, texts: list[str], glossary: dict[str, str] | None = None) -> list[Masked]:
        """The texts with numbers and glossary terms as placeholders, when the model was trained with them."""
        if not self.cfg.data.placeholders:
            return [Masked(t, ()) for t in texts]
        glossary = self.glossary if glossary is None else {**self.glossary, **glossary}
        pattern = glossary_pattern(glossary)
        return [mask(t, glossary, pattern) for t in texts]

    def translate_n_best(self, texts: list[str], decode: DecodeConfig | None = None, n_best: int = 1,
                         first_line: int = 1, glossary: dict[str, str] | None = None) -> list[list[Translation]]:
        """The n best translations of each text, best first; an empty or whitespace-only text gives one empty
        translation. texts[0] is input line `first_line` (for warnings). Hypotheses that keep all of their
        source's placeholders come before those that lost one."""
        decode = decode or self.cfg.decode
        real = [n for n, t in enumerate(texts) if t.strip()]
        masked = self.masked([texts[n] for n in real], glossary)
        wanted = max(n_best, decode.beam) if any(m.fills for m in masked) else n_best
        found = self.search(self.encode_texts([m.text for m in masked], [first_line + n for n in real]), decode,
                            n_best=wanted)
        out = [[Translation("", 0.0)] for _ in texts]
        for n, source, hyps in zip(real, masked, found):
            texts_out = [self.ids_to_text(h.tokens) for h in hyps]
            ranked = sorted(range(len(hyps)), key=lambda k: missing(texts_out[k], source.fills))[:n_best]
            out[n] = [Translation(restore(texts_out[k], source.fills), hyps[k].score) for k in ranked]
        return out

    def translate(self, texts: list[str], decode: DecodeConfig | None = None, first_line: int = 1,
                  glossary: dict[str, str] | None = None) -> list[str]:
        """One translation per input text; empty or whitespace-only inputs give empty outputs."""
        return [n_best[0].text for n_best in self.translate_n_best(texts, decode, 1, first_line, glossary)]

    @torch.no_grad()
    def attention_map(self, text: str, decode: DecodeConfig | None = None) -> AttentionMap:
        """Translate one text and return where each output token looked in the source."""
        if not hasattr(self.model, "cross_attention"):
            raise UserError("attention maps come from a single checkpoint, not an ensemble or exported model")
        src_ids = self.encode_texts([self.masked([text])[0].text])
        tokens = self.search(src_ids, decode)[0][0].tokens
        src, src_mask = self.source_batch(src_ids)
        tgt_in = torch.tensor([[BOS] + tokens], device=self.device)
        weights = self.model.cross_attention(tgt_in, self.model.encode(src, src_mask), src_mask)   # (1, i, j)
        return AttentionMap([self.src_vocab.itos[t] for t in src_ids[0]],
                            [self.tgt_vocab.itos[t] for t in tokens + [EOS]], weights[0].float().cpu())

    @torch.no_grad()
    def score_ids(self, src_ids: list[list[int]], tgt_ids: list[list[int]]) -> list[list[float]]:
        """Per-token log-probabilities of each target (its <eos> included) given its source: forced decoding."""
        out = []
        for start in range(0, len(src_ids), self.cfg.decode.batch_sentences):
            batch = collate(list(zip(src_ids[start:start + self.cfg.decode.batch_sentences],
                                     tgt_ids[start:start + self.cfg.decode.batch_sentences]))).to(self.device)
            log_probs = self.model(batch.src, batch.tgt_in).float().log_softmax(-1)             # (b, i, V)
            picked = log_probs.gather(-1, batch.tgt_out[..., None]).squeeze(-1)               # (b, i)
            out += [row[:len(t) + 1].tolist() for row, t in zip(picked, tgt_ids[start:])]
        return out

    def score(self, sources: list[str], targets: list[str]) -> list[ForcedScore]:
        """How likely the model finds each given translation of its source (numbers found on both sides scored as
        the placeholders the model reads and writes). A pair with an empty (or blank) side is not scored:
        ForcedScore(0.0, 0.0, 0), in every engine, as an empty input translates to an empty line."""
        real = [n for n, (s, t) in enumerate(zip(sources, targets)) if s.strip() and t.strip()]
        pairs = [(sources[n], targets[n]) for n in real]
        if self.cfg.data.placeholders:
            pairs = [with_number_placeholders(s, t) for s, t in pairs]
        per_token = self.score_ids(self.encode_texts([s for s, _ in pairs]),
                                   self.encode_texts([t for _, t in pairs], side="tgt")) if pairs else []
        out = [ForcedScore(0.0, 0.0, 0)] * len(sources)
        for n, lp in zip(real, per_token):
            out[n] = ForcedScore(sum(lp), sum(lp) / len(lp), len(lp) - 1)
        return out
