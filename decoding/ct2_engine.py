"""The CTranslate2 engine: an exported directory's network, run by CTranslate2 behind the Engine interface.

Text, tokens and subwords stay ours (the translator's codec and pipeline); CTranslate2 receives source pieces and
returns target pieces, which become ids again, so search and score give what the PyTorch engine gives.
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import torch

from config import Config, DecodeConfig
from config.checks import check_config
from data.codec import Codec
from data.subwords import Subwords
from data.vocab import EOS, SPECIALS, Vocab
from decoding.export_files import MANIFEST, check_export_files, read_manifest, stale_note
from decoding.ct2_steps import Ct2Steps, on_host
from decoding.search import Hypothesis, max_output_lengths, normalized
from decoding.search_rules import Owed
from decoding.torch_engine import search_ids
from util.errors import UserError


def is_exported(path: str | Path) -> bool:
    return Path(path).is_dir() and (Path(path) / MANIFEST).is_file() and (Path(path) / "model.bin").is_file()


def _first_line(e: Exception) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


class Ct2Engine:
    name = "ctranslate2"
    why_no_attention = "the CTranslate2 engine draws no attention maps; pass the .pt checkpoint instead"

    def __init__(self, ct2_translator, src_vocab: Vocab, tgt_vocab: Vocab, max_len: int, quantization: str = "",
                 not_written: dict[str, list[int]] | None = None):
        """not_written: the manifest's not_written_after (exporting/ct2.py), a model of both directions' bans."""
        self.ct2, self.src_vocab, self.tgt_vocab = ct2_translator, src_vocab, tgt_vocab
        self.max_len, self.quantization = max_len, quantization
        self.not_written = not_written or {}
        self.steps = Ct2Steps(ct2_translator, src_vocab.itos, tgt_vocab.itos)

    def search(self, src_ids: list[list[int]], decode: DecodeConfig, banned: list[int],
               owed: Owed | None = None) -> list[list[Hypothesis]]:
        """As the PyTorch search. A sentence that owes placeholders is decoded by that search itself, step by step over
        CTranslate2's network (decoding/ct2_steps.py), so its rules, the owed placeholders' among them, hold alike in
        both engines. The others take CTranslate2's own search with the same rules written as its options: the same
        banned pieces and every placeholder suppressed, no piece more than decode.max_repeat times in a row
        (suppressed as sequences), no repeated decode.no_repeat_ngram-gram, each sentence's own length cap
        (sentences are decoded in groups of one cap, since CTranslate2 takes one a call)."""
        owing = [n for n in range(len(src_ids)) if owed is not None and owed.tokens[n]]
        results: list = [None] * len(src_ids)
        if owing:
            part = owed._replace(tokens=[owed.tokens[n] for n in owing])
            found = search_ids(self.steps, [src_ids[n] for n in owing], decode, banned, part, self.max_len)
            for n, hyps in zip(owing, found):
                results[n] = hyps
        free = sorted(set(range(len(src_ids))) - set(owing))
        placeholders = owed.vocabulary if owed is not None else []
        for n, hyps in zip(free, self._native([src_ids[n] for n in free], decode, [*banned, *placeholders])):
            results[n] = hyps
        return results

    def _native(self, src_ids: list[list[int]], decode: DecodeConfig, banned: list[int]) -> list[list[Hypothesis]]:
        """CTranslate2's own search under the rules as its options (see `search`), best first."""
        itos = self.tgt_vocab.itos
        suppressed = [[itos[i]] for i in banned if itos[i] != "<unk>"]      # <unk> is disable_unk
        if decode.max_repeat:
            suppressed += [[piece] * (decode.max_repeat + 1) for piece in itos[len(SPECIALS):]]
        limits = max_output_lengths(torch.tensor([len(ids) for ids in src_ids], dtype=torch.long),
                                    decode.max_len_a, decode.max_len_b, self.max_len - 1).tolist()
        beam = max(decode.beam, 1)
        results: list = [None] * len(src_ids)
        for limit in sorted(set(limits)):
            group = [n for n in range(len(src_ids)) if limits[n] == limit]
            found = self.ct2.translate_batch(
                [[self.src_vocab.itos[i] for i in src_ids[n]] for n in group], beam_size=beam,
                length_penalty=decode.length_penalty, num_hypotheses=min(decode.n_best, beam), return_scores=True,
                max_decoding_length=limit, disable_unk=True, suppress_sequences=suppressed or None,
                no_repeat_ngram_size=decode.no_repeat_ngram)
            for n, r in zip(group, found):
                results[n] = [Hypothesis([self.tgt_vocab.stoi.get(p, 1) for p in hyp],
                                         our_score(score, len(hyp), limit, decode.length_penalty))
                              for hyp, score in zip(r.hypotheses, r.scores)]
        return results

    def score(self, src_ids: list[list[int]], tgt_ids: list[list[int]]) -> list[list[float]]:
        if self.not_written:
            return self._score_in_direction(src_ids, tgt_ids)
        results = self.ct2.score_batch([[self.src_vocab.itos[i] for i in s] for s in src_ids],
                                       [[self.tgt_vocab.itos[i] for i in t] for t in tgt_ids])
        return [list(r.log_probs) for r in results]

    def _score_in_direction(self, src_ids: list[list[int]], tgt_ids: list[list[int]]) -> list[list[float]]:
        """Forced scores of a model of both directions over the pieces of each source's direction, as the PyTorch
        engine's: the export's one output bias holds both directions' pieces, so score_batch would normalize over
        both. Each target is decoded as a prefix, its logits at every position kept, the other direction's pieces
        taken out before the softmax."""
        itos = self.tgt_vocab.itos
        found = self.ct2.translate_batch([[self.src_vocab.itos[i] for i in s] for s in src_ids],
                                         [[itos[i] for i in t] for t in tgt_ids], beam_size=1, min_decoding_length=0,
                                         max_decoding_length=max((len(t) for t in tgt_ids), default=0) + 1,
                                         return_logits_vocab=True)
        scores = []
        for src, tgt, result in zip(src_ids, tgt_ids, found):
            logits = torch.from_numpy(np.stack([on_host(result.logits[0][k]) for k in range(len(tgt) + 1)]))
            logits[:, self.not_written_after(src[0] if src else -1)] = float("-inf")                 # (t + 1, V)
            picked = logits.float().log_softmax(-1).gather(1, torch.tensor([*tgt, EOS])[:, None])     # (t + 1, 1)
            scores.append(picked.squeeze(1).tolist())
        return scores

    def attention(self, src_ids: list[int], tokens: list[int]) -> torch.Tensor:
        raise UserError(self.why_no_attention)

    def not_written_after(self, tag: int) -> list[int]:
        return self.not_written.get(str(tag), [])

    def describe(self) -> str:
        return f"ctranslate2 ({self.quantization})"


def our_score(score: float, tokens: int, limit: int, length_penalty: float) -> float:
    """CTranslate2's score of a hypothesis as our search's: log p / length ** length_penalty, the same where it
    ended in <eos>; one cut at the length limit has no <eos> there, where ours has one forced (log-probability 0)
    and counted in its length, so scores and confidences are alike in both engines."""
    if tokens < limit:
        return float(score)
    return normalized(float(score) * tokens ** length_penalty, tokens + 1, length_penalty)


def load_exported(directory: str | Path, device="cpu", threads: int = 0) -> tuple[Config, Codec, Ct2Engine, dict]:
    """An export.py directory: its config, its codec (vocabularies and subword models), the engine, and the
    manifest (einsum_nmt.json: what else the checkpoint held, its lexicon). Where the checkpoint it was exported from
    has changed since, a note on stderr says so (export_files.stale_note); it loads all the same."""
    try:
        import ctranslate2
    except ImportError:
        raise UserError(f"{directory} is a CTranslate2 model: pip install ctranslate2 to run it") from None
    directory, device = Path(directory), torch.device(device)
    again = "export the checkpoint again with export.py"
    manifest = read_manifest(directory)
    try:
        cfg = check_config(Config.from_dict(manifest["config"]), training=False)
        src_vocab, tgt_vocab = Vocab(manifest["src_vocab"]), Vocab(manifest["tgt_vocab"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError, UserError) as e:
        raise UserError(f"{directory / MANIFEST} is damaged ({_first_line(e)}); {again}") from None
    check_export_files(directory, manifest)
    if note := stale_note(directory, manifest):
        print(note, file=sys.stderr)
    subwords = {}
    for side in ("src", "tgt"):
        if (directory / f"{side}.spm.model").is_file():
            try:
                subwords[side] = Subwords((directory / f"{side}.spm.model").read_bytes())
            except Exception as e:      # sentencepiece raises RuntimeError, OSError, ... for a damaged file
                raise UserError(f"{directory / f'{side}.spm.model'} is damaged ({_first_line(e)}); {again}") \
                    from None
    src_subwords = subwords.get("src")
    codec = Codec(cfg, src_vocab, tgt_vocab, src_subwords, subwords.get("tgt", src_subwords))
    try:
        translator = ctranslate2.Translator(str(directory), device=device.type, inter_threads=1,
                                            intra_threads=threads or torch.get_num_threads())
    except (RuntimeError, ValueError, OSError) as e:
        raise UserError(f"{directory / 'model.bin'} cannot be loaded by CTranslate2 ({_first_line(e)}); {again}") \
            from None
    return cfg, codec, Ct2Engine(translator, src_vocab, tgt_vocab, cfg.model.max_len, manifest.get("quantization", ""),
                                 manifest.get("not_written_after")), manifest
