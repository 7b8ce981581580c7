"""Checkpoints: self-contained (weights, config, vocabularies; training state in last.pt only), written atomically,
loaded safely.

Loading uses `torch.load(weights_only=True)`: a file that would need to run code to unpickle is refused. What a
checkpoint holds is checked for its shape here (keys and types); translation/checkpoints.py checks that the parts
agree with each other.
"""
from __future__ import annotations

import os
import pickle
import tempfile
import zipfile
from pathlib import Path

import torch

from util.errors import UserError

CHECKPOINT_FORMAT = "einsum-nmt/1"


def atomic_torch_save(obj, path: str | Path) -> None:
    """Write to a temporary file beside `path`, then rename: a kill at any moment leaves the old file intact.

    A failed write (disk full, read-only, ...) raises the OSError itself and leaves no temporary file.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())      # mkstemp's 0600 would keep a checkpoint from being shared
        with os.fdopen(fd, "wb") as f:
            torch.save(obj, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except RuntimeError as e:           # torch's zip writer reports a failed write as RuntimeError over the OSError
        Path(tmp).unlink(missing_ok=True)
        cause = e.__context__
        while cause is not None and not isinstance(cause, OSError):
            cause = cause.__context__
        if cause is None:
            raise
        raise cause from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def save_checkpoint(path: str | Path, *, model_state, config: dict, src_vocab: dict, tgt_vocab: dict,
                    subwords: dict | None = None, train_state: dict | None = None, info: dict | None = None) -> None:
    """subwords: {"src": bytes, "tgt": bytes or None} sentencepiece models (None for word units); train_state
    (optimizer, schedule, RNG, progress) only for resuming; info: small facts, e.g. the val BLEU."""
    atomic_torch_save({"format": CHECKPOINT_FORMAT, "config": config, "model": model_state, "src_vocab": src_vocab,
                       "tgt_vocab": tgt_vocab, "subwords": subwords, "train_state": train_state, "info": info or {}},
                      path)


def load_checkpoint(path: str | Path) -> dict:
    """The checkpoint as a dict, on CPU. Every way this can fail is a one-line UserError."""
    path = Path(path)
    if not path.is_file():
        raise UserError(f"no checkpoint at {path} — train one with `python train.py`, or pass --checkpoint PATH")
    if not zipfile.is_zipfile(path):       # e.g. a text file, which torch would misreport as code to run
        raise UserError(f"{path} is truncated or not a checkpoint (not the zip archive torch.save writes); use "
                        "another, e.g. last.pt")
    try:
        ckpt = torch.load(path, map_location="cpu", weights_only=True)
    except pickle.UnpicklingError as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else ""
        if "weights_only" in str(e) or "Unsupported global" in str(e):
            raise UserError(f"refusing to load {path}: it holds Python objects that would run code when loaded "
                            "(only tensors and plain data are accepted); use a checkpoint written by train.py") from None
        raise UserError(f"{path} is not a readable checkpoint ({first}); was it written by train.py?") from None
    except Exception as e:  # torch raises many types for a cut or foreign file (RuntimeError, KeyError, ...)
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise UserError(f"{path} is truncated or not a checkpoint ({first}); use another, e.g. last.pt") from None
    if not isinstance(ckpt, dict) or ckpt.get("format") != CHECKPOINT_FORMAT:
        raise UserError(f"{path} is not an einsum-nmt checkpoint (no '{CHECKPOINT_FORMAT}' format tag); "
                        "pass a checkpoint written by train.py")
    problem = _malformed(ckpt)
    if problem:
        raise UserError(f"{path} is damaged: {problem}; use another checkpoint, e.g. last.pt or one of an older run")
    return ckpt


def _malformed(ckpt: dict) -> str | None:
    """What is wrong with the parts' types, or None. Old checkpoints (training state in every file, no info) pass."""
    for key in ("config", "model", "src_vocab", "tgt_vocab"):
        if not isinstance(ckpt.get(key), dict):
            return f"its {key!r} entry is missing or not a table"
    for name, value in ckpt["model"].items():
        if not isinstance(name, str) or not isinstance(value, torch.Tensor):
            return f"its weights hold {name!r}, which is not a named tensor"
    for key in ("src_vocab", "tgt_vocab"):
        itos = ckpt[key].get("itos")
        if not isinstance(itos, list) or not all(isinstance(t, str) for t in itos):
            return f"its {key} has no list of token strings"
        if len(set(itos)) != len(itos):
            return f"its {key} lists a token twice"
    for key in ("train_state", "info"):
        if ckpt.get(key) is not None and not isinstance(ckpt[key], dict):
            return f"its {key!r} entry is not a table"
    return None


def average_state_dicts(paths: list[str | Path]) -> dict:
    """Element-wise mean of the models' weights (checkpoint averaging, as in Vaswani et al. 2017)."""
    states = [load_checkpoint(p)["model"] for p in paths]
    averaged = {}
    for key, value in states[0].items():
        if value.is_floating_point():
            averaged[key] = sum(s[key].double() for s in states).div(len(states)).to(value.dtype)
        else:
            averaged[key] = value
    return averaged


def latest_checkpoint(runs_dir: str | Path = "runs", name: str = "best.pt") -> Path:
    """`name` in the most recently modified run directory under runs_dir."""
    candidates = sorted(Path(runs_dir).glob(f"*/{name}"), key=lambda p: p.stat().st_mtime)
    if not candidates:
        raise UserError(f"no checkpoint found under {runs_dir}/ — train one with `python train.py`, "
                        "or pass --checkpoint PATH")
    return candidates[-1]
