"""bench/suite.py: the suite's seconds, timed by running README's test command, recorded green or red."""
import json
import os
import subprocess
import sys

import pytest

from bench.suite import SUMMARY, readme_test_command
from tests.commands import run
from util.ledger import REPO


def test_the_command_timed_is_readmes_test_command_and_the_one_ci_runs():
    command = readme_test_command()
    assert command.startswith("python -m pytest") and "#" not in command
    assert (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1] == command


def test_pytests_summary_line_is_found_in_its_output():
    out = "....\n=== 2495 passed, 70 skipped, 4 warnings in 376.55s (0:06:16) ===\n"
    assert SUMMARY.findall(out) == ["2495 passed, 70 skipped, 4 warnings in 376.55s (0:06:16)"]
    assert SUMMARY.findall("1 failed, 2 passed in 3.01s\n") == ["1 failed, 2 passed in 3.01s"]


@pytest.mark.parametrize("code, status, note", [(0, 0, "green; a test"), (3, 1, "red; a test")])
def test_a_timed_run_is_recorded_with_its_seconds_and_green_or_red(tmp_path, code, status, note):
    ledger = tmp_path / "ledger.jsonl"
    fake = f"{sys.executable} -c 'import sys, time; time.sleep(1.2); print(\"5 passed in 1.2s\"); sys.exit({code})'"
    proc = subprocess.run([sys.executable, "-m", "bench.suite", "--record", "--note", "a test", "--command", fake],
                          cwd=REPO, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "EINSUM_NMT_LEDGER": str(ledger)})
    assert proc.returncode == status, proc.stderr
    assert "5 passed in 1.2s" in proc.stdout.splitlines()[-1]
    [record] = [json.loads(line) for line in ledger.read_text(encoding="utf-8").splitlines()]
    assert (record["topic"], record["metric"], record["note"], record["command"]) == ("suite", "seconds", note, fake)
    assert 1 <= record["value"] < 30


def test_a_command_that_cannot_start_is_one_line_and_exit_2(tmp_path):
    # in this process, as `python -m bench.suite` runs its main (its real processes: the timed runs above)
    proc = run(["-m", "bench.suite", "--command", "no-such-program-here --x"], dict(os.environ), check=False)
    stderr = proc.stderr.decode()
    assert proc.returncode == 2 and stderr.startswith("error: cannot run") and len(stderr.splitlines()) == 1


@pytest.mark.parametrize("command", ["", "  "])
def test_an_empty_command_is_one_line_not_the_whole_suite(command, monkeypatch):
    from bench import suite
    from util.errors import UserError
    monkeypatch.setattr(suite, "timed_run", lambda command: pytest.fail(f"ran {command!r}"))   # was: README's suite
    with pytest.raises(UserError, match=r"^--command is empty: give the command to time, or leave --command out"):
        suite.main(["--command", command])
