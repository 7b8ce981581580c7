"""util/threads.py: every command's OpenMP threads sleep while they wait, unless the environment says otherwise."""
import ast
import os
import sys

import pytest

from tests.commands import REPO
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
    tree = ast.parse((REPO / entry).read_text())
    calls, torch_at = [], None
    for node in tree.body:
        if isinstance(node, ast.If):               # `if __name__ == "__main__":` comes first
            calls += [n.func.id for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
        if isinstance(node, ast.Import) and any(a.name == "torch" for a in node.names) and torch_at is None:
            torch_at = node.lineno
            assert "share_cores" in calls, f"{entry} imports torch before share_cores()"
    assert "share_cores" in calls


SHARING_BENCHES = sorted(p.name for p in (REPO / "bench").glob("*.py") if "share_cores()" in p.read_text())


@pytest.mark.parametrize("bench", SHARING_BENCHES)
def test_a_benchmark_that_shares_the_cores_does_so_before_any_import_that_may_start_torch(bench):
    """Run as a module (python -m bench.x), the module itself is the first thing imported: only the standard library
    may come before its share_cores() call."""
    before = []
    for node in ast.parse((REPO / "bench" / bench).read_text()).body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") \
                == "share_cores":
            break
        if isinstance(node, ast.Import):
            before += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            before.append(node.module)
    else:
        pytest.fail(f"bench/{bench} never calls share_cores() at its top level")
    assert [m for m in before if m.split(".")[0] not in sys.stdlib_module_names and m != "util.threads"] == []


def test_the_benchmarks_that_time_torch_share_the_cores():
    assert {"decode.py", "loop.py", "step_options.py", "throughput.py"} <= set(SHARING_BENCHES)
