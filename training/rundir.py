"""A run directory has one owner at a time, and holds no half-written files or records from an earlier, killed owner.

The owner holds an flock on `.lock` in the directory; the file names it (pid and host) for the error a second run
gets. The kernel drops an flock when its process ends however it ends (kill -9, a crash, a power cut), so a lock
left by a dead run is free and the next run takes it over; the lock is acquired without waiting. A `.lock` that no
run of ours wrote (another program's, a symlink) is refused untouched, and a lock file is removed at the end only
when it is ours: nothing a user put in a run directory is deleted or emptied.
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import shlex
import socket
import stat
import sys
from pathlib import Path

from config import Config
from util.errors import UserError

LOCK_NAME = ".lock"


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
                if e.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
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


def _read(fd: int) -> str:
    return os.pread(fd, 200, 0).decode("utf-8", "replace")


def lock_text() -> str:
    """What a lock file says while its run holds it: the owner, for the error a second run gets."""
    return f"pid {os.getpid()} on {socket.gethostname()}\n"


def is_lock_text(text: str) -> bool:
    """Whether a lock file says what lock_text writes (or nothing yet: a run killed between creating and writing it)."""
    return not text or re.fullmatch(r"pid \d+ on [^\n]*\n", text) is not None


# the temporary files a run writes, and leaves half-written when it is killed: a checkpoint's
# (models/checkpoint.atomic_torch_save: `.NAME.XXXXXXXX.tmp`), MODEL.md's and config.json's
# (util.textio.write_text_atomic: `.NAME.XXXXXXXX.part`) and metrics.jsonl's while a resume repairs it (open_log)
RUN_TEMP_FILE = re.compile(r"\.(best|last|averaged|epoch\d+)\.pt\.[a-z0-9_]{8}\.tmp|"
                           r"\.(MODEL\.md|config\.json)\.[a-z0-9_]{8}\.part|\.metrics\.jsonl\.tmp")


def remove_stale_temp_files(directory: str | Path) -> list[str]:
    """Delete the temporary files a killed run left (RUN_TEMP_FILE, no other name); -> their names. Only the owner of
    a run's directory may call this, when it resumes the run: another live writer's temp file would look the same."""
    removed = []
    for path in Path(directory).iterdir():
        if not RUN_TEMP_FILE.fullmatch(path.name) or not path.is_file() or path.is_symlink():
            continue
        try:
            path.unlink()
            removed.append(path.name)
        except FileNotFoundError:
            pass
    return sorted(removed)


def resume_command(run_dir: Path, data_dir: str | None = None, user_module: str | None = None) -> str:
    """The command that continues the run in `run_dir`: a run given --data-dir reads its data there again (offline,
    the default would try to download it), and one given --user-module needs the attention it registers again."""
    words = ["python", "train.py", "--resume", str(run_dir)] + (["--data-dir", str(data_dir)] if data_dir else []) \
        + (["--user-module", str(user_module)] if user_module else [])
    return shlex.join(words)


def check_resumable(run_dir: Path) -> None:
    """Nothing when run_dir holds a last.pt to continue from; else a UserError that says what happened and what to do."""
    if (run_dir / "last.pt").is_file():
        return
    if run_dir.is_file():
        raise UserError(f"--resume {run_dir}: that is a file; pass the run's directory (--resume {run_dir.parent})")
    if not run_dir.is_dir():
        raise UserError(f"--resume {run_dir}: no such directory; pass the directory of a run that train.py wrote "
                        "(e.g. runs/<time>-<preset>)")
    if (run_dir / "best.pt").is_file():
        raise UserError(f"--resume {run_dir}: it has best.pt but no last.pt (the training state), so the run cannot "
                        f"continue; to train on from best.pt's weights, start a new run with `python train.py --init "
                        f"{run_dir / 'best.pt'} --out NEW_DIR`")
    if (run_dir / "config.json").is_file():
        raise UserError(f"--resume {run_dir}: the run stopped before its first checkpoint (last.pt is written at each "
                        "epoch's end and every --train.save_every minutes), so there is nothing to continue; start it "
                        f"again with `python train.py --out {run_dir}` and the flags it had (its config.json lists "
                        "the values)")
    raise UserError(f"--resume {run_dir}: there is no run to continue (no last.pt, no config.json: it stopped while "
                    f"its data was prepared, or this is not a run directory); start a new one with `python train.py "
                    f"--out {run_dir}`")


def claim_run_dir(run_dir: Path, resuming: bool, data_dir: str | None = None,
                  user_module: str | None = None) -> RunDirLock:
    """Lock the run directory (before any data work) and clear what a killed owner left half-written.
    A new run is refused a directory that already holds a run's checkpoints."""
    lock = RunDirLock(run_dir, "" if resuming else "choose another --out").acquire()
    if not resuming and (run_dir / "last.pt").exists():
        lock.release()
        command = resume_command(run_dir, data_dir, user_module)
        raise UserError(f"{run_dir} already holds a run; continue it with `{command}`, or choose another --out")
    if not resuming and (run_dir / "best.pt").exists():     # a new run would overwrite it at its first epoch
        lock.release()
        raise UserError(f"{run_dir} holds a best.pt from a run that cannot be resumed (it has no last.pt); move "
                        "best.pt away, or choose another --out")
    foreign = [] if resuming else foreign_files(run_dir)
    if foreign:
        lock.release()
        shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
        raise UserError(f"{run_dir} is not empty and holds no run that train.py can start again (it has {shown}); "
                        "a new run takes an empty or missing directory only: choose another --out")
    if lock.previous_owner:
        print(f"note: took over {run_dir} from a run that ended without releasing it ({lock.previous_owner})",
              file=sys.stderr)
    removed = remove_stale_temp_files(run_dir) if resuming else []
    if removed:
        print(f"note: removed {len(removed)} half-written file(s) a killed run left: {', '.join(removed)}",
              file=sys.stderr)
    return lock


def foreign_files(run_dir: Path) -> list[str]:
    """The names in run_dir that a new run there would overwrite, empty or mix with: anything but what a run of this
    project writes before its first checkpoint (a directory holding only that, a run stopped that early, may be
    started again with --out, as check_resumable says): its lock (RunDirLock refuses another program's), this
    project's config.json and, beside it, a metrics.jsonl of records and a tensorboard/ of event files."""
    ours = {LOCK_NAME}
    if is_run_config(run_dir / "config.json"):
        ours.add("config.json")
        ours |= {"metrics.jsonl"} if is_run_log(run_dir / "metrics.jsonl") else set()
        ours |= {"tensorboard"} if is_event_dir(run_dir / "tensorboard") else set()
    return sorted(p.name for p in run_dir.iterdir() if p.name not in ours)


def is_run_config(path: Path) -> bool:
    """A config.json that train.py wrote: this project's config, not e.g. CTranslate2's of an export."""
    if path.is_symlink():              # a new run writes config.json: through a link, into another file
        return False
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
        if not (isinstance(config, dict) and {"model", "data", "train"} <= set(config)):
            return False
        Config.from_dict(config)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, TypeError, AttributeError, UserError):
        return False
    return True


def is_run_log(path: Path) -> bool:
    """A metrics.jsonl of records only (its last line may be cut short, by a kill)."""
    try:
        return path.is_file() and not path.is_symlink() and all(map(is_record, path.read_bytes().split(b"\n")[:-1]))
    except OSError:
        return False


def is_event_dir(path: Path) -> bool:
    """A tensorboard/ directory of TensorBoard event files only."""
    try:
        return path.is_dir() and not path.is_symlink() and all(
            p.is_file() and p.name.startswith("events.out.tfevents.") for p in path.iterdir())
    except OSError:
        return False


def open_log(path: Path, keep_bytes: int):
    """An append-only log (metrics.jsonl) cut back to the `keep_bytes` a checkpoint recorded, so records written
    after it, which a resumed run writes again, do not appear twice; keep_bytes < 0 keeps everything.

    A line that is no JSON record (cut by a crash or a full disk, bytes that are not UTF-8) is dropped with a
    warning, so the first new record starts a line of its own instead of being glued onto a broken one."""
    if not path.exists():
        return path.open("a", encoding="utf-8")
    data = path.read_bytes()
    kept = data[:keep_bytes] if keep_bytes >= 0 else data
    lines = kept.split(b"\n")
    partial = lines.pop()                      # b"" when the last record ended with its newline
    good = [line for line in lines if is_record(line)]
    dropped = len(lines) - len(good) + (1 if partial else 0)
    if dropped or len(kept) != len(data):
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_bytes(b"".join(line + b"\n" for line in good))
        os.replace(tmp, path)
    if dropped:
        print(f"warning: dropped {dropped} damaged line(s) of {path} (a record cut short or not UTF-8 JSON); "
              "the checkpoints are not affected", file=sys.stderr)
    return path.open("a", encoding="utf-8")


def is_record(line: bytes) -> bool:
    """A metrics.jsonl line that holds one JSON object."""
    try:
        return isinstance(json.loads(line.decode("utf-8")), dict)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
