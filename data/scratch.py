"""The directory a preparation tokenizes into, and those a killed preparation left behind.

A preparation writes its token lines under the temp directory ($TMPDIR) and removes them when it ends; one killed
with kill -9 (or by the OOM killer, or a power cut) cannot, so each preparation first removes those whose owner is
gone. The directory's name holds its owner's pid, and its owner holds an flock on LOCK inside it (the kernel drops
an flock when its process ends, however it ends). A directory is a leftover only when both say its owner is gone:
no process has that pid, and the lock is free. So a live preparation's directory is never removed, even one of
another pid namespace sharing the temp directory; a leftover whose pid a new process took waits for that one to end.
Where the temp directory's file system has no locks, no directory is taken for a leftover (util/locks.py's owner_gone).
"""
from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Iterator

from util.locks import owner_gone

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
        with contextlib.suppress(OSError):      # a file system without locks: never taken for a leftover
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
        if match and own_directory(path) and owner_gone(int(match[1]), path / LOCK):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def own_directory(path: Path) -> bool:
    """Whether `path` is a directory (no link) of this user's."""
    try:
        info = path.lstat()
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
