"""data/scratch.py: a preparation's scratch directory is removed when it ends, and the next preparation removes what
a killed one left (its pid gone and its lock free), never a live one's."""
from __future__ import annotations

import errno
import fcntl
import os
import subprocess
import tempfile

import pytest

from data.scratch import LOCK, PREFIX, remove_leftovers, scratch_dir


def dead_pid() -> int:
    """The pid of a process that has ended (and been waited for)."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def leftover(root, pid: int, lock: bool = True):
    """A directory as a preparation of `pid` leaves it, token lines and (when `lock`) its lock file in it."""
    path = root / f"{PREFIX}{pid}-abc_123"
    path.mkdir()
    (path / "0.src").write_text("ein Hund\n")
    if lock:
        (path / LOCK).touch()
    return path


def test_a_killed_preparations_directory_is_removed_and_a_live_ones_kept(tmp_path):
    killed, before_its_lock = leftover(tmp_path, dead_pid()), leftover(tmp_path, dead_pid(), lock=False)
    with subprocess.Popen(["sleep", "30"]) as live:
        try:
            running = leftover(tmp_path, live.pid)
            unseen = leftover(tmp_path, dead_pid())        # its owner lives in another pid namespace: it holds the lock
            fd = os.open(unseen / LOCK, os.O_RDWR)
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            older = tmp_path / f"{PREFIX}x1y2z3"            # no pid in its name: nothing says whose it is
            older.mkdir()
            assert sorted(remove_leftovers(tmp_path)) == sorted([killed, before_its_lock])
            assert not killed.exists() and not before_its_lock.exists()
            assert running.is_dir() and unseen.is_dir() and older.is_dir() and (running / "0.src").is_file()
            os.close(fd)
        finally:
            live.kill()


def test_the_scratch_directory_names_its_owner_holds_its_lock_and_goes_at_the_end(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    killed = leftover(tmp_path, dead_pid())
    with scratch_dir() as path:
        assert not killed.exists()                          # removed by the next preparation
        assert path.parent == tmp_path and path.name.startswith(f"{PREFIX}{os.getpid()}-")
        fd = os.open(path / LOCK, os.O_RDWR)
        try:
            assert remove_leftovers(tmp_path) == []
            with pytest.raises(BlockingIOError):                # held while its preparation runs
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(fd)
    assert list(tmp_path.iterdir()) == []


def test_on_a_file_system_without_locks_no_directory_is_taken_for_a_leftover(tmp_path, monkeypatch):
    # before: there a dead pid alone said so, and the directory of a preparation in another pid namespace went
    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, "No locks available")
    monkeypatch.setattr(fcntl, "flock", no_locks)
    killed_or_unseen = leftover(tmp_path, dead_pid())
    assert remove_leftovers(tmp_path) == [] and (killed_or_unseen / "0.src").is_file()
