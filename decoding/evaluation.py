"""What an evaluation adds to the results ledger: one record per score, with what trained the model it scored.

    records = evaluation_records(checkpoint_paths, scores, split="test_2016_flickr", direction="de-en",
                                 command="python evaluate.py ...")
"""
from __future__ import annotations

from pathlib import Path

from config import Config, recipe_of
from models.checkpoint import load_checkpoint
from util.errors import UserError
from util.ledger import Record


def trained(path) -> tuple[Config, dict]:
    """A checkpoint's config and its small facts (steps, and the run's card where it has one), weights left out."""
    if Path(path).is_dir():
        raise UserError(f"--record records a .pt checkpoint's figures with what trained it; {path} is an export: "
                        "evaluate the checkpoint it was exported from")
    raw = load_checkpoint(path).raw
    info = raw.get("info") or {}
    card = info.get("card") if isinstance(info.get("card"), dict) else {}
    machine = {k: v for k, v in (card.get("machine") or {}).items() if k in ("cpu", "isa", "cores", "gpu")}
    return Config.from_dict(raw["config"]), {"step": info.get("step", 0), "precision": card.get("precision"),
                                             "minutes": (card.get("trained") or {}).get("minutes"),
                                             "commit": card.get("commit"), "commands": card.get("commands") or [],
                                             "machine": machine if "isa" in machine
                                             or machine.get("gpu") else None}


def model_fields(paths: list, beam: int) -> dict:
    """The ledger fields that say which model a figure is of: the recipe is the preset and flags that trained it
    ("ensemble of 2 × RECIPE" for several); steps, minutes, precision and the training machine come from the run's
    card when the checkpoint has one (else they are left empty: the ledger says what it knows)."""
    models = [trained(path) for path in paths]
    recipes = sorted({recipe_of(cfg) for cfg, _ in models})
    recipe = recipes[0] if len(models) == 1 else f"ensemble of {len(models)} × {' + '.join(recipes)}"
    if beam != 5:
        recipe += f" (beam {beam})"
    cfg, facts = models[0]
    machine = facts.get("machine") if isinstance(facts.get("machine"), dict) else {}
    return dict(recipe=recipe, seeds=[c.train.seed for c, _ in models], steps=int(facts.get("step") or 0),
                batch_tokens=cfg.data.max_tokens, minutes=round(float(facts.get("minutes") or 0), 2),
                precision=str(facts.get("precision") or ""), train_commit=str(facts.get("commit") or ""),
                machine=machine, note="" if machine else "machine: the one that measured (the checkpoint has no card)")


def evaluation_records(paths: list, scores: dict, split: str, direction: str, command: str,
                       beam: int) -> list[Record]:
    """BLEU and chrF of one evaluation, with the fields of model_fields."""
    trained_by = [c for path in paths for c in trained(path)[1]["commands"]]    # the run's, then this evaluation
    common = dict(topic="quality", split=split, direction=direction, command=" && ".join([*trained_by, command]),
                  **model_fields(paths, beam))
    return [Record(metric="bleu", value=round(scores["bleu"], 2), **common),
            Record(metric="chrf", value=round(scores["chrf"], 2), **common)]
