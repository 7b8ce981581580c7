"""The micro-batcher: concurrent requests share one call per decoding-options key, and each gets its own results."""
import threading

import pytest

from serving.batching_queue import MicroBatcher, QueueFull

LONG_WAIT = 10.0   # seconds; a batch this long is never waited out, because max_items fills it first


class Recorder:
    """A run_group that records its calls and answers each item with (key, item)."""

    def __init__(self, fail_key=None):
        self.calls, self.fail_key = [], fail_key

    def __call__(self, key, items):
        self.calls.append((key, list(items)))
        if key == self.fail_key:
            raise ValueError(f"cannot decode {key}")
        return [(key, item) for item in items]


class Held:
    """A run_group that records its calls, answers each item with itself, and holds every call until released."""

    def __init__(self):
        self.started, self.release, self.calls = threading.Event(), threading.Event(), []

    def __call__(self, key, items):
        self.calls.append(list(items))
        self.started.set()
        self.release.wait(5)
        return items


def test_concurrent_requests_are_decoded_in_one_call_and_each_gets_its_own_results():
    run = Recorder()
    batcher = MicroBatcher(run, max_wait=LONG_WAIT, max_items=5)
    futures = [batcher.submit("beam5", items) for items in (["a"], ["b", "c"], ["d", "e"])]
    assert [f.result(timeout=5) for f in futures] == [[("beam5", "a")], [("beam5", "b"), ("beam5", "c")],
                                                      [("beam5", "d"), ("beam5", "e")]]
    assert run.calls == [("beam5", ["a", "b", "c", "d", "e"])]
    assert batcher.stats == (3, 1, 0)
    batcher.close()


def test_requests_with_different_options_are_never_decoded_together():
    run = Recorder()
    batcher = MicroBatcher(run, max_wait=LONG_WAIT, max_items=4)
    futures = [batcher.submit(key, [n]) for n, key in enumerate(["greedy", "beam5", "greedy", "beam5"])]
    assert [f.result(timeout=5)[0] for f in futures] == [("greedy", 0), ("beam5", 1), ("greedy", 2), ("beam5", 3)]
    assert run.calls == [("greedy", [0, 2]), ("beam5", [1, 3])]
    batcher.close()


def test_a_lone_request_is_answered_after_the_wait():
    batcher = MicroBatcher(Recorder(), max_wait=0.001, max_items=64)
    assert batcher.submit("k", ["x"]).result(timeout=5) == [("k", "x")]
    batcher.close()


def test_without_batching_each_request_is_its_own_call_in_arrival_order():
    run = Recorder()
    batcher = MicroBatcher(run, max_wait=LONG_WAIT, batching=False)
    futures = [batcher.submit("k", [n]) for n in range(5)]
    assert [f.result(timeout=5) for f in futures] == [[("k", n)] for n in range(5)]
    assert run.calls == [("k", [n]) for n in range(5)]
    batcher.close()


def test_a_failing_group_fails_only_its_own_requests_and_the_worker_goes_on():
    batcher = MicroBatcher(Recorder(fail_key="bad"), max_wait=LONG_WAIT, max_items=2)
    bad, good = batcher.submit("bad", ["x"]), batcher.submit("good", ["y"])
    with pytest.raises(ValueError, match="cannot decode bad"):
        bad.result(timeout=5)
    assert good.result(timeout=5) == [("good", "y")]
    assert batcher.submit("good", ["z", "w"]).result(timeout=5) == [("good", "z"), ("good", "w")]
    batcher.close()


def test_a_full_queue_refuses_new_requests_until_it_drains():
    run = Held()
    batcher = MicroBatcher(run, max_wait=0.0, max_pending=1)
    first = batcher.submit("k", [1])
    run.started.wait(5)                 # the worker holds the first request; the queue is empty again
    second = batcher.submit("k", [2])
    with pytest.raises(QueueFull):
        batcher.submit("k", [3])
    run.release.set()
    assert first.result(timeout=5) == [1] and second.result(timeout=5) == [2]
    batcher.close()


def test_closing_finishes_what_is_queued():
    batcher = MicroBatcher(Recorder(), max_wait=LONG_WAIT, max_items=100)
    future = batcher.submit("k", ["x"])
    batcher.close()
    assert future.result(timeout=0) == [("k", "x")]


def test_a_large_request_is_decoded_in_slices_and_a_later_small_one_waits_for_one_slice_only():
    run = Held()
    batcher = MicroBatcher(run, max_wait=0.0, max_items=64, slice_items=lambda key: 2)
    large = batcher.submit("k", list(range(6)))
    run.started.wait(5)                         # the first slice is being decoded
    small = batcher.submit("k", ["s"])
    run.release.set()
    assert large.result(timeout=5) == list(range(6)) and small.result(timeout=5) == ["s"]
    assert run.calls[0] == [0, 1] and run.calls[1][0] == "s"      # the small request came right after one slice
    assert sorted(x for call in run.calls for x in call if x != "s") == list(range(6)) and batcher.stats.requests == 2
    batcher.close()


def test_a_request_cancelled_while_queued_is_never_decoded():
    run = Held()
    batcher = MicroBatcher(run, max_wait=0.0, max_items=1)
    first = batcher.submit("k", ["first"])
    run.started.wait(5)                         # the worker is busy with the first request
    gone = batcher.submit("k", ["gone"])
    assert gone.cancel()
    run.release.set()
    assert first.result(timeout=5) == ["first"] and batcher.submit("k", ["next"]).result(timeout=5) == ["next"]
    assert run.calls == [["first"], ["next"]] and batcher.stats == (2, 2, 1)
    batcher.close()


def test_a_large_request_cancelled_while_decoding_stops_after_its_current_slice():
    run = Held()
    batcher = MicroBatcher(run, max_wait=0.0, max_items=64, slice_items=lambda key: 2)
    large = batcher.submit("k", list(range(10)))
    run.started.wait(5)                         # its first slice is being decoded
    assert large.cancel()                       # the client went away
    run.release.set()
    assert batcher.submit("k", ["next"]).result(timeout=5) == ["next"]
    assert run.calls == [[0, 1], ["next"]] and large.cancelled()
    assert batcher.stats == (1, 2, 1)
    batcher.close()


def test_a_request_is_finished_by_its_own_function_and_one_without_items_is_answered_at_once():
    run = Recorder()
    batcher = MicroBatcher(run, max_wait=0.0)
    joined = batcher.submit("k", ["a", "b", "c"], finish=lambda results: " ".join(item for _, item in results))
    assert joined.result(timeout=5) == "a b c"                     # e.g. sentences joined into their texts
    assert batcher.submit("k", [], finish=lambda results: ["blank"]).result(timeout=5) == ["blank"]
    assert run.calls == [("k", ["a", "b", "c"])] and batcher.stats.requests == 2
    broken = batcher.submit("k", ["d"], finish=lambda results: 1 / 0)
    with pytest.raises(ZeroDivisionError):                          # the client gets the error, the worker goes on
        broken.result(timeout=5)
    assert batcher.submit("k", ["e"]).result(timeout=5) == [("k", "e")]
    batcher.close()
