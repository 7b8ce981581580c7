"""A checkpoint's parts, checked against each other before anything is built from them: the config is valid and of
a sane size, the vocabularies are as large as the config says, every weight has the shape the config gives.

Each problem is one line naming the file; a damaged or foreign checkpoint never ends in a traceback.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import torch

from config import Config, validate
from data.vocab import Vocab
from models.transformer import Transformer, build_model
from util.checkpoint import load_checkpoint
from util.errors import UserError


class ModelCheckpoint(NamedTuple):
    cfg: Config
    src_vocab: Vocab
    tgt_vocab: Vocab
    raw: dict            # everything the file holds: "model", "train_state" (last.pt), "info", ...


def read_checkpoint(path: str | Path) -> ModelCheckpoint:
    """The checkpoint with its config and vocabularies checked; no model is built yet."""
    raw = load_checkpoint(path)
    try:
        cfg = validate(Config.from_dict(raw["config"]))
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


def check_vocabularies(ckpt: ModelCheckpoint, src_vocab: Vocab, tgt_vocab: Vocab, path: str | Path) -> None:
    """The data must give the vocabularies a run was trained with: other ones would train silently on other ids."""
    for side, mine, saved in (("source", src_vocab, ckpt.src_vocab), ("target", tgt_vocab, ckpt.tgt_vocab)):
        if mine != saved:
            raise UserError(f"the data gives another {side} vocabulary than {path} was trained with "
                            f"({mine.difference(saved)}); resume with the --data-dir the run started with")


def load_weights(model: torch.nn.Module, state: dict, path: str | Path) -> None:
    """Load `state` into `model` after checking that every name and shape matches."""
    expected = model.state_dict()
    missing = [k for k in expected if k not in state]
    unexpected = [k for k in state if k not in expected]
    reshaped = [f"{k} {tuple(state[k].shape)} where the config gives {tuple(v.shape)}"
                for k, v in expected.items() if k in state and state[k].shape != v.shape]
    problems = [f"{len(missing)} missing (e.g. {missing[0]})"] if missing else []
    problems += [f"{len(unexpected)} unknown (e.g. {unexpected[0]})"] if unexpected else []
    problems += [f"{len(reshaped)} of another shape (e.g. {reshaped[0]})"] if reshaped else []
    if problems:
        raise UserError(f"{path}: the weights do not fit the model its config describes: {'; '.join(problems)}")
    model.load_state_dict(state)


def load_model(path: str | Path) -> tuple[Transformer, ModelCheckpoint]:
    """The model a checkpoint describes, with its weights, on CPU."""
    ckpt = read_checkpoint(path)
    model = build_model(ckpt.cfg.model)
    load_weights(model, ckpt.raw["model"], path)
    return model, ckpt


def best_checkpoint_info(path: str | Path) -> dict | None:
    """{"val_bleu", "step", "kind"} of a run's best.pt, or None when there is none. A best.pt from before slim
    checkpoints has no info but a whole TrainState, whose best_bleu is its own."""
    if not Path(path).is_file():
        return None
    raw = load_checkpoint(path)
    info = raw.get("info") or {}
    if "val_bleu" not in info:
        state = (raw.get("train_state") or {}).get("state") or {}
        info = {"val_bleu": state.get("best_bleu", -1.0), "step": state.get("step", -1)}
    try:
        return {"val_bleu": float(info["val_bleu"]), "step": int(info.get("step", -1)), "kind": info.get("kind")}
    except (TypeError, ValueError):
        raise UserError(f"{path} is damaged: its info {info!r} gives no val BLEU; move it away to resume") from None
