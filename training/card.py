"""The model card: what a run's best.pt is and how far to trust it, in MODEL.md beside it and inside it (its
info["card"], plain data). It says how the model was trained (the commands, the preset, the machine, the precision,
torch, steps and minutes), its val BLEU (each direction's for a model of both), what it is good at, where to
distrust it, and how to translate with it. `translate.py --info` prints it (training/card_text.py reads it back)."""
from __future__ import annotations

import json
import os
import shlex
import sys
from dataclasses import asdict
from pathlib import Path

import torch

from models.checkpoint import load_checkpoint
from models.lineage import kinship
from training.forecast import Forecast
from util.errors import UserError
from util.ledger import this_machine
from util.textio import write_text_atomic

CARD_NAME = "MODEL.md"
LANGUAGES = {"de": "German", "en": "English", "fr": "French", "cs": "Czech"}
MULTI30K = "Multi30K's image descriptions (short captions: \"Ein Mann fährt Fahrrad.\", \"Two dogs play in snow.\")"


def machine(device: torch.device) -> dict:
    """The machine a run trains on, as the results ledger names it (CPU, its fastest matrix instructions, cores,
    the GPU), and the threads torch uses."""
    gpu = torch.cuda.get_device_name(device) if device.type == "cuda" else ""
    return {**asdict(this_machine(gpu)), "threads": torch.get_num_threads()}


def model_card(run, best: dict, finished: str | None = None, name: str = "best.pt") -> dict:
    """The card of the run's checkpoint `name` now (best.pt; epochN.pt and averaged.pt too). best: {"step", "kind",
    "val_bleu", "by_direction", "full"} of the validation of its weights (epoch too when known; "measure" instead of
    "full": a card's own); finished: why the run ended, once it has."""
    cfg, state = run.cfg, run.state
    data = cfg.data
    directions = directions_of(data)
    if best.get("measure"):
        measure = best["measure"]
    elif best.get("full"):
        measure = f"all of {data.val_split} at beam {cfg.train.final_beam}"
    else:
        first = f"the first {cfg.train.val_max_sentences} sentences" if cfg.train.val_max_sentences else "all"
        measure = f"{first} of {data.val_split} at beam {cfg.train.val_beam}" + \
            (", decoded in bf16 as the run trains (evaluate.py decodes in fp32)" if state.precision == "bf16" else "")
    model = cfg.model
    return plain({"run": str(run.dir), "checkpoint": str(run.dir / name), "commands": list(state.commands),
            "preset": cfg.preset, "directions": directions, "corpus": data.train or "Multi30K",
            "model": {"parameters": run.model.num_parameters(), "d_model": model.d_model,
                      "layers": [model.n_encoder_layers, model.n_decoder_layers], "units": data.units},
            "machine": machine(run.device), "ranks": run.dist.world_size, "precision": state.precision,
            "torch": torch.__version__, "commit": run.commit,
            "trained": {"steps": state.step, "epochs": state.epoch, "minutes": round(state.elapsed / 60, 2),
                        "finished": finished, "forecast": state.forecast or None},
            "best": {"step": best["step"], "epoch": best.get("epoch"), "kind": best.get("kind"),
                     "val_bleu": best["val_bleu"], "by_direction": best.get("by_direction"), "measure": measure}})


def card_at(path: str | Path, ckpt) -> dict | None:
    """The card of a loaded checkpoint's run at it: its own, saying why the run ended where the best.pt beside it (of
    the same run) says it has (an epochN.pt's card was written while the run went on); for one without (an epochN.pt
    from before those held one), that of the best.pt; None where there is neither."""
    own = ckpt.card
    if own is not None and (own.get("trained") or {}).get("finished"):
        return own
    best = Path(path).parent / "best.pt"
    if not best.is_file() or best.resolve() == Path(path).resolve():
        return own
    try:
        beside = load_checkpoint(best)
    except UserError:
        return own
    if kinship(ckpt.raw, beside.raw) not in ("one run", "alike"):
        return own
    if own is None:
        return beside.card
    ended = (beside.card or {}).get("trained") or {}
    if ended.get("finished") and ended.get("steps", -1) >= (own.get("trained") or {}).get("steps", 0):
        return ended_at(own, ended["finished"], ended["steps"])
    return own


def ended_at(card: dict, ended: str, final_step: int) -> dict:
    """`card`, of a checkpoint at its step, once its run has ended at `final_step` (`ended`: why), so that it no
    longer says "so far"; a run that went on past the checkpoint's step says where it ended."""
    trained = card.get("trained") or {}
    later = trained.get("steps") != final_step
    return {**card, "trained": {**trained, "finished": f"at step {final_step:,}, {ended}" if later else ended}}


def averaged_card(card: dict, checkpoint: str, averaged: list[dict], command: str | None = None,
                  validated: dict | None = None) -> dict:
    """The card of `checkpoint`, the mean of one run's checkpoints (averaged: [{"checkpoint", "step"}] of each), made
    from `card`, the run's card at the newest of them or after it: its training up to the newest step (minutes and
    epochs only where `card` was written at that step), `command` the average.py line that made it, `validated`
    {"val_bleu", "by_direction", "measure"} of its weights (none: not validated)."""
    step = max(each["step"] for each in averaged)
    trained = card.get("trained") or {}
    same = trained.get("steps") == step
    return plain({**card, "checkpoint": checkpoint,
                  "trained": {"steps": step, "epochs": trained.get("epochs") if same else None,
                              "minutes": trained.get("minutes") if same else None,
                              "finished": trained.get("finished") if same else None,
                              "forecast": trained.get("forecast")},
                  "averaged": {"command": command, "checkpoints": averaged},
                  "best": {"step": step, "epoch": None, "kind": "averaged", "val_bleu": None, "by_direction": None,
                           "measure": None, **(validated or {})}})


def plain(card: dict) -> dict:
    """Plain str, int, float, list and dict only (torch.__version__ is a str subclass): what a checkpoint may hold."""
    return json.loads(json.dumps(card))


def arrow(direction: str) -> str:
    return direction.replace("-", "→")


def forecast_line(made: dict | None) -> list[str]:
    """The card's line on the run's forecast of its steps (training/forecast.py), if it made one."""
    return [f"- {Forecast(**made).note()}"] if made else []


def render(card: dict) -> str:
    """The card as MODEL.md's Markdown."""
    best, trained, directions = card["best"], card["trained"], card["directions"]
    langs = [LANGUAGES.get(lang, lang) for lang in directions[0].split("-")]
    ways = " and ".join(arrow(d) for d in directions)
    gear = card["machine"]
    isa = gear.get("isa") or ", ".join(name for name, key in (("AVX-512 BF16", "avx512_bf16"), ("AMX", "amx"))
                                       if gear.get(key)) or "no native bf16"      # cards before the ledger's names
    where = (f"GPU {gear['gpu']}" if gear.get("gpu") else
             f"CPU {gear['cpu']} ({isa}), {gear['threads']} thread{'s' * (gear['threads'] != 1)}")
    where += f", {card['ranks']} ranks" if card["ranks"] > 1 else ""
    commands = card["commands"] or ["(not recorded: the run began before model cards)"]
    model = card["model"]
    checkpoint = card.get("checkpoint") or f"{card['run']}/best.pt"     # cards before the field: best.pt's
    each = best.get("by_direction") or {}
    if best["val_bleu"] is None:         # an average.py mean
        bleu = (f": not measured (average.py validates nothing; `python evaluate.py --checkpoint {checkpoint} "
                "--split val` measures it)")
    elif each:
        bleu = (f" {best['val_bleu']:.2f}, the mean of " + ", ".join(f"{arrow(d)} {b:.2f}" for d, b in each.items())
                + f": {best['measure']}")
    else:
        bleu = f" {best['val_bleu']:.2f} ({arrow(directions[0])}): {best['measure']}"
    if trained["epochs"] is None:        # an average.py mean of checkpoints older than the card it was made from
        done = f"{trained['steps']:,} steps (the minutes to them were not recorded)"
    else:
        epochs = (f"{trained['epochs']} epoch{'' if trained['epochs'] == 1 else 's'}" if trained["epochs"] else
                  "within its first epoch")           # epochs completed: "0 epochs" read as nothing trained
        done = f"{trained['steps']:,} steps, {epochs}, {trained['minutes']:.1f} minutes" + (
            f"; ended: {trained['finished']}" if trained["finished"] else " so far")
    corpus = MULTI30K if card["corpus"] == "Multi30K" else f"its training corpus ({card['corpus']})"
    made = (card.get("averaged") or {}).get("command")
    lines = [f"# {' ↔ '.join(langs) if len(directions) > 1 else ' → '.join(langs)}: {checkpoint}", "",
             f"A Transformer (einsum-nmt) that translates {ways}, trained on {card['corpus']}.", "",
             "## Training", "",
             *[f"- {'command' if n == 0 else 'resumed'}: `{c}`" for n, c in enumerate(commands)],
             *[f"- averaged: `{made}`"] * bool(made),
             f"- preset: {card['preset']} (every value: config.json beside it, and the checkpoint itself)",
             f"- model: {model['layers'][0]} + {model['layers'][1]} layers, d_model {model['d_model']}, "
             f"{model['parameters']:,} parameters, {model['units']} units",
             f"- machine: {where}", f"- precision: {card['precision'] or 'fp32'}; torch {card['torch']}"
             + (f"; code at commit {card['commit']}" if card.get("commit") else ""),
             f"- trained: {done}", *forecast_line(trained.get("forecast")), "",
             f"## {Path(checkpoint).name}", "",
             f"- from step {best['step']:,}: {weights_of(card)}", f"- val BLEU{bleu}", "",
             "## Good at, and where to distrust it", "",
             f"Good at sentences like {corpus}. Distrust it on long or other text (questions, instructions, news, "
             "chat, technical text): it has seen little else, and writes a fluent caption-like sentence whatever "
             "the input. Each translation has a confidence from 0 to 1 (`--confidence`); under 0.5 the line is "
             "unlike what the model was trained on and the translation is likely wrong (docs/CONFIDENCE.md).", "",
             "## Translate with it", "",
             "```", *translate_commands(checkpoint, directions),
             f"python translate.py --checkpoint {shlex.quote(checkpoint)} --confidence < input.txt", "```", ""]
    return "\n".join(lines)


def directions_of(data) -> list[str]:
    """A run's directions as its card names them: "de-en", and "en-de" after it with --data.directions=both."""
    return [f"{data.src_lang}-{data.tgt_lang}"] + ([f"{data.tgt_lang}-{data.src_lang}"]
                                                   if data.directions == "both" else [])


def translate_commands(checkpoint: str | Path, directions: list[str]) -> list[str]:
    """A translate.py command for each direction of the checkpoint, with an example sentence, as a shell takes it."""
    quoted = shlex.quote(str(checkpoint))
    lines = [f'python translate.py --checkpoint {quoted} "{example(directions[0])}"']
    if len(directions) > 1:
        back = directions[1].split("-")[1]
        lines.append(f'python translate.py --checkpoint {quoted} --to {back} "{example(directions[1])}"')
    return lines


def weights_of(card: dict) -> str:
    """The weights the card's checkpoint holds, in words."""
    averaged = (card.get("averaged") or {}).get("checkpoints")
    if not averaged:
        return which(card["best"].get("kind"), card["best"].get("epoch"))
    return f"the mean of the weights of {len(averaged)} checkpoints: " + ", ".join(
        f"{Path(each['checkpoint']).name} (step {each['step']:,})" for each in averaged)


def which(kind: str | None, epoch: int | None) -> str:
    """The weights a validation of `kind` (metrics.jsonl's) scored, in words."""
    kind = kind or ""
    what = "the moving average (EMA) of the weights" if kind.endswith("-ema") else "the weights"
    if kind.startswith("averaged"):
        return "the mean of the last epochs' weights (averaged.pt)"
    if kind.startswith("epoch") and epoch:
        return f"{what} at the end of epoch {epoch}"
    if kind.startswith(("partial", "final-val")):
        return f"{what} at the end of the run"
    return what


def example(direction: str) -> str:
    return {"de": "Ein Mann fährt Fahrrad.", "en": "A man rides a bike.", "fr": "Un homme fait du vélo.",
            "cs": "Muž jede na kole."}.get(direction.split("-")[0], "...")


def write_card(run_dir: Path, card: dict) -> None:
    """MODEL.md, whole or not at all; a failed write is a warning: the checkpoints are what matters."""
    try:
        write_text_atomic(run_dir / CARD_NAME, render(card))
        mask = os.umask(0o022)
        os.umask(mask)
        os.chmod(run_dir / CARD_NAME, 0o666 & ~mask)     # readable as config.json is: a file to share
    except OSError as e:
        print(f"warning: could not write {run_dir / CARD_NAME} ({e.strerror}); the checkpoints are complete",
              file=sys.stderr)
