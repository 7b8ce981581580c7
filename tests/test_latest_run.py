"""models/latest_run.py: without --checkpoint a command takes the newest run's best.pt, or says in one line why the
newest run has none yet, never an older run's file in its place."""
import fcntl
import os

import pytest

from models.latest_run import LOCK_NAME, latest_checkpoint
from util.errors import UserError


def test_a_newest_run_without_best_pt_is_named_with_its_last_pt_not_replaced_by_an_older_run(tmp_path):
    """Also while it prepares its data (its lock alone, held): an older run's best.pt was taken without a word; a lock
    that no one holds (a run killed then) is no run."""
    old, new = tmp_path / "runs" / "a-old", tmp_path / "runs" / "b-new"
    for run in (old, new):
        run.mkdir(parents=True)
    (old / "best.pt").write_bytes(b"x")
    os.utime(old / "best.pt", (1, 1))
    (new / LOCK_NAME).write_text("pid 1 on host\n")                # its data still being prepared: nothing else yet
    with open(new / LOCK_NAME) as held:
        fcntl.flock(held, fcntl.LOCK_EX)                           # as the run that prepares it holds it
        with pytest.raises(UserError, match=f"^the newest run, {new}, has not begun training yet .*: it writes "
                           "best.pt at the end of its first epoch; wait for that, or pass --checkpoint .*a-old/best.pt"):
            latest_checkpoint(tmp_path / "runs")
    assert latest_checkpoint(tmp_path / "runs") == old / "best.pt"          # its run was killed: the lock is no run
    (new / "config.json").write_text("{}")
    with pytest.raises(UserError, match=f"^the newest run, {new}, has no best.pt yet: a run writes it at the end of "
                       "its first epoch; pass --checkpoint .*a-old/best.pt"):    # no --resume: no last.pt to resume
        latest_checkpoint(tmp_path / "runs")
    (new / "last.pt").write_bytes(b"x")
    with pytest.raises(UserError, match=f"the newest run, {new}, has no best.pt yet: a run writes it at the end of "
                       "its first epoch .*--checkpoint .*b-new/last.pt for its weights so far or --checkpoint "
                       ".*a-old/best.pt"):
        latest_checkpoint(tmp_path / "runs")
    (new / "best.pt").write_bytes(b"x")
    assert latest_checkpoint(tmp_path / "runs") == new / "best.pt"
