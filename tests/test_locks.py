"""util/locks.py: what a killed process left is taken for a leftover only when its pid is gone and its lock free,
never where the file system has no locks (its owner may live in another pid namespace)."""
from __future__ import annotations

import errno
import fcntl

from tests.test_scratch import dead_pid
from util.locks import owner_gone


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
