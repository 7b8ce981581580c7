"""Checks: every value is checked when a config is built, so a bad one fails before any data or directory work.
Each field's own rule stands beside it (config/__init__.py); the rules between fields are here, each once."""
from __future__ import annotations

import dataclasses
import math
from dataclasses import fields

from config import KIND_WORDS, SECTIONS, Config, DataConfig, DecodeConfig, ModelConfig, TrainConfig
from util.errors import UserError
from util.languages import spacy_languages


class BrokenRule(UserError):
    """A value that breaks its field's rule: `key` ("decode.beam"), `value`, `requirement` ("from 1 to 1000").
    The message names the config flag; a command line or the server names its own flag for the same field."""

    def __init__(self, key: str, value, requirement: str):
        super().__init__(f"--{key}={value} must be {requirement}")
        self.key, self.value, self.requirement = key, value, requirement


def check_section(section: str, values) -> None:
    """Each field's type (its default's) and rule (beside it above); the first one broken is a UserError."""
    for f in fields(values):
        key, value, kind = f"{section}.{f.name}", getattr(values, f.name), type(f.default)
        if not (type(value) is kind or (kind is float and type(value) is int)):
            raise UserError(f"--{key}={value!r} is not {KIND_WORDS[kind]}")
        if kind is float and not math.isfinite(value):
            raise BrokenRule(key, value, "a finite number")
        rule = f.metadata["rule"]
        if not rule.test(value):
            raise BrokenRule(key, value, rule.requirement)


def check_config(cfg: Config, training: bool = True) -> Config:
    """cfg itself when every value is usable; else a UserError naming the first bad one and what it must be: each
    field's rule, then the rules between fields. training=False (a trained model's config, read to translate) leaves
    out the rules of the training data alone, which decoding never reads."""
    for section in SECTIONS:
        check_section(section, getattr(cfg, section))
    _check_model(cfg)
    _check_data(cfg.data)
    _check_decode(cfg.decode)
    _check_train(cfg.train)
    if cfg.decode.n_best > cfg.decode.beam:
        raise BrokenRule("decode.n_best", cfg.decode.n_best, f"at most --decode.beam={cfg.decode.beam}")
    if cfg.train.subword_sampling and cfg.data.units != "subword":
        raise UserError("--train.subword_sampling samples subword pieces: it needs --data.units=subword")
    if training:
        _check_lengths(cfg)
    return cfg


def longest_training_side(cfg: Config) -> int:
    """The most units a training pair's side may have (data.max_train_len counts units alone): with <bos> and <eos>,
    and the direction tag that opens each source of a model of both directions, it fits the position table."""
    return cfg.model.max_len - 2 - (1 if cfg.data.directions == "both" else 0)


def _check_lengths(cfg: Config) -> None:
    """A training pair longer than the position table stops the run at the first batch holding it, with nothing
    saved: refuse the settings that let one through, before any work."""
    longest, d = longest_training_side(cfg), cfg.data
    if not 1 <= d.max_train_len <= longest:
        tag = ", its direction tag" if d.directions == "both" else ""
        raise BrokenRule("data.max_train_len", d.max_train_len,
                         f"from 1 to {longest}: a training pair's longer side{tag} and <bos>/<eos> must fit "
                         f"--model.max_len={cfg.model.max_len} (or raise --model.max_len)")


def decode_settings(base: DecodeConfig, beam: int | None = None, n_best: int | None = None,
                    length_penalty: float | None = None, max_len: int | None = None,
                    no_repeat_ngram: int | None = None, rerank: float | None = None) -> DecodeConfig:
    """`base` with the given settings (None keeps base's); max_len caps every output at that many tokens. The
    values are checked by DecodeConfig's rules (a BrokenRule names the field); n best need a beam of at least n,
    so the beam is widened to n_best."""
    decode = dataclasses.replace(base)
    for name, value in (("beam", beam), ("n_best", n_best), ("length_penalty", length_penalty),
                        ("no_repeat_ngram", no_repeat_ngram), ("rerank", rerank)):
        if value is not None:
            setattr(decode, name, value)
    if max_len is not None:
        if max_len < 1:
            raise BrokenRule("decode.max_len_b", max_len, "at least 1")
        decode.max_len_a, decode.max_len_b = 0.0, max_len
    check_section("decode", decode)
    _check_decode(decode)
    decode.beam = max(decode.beam, decode.n_best)
    return decode


def _check_decode(d: DecodeConfig) -> None:
    if d.max_len_a == 0 and d.max_len_b < 1:
        raise BrokenRule("decode.max_len_b", d.max_len_b, "at least 1 when --decode.max_len_a is 0")


def _check_train(t: TrainConfig) -> None:
    if t.schedule in ("linear", "cosine") and not (t.max_steps or t.time_budget):
        raise UserError(f"--train.schedule={t.schedule} decays to zero where the run ends: give --train.max_steps or "
                        "--train.time_budget, or use --train.schedule=inverse-sqrt")


def _check_data(d: DataConfig) -> None:
    for key, lang in (("data.src_lang", d.src_lang), ("data.tgt_lang", d.tgt_lang)):
        if spacy_languages() and lang not in spacy_languages():     # spaCy's tokenizer would be an ImportError
            raise BrokenRule(key, lang, f"a language spaCy has a tokenizer for: {', '.join(sorted(spacy_languages()))}")
    if d.train and not d.val:
        raise UserError("--data.train needs --data.val too: a held-out corpus of your own to validate on, given the "
                        "same way (e.g. --data.val=PATH)")
    if d.directions == "both" and (d.units != "subword" or not d.shared_vocab):
        raise UserError("--data.directions=both writes both languages from one vocabulary of subword pieces: it needs "
                        "--data.units=subword and --data.shared_vocab=true")
    if d.directions == "both" and d.src_lang == d.tgt_lang:
        raise UserError(f"--data.directions=both needs two languages, but --data.src_lang and --data.tgt_lang are "
                        f"both {d.src_lang!r}")
    if d.train and d.train_split == d.val_split:
        raise UserError(f"--data.train and --data.val need two split names, but --data.train_split and "
                        f"--data.val_split are both {d.train_split!r}")


def check_model(m: ModelConfig) -> None:
    """The rules between model fields, checked once here: by check_config, and by the model when it is built."""
    if m.d_model % m.n_heads:
        raise UserError(f"--model.d_model={m.d_model} is not divisible by --model.n_heads={m.n_heads}")
    if m.position.endswith("-concat") and not 0 < m.position_dim < m.d_model:
        raise UserError(f"--model.position_dim={m.position_dim} must be between 0 and --model.d_model={m.d_model} "
                        f"(exclusive) for {m.position}")
    if m.position == "relative" and m.max_relative < 1:
        raise UserError(f"--model.max_relative={m.max_relative} must be at least 1 for relative positions")
    if m.share_embeddings and m.src_vocab_size and m.tgt_vocab_size and m.src_vocab_size != m.tgt_vocab_size:
        raise UserError(f"--model.share_embeddings=true needs one vocabulary, but the source has "
                        f"{m.src_vocab_size} and the target {m.tgt_vocab_size} types; use --data.shared_vocab=true")


def _check_model(cfg: Config) -> None:
    check_model(cfg.model)
    if cfg.model.share_embeddings and not cfg.data.shared_vocab:
        raise UserError("--model.share_embeddings=true needs one vocabulary: add --data.shared_vocab=true")
