"""The registry of attention names: the only place that maps them to classes. `@register_attention("name")` adds
a class (and writes its first name on it, for messages), `build_attention` makes one for a role, and a role it
cannot fill (or relative positions it cannot take) is refused in one line naming the flag to change.

Roles: "encoder" (self-attention), "decoder" (causal self-attention), "cross" (attention to the source).
"""
from __future__ import annotations

from typing import Callable

from models.attention.base import Attention, check_attention_class
from util.errors import UserError

_REGISTRY: dict[str, type[Attention]] = {}


def register_attention(name: str, override: bool = False) -> Callable[[type[Attention]], type[Attention]]:
    """Class decorator: `@register_attention("cubed")` makes `--model.attention=cubed` build that class. A name
    already taken is refused; override=True replaces a user's own attention (a file run again), never a built-in
    one: a checkpoint records only the name, so another "full" would change what every model trained with it
    computes, and what export.py hands CTranslate2 as softmax attention."""
    def add(cls: type[Attention]) -> type[Attention]:
        check_attention_class(cls)
        if name in _REGISTRY and (not override or built_in(_REGISTRY[name])):
            why = "a built-in attention, which no registration replaces" if override else \
                f"already registered by {_REGISTRY[name].__qualname__}"
            raise UserError(f"attention {name!r} is {why}; pick another name "
                            f"(registered: {', '.join(registered_attentions())})")
        _REGISTRY[name] = cls
        if "registered_as" not in vars(cls):     # its first name, the one its messages use (Attention.registered_name)
            cls.registered_as = name
        return cls
    return add


def built_in(cls: type[Attention]) -> bool:
    """Whether a class is one of the project's own attentions (defined in this package)."""
    return cls.__module__.startswith(f"{__package__}.")


def registered_attentions() -> list[str]:
    return sorted(_REGISTRY)


def attention_class(name: str) -> type[Attention]:
    if name not in _REGISTRY:
        raise UserError(f"unknown attention {name!r}; registered: {', '.join(registered_attentions())} "
                        f"(register your own with @register_attention)")
    return _REGISTRY[name]


def build_attention(name: str, head_dim: int, dropout: float = 0.0, given: dict[str, str] | None = None,
                    role: str | None = None) -> Attention:
    """The attention `name` with the options in `given` that it declares; a `role` it cannot fill is a UserError."""
    given = given or {}
    if role is not None:
        check_role(name, role, given)
    return attention_class(name).build(head_dim, dropout, given)


def check_role(name: str, role: str, given: dict[str, str]) -> None:
    """A one-line UserError when attention `name` cannot fill `role` with these options."""
    why = attention_class(name).why_not(role, given)
    if why:
        raise UserError(f"attention {name!r} cannot be {ROLE_FLAGS[role][1]}: {why}; choose another with "
                        f"--model.{ROLE_FLAGS[role][0]}=NAME")


def check_relative(name: str, role: str) -> None:
    """Relative positions add a bias to self-attention scores: a one-line UserError for an attention that takes
    none as `role` ("encoder" or "decoder"); a recurrent state has no (i, j) scores to add it to."""
    cls = attention_class(name)
    if not cls.supports_bias or cls.recurrent:
        raise UserError(f"attention {name!r} does not support relative positions (it takes no score bias) as "
                        f"{ROLE_FLAGS[role][1]}; use --model.{ROLE_FLAGS[role][0]}=full or sdpa, or another "
                        "--model.position")


# role -> (the config field that picks its attention, what the role is called in a message)
ROLE_FLAGS = {"encoder": ("attention", "encoder self-attention"),
              "decoder": ("decoder_attention", "decoder (causal) self-attention"),
              "cross": ("cross_attention", "cross-attention")}
