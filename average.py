"""Average the weights of checkpoints of one model (as train.py's --train.average_last does at the end).

    python average.py runs/<run>/epoch8.pt runs/<run>/epoch9.pt runs/<run>/epoch10.pt --out averaged.pt

The result holds the mean weights and what else a checkpoint carries to translate: config, vocabularies, subword
models and lexicon (no optimizer state), and the model card of their run at the newest input's step, naming the
checkpoints averaged (translate.py --info prints it, evaluate.py --record reads it); translate.py and evaluate.py
take it. The inputs must be one model: the same shape and function (attention `full` and `sdpa` are one), units and
text steps, and one run's weights: the mean of runs begun from other random weights translates nothing, so it is
refused (models/lineage.py says how runs are told apart); a model and its fine-tuned copy average with a note.
"""
from __future__ import annotations

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()

import shlex
import sys
from dataclasses import asdict

from config import Config
from decoding.ct2_engine import is_exported
from decoding.export_files import exported_from, read_manifest
from decoding.load import check_output, check_same_vocabularies
from models.attention import SAME_FUNCTION
from models.attention.choice import attention_roles
from models.checkpoint import average_weights, load_checkpoint, save_checkpoint
from models.lineage import kinship, runs_of
from training.card import averaged_card, card_at
from training.finetune import DATA_FIELDS, MODEL_FIELDS
from cli import CommandParser, add_force_flag, check_given, run_main
from util.errors import UserError

ATTENTION_FIELDS = ("attention", "decoder_attention", "cross_attention")    # compared by the function they compute


def model_differences(a: Config, b: Config) -> list[str]:
    """The settings in which two checkpoints' models differ (those that change their shapes, what they compute or
    how their text is cut), not those of training alone: dropout, the corpus, batches."""
    unused = tuple(name for name, used in (("max_relative", "relative"), ("position_dim", "-concat"))
                   if not any(used in cfg.model.position for cfg in (a, b)))     # settings neither position reads
    differ = []
    for section, ignored in (("model", MODEL_FIELDS + ATTENTION_FIELDS + unused), ("data", DATA_FIELDS)):
        mine, theirs = asdict(getattr(a, section)), asdict(getattr(b, section))
        differ += [f"{section}.{key}" for key in mine if key not in ignored and mine[key] != theirs.get(key)]
    roles = [{role: SAME_FUNCTION.get(name, name) for role, name in attention_roles(cfg.model).items()}
             for cfg in (a, b)]
    return differ + ["model.attention"] * (roles[0] != roles[1])


def check_one_run(first_path: str, first: dict, path: str, raw: dict, other_runs: bool) -> bool:
    """Refuse checkpoints of runs begun from other random weights (unless --other-runs); note a fine-tuned copy;
    -> whether they are of one run, or of a model and its fine-tuned copy."""
    kin = kinship(first, raw)
    if kin in ("other runs", "other weights") and not other_runs:
        how = "their run ids differ" if kin == "other runs" else "their weights point other ways"
        raise UserError(f"cannot average {first_path} and {path}: they are checkpoints of different runs ({how}), "
                        "whose mean translates nothing; average one run's checkpoints (its epochN.pt, best.pt, "
                        "last.pt), or pass --other-runs if the runs began from the same weights")
    if kin == "fine-tuned":
        print(f"note: {first_path} and {path} are of different runs, one fine-tuned from the other or both from one "
              "model: their mean lies between two models, not one run's checkpoints; evaluate it before use",
              file=sys.stderr)
    return kin not in ("other runs", "other weights")


def averaged_info(args, loaded: list, one_run: bool, argv: list[str]) -> dict:
    """The mean's info: the newest input's step and run (not where runs were mixed), the inputs, and the card of
    their run (training/card.py) naming them and this command, so that translate.py --info and evaluate.py --record
    say what it is."""
    steps = [ckpt.step for ckpt in loaded]
    newest = steps.index(max(steps))
    averaged = [{"checkpoint": path, "step": step} for path, step in zip(args.checkpoints, steps)]
    info = {"step": steps[newest], "averaged": averaged}
    if one_run and (runs := runs_of(loaded[newest].raw)):
        info["runs"] = runs
    card = card_at(args.checkpoints[newest], loaded[newest])
    if card is not None:
        info["card"] = averaged_card(card, args.out, averaged, shlex.join(["python", "average.py", *argv]))
    return info


def check_no_export(paths: list[str]) -> None:
    """An export.py directory holds converted (maybe quantized) weights that are not averaged: it is refused by name,
    with the checkpoint its manifest says it was exported from."""
    for path in paths:
        if not is_exported(path):
            continue
        try:
            source = exported_from(read_manifest(path))
        except UserError:           # a damaged manifest: it is an export all the same
            source = None
        named = f" ({source}, and others of its run)" if source else ""
        raise UserError(f"{path} is an export (export.py's CTranslate2 directory), not a checkpoint: average the .pt "
                        f"checkpoints it was exported from{named}, then export the mean")


def main(argv) -> int:
    parser = CommandParser(__doc__)
    parser.add_argument("checkpoints", nargs="+")
    parser.add_argument("--out", required=True, help="the averaged checkpoint to write")
    parser.add_argument("--other-runs", action="store_true", help="average checkpoints of different runs anyway "
                        "(runs begun from the same weights: one --train.seed, or one --init checkpoint before run ids)")
    add_force_flag(parser)
    args = parser.parse_args(argv)
    check_given(args, "checkpoints")
    if len(args.checkpoints) < 2:
        raise UserError("give at least two checkpoints to average")
    check_output(args.out, "--out", [("the input", path) for path in args.checkpoints], args.force)
    check_no_export(args.checkpoints)
    loaded = [load_checkpoint(path) for path in args.checkpoints]
    check_same_vocabularies(args.checkpoints, [ckpt.raw for ckpt in loaded], "average")
    first, one_run = loaded[0].raw, True
    for path, ckpt in zip(args.checkpoints[1:], loaded[1:]):
        differ = model_differences(loaded[0].cfg, ckpt.cfg)
        if differ:
            raise UserError(f"cannot average {args.checkpoints[0]} and {path}: their {', '.join(differ)} differ; "
                            "average checkpoints of one model (one run's, or a model and its fine-tuned copy)")
        one_run &= check_one_run(args.checkpoints[0], first, path, ckpt.raw, args.other_runs)
    lexicon = next((ckpt.raw["lexicon"] for ckpt in loaded if ckpt.raw.get("lexicon")), None)
    if any(ckpt.raw.get("lexicon") not in (None, lexicon) for ckpt in loaded):
        print("note: the inputs' lexicons differ (they were trained on other corpora); the averaged checkpoint "
              "keeps the first one's", file=sys.stderr)
    try:             # atomic: a failed write leaves no file, and one that was there (--force) as it was
        save_checkpoint(args.out, model_state=average_weights([ckpt.raw["model"] for ckpt in loaded]),
                        config=first["config"], src_vocab=first["src_vocab"], tgt_vocab=first["tgt_vocab"],
                        subwords=first.get("subwords"), lexicon=lexicon,
                        info=averaged_info(args, loaded, one_run, argv))
    except OSError as e:
        raise UserError(f"cannot write {args.out} ({e.strerror}); nothing was written or replaced: fix that, or "
                        "choose another --out, and run it again") from None
    print(f"averaged {len(args.checkpoints)} checkpoints into {args.out}")
    return 0


if __name__ == "__main__":
    run_main(main)
