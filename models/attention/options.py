"""An attention's options: `--model.attention_options=topk=8,window=16` parsed, typed and checked.

Each attention type declares its options as a dataclass of `config.opt` fields (a type, a default, a rule), the
way config sections declare theirs. One string serves the whole model: an option applies to every attention in use
that declares it, and a name none of them declares is refused (models/attention/choice.py checks that).
"""
from __future__ import annotations

import dataclasses

from config.checks import BrokenRule, check_section
from config.overrides import parse_value
from util.errors import UserError

FLAG = "--model.attention_options"


def parse_options(text: str) -> dict[str, str]:
    """"topk=8, window=16" -> {"topk": "8", "window": "16"}; "" -> {}. A malformed or repeated item is a UserError."""
    given: dict[str, str] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not name or not value:
            raise UserError(f"{FLAG}: {item!r} is not NAME=VALUE; write e.g. {FLAG}=topk=8,window=16")
        if name in given:
            raise UserError(f"{FLAG}: {name} is given twice ({given[name]} and {value}); give it once")
        given[name] = value
    return given


def typed_options(options: type, given: dict[str, str], attention: str):
    """An `options` dataclass with the values in `given` that it declares, typed and checked by its rules."""
    values = {}
    for f in dataclasses.fields(options):
        if f.name in given:
            values[f.name] = parse_value(given[f.name], f.default, f"model.attention_options={f.name}")
    result = options(**values)
    try:
        check_section("attention_options", result)
    except BrokenRule as e:
        raise UserError(f"{FLAG}: {e.key.split('.')[-1]}={e.value} must be {e.requirement} "
                        f"(an option of attention {attention!r})") from None
    return result
