"""What an evaluation adds to the results ledger: one record per score, with what trained the model it scored.

    records = evaluation_records(checkpoint_paths, scores, split="test_2016_flickr", direction="de-en",
                                 command="python evaluate.py ...", beam=5)
    fields = model_fields(trained_models(checkpoint_paths), beam=5)     # for a record of another kind
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from config import Config, recipe_of
from models.checkpoint import load_checkpoint
from util.errors import UserError
from util.ledger import Record


class Trained(NamedTuple):
    """What a checkpoint says of how it was trained: its config, and from the run's card (where it has one) the rest;
    a fact the checkpoint does not hold is empty."""
    cfg: Config
    step: int
    precision: str
    minutes: float
    commit: str
    commands: list[str]          # the train.py commands that started and resumed the run
    machine: dict                # util.ledger.Machine's fields; {} where the card does not name them


def trained(path) -> Trained:
    """The checkpoint at `path`, read once, weights left out of the answer."""
    if Path(path).is_dir():
        raise UserError(f"--record records a .pt checkpoint's figures with what trained it; {path} is an export: "
                        "evaluate the checkpoint it was exported from")
    raw = load_checkpoint(path).raw
    info = raw.get("info") or {}
    card = info.get("card") if isinstance(info.get("card"), dict) else {}
    machine = {k: v for k, v in (card.get("machine") or {}).items() if k in ("cpu", "isa", "cores", "gpu")}
    return Trained(Config.from_dict(raw["config"]), int(info.get("step") or 0), str(card.get("precision") or ""),
                   round(float((card.get("trained") or {}).get("minutes") or 0), 2), str(card.get("commit") or ""),
                   list(card.get("commands") or []), machine if "isa" in machine or machine.get("gpu") else {})


def trained_models(paths: list) -> list[Trained]:
    return [trained(path) for path in paths]


def model_fields(models: list[Trained], beam: int) -> dict:
    """The ledger fields that say which model a figure is of: the recipe is the preset and flags that trained it
    ("ensemble of 2 × RECIPE" for several); steps, minutes, precision and the training machine are the first
    model's (empty where its checkpoint has no card: the ledger says what it knows)."""
    recipes = sorted({recipe_of(model.cfg) for model in models})
    recipe = recipes[0] if len(models) == 1 else f"ensemble of {len(models)} × {' + '.join(recipes)}"
    if beam != 5:
        recipe += f" (beam {beam})"
    first = models[0]
    return dict(recipe=recipe, seeds=[model.cfg.train.seed for model in models], steps=first.step,
                batch_tokens=first.cfg.data.max_tokens, minutes=first.minutes, precision=first.precision,
                train_commit=first.commit, machine=first.machine,
                note="" if first.machine else "machine: the one that measured (the checkpoint has no card)")


def evaluation_records(paths: list, scores: dict, split: str, direction: str, command: str,
                       beam: int) -> list[Record]:
    """BLEU and chrF of one evaluation, with the fields of model_fields; its command is the commands that trained
    the models, then the evaluation's."""
    models = trained_models(paths)
    common = dict(topic="quality", split=split, direction=direction,
                  command=" && ".join([*(c for model in models for c in model.commands), command]),
                  **model_fields(models, beam))
    return [Record(metric="bleu", value=round(scores["bleu"], 2), **common),
            Record(metric="chrf", value=round(scores["chrf"], 2), **common)]
