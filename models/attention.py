"""Attention: the protocol an attention class implements, the registry of names, and the softmax attentions.

Einsum legend: b batch, h heads, i query positions, j key positions, d head width, m model width.

An attention maps per-head queries, keys and values to per-head outputs; projections, head split/merge, caching
and relative positions live in models/multihead.py. A new attention is one short file:

    import torch
    from models.attention import Attention, register_attention

    @register_attention("cubed")
    class CubedAttention(Attention):
        def forward(self, q, k, v, mask=None, **_):
            weights = torch.einsum("bhid,bhjd->bhij", q, k).abs() ** 3              # (b, h, i, j)
            if mask is not None:
                weights = weights * mask
            weights = weights / (weights.sum(-1, keepdim=True) + 1e-6)
            return torch.einsum("bhij,bhjd->bhid", self.dropout(weights), v)       # (b, h, i, d)

and `--model.attention=cubed` builds it once that file is imported (`--user-module cubed.py`).
"""
from __future__ import annotations

import dataclasses
import inspect
from typing import Callable

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from models.attention_options import typed_options
from models.dropout import Dropout
from util.errors import UserError

_REGISTRY: dict[str, type["Attention"]] = {}

SIGNATURE = "forward(self, q, k, v, mask=None, **_) -> out, or (out, weights)"


class Attention(nn.Module):
    """The protocol of an attention. Subclass it, set the flags that differ, write `forward`.

    Built as `cls(head_dim=d, dropout=p)`, or `cls(head_dim=d, dropout=p, options=Options(...))` when the class
    declares `Options`; `self.dropout` is the dropout on attention weights.

    Options: a dataclass of `config.opt` fields (typed, a default, a rule) that `--model.attention_options=k=v,...`
        sets (models/attention_options.py parses and checks them); None = the attention takes no options.
    unusable: {role: why} for the roles it cannot fill ("encoder" self-attention, "decoder" causal self-attention,
        "cross" attention); the builder refuses those in one line with the reason.

    forward(q, k, v, mask=None, causal=False, bias=None, need_weights=False) -> out, or (out, weights)
        q: (b, h, i, d); k, v: (b, h, j, d); out: (b, h, i, d); weights: (b, h, i, j) or None.
        mask: bool, broadcastable to (b, h, i, j), True = may attend; None = attend to everything.
            A query row with nothing to attend to must give zeros.
        causal: the attention is causal (query i sees keys j <= i + j_len - i_len). Attentions with
            supports_arbitrary_mask get the complete mask and may ignore this; the others get only the key
            padding, (b, 1, 1, j) or None, and must apply the causal structure themselves.
        bias: float, broadcastable to (b, h, i, j), added to the scaled scores (relative positions);
            only passed to attentions with supports_bias.
        need_weights: the caller wants weights; an attention may return None otherwise.
        Only the keywords that `forward` names are passed (or all of them, with **kwargs).

    step(q, k, v, state) -> (out, state), only for `recurrent` attentions: causal attention of n new positions
        (b, h, n, d) given the constant-size state of all earlier ones (None at the start).
    """

    supports_arbitrary_mask = True   # False: only key padding and causal masks
    supports_bias = False            # accepts an additive score bias (needed for relative positions)
    provides_weights = True          # returns (b, h, i, j) weights when need_weights (for attention plots)
    recurrent = False                # decodes from a constant-size state (implements `step`), not a K/V cache
    Options: type | None = None      # a dataclass of config.opt fields, or None: no options
    unusable: dict[str, str] = {}    # role -> why this attention cannot fill it

    def __init__(self, head_dim: int, dropout: float = 0.0, options=None):
        super().__init__()
        self.head_dim = head_dim
        self.dropout = Dropout(dropout)
        self.options = options

    def kept_keys(self) -> int | None:
        """Decoding: how many of the latest keys later queries can still read (a K/V cache keeps only those);
        None = all of them."""
        return None

    @classmethod
    def build(cls, head_dim: int, dropout: float, given: dict[str, str]) -> "Attention":
        """The attention with its options taken from `given` (parsed --model.attention_options), defaults else."""
        if cls.Options is None:
            return cls(head_dim=head_dim, dropout=dropout)
        return cls(head_dim=head_dim, dropout=dropout, options=cls.check(given))

    @classmethod
    def check(cls, given: dict[str, str]):
        """Its options typed and checked (a UserError naming the first bad one), or None when it takes none."""
        return None if cls.Options is None else typed_options(cls.Options, given, cls.registered_name())

    @classmethod
    def option_names(cls, given: dict[str, str]) -> set[str]:
        """The option names this attention (and any attention it builds) reads."""
        return set() if cls.Options is None else {f.name for f in dataclasses.fields(cls.Options)}

    @classmethod
    def parts(cls, given: dict[str, str]) -> list[type["Attention"]]:
        """This class and the attention classes it builds inside it."""
        return [cls]

    @classmethod
    def why_not(cls, role: str, given: dict[str, str]) -> str | None:
        """Why it cannot be used as `role` ("encoder", "decoder", "cross") with these options; None = it can."""
        return cls.unusable.get(role)

    @classmethod
    def registered_name(cls) -> str:
        return next((name for name, c in _REGISTRY.items() if c is cls), cls.__qualname__)

    @classmethod
    def full_up_to(cls, given: dict[str, str]) -> int:
        """The longest key sequence on which it computes exactly `full` attention (for export); 0 = none."""
        return 0

    def forward(self, q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None = None, causal: bool = False,
                bias: Tensor | None = None, need_weights: bool = False) -> Tensor | tuple[Tensor, Tensor | None]:
        raise NotImplementedError


def accepted_keywords(cls: type[Attention]) -> set[str] | None:
    """The optional keywords `cls.forward` takes among causal/bias/need_weights; None = all (**kwargs)."""
    parameters = inspect.signature(cls.forward).parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return None
    return {p.name for p in parameters} & {"causal", "bias", "need_weights"}


def check_attention_class(cls: object) -> None:
    """Refuse, in one line, a class that the multi-head layer could not call."""
    if not (isinstance(cls, type) and issubclass(cls, Attention)):
        raise UserError(f"@register_attention takes a subclass of models.attention.Attention, not {cls!r}; "
                        f"write `class MyAttention(Attention)` with {SIGNATURE}")
    name = cls.__qualname__
    if cls.forward is Attention.forward:
        raise UserError(f"{name} defines no forward; expected {SIGNATURE}")
    try:
        inspect.signature(cls.forward).bind(None, "q", "k", "v", mask=None)
    except TypeError:
        raise UserError(f"{name}.forward{inspect.signature(cls.forward)} cannot be called as "
                        f"forward(q, k, v, mask=...); expected {SIGNATURE}") from None
    keywords = accepted_keywords(cls)
    if keywords is not None:
        if cls.supports_bias and "bias" not in keywords:
            raise UserError(f"{name} sets supports_bias but its forward takes no `bias`; expected {SIGNATURE}")
        if not cls.supports_arbitrary_mask and "causal" not in keywords:
            raise UserError(f"{name} handles only key padding (supports_arbitrary_mask = False), so its forward "
                            f"must take `causal` to apply the causal structure itself")
    if cls.Options is not None and not (dataclasses.is_dataclass(cls.Options) and all(
            "rule" in f.metadata for f in dataclasses.fields(cls.Options))):
        raise UserError(f"{name}.Options must be a @dataclass whose fields are config.opt(default, help, rule); "
                        "forward reads them as self.options")
    if cls.recurrent and not callable(getattr(cls, "step", None)):
        raise UserError(f"{name} sets recurrent but has no step(q, k, v, state) -> (out, state)")


def register_attention(name: str, override: bool = False) -> Callable[[type[Attention]], type[Attention]]:
    """Class decorator: `@register_attention("cubed")` makes `--model.attention=cubed` build that class."""
    def add(cls: type[Attention]) -> type[Attention]:
        check_attention_class(cls)
        if name in _REGISTRY and not override:
            raise UserError(f"attention {name!r} is already registered by {_REGISTRY[name].__qualname__}; "
                            f"pick another name (registered: {', '.join(registered_attentions())})")
        _REGISTRY[name] = cls
        return cls
    return add


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


def masked_softmax(scores: Tensor, mask: Tensor | None) -> Tensor:
    """Softmax over the last axis where `mask` (bool, broadcastable) is True; a row with nothing visible -> zeros."""
    if mask is None:
        return scores.softmax(dim=-1)
    # the most negative finite value, not -inf: an empty row softmaxes to uniform, then is zeroed
    weights = scores.masked_fill(~mask, torch.finfo(scores.dtype).min).softmax(dim=-1)
    has_keys = mask.any(dim=-1, keepdim=True)
    if not bool(has_keys.all()):       # (a pass over the weights, forward and backward, only when needed)
        weights = weights * has_keys
    return weights


@register_attention("full")
class FullAttention(Attention):
    """Scaled dot-product softmax attention written out in einsum: the reference."""

    supports_bias = True

    @classmethod
    def full_up_to(cls, given):
        return 2 ** 62

    def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
        scores = torch.einsum("bhid,bhjd->bhij", q, k) * q.size(-1) ** -0.5        # (b, h, i, j)
        if bias is not None:
            scores = scores + bias
        weights = masked_softmax(scores, mask)                                     # (b, h, i, j)
        out = torch.einsum("bhij,bhjd->bhid", self.dropout(weights), v)          # (b, h, i, d)
        return out, weights


def bf16_on_cpu(q: Tensor) -> bool:
    """Whether this CPU attention computes in bf16. torch's CPU sdpa kernels have no dropout (with it, sdpa runs its math
    path: `full` with a costlier mask), and in bf16 their backward takes about 6x the einsum path's time (torch 2.13,
    AVX512-BF16; docs/RESULTS.md), so `sdpa` runs as `full` in both cases on a CPU."""
    return q.dtype == torch.bfloat16 or (torch.is_autocast_enabled("cpu")
                                         and torch.get_autocast_dtype("cpu") == torch.bfloat16)


# attentions that compute another's function with the same weights, only by other kernels: their checkpoints are
# that one's (average.py averages them together)
SAME_FUNCTION = {"sdpa": "full"}


@register_attention("sdpa")
class SdpaAttention(FullAttention):
    """torch's fused scaled_dot_product_attention: the same function as `full`, faster; no weights unless asked."""

    def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
        if need_weights or (q.device.type == "cpu" and (self.dropout.rate > 0 or bf16_on_cpu(q))):
            return super().forward(q, k, v, mask, causal, bias, need_weights)
        keep = None
        if mask is not None:
            mask, keep = self.opened(mask)
            if bias is not None:
                bias = bias.masked_fill(~mask, torch.finfo(bias.dtype).min)
        attn_mask = mask if bias is None else bias
        p = self.dropout.rate
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask, dropout_p=p)  # (b, h, i, d)
        return (out if keep is None else out * keep), None

    def opened(self, mask: Tensor) -> tuple[Tensor, Tensor | None]:
        """(the mask with empty rows opened, the rows to zero after, or None when no row is empty): empty rows
        attend everywhere and are zeroed, so no backend sees a fully masked row. Decoding passes the same src_mask
        every step, so the last answer is kept for the same mask object, unchanged since (its version)."""
        last = getattr(self, "_opened", None)
        if last is not None and last[0] is mask and last[1] == mask._version:
            return last[2]
        keep = mask.any(dim=-1, keepdim=True)                                     # (b, 1|h, i, 1)
        answer = (mask, None) if bool(keep.all()) else (mask | ~keep, keep)
        self._opened = (mask, mask._version, answer)
        return answer
