"""`clustered` and `improved-clustered`: queries grouped by k-means, attention computed per cluster
(Vyas et al. 2020, "Fast Transformers with Clustered Attention").

Einsum legend: models/attention/base.py's, and c clusters, t top keys.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch

from config import AT_LEAST_0, AT_LEAST_1, opt
from models.attention.base import Attention, masked_softmax
from models.attention.registry import register_attention
from models.attention.topk import TopKOptions

WHY = ("it clusters all queries of a sequence together, which decoding one query at a time cannot reproduce "
       "(cached decoding would not equal full decoding)")


@dataclass
class ClusteredOptions:
    clusters: int = opt(32, 'clustered, improved-clustered: query clusters per sequence and head', AT_LEAST_1)
    iterations: int = opt(10, 'clustered, improved-clustered: k-means (Lloyd) iterations', AT_LEAST_0)


@dataclass
class ImprovedClusteredOptions(ClusteredOptions, TopKOptions):
    pass


def cluster(q, valid, clusters: int, iterations: int):
    """k-means of the valid queries: q (b, h, i, d), valid (b, h, i) bool -> each query's cluster (b, h, i) long and
    the centroids (b, h, c, d), the mean of their valid queries (with gradients to them). Starts from the valid
    queries at evenly spaced ranks, so with as many clusters as queries every query is its own centroid; padding
    never moves a real query's cluster."""
    b, h, i, d = q.shape
    c = min(clusters, i)
    with torch.no_grad():
        first_valid = (~valid).to(torch.uint8).argsort(dim=-1, stable=True)             # valid positions first
        ranks = torch.arange(c, device=q.device) * valid.sum(-1, keepdim=True) // c        # (b, h, c)
        centroids = q.gather(2, first_valid.gather(2, ranks)[..., None].expand(-1, -1, -1, d))
        for _ in range(iterations):
            assigned = nearest(q, centroids)
            total, count = sums(q, valid, assigned, c)
            centroids = torch.where(count > 0, total / count.clamp(min=1), centroids)
        assigned = nearest(q, centroids)
    total, count = sums(q, valid, assigned, c)
    return assigned, total / count.clamp(min=1)


def nearest(q, centroids):
    """(b, h, i): the closest centroid of each query (|q - c|² less |q|², the same for every c)."""
    return ((centroids ** 2).sum(-1)[:, :, None] - 2 * torch.einsum("bhid,bhcd->bhic", q, centroids)).argmin(-1)


def sums(q, valid, assigned, c):
    """Per cluster: the sum of its valid queries (b, h, c, d) and their count (b, h, c, 1)."""
    total = q.new_zeros(q.shape[:2] + (c, q.size(-1))).scatter_add(
        2, assigned[..., None].expand_as(q), q * valid[..., None])
    count = q.new_zeros(q.shape[:2] + (c,)).scatter_add(2, assigned, valid.to(q.dtype))
    return total, count[..., None]


def queries_and_keys(q, k, mask):
    """The valid positions (self-attention: a padded key is a padded query), (b, h, i), and the key mask."""
    b, h, i, _ = q.shape
    keys = None if mask is None else mask[:, :, -1:, :]                                   # (b|1, 1, 1, j)
    valid = (torch.ones(b, h, i, dtype=torch.bool, device=q.device) if keys is None or k.size(2) != i
             else keys[:, :, 0].expand(b, h, i))
    return valid, keys


def per_query(x, assigned):
    """x: (b, h, c, ...) per cluster -> (b, h, i, ...) per query."""
    index = assigned.view(assigned.shape + (1,) * (x.dim() - 3)).expand(assigned.shape + x.shape[3:])
    return x.gather(2, index)


@register_attention("clustered")
class ClusteredAttention(Attention):
    """Each query gets its cluster centroid's attention: softmax(centroid·K/√d) V.

    Cost: O(iterations·i·c·d) clustering + O(c·j) attention, against full's O(i·j). With clusters >= the number of
    queries it is `full` exactly. Masks: key padding only (in self-attention the padded queries are left out of
    the clustering: padding invariance). Encoder self-attention only: WHY.
    """

    supports_arbitrary_mask = False
    provides_weights = False
    Options = ClusteredOptions
    unusable = {"decoder": WHY, "cross": WHY}

    def forward(self, q, k, v, mask=None, causal=False):
        if causal:
            raise ValueError("clustered attention is not causal (the builder refuses it as decoder self-attention)")
        valid, keys = queries_and_keys(q, k, mask)
        assigned, centroids = cluster(q, valid, self.options.clusters, self.options.iterations)
        scores = torch.einsum("bhcd,bhjd->bhcj", centroids, k) * q.size(-1) ** -0.5
        weights = masked_softmax(scores, keys)                                            # (b, h, c, j)
        return per_query(torch.einsum("bhcj,bhjd->bhcd", self.dropout(weights), v), assigned)

    @classmethod
    def full_up_to(cls, given):
        return cls.check(given).clusters


@register_attention("improved-clustered")
class ImprovedClusteredAttention(ClusteredAttention):
    """Each cluster picks the `topk` keys its centroid weighs most; each query takes an exact softmax over those keys,
    scaled to the centroid's mass on them, plus the centroid's weights on every other key:
        out_i = m̂ Σ_{j∈T} softmax_{T}(q_i·k_j/√d) v_j + Σ_{j∉T} A_cj v_j,   m̂ = Σ_{j∈T} A_cj.

    Cost: clustered's + O(i·topk). `full` exactly with clusters >= the number of queries or topk >= the number of
    keys. Masks and uses: as `clustered`.
    """

    Options = ImprovedClusteredOptions

    def forward(self, q, k, v, mask=None, causal=False):
        if causal:
            raise ValueError("clustered attention is not causal (the builder refuses it as decoder self-attention)")
        valid, keys = queries_and_keys(q, k, mask)
        assigned, centroids = cluster(q, valid, self.options.clusters, self.options.iterations)
        scale = q.size(-1) ** -0.5
        weights = masked_softmax(torch.einsum("bhcd,bhjd->bhcj", centroids, k) * scale, keys)  # (b, h, c, j)
        top = weights.detach().topk(min(self.options.topk, k.size(2)), dim=-1).indices          # (b, h, c, t)
        top_weights = weights.gather(-1, top)
        rest = torch.einsum("bhcj,bhjd->bhcd", self.dropout(weights), v) - \
            torch.einsum("bhct,bhctd->bhcd", self.dropout(top_weights), pick(v, top))
        top = per_query(top, assigned)                                                            # (b, h, i, t)
        exact = torch.einsum("bhid,bhitd->bhit", q, pick(k, top)) * scale
        seen = None if keys is None else keys[:, :, 0].expand(q.size(0), q.size(1), -1).gather(
            2, top.flatten(2)).view(top.shape)
        exact = masked_softmax(exact, seen) * per_query(top_weights.sum(-1, keepdim=True), assigned)
        return torch.einsum("bhit,bhitd->bhid", self.dropout(exact), pick(v, top)) + per_query(rest, assigned)

    @classmethod
    def full_up_to(cls, given):
        options = cls.check(given)
        return max(options.clusters, options.topk)


def pick(x, index):
    """x: (b, h, j, d), index: (b, h, m, t) key positions -> (b, h, m, t, d)."""
    b, h, _, d = x.shape
    return x.gather(2, index.flatten(2)[..., None].expand(-1, -1, -1, d)).view(*index.shape, d)
