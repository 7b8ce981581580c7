"""The one typed configuration: model, data, train and decode sections, presets, and `--section.field=value` overrides.

    python train.py --preset base --model.attention=linear --train.max_steps=2000

The resolved config is printed at start, saved as JSON in the run directory and inside every checkpoint, so a
checkpoint rebuilds its model with no other file.
"""
from __future__ import annotations

import dataclasses
import difflib
import json
import math
import re
from dataclasses import dataclass, field, fields

from util.errors import UserError


def opt(default, help: str):
    """A config field with its help text, shown by `--help`."""
    return field(default=default, metadata={"help": help})


@dataclass
class ModelConfig:
    d_model: int = opt(256, 'width of every residual stream')
    n_heads: int = opt(8, 'attention heads; d_model must be divisible by it')
    n_encoder_layers: int = opt(3, 'encoder blocks')
    n_decoder_layers: int = opt(3, 'decoder blocks')
    d_ff: int = opt(1024, 'hidden width of the feed-forward block')
    dropout: float = opt(0.1, 'on residual branches and embeddings')
    attention_dropout: float = opt(0.0, 'on attention weights')
    activation: str = opt("relu", 'relu | gelu')
    norm: str = opt("pre", 'pre | post (LayerNorm placement)')
    attention: str = opt("full", 'self-attention type: any name in the attention registry')
    cross_attention: str = opt("", 'encoder-decoder attention type; "" = same as `attention`')
    position: str = opt("sinusoidal-add", 'sinusoidal-add | sinusoidal-concat | learned-add | learned-concat | relative')
    position_dim: int = opt(64, 'width of the position part in the *-concat modes')
    max_len: int = opt(256, 'longest sequence the position table covers')
    max_relative: int = opt(16, 'relative mode: distances are clipped to [-max_relative, max_relative]')
    share_embeddings: bool = opt(False, 'one embedding table for source and target (needs a shared vocabulary)')
    tie_output: bool = opt(True, 'output projection reuses the target embedding')
    src_vocab_size: int = opt(0, 'filled in from the data before the model is built')
    tgt_vocab_size: int = opt(0, 'filled in from the data before the model is built')


@dataclass
class DataConfig:
    src_lang: str = opt("de", 'source language code (spaCy tokenizer and file suffix)')
    tgt_lang: str = opt("en", 'target language code')
    lowercase: bool = opt(False, 'cased is the reported metric')
    units: str = opt("subword", 'subword (sentencepiece pieces of spaCy tokens, nothing unknown) | word (spaCy tokens)')
    subword_vocab: int = opt(8000, 'subword units: pieces per model, a soft limit (specials and 256 bytes included)')
    subword_model: str = opt("unigram", 'subword units: unigram | bpe (sentencepiece)')
    shared_vocab: bool = opt(True, 'one vocabulary for both languages (needed for share_embeddings)')
    min_freq: int = opt(2, 'word units: tokens seen fewer times become <unk>')
    max_vocab: int = opt(0, '0 = no limit')
    max_tokens: int = opt(4096, 'batch size in tokens (source + target of the longest pair, padded)')
    max_train_len: int = opt(100, 'training pairs with a longer side are dropped')
    train_split: str = opt("train", 'split the model learns from (and the vocabulary is built on)')
    val_split: str = opt("val", 'split for per-epoch validation and checkpoint selection')
    placeholders: bool = opt(True, 'numbers (and glossary terms) travel as placeholders the model copies, restored '
                                   'in English format after decoding; the search never writes digits itself')
    copy_pairs: float = opt(0.12, 'extra training pairs that teach copying (names swapped into pairs that share one, '
                                  'number placeholders), as a share of the corpus; 0 = none')


@dataclass
class TrainConfig:
    seed: int = opt(1, 'seeds weights, dropout and batch order')
    max_epochs: int = opt(30, 'epochs to train at most')
    max_steps: int = opt(0, '0 = no limit; stops cleanly with a checkpoint')
    time_budget: float = opt(0.0, 'seconds; 0 = no limit')
    lr: float = opt(1e-3, 'peak learning rate, reached after warmup')
    warmup_steps: int = opt(1000, 'linear warmup steps, then inverse-square-root decay')
    weight_decay: float = opt(1e-4, 'AdamW weight decay on matrices (not on biases and norms)')
    beta2: float = opt(0.98, 'AdamW second-moment decay')
    label_smoothing: float = opt(0.1, 'label smoothing of the training loss')
    clip_norm: float = opt(1.0, '0 = no clipping')
    accum_steps: int = opt(1, 'gradient accumulation')
    precision: str = opt("auto", 'auto (bf16 on CUDA and on CPUs with native bf16, else fp32) | fp32 | bf16')
    device: str = opt("auto", 'auto | cpu | cuda | cuda:N')
    threads: int = opt(0, "CPU threads; 0 = torch's default")
    patience: int = opt(0, 'early stopping on val BLEU, in epochs; 0 = off')
    average_last: int = opt(0, 'average the last N epoch checkpoints at the end (at most half the epochs); 0 = off')
    log_every: int = opt(50, 'steps between metrics.jsonl records')
    tensorboard: bool = opt(False, 'also write train loss, lr, tokens/s, val loss and val BLEU to '
                                   '<run>/tensorboard/ (needs `pip install tensorboard`)')
    val_beam: int = opt(1, 'beam for the per-epoch val BLEU (1 = greedy, fastest)')
    val_max_sentences: int = opt(0, '0 = the whole val split')


@dataclass
class DecodeConfig:
    beam: int = opt(5, 'beam size (1 = greedy)')
    length_penalty: float = opt(1.0, 'hypothesis score = log p / length ** length_penalty')
    max_len_a: float = opt(1.5, 'max output length = a * source length + b')
    max_len_b: int = opt(10, 'see max_len_a')
    batch_sentences: int = opt(64, 'sentences decoded together')


@dataclass
class Config:
    model: ModelConfig = field(default_factory=ModelConfig)
    data: DataConfig = field(default_factory=DataConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    decode: DecodeConfig = field(default_factory=DecodeConfig)
    preset: str = "base"

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "Config":
        cfg = cls()
        for section in ("model", "data", "train", "decode"):
            known = {f.name for f in fields(getattr(cfg, section))}
            values = {k: v for k, v in d.get(section, {}).items() if k in known}
            setattr(cfg, section, type(getattr(cfg, section))(**values))
        cfg.preset = d.get("preset", cfg.preset)
        if "data" in d and "units" not in d["data"]:
            cfg.data.units = "word"           # a config saved before subword units existed
        if "data" in d and "placeholders" not in d["data"]:
            cfg.data.placeholders, cfg.data.copy_pairs = False, 0.0    # saved before placeholders: decode as then
        return cfg

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)


# Presets are overrides on top of the defaults above.
PRESETS: dict[str, dict[str, object]] = {
    # seconds on a CPU: for tests and smoke runs (word units: a toy corpus would give letter-sized pieces)
    "tiny": {"model.d_model": 32, "model.n_heads": 4, "model.n_encoder_layers": 1, "model.n_decoder_layers": 1,
             "model.d_ff": 64, "model.dropout": 0.0, "model.max_len": 64, "data.units": "word", "data.min_freq": 1,
             "data.max_tokens": 1024, "train.lr": 3e-3, "train.warmup_steps": 50, "train.max_epochs": 20,
             "train.label_smoothing": 0.0, "train.log_every": 10, "decode.beam": 2},
    # the Multi30K default
    "base": {},
    # the CPU recipe: the best BLEU in about 30 minutes of two cores
    "cpu": {"model.attention": "sdpa", "model.share_embeddings": True,
            "model.dropout": 0.15, "model.attention_dropout": 0.1, "train.val_beam": 5,
            "train.time_budget": 1800.0, "train.lr": 2e-3, "train.warmup_steps": 500, "train.average_last": 5},
    # the full recipe: wider model, more epochs, averaged checkpoints
    "full": {"model.d_model": 512, "model.n_heads": 8, "model.d_ff": 2048, "model.n_encoder_layers": 6,
             "model.n_decoder_layers": 6, "model.dropout": 0.3, "model.attention": "sdpa",
             "model.share_embeddings": True, "train.lr": 5e-4, "train.warmup_steps": 4000,
             "train.weight_decay": 1e-4, "train.max_epochs": 60, "train.average_last": 5},
}


def _parse_value(text: str, current: object, key: str) -> object:
    kind = type(current)
    try:
        if kind is bool:
            lowered = text.lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise ValueError
        return kind(text)
    except ValueError:
        raise UserError(f"bad value for --{key}: {text!r} is not a {kind.__name__}") from None


def all_keys(cfg: Config | None = None) -> list[str]:
    cfg = cfg or Config()
    return [f"{s}.{f.name}" for s in ("model", "data", "train", "decode") for f in fields(getattr(cfg, s))]


def set_value(cfg: Config, key: str, value: object) -> None:
    """Set `section.field` on cfg, parsing strings to the field's type; unknown keys name the closest ones."""
    if key not in all_keys(cfg):
        close = difflib.get_close_matches(key, all_keys(cfg), n=3, cutoff=0.6)
        hint = f" (did you mean {' or '.join('--' + c for c in close)}?)" if close else " (see --help for every key)"
        raise UserError(f"unknown config key --{key}{hint}")
    section, name = key.split(".")
    obj = getattr(cfg, section)
    current = getattr(obj, name)
    if isinstance(value, str) and not isinstance(current, str):
        value = _parse_value(value, current, key)
    elif type(current) is float and type(value) is int:
        value = float(value)
    setattr(obj, name, value)


def make_config(preset: str = "base", overrides: list[str] | tuple[str, ...] = ()) -> Config:
    """The defaults, then the preset, then `section.field=value` overrides, in that order."""
    if preset not in PRESETS:
        raise UserError(f"unknown preset {preset!r}; choose one of: {', '.join(PRESETS)}")
    cfg = Config(preset=preset)
    for key, value in PRESETS[preset].items():
        set_value(cfg, key, value)
    return validate(apply_overrides(cfg, overrides))


def apply_overrides(cfg: Config, overrides, sections=("model", "data", "train", "decode"),
                    when: str = "here") -> Config:
    """Apply `--section.field=value` items in order; a key outside `sections` is refused (e.g. when resuming)."""
    for item in overrides:
        key, sep, value = item.removeprefix("--").partition("=")
        if not sep:
            raise UserError(f"override {item!r} needs a value: --{key}=VALUE")
        if key.split(".")[0] not in sections:
            allowed = " and ".join(f"--{s}.*" for s in sections)
            raise UserError(f"--{key} cannot change {when}; only {allowed} can")
        set_value(cfg, key, value)
    return cfg


def help_text() -> str:
    """Every field with its default, for --help."""
    cfg = Config()
    lines = ["config fields (override with --section.field=value):"]
    for section in ("model", "data", "train", "decode"):
        for f in fields(getattr(cfg, section)):
            value = f"--{section}.{f.name}={getattr(getattr(cfg, section), f.name)!r}"
            lines.append(f"  {value:34s} {f.metadata.get('help', '')}".rstrip())
    lines.append("presets: " + ", ".join(PRESETS))
    return "\n".join(lines)


# Validation: every value is checked when a config is built, so a bad one fails before any data or directory work.
ACTIVATIONS = ("relu", "gelu")
NORMS = ("pre", "post")
POSITIONS = ("sinusoidal-add", "sinusoidal-concat", "learned-add", "learned-concat", "relative")
PRECISIONS = ("auto", "fp32", "bf16")
DEVICE_FORMS = "auto, cpu, cuda or cuda:N"
MAX_PARAMETERS = 2_000_000_000      # far beyond any Multi30K model; above it a typo is likelier than a plan


def is_device_name(name: str) -> bool:
    return re.fullmatch(r"auto|cpu|cuda(:\d+)?", name) is not None


# a rule: (test, what a value must be)
AT_LEAST_0 = (lambda v: v >= 0, "at least 0")
AT_LEAST_1 = (lambda v: v >= 1, "at least 1")
ABOVE_0 = (lambda v: v > 0, "above 0")
FRACTION = (lambda v: 0 <= v < 1, "in [0, 1)")
NOT_EMPTY = (lambda v: v.strip() != "", "a non-empty name")


def _one_of(choices) -> tuple:
    return lambda v: v in choices, f"one of {', '.join(choices)}"


RULES = {
    "model.d_model": AT_LEAST_1, "model.n_heads": AT_LEAST_1, "model.n_encoder_layers": AT_LEAST_0,
    "model.n_decoder_layers": AT_LEAST_1, "model.d_ff": AT_LEAST_1, "model.dropout": FRACTION,
    "model.attention_dropout": FRACTION, "model.activation": _one_of(ACTIVATIONS), "model.norm": _one_of(NORMS),
    "model.attention": NOT_EMPTY, "model.position": _one_of(POSITIONS), "model.position_dim": AT_LEAST_0,
    "model.max_len": (lambda v: v >= 3, "at least 3 (<bos>, a token, <eos>)"),
    "model.max_relative": AT_LEAST_0, "model.src_vocab_size": AT_LEAST_0, "model.tgt_vocab_size": AT_LEAST_0,
    "data.src_lang": NOT_EMPTY, "data.tgt_lang": NOT_EMPTY, "data.min_freq": AT_LEAST_1,
    "data.units": _one_of(("subword", "word")), "data.subword_vocab": AT_LEAST_1,
    "data.subword_model": _one_of(("unigram", "bpe")),
    "data.max_vocab": AT_LEAST_0, "data.copy_pairs": AT_LEAST_0, "data.max_tokens": AT_LEAST_1, "data.max_train_len": AT_LEAST_0,
    "data.train_split": NOT_EMPTY, "data.val_split": NOT_EMPTY,
    "train.seed": AT_LEAST_0, "train.max_epochs": AT_LEAST_1, "train.max_steps": AT_LEAST_0,
    "train.time_budget": AT_LEAST_0, "train.lr": ABOVE_0, "train.warmup_steps": AT_LEAST_0,
    "train.weight_decay": AT_LEAST_0, "train.beta2": FRACTION, "train.label_smoothing": FRACTION,
    "train.clip_norm": AT_LEAST_0, "train.accum_steps": AT_LEAST_1, "train.precision": _one_of(PRECISIONS),
    "train.device": (is_device_name, DEVICE_FORMS), "train.threads": AT_LEAST_0,
    "train.patience": AT_LEAST_0, "train.average_last": AT_LEAST_0, "train.log_every": AT_LEAST_1,
    "train.val_beam": AT_LEAST_1, "train.val_max_sentences": AT_LEAST_0,
    "decode.beam": AT_LEAST_1, "decode.max_len_a": AT_LEAST_0, "decode.max_len_b": AT_LEAST_0,
    "decode.batch_sentences": AT_LEAST_1,
}


def validate(cfg: Config) -> Config:
    """cfg itself when every value is usable; else a UserError naming the first bad one and what it must be."""
    defaults = Config()
    for key in all_keys(cfg):
        section, name = key.split(".")
        value, default = getattr(getattr(cfg, section), name), getattr(getattr(defaults, section), name)
        kind = float if type(default) is float else type(default)
        if default is None:
            continue        # an optional field (None by default): its type is not known here
        if not (type(value) is kind or (kind is float and type(value) is int)):
            raise UserError(f"--{key}={value!r} is not a {kind.__name__}")
        if kind is float and not math.isfinite(value):
            raise UserError(f"--{key}={value} must be a finite number")
        test, requirement = RULES.get(key, (None, ""))
        if test is not None and not test(value):
            raise UserError(f"--{key}={value} must be {requirement}")
    _check_model(cfg)
    return cfg


def _check_model(cfg: Config) -> None:
    m = cfg.model
    if m.d_model % m.n_heads:
        raise UserError(f"--model.d_model={m.d_model} is not divisible by --model.n_heads={m.n_heads}")
    if m.position.endswith("-concat") and not 0 < m.position_dim < m.d_model:
        raise UserError(f"--model.position_dim={m.position_dim} must be between 0 and --model.d_model={m.d_model} "
                        f"(exclusive) for {m.position}")
    if m.position == "relative" and m.max_relative < 1:
        raise UserError(f"--model.max_relative={m.max_relative} must be at least 1 for relative positions")
    if m.share_embeddings and not cfg.data.shared_vocab:
        raise UserError("--model.share_embeddings=true needs one vocabulary: add --data.shared_vocab=true")
    n = estimated_parameters(m)
    if n > MAX_PARAMETERS:
        raise UserError(f"the model.* sizes describe about {n:.2g} parameters ({4 * n / 1e9:.3g} GB in fp32), more "
                        f"than the limit of {MAX_PARAMETERS:.0e}; check --model.d_model, d_ff, the layer counts "
                        "and max_len")


def estimated_parameters(m: ModelConfig) -> int:
    """About how many numbers the model holds (weights and position tables), known before anything is allocated."""
    d, ff = m.d_model, m.d_ff
    attention, feed_forward = 4 * d * d + 4 * d, 2 * d * ff + ff + d
    layers = m.n_encoder_layers * (attention + feed_forward) + m.n_decoder_layers * (2 * attention + feed_forward)
    tables = (m.src_vocab_size + m.tgt_vocab_size + 2 * m.max_len + 2 * m.max_relative + 1) * d
    return layers + tables + (0 if m.tie_output else d * m.tgt_vocab_size)
