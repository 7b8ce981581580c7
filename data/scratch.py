"""The directory a preparation tokenizes into, and those a killed preparation left behind.

A preparation writes its token lines under the temp directory ($TMPDIR) and removes them when it ends; one killed
with kill -9 (or by the OOM killer, or a power cut) cannot, so each preparation first removes those whose owner is
gone. The directory's name holds its owner's pid, and its owner holds an flock on LOCK inside it (the kernel drops
an flock when its process ends, however it ends). A directory is a leftover only when both say its owner is gone:
no process has that pid, and the lock is free. So a live preparation's directory is never removed, even one of
another pid namespace sharing the temp directory; a leftover whose pid a new process took waits for that one to end.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Iterator

PREFIX = "einsum-nmt-prepare-"
LOCK = ".lock"
NAME = re.compile(re.escape(PREFIX) + r"(\d+)-[^/]+")     # PREFIX, the owner's pid, "-", mkdtemp's random part


@contextlib.contextmanager
def scratch_dir() -> Iterator[Path]:
    """with scratch_dir() as path: ... — a new directory of this process's, removed at the end; the leftovers of
    killed preparations are removed first."""
    remove_leftovers()
    path = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
    fd = None
    try:
        fd = os.open(path / LOCK, os.O_RDWR | os.O_CREAT, 0o600)
        with contextlib.suppress(OSError):      # a file system without locks: the pid alone keeps it
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        yield path
    finally:
        if fd is not None:
            os.close(fd)
        shutil.rmtree(path, ignore_errors=True)


def remove_leftovers(root: str | os.PathLike | None = None) -> list[Path]:
    """Remove the directories of preparations that ended without removing theirs; -> those removed."""
    root = Path(root or tempfile.gettempdir())
    removed = []
    for path in root.glob(PREFIX + "*"):
        match = NAME.fullmatch(path.name)
        if match and owner_gone(path, int(match[1])):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def owner_gone(path: Path, pid: int) -> bool:
    """Whether the preparation that made `path` (a directory of this user's, pid in its name) has ended."""
    try:
        info = path.lstat()
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or pid_alive(pid):
        return False
    try:
        fd = os.open(path / LOCK, os.O_RDWR | os.O_NOFOLLOW)
    except FileNotFoundError:
        return True                          # killed before it made its lock
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False                         # held: its owner lives, under a pid this process cannot see
    except OSError as e:
        return e.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS)     # no locks there: the pid said it
    finally:
        os.close(fd)


def pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:                  # another user's process
        return True
    return True
