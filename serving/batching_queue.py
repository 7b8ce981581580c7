"""Micro-batching: requests from many clients are collected for a few milliseconds and decoded as one call.

One worker thread owns the model. It waits for a first request, then up to `max_wait` seconds more (or until
`max_items` items are pending) for others, takes them all, and runs `run_group(key, items)` once per key, in order of
arrival: requests with different keys (decoding options) are never mixed into one call. Each request's future gets
its own slice of the results, so every client sees its items in the order it sent them.

A large request is decoded in slices of at most `slice_items(key)` items: after each slice its next one goes to the
back of the queue, so requests take turns slice by slice, and a request that arrives meanwhile waits for one slice
of each request ahead of it, not for the whole large request. The server's items are sentences (a text is split
into its sentences before it is queued, and `finish` joins their results into texts again), so a slice is a bounded
amount of work however long the texts are.

A request whose future is cancelled (its client went away) costs nothing more: its queued slice is dropped before it
is decoded, and a slice being decoded is its last. Futures therefore stay cancellable until their result is set.
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future, InvalidStateError
from typing import Callable, Hashable, NamedTuple, Sequence


class QueueFull(Exception):
    """More requests are waiting than the queue holds; the client should retry later."""


class _Request:
    """One client's items, decoded slice by slice; its future gets all results once the last slice is done."""

    def __init__(self, key: Hashable, items: Sequence, future: Future, slice_size: int,
                 finish: Callable[[list], object] | None = None):
        self.key, self.items, self.future, self.slice_size = key, items, future, max(1, slice_size)
        self.finish = finish or (lambda results: results)
        self.results: list = []
        self.arrived = time.monotonic()
        self.next = 0                 # items handed out so far

    def next_slice(self) -> "_Pending":
        part = self.items[self.next:self.next + self.slice_size]
        self.next += len(part)
        return _Pending(self.key, part, self, self.arrived)

    @property
    def finished(self) -> bool:
        return self.next >= len(self.items)

    def settle(self, results: list | None = None, error: Exception | None = None) -> None:
        """Give the client finish(its results) (or the error), unless it cancelled meanwhile."""
        if error is None:
            try:
                result = self.finish(results)
            except Exception as e:       # the client gets the error; the worker keeps serving
                error = e
        try:
            self.future.set_exception(error) if error is not None else self.future.set_result(result)
        except InvalidStateError:        # cancelled between our check and now: nobody waits for it
            pass


class _Pending(NamedTuple):
    key: Hashable
    items: Sequence
    request: _Request
    arrived: float        # time.monotonic() of the request


class BatchStats(NamedTuple):
    requests: int         # requests answered (or failed)
    calls: int            # run_group calls made for them
    cancelled: int        # requests dropped unfinished because their future was cancelled (the client went away)


class MicroBatcher:
    def __init__(self, run_group: Callable[[Hashable, list], list], *, max_wait: float = 0.005,
                 max_items: int = 64, batching: bool = True, max_pending: int = 4096,
                 slice_items: Callable[[Hashable], int] | None = None):
        """run_group(key, items) -> one result per item. batching=False serves one request per call, in order.
        slice_items(key): the most items of one request decoded in one call (default: all of them)."""
        self.run_group, self.max_wait, self.max_items = run_group, max_wait, max_items
        self.slice_items = slice_items or (lambda key: 1 << 62)
        self.batching, self.max_pending = batching, max_pending
        self._pending: list[_Pending] = []
        self._wake = threading.Condition()
        self._closed = False
        self._requests = self._calls = self._cancelled = 0
        self._worker = threading.Thread(target=self._serve, name="micro-batcher", daemon=True)
        self._worker.start()

    def submit(self, key: Hashable, items: Sequence, finish: Callable[[list], object] | None = None) -> Future:
        """A future of `run_group(key, ...)`'s results for exactly these items, in their order, given to
        `finish` first when there is one (in the worker). Cancelling it drops the request's slices not yet
        decoded."""
        future: Future = Future()
        request = _Request(key, items, future, self.slice_items(key), finish)
        with self._wake:
            if self._closed:
                raise RuntimeError("the batcher is closed")
            if len(self._pending) >= self.max_pending:
                raise QueueFull(f"{len(self._pending)} requests are already waiting; retry in a moment")
            if not items:                 # nothing to decode (e.g. blank texts): answered at once
                self._requests += 1
                request.settle([])
                return future
            self._pending.append(request.next_slice())
            self._wake.notify()
        return future

    @property
    def stats(self) -> BatchStats:
        with self._wake:
            return BatchStats(self._requests, self._calls, self._cancelled)

    def close(self) -> None:
        """Finish what is queued, then stop the worker."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        self._worker.join()

    def _take(self) -> list[_Pending] | None:
        """The next requests to decode, or None once closed and drained."""
        with self._wake:
            while not self._drop_cancelled() and not self._closed:
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

    def _drop_cancelled(self) -> int:
        """Forget the queued slices of cancelled requests (the caller holds the lock); the number left."""
        kept = [p for p in self._pending if not p.request.future.cancelled()]
        self._cancelled += len(self._pending) - len(kept)       # a request has at most one slice queued
        self._pending = kept
        return len(kept)

    def _serve(self) -> None:
        while (batch := self._take()) is not None:
            groups: dict[Hashable, list[_Pending]] = {}
            for p in batch:
                groups.setdefault(p.key, []).append(p)
            for key, group in groups.items():
                with self._wake:      # a client that gave up while earlier groups ran costs nothing more either
                    live = [p for p in group if not p.request.future.cancelled()]
                    self._cancelled += len(group) - len(live)
                if live:
                    self._run(key, live)

    def _run(self, key: Hashable, group: list[_Pending]) -> None:
        with self._wake:              # counted before any client sees its answer
            self._requests += sum(p.request.finished for p in group)
            self._calls += 1
        items = [item for p in group for item in p.items]
        try:
            results = self.run_group(key, items)
            if len(results) != len(items):
                raise RuntimeError(f"run_group gave {len(results)} results for {len(items)} items")
        except Exception as e:  # the clients get the error; the worker keeps serving
            with self._wake:
                self._requests += sum(not p.request.finished for p in group)
            for p in group:
                p.request.settle(error=e)
            return
        start = 0
        for p in group:
            request = p.request
            request.results += results[start:start + len(p.items)]
            start += len(p.items)
            if request.finished:
                request.settle(request.results)
                continue
            with self._wake:
                if request.future.cancelled():     # the slice just decoded was its last
                    self._cancelled += 1
                else:                              # its next slice queues behind whatever arrived meanwhile
                    self._pending.append(request.next_slice())
