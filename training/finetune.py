"""Fine-tuning: a new run that starts from a trained model's weights (train.py --init CHECKPOINT).

The model's shape, its direction and its units (tokenizer settings, subword models, vocabularies) are the
checkpoint's: the data is prepared with them, never relearned, so every id means what the weights learned. What is
new: the optimizer, the schedule, the time budget (the `finetune` preset, then --train.* flags) and, with
--data.train/--data.val, the data. What cannot work is refused in one line before any data work.
"""
from __future__ import annotations

from pathlib import Path

from config import Config, DataConfig, TrainConfig
from config.checks import check_config
from config.overrides import apply_overrides, set_value
from config.presets import FINETUNE, PRESETS
from data.cache_key import Units
from data.prepared import SplitData
from data.vocab import UNK
from data.subwords import models_of
from decoding.load import checkpoint_paths
from models.attention import registered_attentions
from models.attention.choice import attention_roles
from models.checkpoint import ModelCheckpoint, load_checkpoint, weights_checksum
from text.forms.lexicon import Lexicon
from util.errors import UserError

PRESET = FINETUNE
# the model fields that change neither the weights' shapes nor what they compute at translation time
MODEL_FIELDS = ("dropout", "attention_dropout")
# the data fields that leave the units alone: which corpus, how it is batched and filtered, the copy pairs
DATA_FIELDS = ("train", "val", "train_split", "val_split", "max_tokens", "max_train_len", "copy_pairs", "workers",
               "mix_original")
# a fine-tuning run's recipe, not the model's: never inherited from a checkpoint that was itself fine-tuned (its
# Multi30K files may not be where this run looks, and the user did not ask for them); given again, it applies
NOT_INHERITED = ("mix_original",)


def load_init(path: str) -> ModelCheckpoint:
    """The checkpoint --init names; a directory or a list is refused in one line that says what to pass."""
    if len(checkpoint_paths(path)) > 1:
        raise UserError(f"--init {path}: give one checkpoint (an ensemble's models cannot become one model's "
                        "weights); average them first with average.py")
    if Path(path).is_dir():
        best = Path(path) / "best.pt"
        hint = f"e.g. --init {best}" if best.is_file() else "the .pt checkpoint it was exported from"
        raise UserError(f"--init {path} is a directory (an export.py directory or a run directory); fine-tuning "
                        f"needs a .pt checkpoint written by train.py: {hint}")
    if not Path(path).exists():
        raise UserError(f"--init {path}: no such file; pass the .pt checkpoint (e.g. runs/<run>/best.pt) to start from")
    init = load_checkpoint(path)
    check_registered(init.cfg, f"--init {path}")
    return init


def check_registered(cfg: Config, what: str) -> None:
    """A one-line UserError when the model of `what` (--init PATH, --resume DIR) uses an attention not registered
    here: it was trained with a --user-module, which must be given again."""
    unknown = [name for name in attention_roles(cfg.model).values() if name not in registered_attentions()]
    if unknown:
        raise UserError(f"{what} was trained with the attention {unknown[0]!r}, which is not registered here; "
                        "pass the file that registers it: --user-module FILE.py")


def finetune_config(init: ModelCheckpoint, path: str, preset: str | None, overrides: list[str]) -> Config:
    """The checkpoint's model, data and decode settings; the `finetune` preset's train settings; then the overrides
    that leave the model and its units alone (any other is refused); the checkpoint recorded in train.init_*."""
    if preset not in (None, PRESET):
        raise UserError(f"--preset {preset} cannot be combined with --init: the model and data settings are the "
                        f"checkpoint's, and fine-tuning trains with the {PRESET} preset (change its values with "
                        "--train.* flags)")
    src, tgt = init.cfg.data.src_lang, init.cfg.data.tgt_lang
    direction = f"{src}→{tgt}"
    for item in overrides:
        key = item.removeprefix("--").partition("=")[0]
        section, _, name = key.partition(".")
        if section in ("model", "data") and unchanged(init.cfg, item):
            continue        # the checkpoint's own value, said again: nothing changes
        if section == "data" and name in ("src_lang", "tgt_lang") and init.cfg.data.directions == "both":
            raise UserError(f"--{key} cannot change when fine-tuning: {path} is a model of both directions, "
                            f"trained as {direction}; give your corpus as {direction} (PATH.{src} + PATH.{tgt}, or "
                            f"{src} TAB {tgt} lines) and it learns both ways")
        if section == "model" and name not in MODEL_FIELDS:
            raise UserError(f"--{key} cannot change when fine-tuning: the model's shape is that of {path}; only "
                            f"{', '.join('--model.' + f for f in MODEL_FIELDS)} can")
        if section == "data" and name in ("src_lang", "tgt_lang"):
            raise UserError(f"--{key} cannot change when fine-tuning: {path} translates {direction}; train a new "
                            "model for another direction")
        if section == "data" and name not in DATA_FIELDS:
            raise UserError(f"--{key} cannot change when fine-tuning: the data is prepared with the tokenizer "
                            f"settings, subword model and vocabulary of {path}")
    cfg = Config.from_dict(init.cfg.to_dict())
    cfg.train, cfg.preset = TrainConfig(), PRESET
    for name in NOT_INHERITED:
        inherited, default = getattr(cfg.data, name), getattr(DataConfig(), name)
        if inherited != default and not any(item.removeprefix("--").startswith(f"data.{name}=") for item in overrides):
            print(f"note: {path} was fine-tuned with --data.{name}={inherited:g}; this run does not inherit it "
                  f"(pass --data.{name}={inherited:g} again to use it)")
        setattr(cfg.data, name, default)
    for key, value in PRESETS[PRESET].overrides.items():
        set_value(cfg, key, value)
    cfg = apply_overrides(cfg, overrides)
    cfg.train.init_from = str(Path(path).resolve())
    cfg.train.init_sha256 = (init.raw.get("checksum") or {}).get("sha256") or weights_checksum(init.raw["model"])
    return check_config(cfg)


def unchanged(cfg: Config, item: str) -> bool:
    """Whether the override `--section.field=value` gives cfg's own value of the field."""
    key = item.removeprefix("--").partition("=")[0]
    section, _, name = key.partition(".")
    try:
        trial = apply_overrides(Config.from_dict(cfg.to_dict()), [item])
    except UserError:       # an unknown key or a bad value: the refusal below, or apply_overrides later, says so
        return False
    return getattr(getattr(trial, section), name) == getattr(getattr(cfg, section), name)


def checkpoint_units(init: ModelCheckpoint) -> Units:
    """The vocabularies, subword models and lexicon the checkpoint's weights were trained with."""
    lexicon = Lexicon.from_dict(init.raw["lexicon"]) if init.raw.get("lexicon") else None
    return Units(init.src_vocab, init.tgt_vocab, *models_of(init.raw.get("subwords")), lexicon)


def unknown_words_note(train: SplitData) -> str:
    """A word-unit model keeps its vocabulary: the line that says how much of the new corpus it does not know."""
    total = unknown = 0
    for side in (train.src, train.tgt):
        for ids in side:
            total += len(ids)
            unknown += ids.count(UNK)
    return (f"note: this model has word units, so the words of your corpus it never saw are <unk>: "
            f"{unknown / max(total, 1):.1%} of the training tokens (a subword model has none)")
