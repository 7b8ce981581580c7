"""`--section.field=value` overrides: told apart from a command's own flags, a value as text parsed to its field's kind,
an unknown key with the ones it is close to."""
from __future__ import annotations

import argparse
import difflib
from dataclasses import fields

from config import KIND_WORDS, SECTIONS, Config
from util.errors import UserError


def parse_value(text: str, current: object, key: str) -> object:
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
        raise UserError(f"bad value for --{key}: {text!r} is not {KIND_WORDS[kind]}") from None


def all_keys(cfg: Config | None = None) -> list[str]:
    cfg = cfg or Config()
    return [f"{s}.{f.name}" for s in SECTIONS for f in fields(getattr(cfg, s))]


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
        value = parse_value(value, current, key)
    elif type(current) is float and type(value) is int:
        value = float(value)
    setattr(obj, name, value)


# what train.py --init writes into the config: where the weights came from, never given by hand
SET_BY_INIT = ("train.init_from", "train.init_sha256")


def apply_overrides(cfg: Config, overrides, sections=SECTIONS,
                    when: str = "here") -> Config:
    """Apply `--section.field=value` items in order; a key outside `sections` is refused (e.g. when resuming), and
    so is one that --init sets."""
    for item in overrides:
        key, sep, value = item.removeprefix("--").partition("=")
        if not sep:
            raise UserError(f"override {item!r} needs a value: --{key}=VALUE")
        if key in SET_BY_INIT:
            raise UserError(f"--{key} is set by --init CHECKPOINT, not by hand")
        if key.split(".")[0] in SECTIONS and key.split(".")[0] not in sections:
            allowed = " and ".join(f"--{s}.*" for s in sections)
            raise UserError(f"--{key} cannot change {when}; only {allowed} can")
        set_value(cfg, key, value)
    return cfg


def split_overrides(argv: list[str], parser: argparse.ArgumentParser) -> tuple[argparse.Namespace, list[str]]:
    """Parse the command's own flags; every `--section.field=value` is returned as a config override. One given its
    value after a space (`--train.lr 0.1`) is refused with the flag as it is written."""
    overrides = [a for a in argv if a.startswith("--") and "." in a.split("=", 1)[0]]
    for flag, after in zip(argv, [*argv[1:], None]):
        if flag in overrides and "=" not in flag and after is not None and not after.startswith("--") \
                and after != "-h":
            raise UserError(f"{flag} {after}: a config field takes its value after '=': {flag}={after}")
    rest = [a for a in argv if a not in overrides]
    by_name = {key.split(".")[1]: key for key in all_keys()}
    for a in rest:
        name, sep, value = a.removeprefix("--").partition("=")
        key = by_name.get(name.replace("-", "_")) if a.startswith("--") else None
        if key and not any(action.option_strings and a.split("=")[0] in action.option_strings
                           for action in parser._actions):
            raise UserError(f"{a.split('=')[0]} is no flag; config fields are named with their section: "
                            f"--{key}={value if sep else 'VALUE'}")
    presets = presets_given(rest)            # an override given again: the last one holds (as scripts add them)
    if len(set(presets)) > 1:
        other = next(p for p in presets if p != presets[0])
        raise UserError(f"--preset is given twice ({presets[0]!r} and {other!r}); keep the one you mean")
    return parser.parse_args(rest), overrides


def presets_given(argv: list[str]) -> list[str]:
    """The values of every --preset in argv (--preset NAME or --preset=NAME)."""
    return [after if a == "--preset" else a.partition("=")[2] for a, after in zip(argv, [*argv[1:], ""])
            if (a == "--preset" and after and not after.startswith("-")) or a.startswith("--preset=")]
