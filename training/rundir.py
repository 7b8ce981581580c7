"""A run directory has one owner at a time (training/run_lock.py), and holds no half-written files or records from
an earlier, killed owner: claiming one for a new run or a resumed one, and what a run writes there before its first
checkpoint, its temporary files and its metrics log.
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

from config import is_run_config
from models.resume_command import recorded_resume_command
from training.run_lock import LOCK_NAME, RunDirLock, lock_owner
from util.distributed import is_main_process
from util.errors import UserError


# the temporary files a run writes, and leaves half-written when it is killed: a checkpoint's
# (models/checkpoint.atomic_torch_save: `.NAME.XXXXXXXX.tmp`), MODEL.md's and config.json's
# (util.textio.write_text_atomic: `.NAME.XXXXXXXX.part`) and metrics.jsonl's while a resume repairs it (open_log)
RUN_TEMP_FILE = re.compile(r"\.(best|last|averaged(-\d+)?|epoch\d+)\.pt\.[a-z0-9_]{8}\.tmp|"
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


def check_resumable(run_dir: Path) -> None:
    """Nothing when run_dir holds a last.pt to continue from; else a UserError that says what happened and what to do."""
    if (run_dir / "last.pt").is_file():
        return
    if run_dir.is_file():
        raise UserError(f"--resume {run_dir}: that is a file; pass the run's directory (--resume {run_dir.parent})")
    if not run_dir.is_dir():
        raise UserError(f"--resume {run_dir}: no such directory; pass the directory of a run that train.py wrote "
                        "(e.g. runs/<time>-<preset>)")
    last = run_dir / "last.pt"
    if last.exists() or last.is_symlink():      # there, but no file to load
        what = ("a directory" if last.is_dir() else f"a link to {os.readlink(last)}, which does not exist"
                if not last.exists() else "not a regular file")
        raise UserError(f"--resume {run_dir}: its last.pt is {what}, not the checkpoint file a run writes; put the "
                        f"run's last.pt file at {last} (move what is there away first)")
    if is_main_process() and (owner := lock_owner(run_dir)):    # (another rank's lock is rank 0's, this run's)
        raise UserError(f"--resume {run_dir}: the run is still training ({owner}) and has written no last.pt yet "
                        "(at its first epoch's end, or after --train.save_every minutes); --resume continues a run "
                        "that stopped: wait for it to end")
    if (run_dir / "best.pt").is_file():
        raise UserError(f"--resume {run_dir}: it has best.pt but no last.pt (the training state), so the run cannot "
                        f"continue; to train on from best.pt's weights, start a new run with `python train.py --init "
                        f"{run_dir / 'best.pt'} --out NEW_DIR`")
    if (run_dir / "config.json").is_file():
        if not is_run_config(run_dir / "config.json"):
            raise UserError(f"--resume {run_dir}: that is not a run directory (its config.json is not one train.py "
                            "wrote; an export.py directory, perhaps); pass the directory of a run that train.py wrote, "
                            "which holds last.pt (e.g. runs/<time>-<preset>)")
        raise UserError(f"--resume {run_dir}: the run stopped before its first checkpoint (last.pt is written at each "
                        "epoch's end and every --train.save_every minutes), so there is nothing to continue; start it "
                        f"again with `python train.py --out {run_dir}` and the flags it had (its config.json lists "
                        "the values)")
    raise UserError(f"--resume {run_dir}: there is no run to continue (no last.pt, no config.json: it stopped while "
                    f"its data was prepared, or this is not a run directory); start a new one with `python train.py "
                    f"--out {run_dir}`")


def claim_run_dir(run_dir: Path, resuming: bool, data_dir: str | None = None,
                  user_module: str | None = None, ranks: int = 1) -> RunDirLock:
    """Lock the run directory (before any data work) and clear what a killed owner left half-written.
    A new run is refused a directory that already holds a run's checkpoints, told the command that continues that
    run (its data_dir, user_module and ranks: this command's, where last.pt does not record the run's)."""
    lock = RunDirLock(run_dir, "" if resuming else "choose another --out").acquire()
    if not resuming and (run_dir / "last.pt").exists():
        lock.release()
        command = recorded_resume_command(run_dir, data_dir, user_module, ranks)
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
