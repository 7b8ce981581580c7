"""The protocol an attention class implements (`Attention`), what registration checks of it, and the masked softmax
the softmax attentions share.

Einsum legend, for every attention in this package: b batch, h heads, i query positions, j key positions, d head
width, m model width. A file that needs more letters lists only those.

An attention maps per-head queries, keys and values to per-head outputs; projections, head split/merge, caching
and relative positions live in models/multihead.py.
"""
from __future__ import annotations

import dataclasses
import inspect

import torch
from torch import Tensor, nn

from models.attention.options import typed_options
from models.dropout import Dropout
from util.errors import UserError

SIGNATURE = "forward(self, q, k, v, mask=None, **_) -> out, or (out, weights)"


class Attention(nn.Module):
    """The protocol of an attention. Subclass it, set the flags that differ, write `forward`.

    Built as `cls(head_dim=d, dropout=p)`, or `cls(head_dim=d, dropout=p, options=Options(...))` when the class
    declares `Options`; `self.dropout` is the dropout on attention weights.

    Options: a dataclass of `config.opt` fields (typed, a default, a rule) that `--model.attention_options=k=v,...`
        sets (models/attention/options.py parses and checks them); None = the attention takes no options.
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
        """The name it is registered under (the first, if several), else its class name: registering writes the
        name on the class itself (`registered_as`), so a subclass registered under none has its own class name."""
        return vars(cls).get("registered_as", cls.__qualname__)

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
