"""Text in, text out: tokenize, numericalize, batch by length, search, detokenize — in input order."""
from __future__ import annotations

import sys
from typing import NamedTuple

import torch

from config import Config, DecodeConfig
from data.batching import collate
from data.tokenizer import Tokenizer
from data.vocab import BOS, EOS, Vocab
from models.masks import padding_mask
from models.transformer import Transformer
from translation.checkpoints import load_model
from translation.search import Hypothesis, beam_search, greedy_search, max_output_lengths


class AttentionMap(NamedTuple):
    source: list[str]     # source tokens (columns)
    output: list[str]     # output tokens, <eos> last (rows)
    weights: torch.Tensor  # (i, j) cross-attention of the last decoder layer, averaged over heads


class Translator:
    def __init__(self, model: Transformer, cfg: Config, src_vocab: Vocab, tgt_vocab: Vocab, device):
        self.model, self.cfg, self.device = model.to(device).eval(), cfg, torch.device(device)
        self.src_vocab, self.tgt_vocab = src_vocab, tgt_vocab
        self._tokenizers: dict[str, Tokenizer] = {}

    @classmethod
    def from_checkpoint(cls, path, device="cpu") -> "Translator":
        """Any checkpoint train.py writes: last.pt with its training state, or the weights-only best.pt and others."""
        model, ckpt = load_model(path)
        return cls(model, ckpt.cfg, ckpt.src_vocab, ckpt.tgt_vocab, device)

    def tokenizer(self, side: str) -> Tokenizer:
        lang = self.cfg.data.src_lang if side == "src" else self.cfg.data.tgt_lang
        if lang not in self._tokenizers:
            self._tokenizers[lang] = Tokenizer(lang, lowercase=self.cfg.data.lowercase)
        return self._tokenizers[lang]

    def encode_texts(self, texts: list[str], line_numbers: list[int] | None = None) -> list[list[int]]:
        """Source ids, truncated to the model's maximum length with a warning on stderr that names the input line
        (line_numbers[n] for texts[n]; default 1, 2, ...)."""
        limit = self.cfg.model.max_len - 2
        ids = [self.src_vocab.encode(tokens) for tokens in self.tokenizer("src").tokenize_many(texts)]
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
                                                   length_penalty=decode.length_penalty)]
        return beam_search(self.model, src, src_mask, max_lens, BOS, EOS, beam=decode.beam,
                           length_penalty=decode.length_penalty, n_best=n_best)

    def ids_to_text(self, ids: list[int]) -> str:
        return self.tokenizer("tgt").detokenize(self.tgt_vocab.decode(ids))

    def translate(self, texts: list[str], decode: DecodeConfig | None = None, first_line: int = 1) -> list[str]:
        """One translation per input text; empty or whitespace-only inputs give empty outputs. texts[0] is input
        line `first_line` (for warnings)."""
        real = [n for n, t in enumerate(texts) if t.strip()]
        n_best = self.search(self.encode_texts([texts[n] for n in real], [first_line + n for n in real]), decode)
        out = [""] * len(texts)
        for n, hyps in zip(real, n_best):
            out[n] = self.ids_to_text(hyps[0].tokens)
        return out

    @torch.no_grad()
    def attention_map(self, text: str, decode: DecodeConfig | None = None) -> AttentionMap:
        """Translate one text and return where each output token looked in the source."""
        src_ids = self.encode_texts([text])
        tokens = self.search(src_ids, decode)[0][0].tokens
        src, src_mask = self.source_batch(src_ids)
        tgt_in = torch.tensor([[BOS] + tokens], device=self.device)
        weights = self.model.cross_attention(tgt_in, self.model.encode(src, src_mask), src_mask)   # (1, i, j)
        return AttentionMap([self.src_vocab.itos[t] for t in src_ids[0]],
                            [self.tgt_vocab.itos[t] for t in tokens + [EOS]], weights[0].float().cpu())
