"""What a request of long texts costs the others, in process (the server's TranslationService, no HTTP):

- wait: a large request (--texts texts of --chars characters of short sentences, beam --beam) is submitted; after
  --delay s a one-sentence request arrives; its latency is how long it waited behind the large one;
- cancel: the large request alone, its future cancelled after --delay s (its client went away); the CPU-seconds the
  process spent from submitting it until the worker is idle again, and how many sentences were decoded;
- alone: the large request alone, to its end (what slicing costs a request nobody waits behind).

    python -m bench.serve_slices --checkpoint runs/<run>/best.pt      # texts of 60 short sentences (SHORT)
    python -m bench.serve_slices --checkpoint ... --code ../main       # the same on another checkout's code

With --code, this file runs again in a new process whose Python path finds that checkout's code first.
"""
from __future__ import annotations

import gzip
import importlib.util
import inspect
import json
import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

from cli import CommandParser, run_main, whole_number

REPO = Path(__file__).resolve().parents[1]


SHORT = ["Ein Hund rennt.", "Zwei Kinder spielen.", "Ein Mann liest.", "Eine Frau singt.", "Ein Junge lacht.",
         "Die Katze schläft.", "Ein Zug fährt.", "Es regnet heute."]      # about 16 characters: 60 to a text


def short_sentences(data_dir: str | None, limit: int) -> list[str]:
    """German val sentences of at most `limit` characters that end a sentence, or SHORT without --data-dir."""
    path = Path(data_dir or "") / "val.de.gz"
    lines = gzip.open(path, "rt", encoding="utf-8").read().splitlines() if data_dir and path.is_file() else []
    found = [line.strip() for line in lines if 0 < len(line.strip()) <= limit and line.strip()[-1] in ".!?"]
    return found or SHORT


def texts_of(sentences: list[str], count: int, chars: int) -> list[str]:
    """`count` texts of whole sentences, each up to `chars` characters, taken in turn from `sentences`."""
    texts, k = [], 0
    for _ in range(count):
        text = ""
        while len(text) + 1 + len(sentences[k % len(sentences)]) <= chars:
            text, k = (text + " " + sentences[k % len(sentences)]).strip(), k + 1
        texts.append(text)
    return texts


def service_of(translator, **options):
    """The checkout's TranslationService of the translator: now it takes the model's Router; a checkout before that
    takes the translator and wraps it itself."""
    from serving.service import TranslationService
    if "router" not in inspect.signature(TranslationService).parameters:
        return TranslationService(translator, **options)
    from decoding.router import Router
    return TranslationService(Router(translator), **options)


def idle(service) -> None:
    """Wait until the batcher has nothing queued and its worker holds no call."""
    while True:
        with service.batcher._wake:
            queued = len(service.batcher._pending)
        if not queued and service._lock.acquire(timeout=0.01):
            service._lock.release()
            return
        time.sleep(0.01)


def main(argv=None) -> None:
    parser = CommandParser(prog="-m bench.serve_slices", description=__doc__)
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--code", default=str(REPO), help="the checkout whose serving code is measured")
    parser.add_argument("--texts", type=whole_number(1), default=4)
    parser.add_argument("--chars", type=whole_number(1), default=1000)
    parser.add_argument("--data-dir", default=None, help="build the texts from Multi30K's val sentences instead")
    parser.add_argument("--sentence-chars", type=whole_number(1), default=40, help="longest val sentence to build texts from")
    parser.add_argument("--beam", type=whole_number(1), default=16)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--threads", type=whole_number(1), default=1)
    parser.add_argument("--skip-alone", action="store_true")
    args = parser.parse_args(argv)
    code = Path(args.code).resolve()
    spec = importlib.util.find_spec("decoding")
    if spec is None or Path(spec.origin).resolve().parents[1] != code:
        if not (code / "decoding").is_dir() or os.environ.get("SERVE_SLICES_CODE") == str(code):
            sys.exit(f"error: no decoding/ to import in {code}; --code takes a checkout of this project")
        path = os.pathsep.join(filter(None, [str(code), os.environ.get("PYTHONPATH")]))
        sys.exit(subprocess.run([sys.executable, "-P", __file__, *sys.argv[1:]],
                                env={**os.environ, "PYTHONPATH": path, "SERVE_SLICES_CODE": str(code)}).returncode)
    import torch

    from decoding.load import load_translator
    from serving.payloads import TranslateRequest, Work

    torch.set_num_threads(args.threads)
    translator = load_translator(args.checkpoint)
    decode = replace(translator.cfg.decode, beam=args.beam)
    texts = texts_of(short_sentences(args.data_dir, args.sentence_chars), args.texts, args.chars)
    sentences = sum(len(translator.pipeline.apply(t).sentences) for t in texts)
    service = service_of(translator, max_wait_ms=5)
    service.translate(TranslateRequest(["Ein Hund."], True, Work(decode)))          # load spaCy, warm up
    large = TranslateRequest(texts, False, Work(decode))
    short = TranslateRequest(["Ein Mann fährt Fahrrad."], True, Work(decode))
    result = {"code": str(code), "texts": len(texts), "sentences": sentences,
              "chars": sum(map(len, texts)), "beam": args.beam, "threads": args.threads}

    # wait: a short request behind a large one
    waiting = service.submit(large)
    time.sleep(args.delay)
    sent = time.monotonic()
    service.translate(short)
    result["short_request_s"] = round(time.monotonic() - sent, 3)
    waiting.cancel()
    idle(service)

    cpu, calls = time.process_time(), service.batcher.stats.calls    # cancel: what a gone client still costs
    gone = service.submit(large)
    time.sleep(args.delay)
    gone.cancel()
    idle(service)
    result["cancelled_cpu_s"] = round(time.process_time() - cpu, 2)
    result["cancelled_calls"] = service.batcher.stats.calls - calls

    if not args.skip_alone:                                      # alone: the large request to its end
        started = time.monotonic()
        service.translate(large)
        result["alone_s"] = round(time.monotonic() - started, 2)
    service.close()
    print(json.dumps(result))


if __name__ == "__main__":
    run_main(main)         # a UserError (a missing --data-dir, a bad checkpoint): one line, exit status 2
