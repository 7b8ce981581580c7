"""Checkpoints: self-contained (weights, config, vocabularies, training state), written atomically, loaded safely.

Loading uses `torch.load(weights_only=True)`: a file that would need to run code to unpickle is refused.
"""
from __future__ import annotations

import os
import pickle
import tempfile
from pathlib import Path

import torch

from util.errors import UserError

CHECKPOINT_FORMAT = "einsum-nmt/1"


def atomic_torch_save(obj, path: str | Path) -> None:
    """Write to a temporary file beside `path`, then rename: a kill at any moment leaves the old file intact."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            torch.save(obj, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_checkpoint(path: str | Path, *, model_state, config: dict, src_vocab: dict, tgt_vocab: dict,
                    subwords: dict | None = None, train_state: dict | None = None) -> None:
    """subwords: {"src": bytes, "tgt": bytes} sentencepiece models (None for word units)."""
    atomic_torch_save({"format": CHECKPOINT_FORMAT, "config": config, "model": model_state, "src_vocab": src_vocab,
                       "tgt_vocab": tgt_vocab, "subwords": subwords, "train_state": train_state}, path)


def load_checkpoint(path: str | Path) -> dict:
    """The checkpoint as a dict, on CPU. Every way this can fail is a one-line UserError."""
    path = Path(path)
    if not path.is_file():
        raise UserError(f"no checkpoint at {path} — train one with `python train.py`, or pass --checkpoint PATH")
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
    return ckpt


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
