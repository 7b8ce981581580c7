"""The PyTorch engine: our own greedy and beam search over a model (a Transformer, or an Ensemble of them)."""
from __future__ import annotations

import torch
from torch import nn

from config import DecodeConfig
from data.batching import collate
from data.vocab import BOS, EOS
from decoding.search import Hypothesis, beam_search, greedy_search, max_output_lengths
from decoding.search_rules import Owed
from models.masks import padding_mask


def source_batch(src_ids: list[list[int]], device) -> tuple[torch.Tensor, torch.Tensor]:
    """Source id lists -> padded src (b, j) on the device and its src_mask (b, 1, 1, j)."""
    src = collate([(ids, []) for ids in src_ids]).src.to(device)
    return src, padding_mask(src)


def search_ids(model, src_ids: list[list[int]], decode: DecodeConfig, banned: list[int], owed: Owed | None,
               max_len: int, device="cpu") -> list[list[Hypothesis]]:
    """Our greedy (decode.beam 1) or beam search over a model with `encode`, `decoder_logits` and `new_cache` (a
    Transformer, an Ensemble, CTranslate2's network through decoding/ct2_steps.py), each sentence's length capped by
    max_output_lengths (max_len: the model's longest sequence, <bos> and <eos> included)."""
    src, src_mask = source_batch(src_ids, device)
    max_lens = max_output_lengths(src_mask.sum((1, 2, 3)), decode.max_len_a, decode.max_len_b, max_len - 1)
    rules = dict(length_penalty=decode.length_penalty, banned=banned, max_repeat=decode.max_repeat,
                 no_repeat_ngram=decode.no_repeat_ngram, owed=owed)
    if decode.beam <= 1:
        return [[hyp] for hyp in greedy_search(model, src, src_mask, max_lens, BOS, EOS, **rules)]
    return beam_search(model, src, src_mask, max_lens, BOS, EOS, beam=decode.beam, n_best=decode.n_best, **rules)


class TorchEngine:
    name = "pytorch"

    def __init__(self, model: nn.Module, max_len: int, device="cpu"):
        """max_len: the model's longest sequence (model.max_len), <bos> and <eos> included."""
        self.device = torch.device(device)
        self.model = model.to(self.device).eval()
        self.max_len = max_len
        self.why_no_attention = None if hasattr(model, "cross_attention") else \
            "attention maps come from a single checkpoint, not an ensemble; pass one .pt file"

    def source_batch(self, src_ids: list[list[int]]):
        return source_batch(src_ids, self.device)

    def search(self, src_ids: list[list[int]], decode: DecodeConfig, banned: list[int],
               owed: Owed | None = None) -> list[list[Hypothesis]]:
        return search_ids(self.model, src_ids, decode, banned, owed, self.max_len, self.device)

    @torch.no_grad()
    def score(self, src_ids: list[list[int]], tgt_ids: list[list[int]]) -> list[list[float]]:
        batch = collate(list(zip(src_ids, tgt_ids))).to(self.device)
        log_probs = self.model(batch.src, batch.tgt_in).float().log_softmax(-1)             # (b, i, V)
        picked = log_probs.gather(-1, batch.tgt_out[..., None]).squeeze(-1)               # (b, i)
        return [row[:len(t) + 1].tolist() for row, t in zip(picked, tgt_ids)]

    @torch.no_grad()
    def attention(self, src_ids: list[int], tokens: list[int]) -> torch.Tensor:
        src, src_mask = self.source_batch([src_ids])
        tgt_in = torch.tensor([[BOS] + tokens], device=self.device)
        weights = self.model.cross_attention(tgt_in, self.model.encode(src, src_mask), src_mask)   # (1, i, j)
        return weights[0].float().cpu()

    def not_written_after(self, tag: int) -> list[int]:
        return self.model.not_written_after(tag)

    def describe(self) -> str:
        return f"pytorch ({self.model.num_parameters():,} parameters)"
