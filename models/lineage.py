"""Which run wrote a checkpoint, and whether checkpoints are of one run: only then is their mean one model
(average.py). The weights of runs from other random initial weights share no basis, and their mean translates
nothing, though every shape matches.

A run draws an id when it starts and keeps it when resumed (training/run.py); every checkpoint it writes lists, in
info["runs"], the ids of the runs it was fine-tuned from (train.py --init), oldest first, then its own. Checkpoints
written before run ids list none: for them the weights tell, as a run's checkpoints point the same way (the median
cosine of their weight matrices is near 1) and those of runs from other random weights do not (near 0).

    kinship(a.raw, b.raw)    # "one run", "fine-tuned", "other runs", or for old files "alike" / "other weights"
"""
from __future__ import annotations

import uuid

import torch

ALIKE = 0.5       # the median cosine of two checkpoints' weight matrices above which they are one run's


def new_run_id() -> str:
    """A new run's id: random (not from the seeded generators, so runs with one seed differ, and training does not)."""
    return uuid.uuid4().hex[:12]


def runs_of(raw: dict) -> list[str]:
    """The ids of the runs that trained a checkpoint's weights, oldest first; [] for one written before run ids."""
    runs = (raw.get("info") or {}).get("runs")
    return [run for run in runs if isinstance(run, str)] if isinstance(runs, list) else []


def likeness(a: dict, b: dict) -> float:
    """The median, over the weight matrices both hold with one shape, of their cosine similarity."""
    cosines = sorted(float(torch.nn.functional.cosine_similarity(a[k].double().flatten(), b[k].double().flatten(),
                                                                  dim=0))
                     for k, v in a.items() if v.is_floating_point() and v.dim() >= 2 and k in b
                     and b[k].shape == v.shape)
    return cosines[len(cosines) // 2] if cosines else 0.0


def kinship(a: dict, b: dict) -> str:
    """How two loaded checkpoints (their raw dicts) are related: "one run" (the same id), "fine-tuned" (one was
    fine-tuned from the other's run, or both from one run), "other runs"; where either has no id, by the weights:
    "alike" or "other weights"."""
    mine, theirs = runs_of(a), runs_of(b)
    if mine and theirs:
        if mine[-1] == theirs[-1]:
            return "one run"
        return "fine-tuned" if set(mine) & set(theirs) else "other runs"
    return "alike" if likeness(a["model"], b["model"]) > ALIKE else "other weights"
