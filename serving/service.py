"""A translation engine behind a server: sentences from concurrent requests are decoded together, grouped by their
decoding options. The engine is a Translator (PyTorch, an ensemble or CTranslate2); only one thread uses it at a time."""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from dataclasses import replace

from config import DecodeConfig
from decoding.translator import AttentionMap, Translation
from serving.batching_queue import MicroBatcher
from serving.payloads import DecodeOptions, TranslateRequest
from util.errors import UserError

# sentences × beam one request may have decoded in one call: a large request goes in slices of this much work, so a
# request arriving meanwhile waits for one slice (README, Serve: the worst case measured)
SLICE_WORK = 16


class TranslationService:
    def __init__(self, engine, *, checkpoint: str = "", max_wait_ms: float = 5.0,
                 batching: bool = True, max_batch_sentences: int | None = None):
        self.engine, self.checkpoint = engine, checkpoint
        self.engine_name = getattr(engine, "engine", "pytorch")       # "ctranslate2" for an exported directory
        self.defaults = DecodeOptions(engine.cfg.decode.beam, engine.cfg.decode.length_penalty, 1)
        self._engine_lock = threading.Lock()      # the batcher's worker and /attention take turns
        self.batcher = MicroBatcher(self._decode_group, max_wait=max_wait_ms / 1000, batching=batching,
                                    max_items=max_batch_sentences or engine.cfg.decode.batch_sentences,
                                    slice_items=lambda options: SLICE_WORK // options.beam)
        self.started = time.monotonic()
        self.draws_attention = self._draws_attention()

    def _draws_attention(self) -> bool:
        """Whether the engine draws attention maps (CTranslate2 and ensembles do not), asked of the engine itself with
        a short sentence, so /health can tell the page whether to offer the heatmap."""
        try:
            self.engine.attention_map("Ein Hund.", self.engine.cfg.decode)
        except UserError:
            return False
        return True

    def decode_config(self, options: DecodeOptions) -> DecodeConfig:
        return replace(self.engine.cfg.decode, beam=options.beam, length_penalty=options.length_penalty)

    def submit(self, request: TranslateRequest) -> Future:
        """A future of one n-best list of Translation per text, in the request's order (may raise QueueFull)."""
        return self.batcher.submit(request.options, request.texts)

    def translate(self, request: TranslateRequest) -> list[list[Translation]]:
        return self.submit(request).result()

    def _decode_group(self, options: DecodeOptions, texts: list[str]) -> list[list[Translation]]:
        """One search call for texts that share their options (glossary included)."""
        with self._engine_lock:
            return self.engine.translate_n_best(texts, self.decode_config(options), options.n_best,
                                                glossary=dict(options.glossary))

    def attention(self, text: str, options: DecodeOptions) -> AttentionMap:
        """Where each output token of the translation of `text` looked in the source; weights as lists (JSON)."""
        if not text.strip():
            return AttentionMap([], [], [])
        with self._engine_lock:
            found = self.engine.attention_map(text, self.decode_config(options))
        return found._replace(weights=[[round(w, 4) for w in row] for row in found.weights.tolist()])

    def health(self) -> dict:
        cfg, stats = self.engine.cfg, self.batcher.stats
        return {"status": "ok", "engine": self.engine_name,
                "model": {"checkpoint": self.checkpoint, "preset": cfg.preset, "d_model": cfg.model.d_model,
                          "layers": [cfg.model.n_encoder_layers, cfg.model.n_decoder_layers],
                          "attention": cfg.model.attention},
                "src_vocab": len(self.engine.src_vocab), "tgt_vocab": len(self.engine.tgt_vocab),
                "uptime_s": round(time.monotonic() - self.started, 1),
                "decode": {"beam": self.defaults.beam, "length_penalty": self.defaults.length_penalty},
                "attention": self.draws_attention,       # whether POST /attention can answer
                "batching": {"enabled": self.batcher.batching, "max_wait_ms": self.batcher.max_wait * 1000,
                             "requests": stats.requests, "batches": stats.calls, "cancelled": stats.cancelled}}

    def close(self) -> None:
        self.batcher.close()
