"""util/locks.py: what a killed process left is taken for a leftover only when its pid is gone and its lock free,
never where the file system has no locks (its owner may live in another pid namespace)."""
from __future__ import annotations

import errno
import fcntl
import os

import pytest

from tests.test_scratch import dead_pid
from training.run_lock import RunDirLock
from util.errors import UserError
from util.locks import no_locks, owner_gone


def test_a_dead_pids_free_lock_says_gone_and_a_lock_never_made_too(tmp_path):
    lock = tmp_path / "lock"
    lock.touch()
    assert owner_gone(dead_pid(), lock) and owner_gone(dead_pid(), tmp_path / "never-made")


def test_on_a_file_system_without_locks_a_dead_pid_is_no_proof(tmp_path, monkeypatch):
    # before: data/scratch.py's copy took the pid's word there and removed the directory of a preparation that may run
    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, "No locks available")
    lock = tmp_path / "lock"
    lock.touch()
    monkeypatch.setattr(fcntl, "flock", no_locks)
    assert not owner_gone(dead_pid(), lock) and lock.exists()


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EIO])
def test_a_run_lock_goes_on_with_a_warning_exactly_where_the_one_no_locks_rule_says_so(code, tmp_path, monkeypatch,
                                                                                      capsys):
    # the rule was written twice: run_lock.py kept its own list of what a file system without locks raises
    def failing(fd, operation):
        raise OSError(code, os.strerror(code))
    monkeypatch.setattr(fcntl, "flock", failing)
    if no_locks(OSError(code, os.strerror(code))):
        with RunDirLock(tmp_path / "run"):
            assert "cannot lock" in capsys.readouterr().err
    else:
        with pytest.raises(UserError, match="cannot write to the run directory"):
            RunDirLock(tmp_path / "run").acquire()
    assert not no_locks(BlockingIOError(errno.EWOULDBLOCK, "held"))      # a lock another process holds
