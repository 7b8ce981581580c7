"""The files of an exported directory, checked when it loads: each one's sha256 is recorded at export time.

The manifest (`einsum_nmt.json`) lists every other file of the directory with the sha256 of its bytes (model.bin,
CTranslate2's config.json and vocabularies, the subword models), and itself with the sha256 of its other fields, so
a missing file or a changed bit anywhere is one line naming the file, not a model that translates garbage.
Exports written before checksums existed have no list: they still load, with the files they must have checked for.

The manifest also records the checkpoint it was exported from ("source": its absolute path, size, mtime, sha256
and training step). An export is a shipped artifact that works without that file; where the file is still at its
path and is no longer the one exported (its run wrote a newer best.pt, a fine-tune went into the same path),
loading says so in one note naming the export.py command that refreshes the export (`stale_note`).

It lives in decoding, the lowest layer that reads an export (ct2_engine.py checks it on loading, load.py lists its
files so no output replaces one); exporting/, a floor above, writes it with `seal`.
"""
from __future__ import annotations

import hashlib
import json
import os
import shlex
from datetime import datetime
from pathlib import Path

from config import Config
from data.multi30k import sha256_file
from util.errors import UserError

MANIFEST = "einsum_nmt.json"     # beside CTranslate2's model.bin: our config and vocabularies
AGAIN = "export the checkpoint again with export.py"
# what export.py writes, so also what an export written before checksums (no list of files) can hold
EXPORT_FILES = {MANIFEST, "model.bin", "config.json", "shared_vocabulary.json", "shared_vocabulary.txt",
                "source_vocabulary.json", "source_vocabulary.txt", "target_vocabulary.json",
                "target_vocabulary.txt", "vocabulary.json", "vocabulary.txt", "src.spm.model", "tgt.spm.model"}


def export_files(directory: str | Path) -> set[str]:
    """The names an export in `directory` owns: those its manifest lists, or any export file name; none without a
    manifest."""
    try:
        listed = json.loads((Path(directory) / MANIFEST).read_text(encoding="utf-8")).get("files")
    except (FileNotFoundError, NotADirectoryError):
        return set()
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        listed = None                  # a damaged manifest: its export may still be replaced
    return EXPORT_FILES | (set(listed) if isinstance(listed, dict) else set())


def export_inputs(directory: str | Path) -> list[Path]:
    """The files of an export in `directory` that loading it reads, present or not (the manifest, CTranslate2's files
    and its vocabulary map `vmap.txt`, the subword models, each read where it is): an output must be none of them."""
    names = export_files(directory)
    return [Path(directory) / name for name in sorted(names | {"vmap.txt"} if names else names)]


def read_manifest(directory: str | Path) -> dict:
    """The export's manifest as written; a missing or unreadable one is a one-line UserError."""
    path = Path(directory) / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"{path} is missing; {AGAIN}") from None
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise UserError(f"{path} is damaged ({str(e).splitlines()[0]}); {AGAIN}") from None
    if not isinstance(manifest, dict):
        raise UserError(f"{path} is damaged (not a JSON object); {AGAIN}")
    return manifest


def file_checksums(directory: str | Path, names) -> dict[str, str]:
    """{name: sha256 of the file's bytes} for these files of the directory."""
    return {name: sha256_file(Path(directory) / name) for name in names}


def manifest_checksum(manifest: dict) -> str:
    """sha256 of the manifest as canonical JSON, its own entry in "files" left out (it cannot hold its own hash)."""
    files = manifest.get("files")
    fields = {**manifest, "files": {k: v for k, v in files.items() if k != MANIFEST}} if isinstance(files, dict) \
        else manifest
    return hashlib.sha256(json.dumps(fields, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


def seal(directory: str | Path, manifest: dict) -> dict:
    """The manifest with "files": the checksum of every file now in the directory, and of the manifest itself."""
    names = sorted(p.name for p in Path(directory).iterdir() if p.is_file() and p.name != MANIFEST)
    sealed = {**manifest, "files": file_checksums(directory, names)}
    sealed["files"][MANIFEST] = manifest_checksum(sealed)
    return sealed


def check_export_files(directory: str | Path, manifest: dict) -> None:
    """Every file the export recorded is there with its bytes unchanged; a missing or changed one is a UserError
    naming it. An export written before checksums: model.bin, config.json and (subword units) src.spm.model exist."""
    directory = Path(directory)
    recorded = manifest.get("files")
    if recorded is None:
        needed = ["model.bin", "config.json"]
        if Config.from_dict(manifest["config"]).data.units == "subword":
            needed.append("src.spm.model")
        for name in needed:
            if not (directory / name).is_file():
                raise UserError(f"{directory / name} is missing; {AGAIN} (this export predates checksums, so its "
                                "other files cannot be checked either)")
        return
    if not isinstance(recorded, dict) or recorded.get(MANIFEST) != manifest_checksum(manifest):
        raise UserError(f"{directory / MANIFEST} is damaged (its content does not match its checksum); {AGAIN}")
    for name, expected in recorded.items():
        if name == MANIFEST:
            continue
        path = directory / name
        if not path.is_file():
            raise UserError(f"{path} is missing; {AGAIN}")
        if sha256_file(path) != expected:
            raise UserError(f"{path} is damaged (its sha256 differs from the one recorded at export); {AGAIN}")


def source_record(checkpoint: str | Path, step: int) -> dict:
    """What an export records of the checkpoint it is made from: its absolute path (the export may be used from
    another directory), size, mtime, the sha256 of its bytes and the training step of its weights (0: none named)."""
    path = Path(os.path.abspath(checkpoint))
    stat = path.stat()
    return {"path": str(path), "size": stat.st_size, "mtime_ns": stat.st_mtime_ns, "sha256": sha256_file(path),
            "step": step}


def exported_from(manifest: dict) -> str | None:
    """The checkpoint the export was made from: its absolute path where the manifest records its source, else the
    path as export.py was given it (relative to where it ran); None where the manifest names none."""
    source = manifest.get("source")
    path = source.get("path") if isinstance(source, dict) else None
    path = path if isinstance(path, str) and path else manifest.get("checkpoint")
    return path if isinstance(path, str) and path else None


def stale_note(directory: str | Path, manifest: dict) -> str | None:
    """A one-line note when the checkpoint the export was made from is still at its path with other bytes (its size
    or mtime changed and so did its sha256), naming the export.py command that refreshes it; None when it is the
    same file, gone, unreadable, or the export is older than source records (the export works without it)."""
    source = manifest.get("source")
    if not isinstance(source, dict) or not isinstance(source.get("path"), str):
        return None
    path = Path(source["path"])
    try:
        stat = path.stat()
        if (stat.st_size, stat.st_mtime_ns) == (source.get("size"), source.get("mtime_ns")) \
                or sha256_file(path) == source.get("sha256"):
            return None
    except OSError:
        return None
    step = source.get("step")
    step = f" (step {step})" if isinstance(step, int) and step > 0 else ""
    when = datetime.fromtimestamp(stat.st_mtime).strftime("%Y-%m-%d %H:%M")
    quantization = manifest.get("quantization")
    flag = f" --quantization {quantization}" if isinstance(quantization, str) and quantization else ""
    command = f"python export.py {shlex.quote(str(path))} {shlex.quote(str(directory))} --force{flag}"
    return (f"note: the export {directory} is older than its checkpoint: {path} was rewritten ({when}) after the "
            f"export, which still holds its earlier weights{step}; `{command}` refreshes it")
