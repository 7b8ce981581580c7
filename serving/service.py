"""The translator behind a server: sentences from concurrent requests are decoded together, grouped by their search
settings and glossary. The translator (PyTorch, an ensemble or CTranslate2) is used by one thread at a time. Each
request says the language to write or "auto" (decoding/router.py), so one server of a model of both directions
serves both; sentences of either way share a batch and each goes through its own way's translator. A request's texts
in "html" or "xml" are translated as their text alone, and their tags are put back (decoding/markup.py) when the last
sentence is decoded."""
from __future__ import annotations

import re
import threading
import time
from concurrent.futures import Future

from config import DecodeConfig
from decoding.confidence import LOW, line_confidence
from decoding.markup import attention_of, markup_of, put_back_lines
from decoding.markup_parse import Parsed
from decoding.router import AUTO, Router
from decoding.translations import Sentence, Translation, kth_joined, of_sentences, sentences_of
from decoding.translating import own_language_note
from decoding.translator import AttentionMap
from serving.batching_queue import MicroBatcher
from serving.payloads import TranslateRequest, Work

# sentences × beam one request may have decoded in one call: a large request goes in slices of this much work, so a
# request arriving meanwhile waits for one slice of each request ahead (docs/SERVING.md: the worst case measured)
SLICE_WORK = 16
LINE_BREAK = re.compile(r"(\r\n|\r|\n)")      # kept: a text's lines come back between the same breaks


def lines_of(request: TranslateRequest) -> tuple[list[list[str]], list[Parsed | None], list[str]]:
    """Each text's lines and the breaks between them; each line's markup (None: "text", or a line without any); the
    text of each line that the model reads."""
    texts = [LINE_BREAK.split(text) for text in request.texts]
    lines = [line for parts in texts for line in parts[::2]]
    parsed = [None if request.format == "text" else markup_of(line, request.format) for line in lines]
    return texts, parsed, [line if p is None else p.plain for line, p in zip(lines, parsed)]


def line_names(request: TranslateRequest, texts: list[list[str]]) -> list[str]:
    """How the answer's notes name each line of lines_of: "text" or "texts[1]", "line 2 of texts[1]" in a text of
    several lines."""
    def text(t: int) -> str:
        return "text" if request.single else f"texts[{t}]"
    return [f"line {k + 1} of {text(t)}" if len(parts) > 1 else text(t)
            for t, parts in enumerate(texts) for k in range(len(parts[::2]))]


def logged(name: str) -> str:
    """A line's name (line_names) in the server's own log, where the lines of every request are."""
    return f"a request's {name}"


def cut_short_notes(names: dict[str, str], cuts: list[tuple]) -> list[str]:
    """What translate.py warns of on stderr: a sentence longer than the model reads, only its first tokens translated,
    as the translation found it (cuts: Translation.cut's, AttentionMap.cut's); named by its text (and line, in a text
    of several): names, each line's name in the server's log -> its name in the answer."""
    return [f"{names[line]} has a sentence of {tokens} tokens; the model reads {limit}, so only its first {limit} "
            "were translated: send shorter sentences" for line, tokens, limit in cuts]


def join_lines(texts: list[list[str]], found: list[list[Translation]]) -> list[list[Translation]]:
    """Each text's n-best list from its lines' (texts: each text's lines and the breaks between them): the k-th
    translation of each line joined by the text's own breaks, each text once; its score is the mean of its lines
    with words, its confidence their lowest, its languages the first such line's (each line goes its own way), its
    sentences' Translation.cut and .searched all of its lines'."""
    of_lines, out = iter(found), []
    for parts in texts:
        n_best = [next(of_lines) for _ in parts[::2]]
        if len(n_best) == 1:
            out.append(n_best[0])
            continue
        worded, breaks = [bool(line.strip()) for line in parts[::2]], [*parts[1::2], ""]
        joined = []
        for text, picks in kth_joined(n_best, lambda done: "".join(line + brk for line, brk in zip(done, breaks))):
            best = [pick for pick, words in zip(picks, worded) if words] or picks[:1]
            joined.append(best[0]._replace(text=text, score=sum(b.score for b in best) / len(best),
                                           confidence=line_confidence([b.confidence for b in best]),
                                           **of_sentences(picks)))
        out.append(joined)
    return out


class TranslationService:
    def __init__(self, router: Router, *, checkpoint: str = "", max_wait_ms: float = 5.0, batching: bool = True,
                 max_batch_sentences: int | None = None):
        """router: the model's ways, toward the language a request that names none is written in (or AUTO)."""
        self.router, self.checkpoint = router, checkpoint
        self.translator = router.ways[router.own]      # the model's own way (its direction as trained)
        self.choices = (AUTO, *self.router.ways)        # what a request's "to" may be
        self.defaults = self.translator.cfg.decode
        self._lock = threading.Lock()             # the batcher's worker and /attention take turns
        self.batcher = MicroBatcher(self._decode_group, max_wait=max_wait_ms / 1000, batching=batching,
                                    max_items=max_batch_sentences or self.translator.cfg.decode.batch_sentences,
                                    slice_items=lambda work: SLICE_WORK // work.decode.beam)
        self.started = time.monotonic()

    def submit(self, request: TranslateRequest) -> Future:
        """A future of one n-best list of Translation per text, in the request's order (may raise QueueFull). The
        texts are queued as their sentences, so work is sliced and shared out by sentences, not by texts. A text of
        several lines is translated line by line, as translate.py translates a file, and keeps its line breaks."""
        glossary = dict(request.work.glossary)
        router = self.router.toward(request.to) if request.to else self.router
        texts, parsed, plain = lines_of(request)
        names = [logged(name) for name in line_names(request, texts)]     # for the server's own log
        lines_split = router.split(plain, glossary=glossary, names=names)
        return self.batcher.submit(request.work, sentences_of(lines_split), lambda translated: join_lines(
            texts, self._put_markup(router, request.work, parsed, router.join(lines_split, translated))))

    def notes(self, request: TranslateRequest, results: list[list[Translation]]) -> list[str]:
        """What translate.py notes on stderr of the same lines, for the answer (results: submit's): the lines a fixed
        "to" sends into the language they are written in already (html and xml lines: read from their text, not their
        tags), and the sentences longer than the model reads."""
        router = self.router.toward(request.to) if request.to else self.router
        texts, _, plain = lines_of(request)
        own = router.sent_into_their_own(plain)
        def named(to: str) -> str:        # the request's "to", or the server's default (serve.py --to)
            return f'"to": "{to}"' if request.to or to == AUTO else f"serve.py --to {to}"
        own_notes = [own_language_note(own, router, setting=named)] if own else []
        names = {logged(name): name for name in line_names(request, texts)}
        return own_notes + cut_short_notes(names, [cut for n_best in results for cut in n_best[0].cut])

    def _put_markup(self, router: Router, work: Work, parsed: list[Parsed | None],
                    found: list[list[Translation]]) -> list[list[Translation]]:
        """Each text's tags put back into its translation (a text without markup: as it is), by the cross-attention
        of its way with the request's glossary; the request asked for one translation a text (serving/payloads.py's
        parse_format)."""
        if not any(parsed):
            return found
        searched = {p.plain: n_best[0].searched for p, n_best in zip(parsed, found) if p is not None}
        attend = attention_of(router, work.decode, dict(work.glossary), searched)
        with self._lock:            # the attention is decoded by the model the batcher's worker also uses
            lines = put_back_lines(parsed, [n_best[0].text for n_best in found], attend)
        return [n_best if p is None else [n_best[0]._replace(text=line)]
                for p, n_best, line in zip(parsed, found, lines)]

    def translate(self, request: TranslateRequest) -> list[list[Translation]]:
        return self.submit(request).result()

    def _decode_group(self, work: Work, sentences: list[Sentence]) -> list[list[Translation]]:
        """One search call a way for sentences (of any requests) that share their settings and glossary."""
        with self._lock:
            return self.router.translate_sentences(sentences, work.decode)

    def glossary_languages(self, texts: list[str], to: str | None = None) -> tuple[str, str]:
        """The names of the languages of a request's glossary terms, (source, target): those of the way its texts go
        (into `to`, None: the server's default), "German or English" where its texts go both ways."""
        router = self.router.toward(to) if to else self.router
        pairs = router.term_languages([line for text in texts for line in LINE_BREAK.split(text)[::2]])
        return " or ".join(source for source, _ in pairs), " or ".join(target for _, target in pairs)

    def attention(self, text: str, decode: DecodeConfig, to: str | None = None) -> tuple[list[AttentionMap], list[str]]:
        """Per sentence of `text`, line by line as submit translates it: where each output token of its translation
        (into `to`, None: the server's default) looked in its source, weights as lists (JSON); and the notes of the
        sentences longer than the model reads, as notes gives them for /translate."""
        lines = LINE_BREAK.split(text)[::2]
        names = {f"an /attention request's line {k + 1}" if len(lines) > 1 else "an /attention request's text":
                 f"line {k + 1} of text" if len(lines) > 1 else "text" for k in range(len(lines))}   # log: answer
        router = self.router.toward(to) if to else self.router
        with self._lock:
            found = [m for line, name in zip(lines, names) if line.strip()
                     for m in router.attention_maps(line, decode, name)]
        notes = cut_short_notes(names, [cut for m in found for cut in m.cut])
        return [m._replace(weights=[[round(w, 4) for w in row] for row in m.weights.tolist()]) for m in found], notes

    def health(self) -> dict:
        cfg, stats, codec = self.router.cfg, self.batcher.stats, self.router.codec
        return {"status": "ok", "engine": self.translator.engine.name,
                "model": {"checkpoint": self.checkpoint, "preset": cfg.preset, "d_model": cfg.model.d_model,
                          "layers": [cfg.model.n_encoder_layers, cfg.model.n_decoder_layers],
                          "attention": cfg.model.attention},
                "languages": {"source": cfg.data.src_lang, "target": cfg.data.tgt_lang},   # the default way's
                "to": {"choices": list(self.choices), "default": self.router.to},         # a request's "to"
                "src_vocab": len(codec.src_vocab), "tgt_vocab": len(codec.tgt_vocab),
                "uptime_s": round(time.monotonic() - self.started, 1),
                "decode": {"beam": self.defaults.beam, "length_penalty": self.defaults.length_penalty},
                "attention": self.translator.engine.why_no_attention is None,   # whether POST /attention answers
                "low_confidence": LOW,          # the page flags translations whose confidence is below it
                "batching": {"enabled": self.batcher.batching, "max_wait_ms": self.batcher.max_wait * 1000,
                             "requests": stats.requests, "batches": stats.calls, "cancelled": stats.cancelled}}

    def close(self) -> None:
        self.batcher.close()
