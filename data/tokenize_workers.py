"""spaCy tokenization of many sentence pairs in worker processes, a chunk at a time, results in input order.

At most a few chunks are in flight, so a corpus of any size streams through in bounded memory. A worker sends back
each side of a chunk as one string: a line per sentence, made by tokens_to_line (cheap to pass between processes,
ready for sentencepiece, and written by the caller to a file as it is).

Workers end with the process that started them, however it ends: a `kill -9` of train.py during preparation leaves no
orphans. A worker asks the kernel for SIGKILL when its parent dies (Linux; elsewhere a thread watches the parent), and
multiprocessing's resource tracker then ends by itself once neither the parent nor a worker holds its pipe.
"""
from __future__ import annotations

import collections
import itertools
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Iterable, Iterator

CHUNK = 2000                # pairs a task: large enough that passing them costs little next to spaCy
_tokenizers = None          # (source, target) Tokenizer of this process, made by _start


def default_workers() -> int:
    """Up to 4 processes, no more than the CPUs this process may use."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(4, cpus))


def tokenized_chunks(pairs: Iterable[tuple[str, str]], src_lang: str, tgt_lang: str, lowercase: bool,
                     workers: int) -> Iterator[tuple[list[tuple[str, str]], str, str]]:
    """(chunk of pairs, its source token lines, its target token lines), in order; one line a sentence.

    workers <= 1 tokenizes in this process (no start-up cost: the choice for a corpus of a chunk or two).
    """
    chunks = iter(lambda it=iter(pairs): list(itertools.islice(it, CHUNK)), [])
    if workers <= 1:
        _start(src_lang, tgt_lang, lowercase, in_worker=False)
        for chunk in chunks:
            yield (chunk, *_tokenize(chunk))
        return
    # spawn, not fork: the caller may hold threads (torch) that a forked child would inherit half-locked. An
    # executor, not a Pool: a worker that dies (e.g. a script without `if __name__ == "__main__":`) raises
    # BrokenProcessPool here instead of being restarted forever.
    pool = ProcessPoolExecutor(workers, _QuietSpawn(), _start, (src_lang, tgt_lang, lowercase, True, os.getpid()))
    pending = collections.deque()
    try:
        for chunk in chunks:
            pending.append((chunk, pool.submit(_tokenize, chunk)))
            if len(pending) > 2 * workers:
                done, result = pending.popleft()
                yield (done, *result.result())
        while pending:
            done, result = pending.popleft()
            yield (done, *result.result())
    finally:
        pool.shutdown(cancel_futures=True)


class _QuietWorker(SpawnProcess):
    """A spawned worker that is born ignoring SIGINT (a disposition exec keeps, and Python then leaves alone): Ctrl-C
    reaches the whole process group, the parent ends the pool, and a worker, even one still importing, must not
    print a KeyboardInterrupt traceback of its own."""

    def start(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return super().start()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)    # for the fork and exec only: milliseconds
        try:
            super().start()
        finally:
            signal.signal(signal.SIGINT, previous)


class _QuietSpawn(SpawnContext):
    Process = _QuietWorker


def _start(src_lang: str, tgt_lang: str, lowercase: bool, in_worker: bool = True, parent: int = 0) -> None:
    global _tokenizers
    if in_worker:
        end_with_parent(parent)
        # spaCy's thinc imports torch when it can: 180 MB and 2 s a worker for nothing a tokenizer uses
        sys.modules.setdefault("torch", None)
    from data.tokenizer import Tokenizer

    if _tokenizers is None or (_tokenizers[0].lang, _tokenizers[1].lang, _tokenizers[0].lowercase) != (
            src_lang, tgt_lang, lowercase):
        _tokenizers = Tokenizer(src_lang, lowercase), Tokenizer(tgt_lang, lowercase)


PR_SET_PDEATHSIG = 1       # prctl(2) option: the signal this process gets when its parent ends


def end_with_parent(parent: int) -> None:
    """End this process when process `parent` (the one that started it) ends, even by SIGKILL."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        watched = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):      # not Linux
        watched = False
    if os.getppid() != parent:             # it ended before the request took effect
        os._exit(1)
    if not watched:
        threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()


def _exit_when_orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _tokenize(chunk: list[tuple[str, str]]) -> tuple[str, str]:
    from data.subwords import tokens_to_line

    sides = zip(*chunk)
    return tuple("\n".join(map(tokens_to_line, tokenizer.tokenize_many(texts)))
                 for tokenizer, texts in zip(_tokenizers, sides))
