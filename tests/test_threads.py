"""util/threads.py: every command's OpenMP threads sleep while they wait, unless the environment says otherwise."""
import ast
import os

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
