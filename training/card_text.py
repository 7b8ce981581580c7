"""A model card read back, for `translate.py --info`: a checkpoint's own (info["card"]) or the MODEL.md beside it,
and an export's, the card of the checkpoint it was exported from (training/card.py writes them)."""
from __future__ import annotations

import sys
from pathlib import Path

from config import is_run_config
from decoding.ct2_engine import is_exported
from decoding.export_files import exported_from, read_manifest, stale_note
from models.checkpoint import load_checkpoint
from models.resume_command import recorded_resume_command
from training.card import CARD_NAME, render
from training.run_lock import lock_owner
from util.errors import UserError


def card_text(path: str | Path) -> str:
    """The card of a checkpoint: its own (info["card"]), else the MODEL.md beside it (a run's best.pt's); of an
    export.py directory, the card of the checkpoint it was exported from; a one-line UserError when there is none."""
    path = Path(path)
    if "," in str(path) and not path.exists():         # translate.py --checkpoint a.pt,b.pt: an ensemble
        raise UserError(f"--info describes one model; give one of {path} (each member of an ensemble has its card)")
    if is_exported(path):
        return export_card_text(path)
    beside = (path if path.is_dir() else path.parent) / CARD_NAME
    if path.is_dir() and not (path / "best.pt").exists() and is_run_config(path / "config.json"):
        owner = lock_owner(path)
        raise UserError(f"{path} is a run that has written no best.pt yet, which carries the model card: a run "
                        "writes it and MODEL.md at the end of its first epoch ("
                        + (f"it is still training: {owner})" if owner else "it stopped before that)")
                        + (f"; `{recorded_resume_command(path)}` continues it" if (path / "last.pt").is_file() and
                           not owner else ""))
    in_training = False
    if not path.is_dir():
        ckpt = load_checkpoint(path)
        card, in_training = ckpt.card, bool(ckpt.raw.get("train_state"))
        if card is not None:
            try:
                return ended_since(card, beside)
            except (KeyError, TypeError, ValueError, AttributeError):
                pass                    # a card this code cannot read: the MODEL.md beside it, if any
    if beside.is_file():
        if path.name != "best.pt" and not path.is_dir():
            print(f"note: {path} holds no card of its own; {beside} describes that run's best.pt", file=sys.stderr)
        return beside.read_text(encoding="utf-8")
    if in_training:          # a run's last.pt before its first validation: the card comes with best.pt
        raise UserError(f"{path} is a run's training state, which holds no model card, and its run has no "
                        f"{CARD_NAME} yet: a run writes it with best.pt at the end of its first epoch "
                        f"(`{recorded_resume_command(path.parent)}` continues a stopped one)")
    raise UserError(f"{path} has no model card and there is no {CARD_NAME} beside it (runs write one beside best.pt "
                    "since model cards began); pass a best.pt that train.py wrote")


def ended_since(card: dict, beside: Path) -> str:
    """The card, as Markdown; of a run that had not ended when it was written (a best.pt from before runs wrote their
    end into it), the MODEL.md beside it where that is the same card rewritten at the run's end, saying why it ended."""
    text = render(card)
    if card["trained"].get("finished") or not beside.is_file():
        return text
    later = beside.read_text(encoding="utf-8")
    others = [[line for line in each.splitlines() if not line.startswith("- trained: ")] for each in (text, later)]
    return later if others[0] == others[1] and "; ended: " in later else text


def export_card_text(directory: Path) -> str:
    """The card an export carries (exporting/ct2.py writes its checkpoint's into the manifest), under a line that
    says what the directory is; a note on stderr where that checkpoint has changed since (the card is the export's)."""
    manifest = read_manifest(directory)
    source = exported_from(manifest) or "its checkpoint"
    card = manifest.get("card")
    if note := stale_note(directory, manifest):
        print(note, file=sys.stderr)
    if isinstance(card, dict):
        try:
            text = render(card)
        except (KeyError, TypeError, ValueError, AttributeError):
            text = None                     # a card this code cannot read
        if text is not None:
            quantized = f" ({manifest['quantization']})" if manifest.get("quantization") else ""
            return (f"{directory}: a CTranslate2 export{quantized} of {source}; that checkpoint's card follows "
                    f"(its val BLEU is the .pt's, measured before export)\n\n{text}")
    raise UserError(f"{directory} is a CTranslate2 export without a model card (exported before exports carried "
                    f"one, or from a checkpoint without one); run --info on the checkpoint it was exported from "
                    f"({source}), or export it again with export.py")
