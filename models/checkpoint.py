"""A model's file: weights, the config and vocabularies that rebuild it (and the training state, in last.pt only).

One verb per act: `save_checkpoint` (atomic), `load_checkpoint` (read and verify), `load_model` (the model it
describes), `load_weights` (into a model at hand, shapes checked), `average_weights`. Which run's checkpoint a
command takes by default: models/latest_run.py.

Loading uses `torch.load(weights_only=True)`: a file that would need to run code to unpickle is refused. Before
anything is built from a checkpoint its parts are checked, for their types and against each other: the config is
valid and of a sane size, the vocabularies are as large as the config says, every weight has the shape the config
gives. Each problem is one line naming the file; a damaged or foreign checkpoint never ends in a traceback.

Its vocabularies and lexicon are stored as one JSON text each (models/checkpoint_json.py); files that hold them as
plain lists, written before, load the same.

Every checkpoint stores a sha256 of its weights, checked on load (a changed bit would otherwise load, and train on
from nonsense); older files without one still load. No file is written with, nor loaded with, weights that are NaN
or infinite: a diverged model translates nothing.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
import zipfile
from pathlib import Path

from typing import NamedTuple

import torch

from config import Config, is_run_config
from config.checks import check_config
from data.vocab import Vocab
from models.checkpoint_json import PACKED_PARTS, pack, unpack
from models.transformer import Transformer, build_model, check_size
from util.errors import UserError
from util.textio import umask

CHECKPOINT_FORMAT = "einsum-nmt/1"


def atomic_torch_save(obj, path: str | Path) -> None:
    """Write to a temporary file beside `path`, then rename: a kill at any moment leaves the old file intact.

    A failed write (disk full, read-only, ...) raises the OSError itself and leaves no temporary file.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~umask())      # mkstemp's 0600 would keep a checkpoint from being shared
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


def save_checkpoint(path: str | Path, *, model_state, config: dict, src_vocab: dict, tgt_vocab: dict,
                    subwords: dict | None = None, train_state: dict | None = None, info: dict | None = None,
                    lexicon: dict | None = None) -> None:
    """subwords: {"src": bytes, "tgt": bytes or None} sentencepiece models (None for word units); train_state
    (optimizer, schedule, RNG, progress) only for resuming; info: small facts, e.g. the val BLEU; lexicon: what the
    training corpus says about source words (text/forms/lexicon.py), which the text pipeline's steps read.
    Weights that are not finite are refused (a UserError): no file is better than a NaN model."""
    bad = non_finite(model_state)
    if bad:
        raise UserError(f"refusing to write {path}: the weights are not finite ({bad}); the training diverged — "
                        "lower --train.lr or enable --train.clip_norm")
    atomic_torch_save({"format": CHECKPOINT_FORMAT, "config": config, "model": model_state,
                       "src_vocab": pack(src_vocab), "tgt_vocab": pack(tgt_vocab), "subwords": subwords,
                       "lexicon": pack(lexicon),
                       "train_state": train_state, "info": info or {},
                       "checksum": {"sha256": weights_checksum(model_state)}}, path)


def weights_checksum(state: dict) -> str:
    """sha256 over every weight's name, dtype, shape and bytes, in sorted name order."""
    digest = hashlib.sha256()
    for name in sorted(state):
        tensor = state[name].detach().cpu().contiguous()
        digest.update(f"{name}|{tensor.dtype}|{tuple(tensor.shape)}|".encode())
        digest.update(tensor.reshape(-1).view(torch.uint8).numpy())
    return digest.hexdigest()


def non_finite(state: dict) -> str | None:
    """'nan in NAME' (or inf) for the first weight that is not finite, else None."""
    for name, tensor in state.items():
        if tensor.is_floating_point() and not bool(torch.isfinite(tensor).all()):
            return f"{'nan' if bool(tensor.isnan().any()) else 'inf'} in {name}"
    return None


def _read_file(path: str | Path) -> dict:
    """The file's contents as a dict, on CPU, its parts of the right types; any failure is a one-line UserError."""
    path = Path(path)
    if path.is_dir():
        best = f" (e.g. {path / 'best.pt'})" if (path / "best.pt").is_file() else ""
        raise UserError(f"{path} is a directory, not a checkpoint; pass a .pt file written by train.py{best}")
    if not path.is_file() and path.name == "best.pt" and is_run_config(path.parent / "config.json"):
        last = path.parent / "last.pt"
        raise UserError(f"no checkpoint at {path} yet: its run writes best.pt at the end of its first epoch"
                        + (f"; {last} holds its weights so far" if last.is_file() else ""))
    if not path.is_file():
        raise UserError(f"no checkpoint at {path} — train one with `python train.py`, or name a .pt file that exists")
    if not zipfile.is_zipfile(path):       # e.g. a text file, which torch would misreport as code to run
        raise UserError(f"{path} is truncated or not a checkpoint (not the zip archive torch.save writes); "
                        f"{instead_of(path)}")
    try:
        ckpt = torch.load(path, map_location="cpu", weights_only=True)
    except pickle.UnpicklingError as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else ""
        changed = changed_entry(path)       # damage (a flipped byte) can read as a call to some global: not code
        if changed:
            raise UserError(f"{path} is damaged: its {changed} does not match the CRC its zip archive stores "
                            f"(changed bytes); {instead_of(path)}") from None
        if "weights_only" in str(e) or "Unsupported global" in str(e):
            raise UserError(f"refusing to load {path}: it holds Python objects that would run code when loaded "
                            "(only tensors and plain data are accepted); use a checkpoint written by train.py") from None
        raise UserError(f"{path} is not a readable checkpoint ({first}); was it written by train.py?") from None
    except Exception as e:  # torch raises many types for a cut or foreign file (RuntimeError, KeyError, ...)
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise UserError(f"{path} is truncated or not a checkpoint ({first}); {instead_of(path)}") from None
    if not isinstance(ckpt, dict) or ckpt.get("format") != CHECKPOINT_FORMAT:
        raise UserError(f"{path} is not an einsum-nmt checkpoint (no '{CHECKPOINT_FORMAT}' format tag); "
                        "pass a checkpoint written by train.py")
    for key in PACKED_PARTS:
        if key not in ckpt:
            continue
        try:
            ckpt[key] = unpack(ckpt.get(key))
        except ValueError as e:         # UnicodeDecodeError, JSONDecodeError
            raise UserError(f"{path} is damaged: its {key} is not readable ({e}); {instead_of(path)}") from None
    problem = _malformed(ckpt)
    if problem:
        raise UserError(f"{path} is damaged: {problem}; {instead_of(path)}")
    stored = (ckpt.get("checksum") or {}).get("sha256")     # absent in checkpoints written before checksums
    if stored is not None and stored != weights_checksum(ckpt["model"]):
        raise UserError(f"{path} is damaged: its weights do not match the checksum stored with them (changed "
                        f"bytes); {instead_of(path)}")
    bad = non_finite(ckpt["model"])
    if bad:
        raise UserError(f"{path} holds weights that are not finite ({bad}): the run that wrote it diverged; use a "
                        "checkpoint from before, or train again with a lower --train.lr")
    return ckpt


def changed_entry(path: str | Path) -> str | None:
    """The first member of the zip archive whose bytes do not match the CRC stored with them (as torch.save writes
    every member), e.g. "archive/data.pkl"; None when all match or the archive cannot be read."""
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.testzip()
    except (OSError, zipfile.BadZipFile, RuntimeError, ValueError, EOFError):
        return None


def instead_of(path: str | Path) -> str:
    """What to use instead of a damaged file: never the file itself."""
    if Path(path).name == "last.pt":
        return (f"its run cannot continue from it: translate with best.pt, or train on from best.pt's weights in a new "
                f"run: `python train.py --init {Path(path).parent / 'best.pt'} --out NEW_DIR`")
    return "use another checkpoint, e.g. last.pt or one of an older run"


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
    if ckpt.get("checksum") is not None and not isinstance(ckpt["checksum"], dict):
        return "its 'checksum' entry is not a table"
    for key in ("train_state", "info", "lexicon"):
        if ckpt.get(key) is not None and not isinstance(ckpt[key], dict):
            return f"its {key!r} entry is not a table"
    lexicon = ckpt.get("lexicon")
    if lexicon is not None and not (all(isinstance(lexicon.get(k), list) and all(isinstance(w, str) for w in lexicon[k])
                                            for k in ("forms", "copied")) and isinstance(lexicon.get("counts"), list)):
        return "its lexicon has no lists of words"
    return None


class ModelCheckpoint(NamedTuple):
    cfg: Config
    src_vocab: Vocab
    tgt_vocab: Vocab
    raw: dict            # everything the file holds: "model", "train_state" (last.pt), "info", ...

    @property
    def card(self) -> dict | None:
        """The model card it holds (info["card"], training/card.py); None for one written before cards."""
        card = (self.raw.get("info") or {}).get("card")
        return card if isinstance(card, dict) else None

    @property
    def step(self) -> int:
        """The training step its weights are from (info["step"]); 0 where it names none."""
        return int((self.raw.get("info") or {}).get("step") or 0)


def load_checkpoint(path: str | Path) -> ModelCheckpoint:
    """The checkpoint with its config and vocabularies checked; no model is built yet."""
    raw = _read_file(path)
    try:
        cfg = check_config(Config.from_dict(raw["config"]), training=False)    # a resumed run checks it again, whole
        check_size(cfg.model)
    except UserError as e:
        raise UserError(f"{path} holds a config that cannot be used: {e}") from None
    except (AttributeError, TypeError) as e:    # a section that is not a table, a field that is not accepted
        raise UserError(f"{path} holds a malformed config ({e}); use another checkpoint") from None
    vocabs = []
    for side, size in (("src", cfg.model.src_vocab_size), ("tgt", cfg.model.tgt_vocab_size)):
        try:
            vocab = Vocab.from_dict(raw[f"{side}_vocab"])
        except ValueError as e:
            raise UserError(f"{path} holds an unusable {side} vocabulary ({e}); use another checkpoint") from None
        if len(vocab) != size:
            raise UserError(f"{path} is inconsistent: its config says model.{side}_vocab_size={size} but its {side} "
                            f"vocabulary has {len(vocab)} tokens; use another checkpoint")
        vocabs.append(vocab)
    return ModelCheckpoint(cfg, vocabs[0], vocabs[1], raw)


def check_vocabularies(ckpt: ModelCheckpoint, src_vocab: Vocab, tgt_vocab: Vocab, path: str | Path,
                       fix: str | None = None) -> None:
    """The data must give the vocabularies a run was trained with: other ones would train silently on other ids.
    fix: what to do about it (the run's own corpus changed); None: Multi30K's advice, the --data-dir it started with."""
    fix = fix or "resume with the --data-dir the run started with"
    for side, mine, saved in (("source", src_vocab, ckpt.src_vocab), ("target", tgt_vocab, ckpt.tgt_vocab)):
        if mine != saved:
            raise UserError(f"the data gives another {side} vocabulary than {path} was trained with "
                            f"({mine.difference(saved)}); {fix}")


WAYS = ("ways.tags", "ways.scored")


def load_weights(model: torch.nn.Module, state: dict, path: str | Path) -> None:
    """Load `state` into `model` after checking that every name and shape matches."""
    expected = model.state_dict()
    # each direction's scored pieces (models/output.py Ways): shaped by the checkpoint, none in one from before them
    fitted = [k for k in expected if k in WAYS]
    missing = [k for k in expected if k not in state and k not in fitted]
    unexpected = [k for k in state if k not in expected]
    reshaped = [f"{k} {tuple(state[k].shape)} where the config gives {tuple(v.shape)}"
                for k, v in expected.items() if k in state and k not in fitted and state[k].shape != v.shape]
    problems = [f"{len(missing)} missing (e.g. {missing[0]})"] if missing else []
    problems += [f"{len(unexpected)} unknown (e.g. {unexpected[0]})"] if unexpected else []
    problems += [f"{len(reshaped)} of another shape (e.g. {reshaped[0]})"] if reshaped else []
    if problems:
        raise UserError(f"{path}: the weights do not fit the model its config describes: {'; '.join(problems)}")
    model.load_state_dict(state)


def load_model(path: str | Path) -> tuple[Transformer, ModelCheckpoint]:
    """The model a checkpoint describes, with its weights, on CPU."""
    ckpt = load_checkpoint(path)
    model = build_model(ckpt.cfg.model)
    load_weights(model, ckpt.raw["model"], path)
    return model, ckpt


def best_checkpoint_info(path: str | Path) -> dict | None:
    """{"val_bleu", "step", "kind"} of a run's best.pt, or None when there is none. A best.pt from before slim
    checkpoints has no info but a whole TrainState, whose best_bleu is its own."""
    if not Path(path).is_file():
        return None
    raw = _read_file(path)
    info = raw.get("info") or {}
    if "val_bleu" not in info:
        state = (raw.get("train_state") or {}).get("state") or {}
        info = {"val_bleu": state.get("best_bleu", -1.0), "step": state.get("step", -1)}
    try:
        return {"val_bleu": float(info["val_bleu"]), "step": int(info.get("step", -1)), "kind": info.get("kind")}
    except (TypeError, ValueError):
        raise UserError(f"{path} is damaged: its info {info!r} gives no val BLEU; move it away to resume") from None


def average_weights(states: list[dict]) -> dict:
    """Element-wise mean of checkpoints' weights, as loaded (checkpoint averaging, as in Vaswani et al. 2017)."""
    averaged = {}
    for key, value in states[0].items():
        if value.is_floating_point():
            averaged[key] = sum(s[key].double() for s in states).div(len(states)).to(value.dtype)
        elif value.dtype == torch.bool:      # the scored pieces (models/output.py): what any of them may write
            averaged[key] = torch.stack([s[key] for s in states]).any(0)
        else:
            averaged[key] = value
    return averaged
