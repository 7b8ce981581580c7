"""One way to load whatever a user passes as --checkpoint: a checkpoint (.pt), an exported CTranslate2 directory,
or a comma-separated list of checkpoints decoded as an ensemble — each as a Translator with its engine; and
open_translator, what the translating commands open from their flags."""
from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from data.codec import Codec
from data.subwords import same_models
from decoding.ct2_engine import is_exported, load_exported
from decoding.ensemble import Ensemble
from decoding.export_files import export_inputs
from decoding.router import Router
from decoding.torch_engine import TorchEngine
from decoding.translator import Translator
from models.checkpoint import load_model
from models.latest_run import LOCK_NAME, latest_checkpoint
from text.forms.lexicon import Lexicon
from cli import import_user_module, pick_device
from util.errors import UserError
from util.locks import lock_holder
from util.textio import check_output_path, read_glossary


def checkpoint_paths(text: str | Path) -> list[str]:
    """The checkpoints `--checkpoint TEXT` names: TEXT itself when it names a file or directory (a name may hold a
    comma), else its comma-separated parts, an ensemble."""
    text = str(text)
    if "," not in text or Path(text).exists():
        return [text]
    return [p for p in text.split(",") if p]


RUN_OWN_FILES = {"last.pt": "--resume continues from it", "best.pt": "a resumed run must beat it",
                 "config.json": "--resume reads it", "metrics.jsonl": "its records", "MODEL.md": "best.pt's card"}


def check_output(path: str | Path, flag: str, inputs: list[tuple[str, str | Path | None]], force: bool) -> Path:
    """An output file's checks before any work (util.textio.check_output_path), with what belongs to a run or an
    export (kept_files), and never inside a run directory that a run holds now (check_no_run_in_use)."""
    check_no_run_in_use(path, flag)
    return check_output_path(path, flag, inputs, force, kept_files(path))


def check_no_run_in_use(path: str | Path, flag: str) -> None:
    """An output inside a run directory (at any depth, by any path) that a live train.py holds is refused: the run
    writes its files there (checkpoints, records, averaged.pt at its end), and removes old epochN.pt."""
    directory = Path(os.path.realpath(Path(path).parent))
    for each in (directory, *directory.parents):
        if owner := lock_holder(each / LOCK_NAME):
            raise UserError(f"{flag} {path} is in the run directory {each}, which a run is using now ({owner}): it "
                            "writes its files there; choose another directory, or wait for the run to end")


def kept_files(output: str | Path) -> list[tuple[str, Path]]:
    """The files an output file may not replace even with --force, as (what, path): those of the export directory
    it is in (loading checks each), or the run's own files of the run directory it is in (train.py writes
    config.json first): RUN_OWN_FILES, last.pt (what --resume continues from) and best.pt (what a resumed run must
    beat) among them."""
    directory = Path(output).parent
    kept = [(f"a file of the export {directory} (loading it checks each)", path) for path in export_inputs(directory)]
    if not kept and (directory / "config.json").is_file():
        kept = [(f"the run {directory}'s {name} ({why})", directory / name) for name, why in RUN_OWN_FILES.items()]
    return kept


def decode_inputs(args) -> list[tuple[str, str | Path | None]]:
    """The files the decoding flags read, as (what, path): an output path must be none of them. The checkpoint is
    every file loading it reads: each checkpoint of an ensemble, each file of an export directory, and without
    --checkpoint the newest run's best.pt that would be loaded."""
    text, what = args.checkpoint, "--checkpoint"
    if text is None:
        try:
            text, what = str(latest_checkpoint()), "the default checkpoint"
        except UserError:              # no run yet: loading says so, after the flags are checked
            text = ""
    files = []
    for path in checkpoint_paths(text) if text else []:
        inside = export_inputs(path) if Path(path).is_dir() else []
        files += [(f"{what} {path}'s file", file) for file in inside] or [(what, path)]
    return [*files, ("--glossary", args.glossary), ("--user-module", args.user_module)]


def load_translator(path: str | Path, device="cpu") -> Translator:
    paths = checkpoint_paths(path)
    if len(paths) > 1:
        return load_ensemble(paths, device)
    path = paths[0] if paths else path          # "a.pt," is a.pt, as checkpoint_paths reads it
    if is_exported(path):
        cfg, codec, engine, manifest = load_exported(path, device)
        return Translator(cfg, codec, engine, stored_lexicon(manifest))
    if Path(path).is_dir():
        best = f" (e.g. {Path(path) / 'best.pt'}, its run's best)" if (Path(path) / "best.pt").is_file() else \
            newest_in(path)
        raise UserError(f"{path} is a directory but not an exported model (no einsum_nmt.json and model.bin); "
                        f"pass a .pt checkpoint{best} or a directory written by export.py")
    if is_exported(Path(path).parent):          # export.py's model.bin or einsum_nmt.json named as the checkpoint
        raise UserError(f"{path} is one file of the exported model in {Path(path).parent}; pass the directory: "
                        f"--checkpoint {Path(path).parent}")
    model, ckpt = load_model(path)
    codec = Codec.from_checkpoint(ckpt.cfg, ckpt.src_vocab, ckpt.tgt_vocab, ckpt.raw.get("subwords"))
    return Translator(ckpt.cfg, codec, TorchEngine(model, ckpt.cfg.model.max_len, device), stored_lexicon(ckpt.raw))


def newest_in(runs_dir: str | Path) -> str:
    """' (e.g. RUN/best.pt, its newest run's best)' where runs_dir holds runs with a best.pt (runs/ named as the
    checkpoint), else ''."""
    try:
        return f" (e.g. {latest_checkpoint(runs_dir)}, its newest run's best)"
    except UserError:
        return ""


class Opened(NamedTuple):
    router: Router                  # the model toward --to, with --glossary
    checkpoint: str | Path          # --checkpoint, or the newest run's best.pt it defaulted to


def open_translator(args) -> Opened:
    """What the commands that translate (translate.py, evaluate.py, serve.py) open from their flags: --user-module
    imported, --checkpoint (default: best.pt of the most recent run) loaded onto --device, its ways turned toward
    --to (decoding/router.py), --glossary applied to each way."""
    import_user_module(args.user_module)
    device = pick_device(args.device, "--device")
    checkpoint = args.checkpoint or latest_checkpoint()
    router = Router(load_translator(checkpoint, device)).toward(args.to)
    if args.glossary:
        router.use_glossary(read_glossary(args.glossary, router.term_languages()))
    return Opened(router, checkpoint)


def stored_lexicon(raw: dict) -> Lexicon | None:
    """The lexicon a checkpoint (or an export's manifest) stores; None for one written before lexicons."""
    return Lexicon.from_dict(raw["lexicon"]) if raw.get("lexicon") else None


def check_same_vocabularies(paths: list, checkpoints: list[dict], action: str) -> None:
    """Checkpoints combined (averaged, ensembled) must share their vocabularies and subword models."""
    for path, ckpt in zip(paths[1:], checkpoints[1:]):
        for key, what in (("src_vocab", "source vocabularies"), ("tgt_vocab", "target vocabularies"),
                          ("subwords", "subword models")):
            same = same_models if key == "subwords" else lambda a, b: a == b
            if not same(ckpt.get(key), checkpoints[0].get(key)):
                raise UserError(f"cannot {action} {paths[0]} and {path}: their {what} differ; "
                                "use checkpoints of one training setup")


def load_ensemble(paths: list[str], device="cpu") -> Translator:
    """Checkpoints that share vocabularies and subword models, averaged per decoding step."""
    for path in paths:
        if Path(path).is_dir():
            raise UserError(f"{path} is a directory: an ensemble (--checkpoint a.pt,b.pt) combines PyTorch "
                            "checkpoints (.pt files), not exported models")
    loaded = [load_model(p) for p in paths]
    check_same_vocabularies(paths, [ckpt.raw for _, ckpt in loaded], "ensemble")
    first = loaded[0][1]
    codec = Codec.from_checkpoint(first.cfg, first.src_vocab, first.tgt_vocab, first.raw.get("subwords"))
    return Translator(first.cfg, codec, TorchEngine(Ensemble([m for m, _ in loaded]), first.cfg.model.max_len, device),
                      stored_lexicon(first.raw))
