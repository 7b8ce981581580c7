"""Which attention fills each role of a model, with which options: checked in one place, before any work.

Roles: "encoder" (self-attention, model.attention), "decoder" (causal self-attention, model.decoder_attention or
model.attention), "cross" (model.cross_attention or model.attention).
"""
from __future__ import annotations

import difflib

from config import ModelConfig
from models.attention.options import FLAG, parse_options
from models.attention.registry import attention_class, check_relative, check_role
from util.errors import UserError


def attention_roles(m: ModelConfig) -> dict[str, str]:
    """role -> the attention name that fills it (no encoder role without encoder layers)."""
    roles = {"encoder": m.attention} if m.n_encoder_layers else {}
    return {**roles, "decoder": m.decoder_attention or m.attention, "cross": m.cross_attention or m.attention}


def check_attentions(m: ModelConfig) -> dict[str, str]:
    """The parsed options, once every role's attention is registered, can fill its role and has valid options, and
    every option given is read by some attention in use; else a one-line UserError."""
    given = parse_options(m.attention_options)
    read: dict[str, set[str]] = {}
    for role, name in attention_roles(m).items():
        cls = attention_class(name)
        check_role(name, role, given)
        if m.position == "relative" and role != "cross":
            check_relative(name, role)
        for part in cls.parts(given):
            covered = getattr(part.check(given), "max_len", m.max_len)
            if covered < m.max_len:   # an attention with position tables of its own covers the model's positions
                raise UserError(f"{FLAG}: max_len={covered} must be at least --model.max_len={m.max_len} "
                                f"(attention {part.registered_name()!r} has positions of its own)")
        read[name] = cls.option_names(given)
    unread = [key for key in given if not any(key in names for names in read.values())]
    if unread:
        known = sorted(set().union(*read.values()))
        close = difflib.get_close_matches(unread[0], known, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        takes = "; ".join(f"{name}: {', '.join(sorted(names)) or 'none'}" for name, names in read.items())
        raise UserError(f"{FLAG}: no attention in use takes {unread[0]!r}{hint}; options by attention: {takes}")
    return given
