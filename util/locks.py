"""Who holds a lock file now, read without taking it: a run's lock (training/run_lock.py) is held, with flock, by the
process that trains in its directory for as long as it lives, and names that process in its text."""
from __future__ import annotations

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
