"""Where an export may be written: a new or empty directory, or (with --force) an earlier export, recognised by its
manifest and by holding nothing but an export's files. Never a directory that holds anything else (a run directory
with its checkpoints, the current directory with a project in it): export.py must not delete what it did not write.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Iterator

from decoding.export_files import MANIFEST, export_files
from util.errors import UserError
from util.textio import same_file


@contextlib.contextmanager
def staging_dir(out: Path) -> Iterator[Path]:
    """with staging_dir(out) as tmp: a path to write the export at first, inside a new hidden directory beside OUT_DIR
    (`.NAME.exporting.XXXXXXXX`; OUT_DIR may be `.`, which has no name of its own) that this process creates and
    removes again: a directory of that kind left by a killed export, or anyone's, is never touched."""
    real = out.resolve()
    real.parent.mkdir(parents=True, exist_ok=True)          # export.py a/b/model: a and b are made, as before
    work = Path(tempfile.mkdtemp(prefix=f".{real.name}.exporting.", dir=real.parent))
    try:
        yield work / "export"
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_target(out: Path, force: bool, checkpoint: str | Path) -> None:
    """Refuse, before any work, an OUT_DIR the export may not write into or replace."""
    if out.exists() and not out.is_dir():
        raise UserError(f"{out} is a file, not a directory; choose another OUT_DIR (--force replaces an earlier "
                        "export only)")
    try:
        parent = out.resolve().parent
    except (RuntimeError, OSError) as e:          # a link round a loop (RuntimeError before Python 3.13)
        raise UserError(f"{out} cannot be followed ({e}); choose another OUT_DIR") from None
    while not parent.exists():                               # the directories to make: their first existing one
        parent = parent.parent
    if not parent.is_dir():
        raise UserError(f"{parent} is a file, not a directory; choose another OUT_DIR")
    if not os.access(parent, os.W_OK):
        raise UserError(f"cannot write into {parent} (read-only); choose another OUT_DIR")
    entries = sorted(out.iterdir()) if out.is_dir() else []
    if not entries:
        return
    own = export_files(out)
    others = [p.name for p in entries if p.name not in own or not p.is_file() or p.is_symlink()
              or same_file(p, checkpoint)]
    if others:                         # without a manifest nothing is an export's own
        shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        raise UserError(f"{out} is not empty and not an earlier export (it holds {shown}); "
                        "export.py replaces only a directory it wrote, so choose a new or empty OUT_DIR")
    if not force:
        raise UserError(f"{out} holds an earlier export; pass --force to replace it")


def install(staged: Path, out: Path) -> None:
    """Move the finished export from `staged` into `out`: a rename when out is new; else out keeps its inode (it may
    be the current directory), the earlier export's files go and the new ones come in, the manifest last, so a
    kill midway leaves a directory whose checksums say to export again. An OUT_DIR that is a link to no directory
    yet gets the export where it points (as staging_dir's parent is that place's), the link kept."""
    if not out.exists():
        staged.rename(out.resolve())
        return
    for name in export_files(out) - {MANIFEST}:
        (out / name).unlink(missing_ok=True)
    for path in sorted(staged.iterdir(), key=lambda p: p.name == MANIFEST):
        os.replace(path, out / path.name)
