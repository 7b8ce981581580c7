"""The CTranslate2 engine: an exported directory's network, run by CTranslate2 behind the Engine interface.

Text, tokens and subwords stay ours (the translator's codec and pipeline); CTranslate2 receives source pieces and
returns target pieces, which become ids again, so search and score give what the PyTorch engine gives.
"""
from __future__ import annotations

import json
from pathlib import Path

import torch

from config import Config, DecodeConfig, check_config
from data.codec import Codec
from data.subwords import Subwords
from data.vocab import SPECIALS, Vocab
from decoding.export_files import MANIFEST, check_export_files
from decoding.search import Hypothesis, Owed, max_output_lengths, normalized
from util.errors import UserError


def is_exported(path: str | Path) -> bool:
    return Path(path).is_dir() and (Path(path) / MANIFEST).is_file() and (Path(path) / "model.bin").is_file()


def _first_line(e: Exception) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


class Ct2Engine:
    name = "ctranslate2"
    why_no_attention = "the CTranslate2 engine draws no attention maps; pass the .pt checkpoint instead"

    def __init__(self, ct2_translator, src_vocab: Vocab, tgt_vocab: Vocab, max_len: int, quantization: str = ""):
        self.ct2, self.src_vocab, self.tgt_vocab = ct2_translator, src_vocab, tgt_vocab
        self.max_len, self.quantization = max_len, quantization

    def search(self, src_ids: list[list[int]], decode: DecodeConfig, banned: list[int],
               owed: Owed | None = None) -> list[list[Hypothesis]]:
        """As the PyTorch search: the same banned pieces, no piece more than decode.max_repeat times in a row
        (suppressed as sequences), no repeated decode.no_repeat_ngram-gram, each sentence's own length cap
        (sentences are decoded in groups of one cap and one set of owed placeholders, since CTranslate2 takes one a
        call), placeholders the source lacks suppressed, and those it has exactly once: a hypothesis that breaks
        that rule is decoded again from where it broke it (`_repaired`), so greedy gives our search's tokens."""
        itos = self.tgt_vocab.itos
        suppressed = [[itos[i]] for i in banned if itos[i] != "<unk>"]      # <unk> is disable_unk
        if decode.max_repeat:
            suppressed += [[piece] * (decode.max_repeat + 1) for piece in itos[len(SPECIALS):]]
        owed_of = [tuple(sorted(owed.tokens[n], key=owed.vocabulary.index)) if owed else ()
                   for n in range(len(src_ids))]
        limits = max_output_lengths(torch.tensor([len(ids) for ids in src_ids]), decode.max_len_a, decode.max_len_b,
                                    self.max_len - 1).tolist()
        limits = [max(cap, len(o)) for cap, o in zip(limits, owed_of)]
        beam = max(decode.beam, 1)
        sources = [[self.src_vocab.itos[i] for i in ids] for ids in src_ids]
        results: list = [None] * len(src_ids)
        for limit, must in sorted(set(zip(limits, owed_of))):
            group = [n for n in range(len(src_ids)) if (limits[n], owed_of[n]) == (limit, must)]
            lacking = [[itos[i]] for i in (owed.vocabulary if owed else []) if i not in must]
            found = self.ct2.translate_batch(
                [sources[n] for n in group], beam_size=beam, length_penalty=decode.length_penalty,
                num_hypotheses=min(decode.n_best, beam), return_scores=True, max_decoding_length=limit,
                disable_unk=True, suppress_sequences=suppressed + lacking or None,
                no_repeat_ngram_size=decode.no_repeat_ngram)
            for n, r in zip(group, found):
                results[n] = [Hypothesis([self.tgt_vocab.stoi.get(p, 1) for p in hyp],
                                         our_score(score, len(hyp), limit, decode.length_penalty))
                              for hyp, score in zip(r.hypotheses, r.scores)]
            if must:
                again = dict(beam_size=beam, length_penalty=decode.length_penalty,
                             max_decoding_length=limit, disable_unk=True, no_repeat_ngram_size=decode.no_repeat_ngram)
                for n in group:
                    results[n] = [self._repaired(sources[n], h, must, limit, suppressed + lacking, again)
                                  for h in results[n]]
        return self._rescored(src_ids, results, decode.length_penalty)

    def _rescored(self, src_ids: list[list[int]], results: list[list[Hypothesis]], length_penalty: float):
        """Repaired hypotheses (score None: CTranslate2 leaves a target_prefix out of the score) scored by forced
        decoding, as our search scores a hypothesis; each n-best list best first."""
        todo = [(n, k) for n, hyps in enumerate(results) for k, h in enumerate(hyps) if h.score is None]
        if todo:
            found = self.score([src_ids[n] for n, _ in todo], [results[n][k].tokens for n, k in todo])
            for (n, k), log_probs in zip(todo, found):
                results[n][k] = results[n][k]._replace(score=normalized(sum(log_probs), len(log_probs),
                                                                        length_penalty))
        return [sorted(hyps, key=lambda h: -h.score) for hyps in results]

    def _repaired(self, source: list[str], hyp: Hypothesis, must: tuple, limit: int, suppressed: list,
                  options: dict) -> Hypothesis:
        """The hypothesis with each owed token exactly once, as our search makes it: where it first breaks the
        rule it is decoded again with what came before as target_prefix: a copy suppressed, an <eos> too early
        put off (min_decoding_length), and with only room for what is owed left, the owed tokens in order. Its
        score is None once repaired (see `_rescored`)."""
        itos, stoi = self.tgt_vocab.itos, self.tgt_vocab.stoi
        for _ in range(limit + 1):
            broken = first_broken(hyp.tokens, must, limit)
            if broken is None:
                return hyp
            at, kind = broken
            done = set(hyp.tokens[:at])
            if kind == "room":
                return Hypothesis(hyp.tokens[:at] + [t for t in must if t not in done], None)
            prefix = [itos[t] for t in hyp.tokens[:at]]
            written = [[itos[t]] for t in must if t in done or (kind == "copy" and t == hyp.tokens[at])]
            r = self.ct2.translate_batch([source], target_prefix=[prefix], suppress_sequences=suppressed + written,
                                         min_decoding_length=at + 1 if kind == "eos" else 1, **options)[0]
            hyp = Hypothesis([stoi.get(p, 1) for p in r.hypotheses[0]], None)
        return hyp

    def score(self, src_ids: list[list[int]], tgt_ids: list[list[int]]) -> list[list[float]]:
        results = self.ct2.score_batch([[self.src_vocab.itos[i] for i in s] for s in src_ids],
                                       [[self.tgt_vocab.itos[i] for i in t] for t in tgt_ids])
        return [list(r.log_probs) for r in results]

    def attention(self, src_ids: list[int], tokens: list[int]) -> torch.Tensor:
        raise UserError(self.why_no_attention)

    def describe(self) -> str:
        return f"ctranslate2 ({self.quantization})"


def our_score(score: float, tokens: int, limit: int, length_penalty: float) -> float:
    """CTranslate2's score of a hypothesis as our search's: log p / length ** length_penalty, the same where it
    ended in <eos>; one cut at the length limit has no <eos> there, where ours has one forced (log-probability 0)
    and counted in its length, so scores and confidences are alike in both engines."""
    if tokens < limit:
        return float(score)
    return normalized(float(score) * tokens ** length_penalty, tokens + 1, length_penalty)


def first_broken(tokens: list[int], must: tuple, limit: int) -> tuple[int, str] | None:
    """Where an output first breaks the owed-tokens rule of decoding/search.py's Rules, and how: "room" (only
    room for the owed tokens is left but the token is not the first of them), "copy" (an owed token written
    again), "eos" (ended while some are owed); None where it keeps the rule."""
    left = list(must)
    for at, token in enumerate(tokens):
        if left and len(left) >= limit - at and token != left[0]:
            return at, "room"
        if token in must and token not in left:
            return at, "copy"
        if token in left:
            left.remove(token)
    return (len(tokens), "eos" if len(tokens) < limit - len(left) else "room") if left else None


def load_exported(directory: str | Path, device="cpu", threads: int = 0) -> tuple[Config, Codec, Ct2Engine, dict]:
    """An export.py directory: its config, its codec (vocabularies and subword models), the engine, and the
    manifest (einsum_nmt.json: what else the checkpoint held, its lexicon)."""
    try:
        import ctranslate2
    except ImportError:
        raise UserError(f"{directory} is a CTranslate2 model: pip install ctranslate2 to run it") from None
    directory, device = Path(directory), torch.device(device)
    again = "export the checkpoint again with export.py"
    try:
        manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
        cfg = check_config(Config.from_dict(manifest["config"]))
        src_vocab, tgt_vocab = Vocab(manifest["src_vocab"]), Vocab(manifest["tgt_vocab"])
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
    codec = Codec(cfg, src_vocab, tgt_vocab, src_subwords, subwords.get("tgt", src_subwords))
    try:
        translator = ctranslate2.Translator(str(directory), device=device.type, inter_threads=1,
                                            intra_threads=threads or torch.get_num_threads())
    except (RuntimeError, ValueError, OSError) as e:
        raise UserError(f"{directory / 'model.bin'} cannot be loaded by CTranslate2 ({_first_line(e)}); {again}") \
            from None
    return cfg, codec, Ct2Engine(translator, src_vocab, tgt_vocab, cfg.model.max_len,
                                 manifest.get("quantization", "")), manifest
