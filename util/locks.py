"""Who holds a lock file now, read without taking it: a run's lock (training/run_lock.py) is held, with flock, by the
process that trains in its directory for as long as it lives, and names that process in its text. Whether the owner
of what a killed process left (data/scratch.py's directories, data/prepared.py's .part files) has ended."""
from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path


def lock_holder(path: str | Path) -> str:
    """What the lock file at `path` says of its holder (`pid 123 on host`), or "" when no live process holds it (or
    there is no such file); the file is only read, never created, taken or changed."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return ""
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return ""
    except BlockingIOError:
        return os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or "a process that has not written its pid yet"
    except OSError:                    # a file system without flock: no holder can be told
        return ""
    finally:
        os.close(fd)


def no_locks(error: OSError) -> bool:
    """Whether an flock failed because the file system has no locks (NFS without its lock daemon, some FUSE file
    systems), not because another process holds the lock (BlockingIOError)."""
    return error.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS)


def owner_gone(pid: int, lock: str | Path) -> bool:
    """Whether the process that made something, `pid` in its name and an flock on the file `lock` held while it works,
    has ended: no process has that pid, and the lock is free (the kernel drops an flock when its process ends, however
    it ends) or was never made (killed before it made it). Where the file system has no locks the answer is no: the pid
    alone cannot say it, as the owner may live in another pid namespace that shares the directory, and a leftover kept
    costs only room where one removed under a live owner is its lost work."""
    if pid_alive(pid):
        return False
    try:        # opened for writing: NFS takes an exclusive flock only on such a file
        fd = os.open(lock, os.O_RDWR | os.O_NOFOLLOW)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:             # held: its owner lives, under a pid this process cannot see; or no_locks there
        return False
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
