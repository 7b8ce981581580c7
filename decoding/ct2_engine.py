"""The CTranslate2 engine behind the Translator interface: same text pipeline, same options, same results type.

Text -> spaCy tokens -> subword pieces happen here as in PyTorch; CTranslate2 receives the pieces and returns
pieces, which become ids again, so translate(), search() and score() behave as the PyTorch Translator's do.
"""
from __future__ import annotations

import json
from pathlib import Path

import torch

from config import Config, DecodeConfig, validate
from data.subwords import Subwords
from data.vocab import Vocab
from decoding.export_files import MANIFEST, check_export_files
from decoding.search import Hypothesis
from decoding.translator import Translator
from util.errors import UserError


def is_exported(path: str | Path) -> bool:
    return Path(path).is_dir() and (Path(path) / MANIFEST).is_file() and (Path(path) / "model.bin").is_file()


def _first_line(e: Exception) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


class Ct2Translator(Translator):
    engine = "ctranslate2"

    def __init__(self, directory: str | Path, device="cpu", threads: int = 0):
        try:
            import ctranslate2
        except ImportError:
            raise UserError(f"{directory} is a CTranslate2 model: pip install ctranslate2 to run it") from None
        directory, device = Path(directory), torch.device(device)
        again = "export the checkpoint again with export.py"
        try:
            manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
            cfg = validate(Config.from_dict(manifest["config"]))
            vocabs = Vocab(manifest["src_vocab"]), Vocab(manifest["tgt_vocab"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError, UserError) as e:
            raise UserError(f"{directory / MANIFEST} is damaged ({_first_line(e)}); {again}") from None
        check_export_files(directory, manifest)
        subwords = {}
        for side in ("src", "tgt"):
            if (directory / f"{side}.spm.model").is_file():
                try:
                    subwords[side] = Subwords((directory / f"{side}.spm.model").read_bytes())
                except Exception as e:      # sentencepiece raises RuntimeError, OSError, ... for a damaged file
                    raise UserError(f"{directory / f'{side}.spm.model'} is damaged ({_first_line(e)}); {again}") \
                        from None
        src_subwords = subwords.get("src")
        super().__init__(None, cfg, *vocabs, device, src_subwords, subwords.get("tgt", src_subwords))
        self.quantization = manifest.get("quantization", "")
        try:
            self.ct2 = ctranslate2.Translator(str(directory), device=device.type, inter_threads=1,
                                              intra_threads=threads or torch.get_num_threads())
        except (RuntimeError, ValueError, OSError) as e:
            raise UserError(f"{directory / 'model.bin'} cannot be loaded by CTranslate2 ({_first_line(e)}); {again}") \
                from None
        # never produce what the PyTorch search never produces (<unk> is disable_unk)
        self.suppressed = [[self.tgt_vocab.itos[i]] for i in self.banned if self.tgt_vocab.itos[i] != "<unk>"]

    def _search_batch(self, batch_ids, decode: DecodeConfig, n_best: int) -> list[list[Hypothesis]]:
        pieces = [[self.src_vocab.itos[i] for i in ids] for ids in batch_ids]
        longest = max(len(ids) for ids in batch_ids)
        limit = min(int(longest * decode.max_len_a + decode.max_len_b), self.cfg.model.max_len - 1)
        beam = max(decode.beam, 1)
        results = self.ct2.translate_batch(
            pieces, beam_size=beam, length_penalty=decode.length_penalty, num_hypotheses=min(n_best, beam),
            return_scores=True, max_decoding_length=max(limit, 1), disable_unk=True,
            suppress_sequences=self.suppressed or None)
        return [[Hypothesis([self.tgt_vocab.stoi.get(p, 1) for p in hyp], float(score))
                 for hyp, score in zip(r.hypotheses, r.scores)] for r in results]

    def score_ids(self, src_ids: list[list[int]], tgt_ids: list[list[int]]) -> list[list[float]]:
        """Per-token log-probabilities of each target (its <eos> included) given its source."""
        results = self.ct2.score_batch([[self.src_vocab.itos[i] for i in s] for s in src_ids],
                                       [[self.tgt_vocab.itos[i] for i in t] for t in tgt_ids])
        return [list(r.log_probs) for r in results]

    def attention_map(self, text: str, decode: DecodeConfig | None = None):
        raise UserError("the CTranslate2 engine draws no attention maps; pass the .pt checkpoint instead")

    def describe(self) -> str:
        return f"ctranslate2 ({self.quantization})"
