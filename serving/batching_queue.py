"""Micro-batching: requests from many clients are collected for a few milliseconds and decoded as one call.

One worker thread owns the model. It waits for a first request, then up to `max_wait` seconds more (or until
`max_items` items are pending) for others, takes them all, and runs `run_group(key, items)` once per key, in order of
arrival: requests with different keys (decoding options) are never mixed into one call. Each request's future gets
its own slice of the results, so every client sees its items in the order it sent them.
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future
from typing import Callable, Hashable, NamedTuple, Sequence


class QueueFull(Exception):
    """More requests are waiting than the queue holds; the client should retry later."""


class _Pending(NamedTuple):
    key: Hashable
    items: Sequence
    future: Future
    arrived: float        # time.monotonic()


class BatchStats(NamedTuple):
    requests: int         # requests answered (or failed)
    calls: int            # run_group calls made for them


class MicroBatcher:
    def __init__(self, run_group: Callable[[Hashable, list], list], *, max_wait: float = 0.005,
                 max_items: int = 64, batching: bool = True, max_pending: int = 4096):
        """run_group(key, items) -> one result per item. batching=False serves one request per call, in order."""
        self.run_group, self.max_wait, self.max_items = run_group, max_wait, max_items
        self.batching, self.max_pending = batching, max_pending
        self._pending: list[_Pending] = []
        self._wake = threading.Condition()
        self._closed = False
        self._requests = self._calls = 0
        self._worker = threading.Thread(target=self._serve, name="micro-batcher", daemon=True)
        self._worker.start()

    def submit(self, key: Hashable, items: Sequence) -> Future:
        """A future of `run_group(key, ...)`'s results for exactly these items, in their order."""
        future: Future = Future()
        with self._wake:
            if self._closed:
                raise RuntimeError("the batcher is closed")
            if len(self._pending) >= self.max_pending:
                raise QueueFull(f"{len(self._pending)} requests are already waiting; retry in a moment")
            self._pending.append(_Pending(key, items, future, time.monotonic()))
            self._wake.notify()
        return future

    @property
    def stats(self) -> BatchStats:
        with self._wake:
            return BatchStats(self._requests, self._calls)

    def close(self) -> None:
        """Finish what is queued, then stop the worker."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        self._worker.join()

    def _take(self) -> list[_Pending] | None:
        """The next requests to decode, or None once closed and drained."""
        with self._wake:
            while not self._pending and not self._closed:
                self._wake.wait()
            if not self._pending:
                return None
            if not self.batching:
                return [self._pending.pop(0)]
            deadline = self._pending[0].arrived + self.max_wait
            while not self._closed and self._count() < self.max_items and time.monotonic() < deadline:
                self._wake.wait(deadline - time.monotonic())
            taken, items = 0, 0
            while taken < len(self._pending) and (taken == 0 or items + len(self._pending[taken].items)
                                                   <= self.max_items):
                items += len(self._pending[taken].items)
                taken += 1
            batch, self._pending = self._pending[:taken], self._pending[taken:]
            return batch

    def _count(self) -> int:
        return sum(len(p.items) for p in self._pending)

    def _serve(self) -> None:
        while (batch := self._take()) is not None:
            # a client that gave up (cancelled future) costs nothing more
            batch = [p for p in batch if p.future.set_running_or_notify_cancel()]
            groups: dict[Hashable, list[_Pending]] = {}
            for p in batch:
                groups.setdefault(p.key, []).append(p)
            for key, group in groups.items():
                self._run(key, group)

    def _run(self, key: Hashable, group: list[_Pending]) -> None:
        with self._wake:              # counted before any client sees its answer
            self._requests += len(group)
            self._calls += 1
        items = [item for p in group for item in p.items]
        try:
            results = self.run_group(key, items)
            if len(results) != len(items):
                raise RuntimeError(f"run_group gave {len(results)} results for {len(items)} items")
        except Exception as e:  # the clients get the error; the worker keeps serving
            for p in group:
                p.future.set_exception(e)
        else:
            start = 0
            for p in group:
                p.future.set_result(results[start:start + len(p.items)])
                start += len(p.items)
