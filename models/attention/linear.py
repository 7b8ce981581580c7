"""`linear`: softmax replaced by the kernel φ(q)·φ(k) (Katharopoulos et al. 2020), computed in time linear in the
sequence length (the `linear` attention of fast-transformers; not a linear layer: that is models/packed_linear.py).

Einsum legend: models/attention/base.py's, with d the head width of queries and keys, and e head width (values),
c chunks, n positions inside a chunk.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor

from models.attention.base import Attention
from models.attention.registry import register_attention

EPS = 1e-6


def feature_map(x: Tensor) -> Tensor:
    """φ(x) = elu(x) + 1: positive, so every normalizer is a sum of positive terms."""
    return F.elu(x) + 1


def causal_linear(phi_q: Tensor, phi_k: Tensor, v: Tensor, state: tuple[Tensor, Tensor] | None = None,
                  chunk: int = 64) -> tuple[Tensor, tuple[Tensor, Tensor]]:
    """Causal linear attention with running sums S = Σ φ(k) vᵀ and z = Σ φ(k), continued from `state`.

    phi_q, phi_k: (b, h, i, d); v: (b, h, i, e) -> out (b, h, i, e), state (S (b, h, d, e), z (b, h, d)).
    Positions are cut into chunks: inside a chunk a lower-triangular product, across chunks the prefix sums,
    so memory stays O(i·n + c·d·e) instead of the O(i·d·e) of a cumulative sum per position.
    """
    b, h, length, d = phi_q.shape
    e = v.size(-1)
    n = min(chunk, length)
    c = -(-length // n)
    pad = c * n - length
    if pad:  # zero keys add nothing to any sum; padded query rows are cut off below
        phi_q, phi_k, v = (F.pad(t, (0, 0, 0, pad)) for t in (phi_q, phi_k, v))
    q, k, v = (t.reshape(b, h, c, n, t.size(-1)) for t in (phi_q, phi_k, v))
    if state is None:
        state = (q.new_zeros(b, h, d, e), q.new_zeros(b, h, d))
    S0, z0 = state
    chunk_S = torch.einsum("bhcnd,bhcne->bhcde", k, v)                             # (b, h, c, d, e)
    chunk_z = k.sum(dim=3)                                                         # (b, h, c, d)
    S = torch.cat([S0[:, :, None], chunk_S], dim=2).cumsum(dim=2)                  # (b, h, c+1, d, e)
    z = torch.cat([z0[:, :, None], chunk_z], dim=2).cumsum(dim=2)                  # (b, h, c+1, d)
    tril = torch.ones(n, n, dtype=torch.bool, device=q.device).tril()
    a = torch.einsum("bhcid,bhcjd->bhcij", q, k) * tril                           # (b, h, c, n, n)
    num = torch.einsum("bhcij,bhcje->bhcie", a, v) + torch.einsum("bhcid,bhcde->bhcie", q, S[:, :, :-1])
    den = a.sum(dim=-1) + torch.einsum("bhcid,bhcd->bhci", q, z[:, :, :-1])       # (b, h, c, n)
    out = (num / (den[..., None] + EPS)).reshape(b, h, c * n, e)[:, :, :length]
    return out, (S[:, :, -1], z[:, :, -1])


@register_attention("linear")
class LinearAttention(Attention):
    """Linear attention, softmax replaced by the kernel φ(q)·φ(k) (Katharopoulos et al. 2020).

    Only key padding and causal masks: padded keys get φ(k) = 0. Decoding keeps the constant-size state
    (S, z) instead of growing keys and values. Sums run in float32, as bf16 cumulative sums drift.
    There are no weights to drop out, so attention_dropout does not apply.
    """

    supports_arbitrary_mask = False
    provides_weights = False
    recurrent = True

    def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
        dtype = v.dtype
        phi_q, phi_k, v = feature_map(q.float()), feature_map(k.float()), v.float()
        if mask is not None:  # key padding (b, 1, 1, j) -> (b, 1, j, 1)
            phi_k = phi_k * mask.transpose(-1, -2)
        if causal:
            out = causal_linear(phi_q, phi_k, v)[0]
        else:
            S = torch.einsum("bhjd,bhje->bhde", phi_k, v)                            # (b, h, d, e)
            z = phi_k.sum(dim=2)                                                     # (b, h, d)
            den = torch.einsum("bhid,bhd->bhi", phi_q, z)                           # (b, h, i)
            out = torch.einsum("bhid,bhde->bhie", phi_q, S) / (den[..., None] + EPS)
        return out.to(dtype), None

    def step(self, q, k, v, state=None):
        out, state = causal_linear(feature_map(q.float()), feature_map(k.float()), v.float(), state)
        return out.to(v.dtype), state
