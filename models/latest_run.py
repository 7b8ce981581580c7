"""The run directories under runs/ and which of them is the newest: the checkpoint a command takes when no
--checkpoint is given (translate.py, evaluate.py, serve.py, probes), and the lock's name that marks a run in use."""
from __future__ import annotations

from pathlib import Path

from models.resume_command import recorded_resume_command
from util.errors import UserError
from util.locks import lock_holder

RUN_FILES = ("config.json", "last.pt", "best.pt")     # what makes a directory under runs/ a run
LOCK_NAME = ".lock"     # a run's lock (training/run_lock.py): a run preparing its data holds only it, a run all the same


def run_files(directory: Path) -> list[Path]:
    """The files that make a directory under runs/ a run: RUN_FILES, and its lock while a live process holds it (a
    run preparing its data holds only that; one killed then leaves a lock that no one holds, and no run)."""
    files = [directory / f for f in RUN_FILES if (directory / f).is_file()]
    return files + [directory / LOCK_NAME] if lock_holder(directory / LOCK_NAME) else files


def latest_checkpoint(runs_dir: str | Path = "runs", name: str = "best.pt") -> Path:
    """`name` in the most recent run under runs_dir: the run directory whose files changed last. A run that has not
    written it yet (best.pt comes with its first validation, the end of its first epoch) is one line saying so, not
    an older run's file in its place."""
    runs = [(max(f.stat().st_mtime for f in files), d) for d in Path(runs_dir).glob("*") if (files := run_files(d))]
    if not runs:
        raise UserError(f"no checkpoint found under {runs_dir}/ — train one with `python train.py`, "
                        "or pass --checkpoint PATH")
    run = max(runs)[1]
    if (run / name).is_file():
        return run / name
    older = max(((t, d) for t, d in runs if (d / name).is_file()), default=None)
    if not any((run / f).is_file() for f in RUN_FILES):         # its lock alone: no config.json, nothing to resume
        raise UserError(f"the newest run, {run}, has not begun training yet (it is preparing its data, or stopped "
                        f"while it did): it writes {name} at the end of its first epoch; wait for that"
                        + (f", or pass --checkpoint {older[1] / name} (an older run's)" if older else ""))
    last = (run / "last.pt").is_file()      # without it there is nothing to resume: train.py refuses --resume
    ways = [f"--checkpoint {run / 'last.pt'} for its weights so far"] if last else []
    ways += [f"--checkpoint {older[1] / name} (an older run's)"] if older else []
    raise UserError(f"the newest run, {run}, has no {name} yet: a run writes it at the end of its first epoch"
                    + (f" (`{recorded_resume_command(run)}` continues a stopped one)" if last else "")
                    + (f"; pass {' or '.join(ways)}" if ways else ""))
