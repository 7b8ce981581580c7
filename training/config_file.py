"""A run's config.json read back when --resume continues the run. last.pt holds the run's config; a value a user edited
in config.json by hand takes effect as the same --train.* or --decode.* flag would, and config.json is written again
from the result with the first last.pt that holds it (training/save_policy.py), so the edit is neither ignored nor
lost, and a resume's flags reach config.json only once last.pt holds them. An edit of what cannot change mid-run (the
model, the data, the preset, where the weights came from), a value its field does not take, or a file that is no
config is one line that names config.json and what to do."""
from __future__ import annotations

import json
import sys
from dataclasses import fields
from pathlib import Path

from config import SECTIONS, Config
from config.checks import check_section
from config.overrides import SET_BY_INIT
from config.presets import flag_value
from util.errors import UserError, json_mistake

CHANGEABLE = ("train", "decode")       # the sections a resumed run takes new values of, as its flags


def resumed_config(run_dir: Path, saved: Config, announce: bool = True) -> Config:
    """`saved` (last.pt's config) with the edits made by hand in run_dir/config.json; `saved` itself when it has
    none or config.json is gone (the run writes it again). announce: print a note naming the edits."""
    path = run_dir / "config.json"
    edited = _read(path)
    if edited is None:
        return saved
    if edited.preset != saved.preset:
        raise UserError(f"{path} was edited to preset {edited.preset!r}, but the run keeps the preset it started "
                        f"with, {saved.preset!r}; put it back (only --train.* and --decode.* values can change)")
    changes = []
    for section in SECTIONS:
        was, now = getattr(saved, section), getattr(edited, section)
        for f in fields(was):
            key, old, new = f"{section}.{f.name}", getattr(was, f.name), getattr(now, f.name)
            if type(old) is float and type(new) is int:     # "lr": 1 in JSON: the number 1.0
                new = float(new)
                setattr(now, f.name, new)
            if new == old and type(new) is type(old):
                continue
            if section not in CHANGEABLE or key in SET_BY_INIT:
                raise UserError(f"{path} was edited to --{key}={flag_value(new)}, which cannot change when resuming "
                                f"(the run has --{key}={flag_value(old)}); put it back: only --train.* and --decode.* "
                                "values can change"
                                + ("" if section in CHANGEABLE else ", and a new run (--out) takes any"))
            changes.append(f"--{key}={flag_value(new)}")
    try:
        for section in CHANGEABLE:
            check_section(section, getattr(edited, section))
    except UserError as e:
        raise UserError(f"{path}, edited by hand: {e}; correct it there") from None
    if changes and announce:
        print(f"note: {path} was edited by hand: {', '.join(changes)} take{'s' if len(changes) == 1 else ''} effect as "
              f"{'that flag' if len(changes) == 1 else 'those flags'} would",
              file=sys.stderr)
    return edited


def _read(path: Path) -> Config | None:
    """The config path holds; None when there is no such file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as e:
        raise UserError(f"cannot read {path} ({getattr(e, 'strerror', None) or e.reason}); correct it, or remove "
                        "it to resume with the config last.pt holds") from None
    try:
        values = json.loads(text)
    except json.JSONDecodeError as e:
        raise UserError(f"{path} is not valid JSON ({json_mistake(e, column=False)}); correct it, or remove it to "
                        "resume with the config last.pt holds") from None
    if not isinstance(values, dict) or not all(isinstance(values.get(s, {}), dict) for s in SECTIONS):
        raise UserError(f"{path} is not a run's config (an object of the sections {', '.join(SECTIONS)}); correct "
                        "it, or remove it to resume with the config last.pt holds")
    try:
        return Config.from_dict(values)
    except UserError as e:
        raise UserError(f"{path}: {e}") from None
