"""The one command that continues a stopped run, wherever a message names it: `resume_command` starts train.py with
the launcher of the ranks that trained the run (torchrun's ranks each take a batch a step; `python train.py` alone
would go on as one), and `recorded_resume_command` is that command as a run directory's last.pt records the run: its
ranks, and the --data-dir and --user-module its commands gave last."""
from __future__ import annotations

import shlex
from pathlib import Path

import torch

from util.distributed import launcher


def resume_command(run_dir: str | Path, data_dir: str | None = None, user_module: str | None = None,
                   ranks: int = 1) -> str:
    """The command that continues the run in `run_dir`, trained by `ranks` ranks: a run given --data-dir reads its
    data there again (offline, the default would try to download it), and one given --user-module needs the attention
    it registers again."""
    words = [*launcher(ranks), "train.py", "--resume", str(run_dir)] \
        + (["--data-dir", str(data_dir)] if data_dir else []) \
        + (["--user-module", str(user_module)] if user_module else [])
    return shlex.join(words)


def recorded_resume_command(run_dir: str | Path, data_dir: str | None = None, user_module: str | None = None,
                            ranks: int = 1) -> str:
    """resume_command of the run in `run_dir` as its last.pt records it: the ranks that trained it, the --data-dir and
    --user-module its commands gave last where none is given (a path typed now holds where it is typed; a recorded one
    is relative to where the run was started); the values given where last.pt cannot say (none, damaged, or written
    before runs recorded their ranks)."""
    state = recorded_state(Path(run_dir) / "last.pt")
    ranks_then = state.get("ranks")
    return resume_command(run_dir, data_dir or recorded_flag(state, "--data-dir"),
                          user_module or recorded_flag(state, "--user-module"),
                          ranks_then if isinstance(ranks_then, int) and ranks_then > 0 else ranks)


def recorded_flag(state: dict, name: str) -> str | None:
    """The value of the flag `name` in the latest of the commands that trained a run (its TrainState's `commands`, as
    plain data) that gave it: a resume that left it out read the same data; None where none gave it."""
    for command in reversed(state.get("commands") or []):
        try:
            found = flag_of(shlex.split(command), name) if isinstance(command, str) else None
        except ValueError:          # not a command a run wrote
            found = None
        if found:
            return found
    return None


def recorded_state(last_pt: Path) -> dict:
    """The TrainState a last.pt holds, as plain data (mapped, not read whole: only its small fields are used); {}
    where there is none to read."""
    try:
        raw = torch.load(last_pt, map_location="cpu", weights_only=True, mmap=True)
        state = raw["train_state"]["state"]
    except Exception:       # no file, not a checkpoint, cut: a message's hint falls back to the values given
        return {}
    return state if isinstance(state, dict) else {}


def flag_of(words: list[str], name: str) -> str | None:
    """The value of the flag `name` in a command's words (`--flag VALUE` or `--flag=VALUE`, the last one given)."""
    found = None
    for n, word in enumerate(words):
        if word == name and n + 1 < len(words):
            found = words[n + 1]
        elif word.startswith(name + "="):
            found = word[len(name) + 1:]
    return found
