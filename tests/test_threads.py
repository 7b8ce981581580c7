"""util/threads.py: every command's OpenMP threads sleep while they wait, unless the environment says otherwise."""
import os

import pytest

from tests.commands import REPO, calls_before_torch, third_party_before
from util.threads import share_cores

ENTRY_POINTS = ("train.py", "translate.py", "evaluate.py", "export.py", "serve.py", "average.py")


@pytest.mark.parametrize("given, expected", [(None, "PASSIVE"), ("ACTIVE", "ACTIVE"), ("passive", "passive"),
                                             ("", None)])
def test_share_cores_makes_threads_wait_passively_unless_told_otherwise(monkeypatch, given, expected):
    if given is None:
        monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    else:
        monkeypatch.setenv("OMP_WAIT_POLICY", given)
    share_cores()
    assert os.environ.get("OMP_WAIT_POLICY") == expected


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_each_command_shares_the_cores_before_it_imports_torch(entry):
    assert "share_cores" in calls_before_torch(REPO / entry), f"{entry} imports torch before share_cores()"


SHARING_BENCHES = sorted(p.name for p in (REPO / "bench").glob("*.py") if "share_cores()" in p.read_text())


@pytest.mark.parametrize("bench", SHARING_BENCHES)
def test_a_benchmark_that_shares_the_cores_does_so_before_any_import_that_may_start_torch(bench):
    """Run as a module (python -m bench.x), the module itself is the first thing imported: only the standard library
    may come before its share_cores() call."""
    before = third_party_before(REPO / "bench" / bench, "share_cores")
    assert before is not None, f"bench/{bench} never calls share_cores() at its top level"
    assert before == []


def test_the_benchmarks_that_time_torch_share_the_cores():
    assert {"decode.py", "loop.py", "step_options.py", "throughput.py"} <= set(SHARING_BENCHES)
