"""util/kernels.py: a training run's oneDNN primitives stay made for its batch shapes, unless the environment says
otherwise."""
import os

import pytest

from tests.commands import REPO, calls_before_torch, third_party_before
import util.kernels as kernels
from util.kernels import CAPACITY, MIN_MEMORY, NAMES, keep_kernels, kernels_kept


def set_env(monkeypatch, values: dict, memory: int = MIN_MEMORY):
    monkeypatch.setattr(kernels, "memory_bytes", lambda: memory)
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    for name, value in values.items():
        monkeypatch.setenv(name, value)


def test_the_cache_holds_every_shape_of_an_epoch_when_nothing_is_set(monkeypatch):
    set_env(monkeypatch, {})
    keep_kernels()
    assert os.environ[NAMES[0]] == str(CAPACITY)


@pytest.mark.parametrize("memory", [MIN_MEMORY - 2**20, 0])
def test_a_machine_under_16_gib_or_of_unknown_memory_keeps_onednns_default(monkeypatch, memory):
    set_env(monkeypatch, {}, memory)
    keep_kernels()
    assert [name for name in NAMES if name in os.environ] == []


def test_the_machines_memory_is_read_from_proc_meminfo():
    assert kernels.memory_bytes() > 2**28 or not os.path.exists("/proc/meminfo")


@pytest.mark.parametrize("given", [{"ONEDNN_PRIMITIVE_CACHE_CAPACITY": "1024"}, {"DNNL_PRIMITIVE_CACHE_CAPACITY": "0"},
                                   {"ONEDNN_PRIMITIVE_CACHE_CAPACITY": ""}])
def test_a_capacity_the_user_set_stays(monkeypatch, given):
    set_env(monkeypatch, given)
    keep_kernels()
    assert {name: os.environ.get(name) for name in NAMES} == {name: given.get(name) for name in NAMES}


TRAINING = ("loop.py", "step_options.py", "throughput.py")      # the benchmarks that time a training step


def test_train_keeps_kernels_before_it_imports_torch():
    assert "keep_kernels" in calls_before_torch(REPO / "train.py")


@pytest.mark.parametrize("bench", TRAINING)
def test_a_benchmark_keeps_kernels_before_any_import_that_may_start_torch(bench):
    before = third_party_before(REPO / "bench" / bench, "keep_kernels")
    assert before is not None, f"bench/{bench} never calls keep_kernels() at its top level"
    assert before == []


@pytest.mark.parametrize("given, kept", [({}, False), ({"ONEDNN_PRIMITIVE_CACHE_CAPACITY": "1024"}, False),
                                         ({"DNNL_PRIMITIVE_CACHE_CAPACITY": "100000"}, True),
                                         ({"ONEDNN_PRIMITIVE_CACHE_CAPACITY": ""}, False)])
def test_kernels_are_kept_where_the_cache_holds_capacity_or_more(monkeypatch, given, kept):
    set_env(monkeypatch, given)
    assert kernels_kept() is kept
    keep_kernels()                                   # sets the capacity only where nothing was set
    assert kernels_kept() is (kept or not given)
