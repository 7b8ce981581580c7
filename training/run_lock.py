"""A run directory's lock: one owner at a time (`RunDirLock`).

The owner holds an flock on `.lock` in the directory; the file names it (pid and host) for the error a second run
gets. The kernel drops an flock when its process ends however it ends (kill -9, a crash, a power cut), so a lock
left by a dead run is free and the next run takes it over; the lock is acquired without waiting. A `.lock` that no
run of ours wrote (another program's, a symlink) is refused untouched, and a lock file is removed at the end only
when it is ours: nothing a user put in a run directory is deleted or emptied.
"""
from __future__ import annotations

import errno
import fcntl
import os
import re
import socket
import stat
import sys
from pathlib import Path

from models.latest_run import LOCK_NAME
from util.errors import UserError
from util.locks import lock_holder, no_locks


class RunDirLock:
    """with RunDirLock(dir): ... — creates dir if needed; a UserError if another live process owns it.

    `other` ends the errors with what else the user can do, e.g. "choose another --out".
    """

    def __init__(self, directory: str | Path, other: str = ""):
        self.dir, self.other = Path(directory), other
        self.path = self.dir / LOCK_NAME
        self.fd: int | None = None
        self.created = False           # the directory is ours to remove again if nothing was put in it
        self.own_file = False          # the lock file is ours to remove: we created it, or a dead run of ours did
        self.previous_owner = ""       # what a dead owner's lock file said, when we took it over

    def acquire(self) -> "RunDirLock":
        or_other, fd = f", or {self.other}" if self.other else "", None
        try:
            if self.dir.exists() and not self.dir.is_dir():
                raise UserError(f"{self.dir} is a file, not a run directory"
                                + (f"; {self.other}" if self.other else ""))
            self.created = not self.dir.exists()
            self.dir.mkdir(parents=True, exist_ok=True)
            fd = self._lock_file(or_other)
            self.previous_owner = _read(fd).strip()
            self.own_file = self.own_file or bool(self.previous_owner)
            os.ftruncate(fd, 0)
            os.pwrite(fd, lock_text().encode(), 0)
        except OSError as e:
            if fd is not None:
                os.close(fd)
            raise UserError(f"cannot write to the run directory {self.dir} ({e.strerror}){or_other}") from None
        self.fd = fd
        return self

    def _open(self, or_other: str) -> int | None:
        """The lock file, created (then self.own_file) or as found; None when it went away meanwhile. Anything else
        at its name (another program's .lock, a symlink) is refused untouched."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
            self.own_file = True
            return fd
        except FileExistsError:
            pass
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_NOFOLLOW)
        except FileNotFoundError:
            return None
        except OSError as e:
            if e.errno != errno.ELOOP:
                raise
            fd = None                  # a symlink
        if fd is not None and stat.S_ISREG(os.fstat(fd).st_mode) and is_lock_text(_read(fd)):
            self.own_file = False
            return fd
        if fd is not None:
            os.close(fd)
        raise UserError(f"{self.dir} holds a {LOCK_NAME} that train.py did not write; move it away (train.py keeps "
                        f"its lock there){or_other}")

    def _lock_file(self, or_other: str) -> int:
        while True:
            fd = self._open(or_other)
            if fd is None:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                owner = _read(fd).strip() or "a process that has not written its pid yet"
                os.close(fd)
                raise UserError(f"{self.dir} is in use by another run ({owner}); "
                                f"wait for it to end{or_other}") from None
            except OSError as e:
                if not no_locks(e):
                    raise
                print(f"warning: this file system cannot lock {self.path}, so nothing stops a second run from "
                      "using the same directory", file=sys.stderr)
                return fd
            # the owner before us may have removed the file between our open and our lock: lock the file that is there
            try:
                if os.stat(self.path).st_ino == os.fstat(fd).st_ino:
                    return fd
            except FileNotFoundError:
                pass
            os.close(fd)

    def release(self) -> None:
        if self.fd is None:
            return
        try:
            if self.own_file:
                self.path.unlink(missing_ok=True)   # removed while still locked, so no one locks a file on its way out
            else:
                os.ftruncate(self.fd, 0)            # a lock file found empty is left as it was found
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None
        if self.created:
            try:
                self.dir.rmdir()               # only if empty: a run that failed at its start leaves no litter
            except OSError:
                pass

    def __enter__(self) -> "RunDirLock":
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


def lock_owner(directory: str | Path) -> str:
    """Who holds the lock of a run directory now (what its lock file says), or "" when no live process does."""
    return lock_holder(Path(directory) / LOCK_NAME)


def _read(fd: int) -> str:
    return os.pread(fd, 200, 0).decode("utf-8", "replace")


def lock_text() -> str:
    """What a lock file says while its run holds it: the owner, for the error a second run gets."""
    return f"pid {os.getpid()} on {socket.gethostname()}\n"


def is_lock_text(text: str) -> bool:
    """Whether a lock file says what lock_text writes (or nothing yet: a run killed between creating and writing it)."""
    return not text or re.fullmatch(r"pid \d+ on [^\n]*\n", text) is not None
