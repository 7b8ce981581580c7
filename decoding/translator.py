"""Text in, text out: the text pipeline's steps, the codec (tokens, subwords, ids), batches by length, an engine's
search, and back — in input order.

    translator = load_translator("runs/x/best.pt")      # decoding/load.py: a .pt, a,b.pt or an exported directory
    translator.translate(["Ein Mann fährt um 14:30 Uhr Fahrrad."])   -> ["A man rides a bike at 14:30."]

The translator holds a pipeline (text/pipeline.py), a codec (data/codec.py) and an engine (decoding/engine.py) and
knows none of their insides.
"""
from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

import torch

from config import Config, DecodeConfig
from data.codec import Codec
from data.vocab import EOS
from decoding.engine import Engine
from decoding.search import NEVER_GENERATED, Hypothesis
from decoding.torch_engine import TorchEngine
from text.lexicon import Lexicon
from text.pipeline import Pipeline
from util.errors import UserError

CONTROL_BYTES = {f"<0x{b:02X}>" for b in [*range(0x20), 0x7F]}


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


def never_generated(pieces: list[str], pipeline: Pipeline) -> list[int]:
    """<pad>, <unk>, <bos>, the byte pieces of control characters (a line break in a translation would break the
    one-line-per-input promise, and no reference holds control characters), and what the pipeline's steps ban
    (every piece with a digit, where numbers travel as placeholders)."""
    control = {i for i, piece in enumerate(pieces) if piece in CONTROL_BYTES}
    return [*NEVER_GENERATED, *sorted((control | pipeline.banned_pieces(pieces)) - set(NEVER_GENERATED))]


class Translator:
    def __init__(self, cfg: Config, codec: Codec, engine: Engine, lexicon: Lexicon | None = None):
        """lexicon: the checkpoint's (text/lexicon.py); None for one trained before it existed."""
        self.cfg, self.codec, self.engine, self.lexicon = cfg, codec, engine, lexicon
        self.use_glossary({})
        self.banned = never_generated(codec.tgt_vocab.itos, self.pipeline)

    @classmethod
    def of_model(cls, model, cfg: Config, codec: Codec, device="cpu", lexicon: Lexicon | None = None) -> "Translator":
        """A translator of a PyTorch model in memory (the training loop's, a test's)."""
        return cls(cfg, codec, TorchEngine(model, cfg.model.max_len, device), lexicon)

    def use_glossary(self, glossary: dict[str, str]) -> None:
        """Source terms that always come out as the given target terms (needs a model trained with placeholders)."""
        self.glossary = dict(glossary)
        self.pipeline = self.pipeline_for(self.glossary)

    def pipeline_for(self, glossary: dict[str, str]) -> Pipeline:
        return Pipeline.from_config(self.cfg.data, glossary, self.lexicon)

    def describe(self) -> str:
        return self.engine.describe()

    def search(self, src_ids: list[list[int]], decode: DecodeConfig | None = None) -> list[list[Hypothesis]]:
        """The n-best list of each source id sequence, in input order; batched by length for dense batches."""
        decode = decode or self.cfg.decode
        results: list = [None] * len(src_ids)
        order = sorted(range(len(src_ids)), key=lambda n: len(src_ids[n]))
        for start in range(0, len(order), decode.batch_sentences):
            chunk = order[start:start + decode.batch_sentences]
            for n, hyps in zip(chunk, self.engine.search([src_ids[n] for n in chunk], decode, self.banned)):
                results[n] = hyps
        return results

    def translate_n_best(self, texts: list[str], decode: DecodeConfig | None = None, first_line: int = 1,
                         glossary: dict[str, str] | None = None) -> list[list[Translation]]:
        """The decode.n_best best translations of each text, best first; an empty or whitespace-only text gives one
        empty translation. texts[0] is input line `first_line` (for warnings). Hypotheses that keep everything
        their source had at stake (placeholders) come before those that lost some."""
        decode = decode or self.cfg.decode
        pipeline = self.pipeline if not glossary else self.pipeline_for({**self.glossary, **glossary})
        real = [n for n, t in enumerate(texts) if t.strip()]
        applied = [pipeline.apply(texts[n]) for n in real]
        sentences = [(n, k) for n, a in zip(real, applied) for k in range(len(a.sentences))]
        states = [a.states[k] for a in applied for k in range(len(a.sentences))]
        at_stake = any(pipeline.at_stake(s) for s in states)
        wanted = replace(decode, n_best=max(decode.n_best, decode.beam) if at_stake else decode.n_best)
        src_ids = self.codec.ids([a.sentences[k] for a in applied for k in range(len(a.sentences))],
                                 line_numbers=[first_line + n for n, _ in sentences])
        found = self.search(src_ids, wanted)
        per_line: dict[int, list[list[Translation]]] = {n: [] for n in real}
        for (n, _), state, hyps in zip(sentences, states, found):
            back = [pipeline.reverse_sentence(self.codec.text(h.tokens), state) for h in hyps]
            ranked = sorted(range(len(hyps)), key=lambda k: back[k].lost)[:decode.n_best]
            per_line[n].append([Translation(back[k].text, hyps[k].score) for k in ranked])
        out = [[Translation("", 0.0)] for _ in texts]
        for n, a in zip(real, applied):
            out[n] = join_sentences(pipeline, per_line[n], a.line_states)
        return out

    def translate(self, texts: list[str], decode: DecodeConfig | None = None, first_line: int = 1,
                  glossary: dict[str, str] | None = None) -> list[str]:
        """One translation per input text; empty or whitespace-only inputs give empty outputs."""
        decode = replace(decode or self.cfg.decode, n_best=1)
        return [n_best[0].text for n_best in self.translate_n_best(texts, decode, first_line, glossary)]

    def attention_maps(self, text: str, decode: DecodeConfig | None = None) -> list[AttentionMap]:
        """Translate one text sentence by sentence, as translate() does, and return where each output token of each
        sentence looked in its source; placeholders are shown as the words they stand for (the source's as
        written, the output's as filled in), not as the private-use characters the model reads."""
        if self.engine.why_no_attention:
            raise UserError(self.engine.why_no_attention)
        applied = self.pipeline.apply(text)
        src_ids = self.codec.ids(applied.sentences)
        found = self.search(src_ids, replace(decode or self.cfg.decode, n_best=1))
        maps = []
        for ids, hyps, states, originals in zip(src_ids, found, applied.states, applied.originals):
            tokens = hyps[0].tokens
            maps.append(AttentionMap(self.pipeline.shown([self.codec.src_vocab.itos[t] for t in ids], originals),
                                     self.pipeline.shown([self.codec.tgt_vocab.itos[t] for t in tokens + [EOS]],
                                                         self.pipeline.fills(states)),
                                     self.engine.attention(ids, tokens)))
        return maps

    def attention_map(self, text: str, decode: DecodeConfig | None = None) -> AttentionMap:
        """The first sentence's attention_maps (translate.py --plot-attention draws one sentence)."""
        maps = self.attention_maps(text, decode)
        return maps[0] if maps else AttentionMap([], [], torch.zeros(0, 0))

    def score(self, sources: list[str], targets: list[str]) -> list[ForcedScore]:
        """How likely the model finds each given translation of its source (both sides through the pipeline's
        training steps, e.g. numbers on both sides scored as the placeholders the model reads and writes). A pair
        with an empty (or blank) side is not scored: ForcedScore(0.0, 0.0, 0), in every engine, as an empty input
        translates to an empty line."""
        real = [n for n, (s, t) in enumerate(zip(sources, targets)) if s.strip() and t.strip()]
        pairs = [self.pipeline.apply_pair(sources[n], targets[n]) for n in real]
        src_ids = self.codec.ids([s for s, _ in pairs])
        tgt_ids = self.codec.ids([t for _, t in pairs], side="tgt")
        size = self.cfg.decode.batch_sentences
        per_token = [lp for start in range(0, len(pairs), size)
                     for lp in self.engine.score(src_ids[start:start + size], tgt_ids[start:start + size])]
        out = [ForcedScore(0.0, 0.0, 0)] * len(sources)
        for n, lp in zip(real, per_token):
            out[n] = ForcedScore(sum(lp), sum(lp) / len(lp), len(lp) - 1)
        return out


def join_sentences(pipeline: Pipeline, n_best: list[list[Translation]], line_states: tuple) -> list[Translation]:
    """A line's n-best list from its sentences' n-best lists: the k-th line is the k-th translation of each sentence
    joined; its score is their mean."""
    depth = min(len(hyps) for hyps in n_best) if n_best else 1
    out = []
    for k in range(depth):
        parts = [hyps[k] for hyps in n_best]
        text = pipeline.reverse_line([p.text for p in parts], line_states)
        out.append(Translation(text, sum(p.score for p in parts) / len(parts) if parts else 0.0))
    return out
