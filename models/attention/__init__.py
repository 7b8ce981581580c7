"""Attentions: the protocol (base.py), the registry of names (registry.py), options (options.py), the check of which
attention fills each role (choice.py), and one file per built-in family, each registering its names on import:

    full.py         full, sdpa            topk.py         exact-topk          local.py     local
    square.py       square                linear.py       linear              reformer.py  reformer
    clustered.py    clustered, improved-clustered         conditional.py  conditional-full
    aft.py          aft-simple, aft-full

Shapes follow one einsum legend, in base.py. A new attention is one short file:

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
from models.attention.base import SIGNATURE, Attention, accepted_keywords, check_attention_class, masked_softmax
from models.attention.registry import (ROLE_FLAGS, attention_class, build_attention, check_relative, check_role,
                                       register_attention, registered_attentions)
from models.attention.full import SAME_FUNCTION, FullAttention, SdpaAttention
from models.attention import (aft, clustered, conditional, linear, local, reformer, square,  # noqa: F401
                              topk)  # (registration happens on import)

__all__ = ["Attention", "SIGNATURE", "accepted_keywords", "check_attention_class", "masked_softmax", "ROLE_FLAGS",
           "attention_class", "build_attention", "check_relative", "check_role", "register_attention",
           "registered_attentions", "SAME_FUNCTION", "FullAttention", "SdpaAttention"]
