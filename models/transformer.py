"""The encoder–decoder Transformer (Vaswani et al. 2017) built from one ModelConfig.

Shapes: b batch, j source positions, i target positions, m model width, V target vocabulary, K scored pieces.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from config import ModelConfig
from config.checks import check_model
from data.vocab import PAD
from models.attention.choice import check_attentions
from models.cache import DecoderCache
from models.embedding import Embedding, lookup_once, token_table, token_width
from models.layers import DecoderLayer, EncoderLayer
from models.packed_linear import PackedLinear, PackedWeight, packed_linear
from models.output import ScoredSubset, Ways
from models.masks import causal_mask, padding_mask
from util.errors import UserError

MAX_PARAMETERS = 2_000_000_000      # far beyond any Multi30K model; above it a typo is likelier than a plan


def estimated_parameters(m: ModelConfig) -> int:
    """About how many numbers the model holds (weights and position tables), known before anything is allocated."""
    d, ff = m.d_model, m.d_ff
    attention, feed_forward = 4 * d * d + 4 * d, 2 * d * ff + ff + d
    layers = m.n_encoder_layers * (attention + feed_forward) + m.n_decoder_layers * (2 * attention + feed_forward)
    tables = (m.src_vocab_size + m.tgt_vocab_size + 2 * m.max_len + 2 * m.max_relative + 1) * d
    return layers + tables + (0 if m.tie_output else d * m.tgt_vocab_size)


def check_size(m: ModelConfig) -> None:
    """A UserError when the sizes describe a model far beyond any plan (a typo), before anything is allocated."""
    n = estimated_parameters(m)
    if n > MAX_PARAMETERS:
        raise UserError(f"the model.* sizes describe about {n:.2g} parameters ({4 * n / 1e9:.3g} GB in fp32), more "
                        f"than the limit of {MAX_PARAMETERS:.0e}; check --model.d_model, d_ff, the layer counts "
                        "and max_len")


class Transformer(nn.Module):
    def __init__(self, cfg: ModelConfig):
        super().__init__()
        if cfg.src_vocab_size <= 0 or cfg.tgt_vocab_size <= 0:
            raise UserError("model.src_vocab_size and model.tgt_vocab_size must be set (from the vocabulary) "
                            "before building the model")
        check_model(cfg)
        check_attentions(cfg)
        self.cfg = cfg
        width = token_width(cfg)
        src_table = token_table(cfg.src_vocab_size, width)
        tgt_table = src_table if cfg.share_embeddings else token_table(cfg.tgt_vocab_size, width)
        self.src_embed, self.tgt_embed = Embedding(cfg, src_table), Embedding(cfg, tgt_table)
        self.encoder = nn.ModuleList(EncoderLayer(cfg) for _ in range(cfg.n_encoder_layers))
        self.decoder = nn.ModuleList(DecoderLayer(cfg) for _ in range(cfg.n_decoder_layers))
        # post-LN layers end normalized already
        final_norm = nn.LayerNorm if cfg.norm == "pre" else lambda m: nn.Identity()
        self.encoder_norm, self.decoder_norm = final_norm(cfg.d_model), final_norm(cfg.d_model)
        self.output = None if cfg.tie_output else PackedLinear(cfg.d_model, cfg.tgt_vocab_size, bias=False)
        for module in self.modules():
            if isinstance(module, nn.Linear):
                nn.init.xavier_uniform_(module.weight)
                if module.bias is not None:
                    nn.init.zeros_(module.bias)
        self.tied_width = width
        self.tied_packed = PackedWeight()      # the tied output projection's inference layout (models/packed_linear.py)
        # model.output_pieces=seen: the pieces the output layer scores (set from the training targets, saved with
        # the weights); the others get no logit (-inf), so they cost nothing and are never written
        self.register_buffer("scored", torch.ones(cfg.tgt_vocab_size, dtype=torch.bool)
                             if cfg.output_pieces == "seen" else None)
        self.subset = ScoredSubset()
        # a model of both directions: the pieces each direction scores (models/output.py)
        self.ways = Ways(cfg.tgt_vocab_size) if cfg.output_pieces == "seen" else None

    def train(self, mode: bool = True) -> "Transformer":
        self.tied_packed.forget()             # as PackedLinear: weights may have changed unseen
        self.subset.forget()
        return super().train(mode)

    def score_only(self, ids: Tensor) -> None:
        """Score only these target ids from now on (model.output_pieces=seen)."""
        if self.scored is None:
            raise ValueError("model.output_pieces=all scores every piece")
        with torch.no_grad():
            self.scored.zero_()[ids.to(self.scored.device)] = True

    def score_ways(self, tags: list[int], ids: list[Tensor]) -> None:
        """Sources opened by tags[k] score ids[k] alone; the model scores their union."""
        self.score_only(torch.cat(ids).unique())
        self.ways.set(tags, ids)

    def not_written_after(self, tag: int) -> list[int]:
        """Scored ids that sources opened by `tag` never score (the other direction's): a search bans them."""
        return [] if self.ways is None else self.ways.not_written_after(tag, self.scored)

    def encode(self, src: Tensor, src_mask: Tensor | None, rows: Tensor | None = None) -> Tensor:
        """src: (b, j) long, src_mask: (b, 1, 1, j) bool -> memory (b, j, m); rows: the table's rows at src
        where looked up already (b, j, w)."""
        x = self.src_embed(src, rows=rows)
        for layer in self.encoder:
            x = layer(x, src_mask)
        return self.encoder_norm(x)

    def decoder_logits(self, tgt_in: Tensor, memory: Tensor | None, src_mask: Tensor | None,
               cache: DecoderCache | None = None, among: Tensor | None = None) -> Tensor:
        """tgt_in: (b, i) long; memory: (b, j, m); src_mask: (b, 1, 1, j) -> logits (b, i, V); with `among`, a
        (V,) mask of scored pieces (`scored_after`), (b, i, K): those pieces alone (`project`).

        With a cache, tgt_in holds only the new tokens: positions continue from len(cache), the cache grows.
        Without one, target padding (PAD) is masked as keys as well. memory and src_mask may hold one row per g
        consecutive rows of tgt_in (b = s·g: the beams of s sentences), which then share it.
        """
        return self.project(self._decoder_states(tgt_in, memory, src_mask, cache)[0], among)

    def cross_attention(self, tgt_in: Tensor, memory: Tensor, src_mask: Tensor | None,
                        cache: DecoderCache | None = None) -> Tensor:
        """The last decoder layer's cross-attention weights, averaged over heads: (b, i, j)."""
        name = self.cfg.cross_attention or self.cfg.attention
        if not self.decoder[-1].cross_attn.provides_weights:
            raise UserError(f"cross-attention {name!r} provides no attention weights; "
                            f"use --model.cross_attention=full (or sdpa) to get them")
        weights = self._decoder_states(tgt_in, memory, src_mask, cache, need_weights=True)[1]
        if weights is None:
            raise UserError(f"attention {name!r} returned no weights; return (out, weights) from its forward")
        return weights.mean(dim=1)

    def _decoder_states(self, tgt_in: Tensor, memory: Tensor | None, src_mask: Tensor | None,
                cache: DecoderCache | None = None, need_weights: bool = False,
                rows: Tensor | None = None) -> tuple[Tensor, Tensor | None]:
        """-> decoder states (b, i, m), last layer's cross-attention weights (b, h, i, j) or None; rows: the
        table's rows at tgt_in where looked up already."""
        n, offset = tgt_in.size(1), 0 if cache is None else cache.length
        if cache is None:
            self_mask = causal_mask(n, tgt_in.device) & padding_mask(tgt_in, PAD)          # (b, 1, i, i)
        else:
            self_mask = causal_mask(n, tgt_in.device, offset + n) if n > 1 else None
        x = self.tgt_embed(tgt_in, offset, rows)
        weights = None
        last = len(self.decoder) - 1
        for index, layer in enumerate(self.decoder):
            x, weights = layer(x, memory, self_mask, src_mask, None if cache is None else cache.layers[index],
                               need_weights=need_weights and index == last)
        if cache is not None:
            cache.length += n
        return self.decoder_norm(x), weights

    def project(self, h: Tensor, among: Tensor | None = None) -> Tensor:
        """Decoder states (..., m) -> logits (..., V), -inf at the pieces the model does not score; with `among`, a
        (V,) mask of pieces it scores (its `scored`, or a direction's), logits (..., K) of those alone, in the
        order of their ids."""
        if self.scored is None and among is None:
            if self.output is not None:
                return self.output(h)
            # concatenated positions leave the token embedding narrower than m: its first features carry the token
            return packed_linear(h[..., :self.tied_width], self.tgt_embed.table.weight, None, self.tied_packed)
        mask = self.scored if among is None else among
        weight = self.output_weight()                                                              # (V, w)
        x = h[..., :weight.size(1)]
        if torch.is_grad_enabled():
            # index_select, not weight[ids]: its gradient adds rows (index_add), several times faster on a CPU
            logits = F.linear(x, weight.index_select(0, self.subset.ids(mask)))                      # (..., K)
        else:
            logits = packed_linear(x, *self.subset(weight, mask))
        if among is not None:
            return logits
        full = logits.new_full((*logits.shape[:-1], weight.size(0)), float("-inf"))                  # (..., V)
        return full.index_copy_(-1, self.subset.ids(mask), logits)

    def output_weight(self) -> Tensor:
        """The output projection's weight (V, w): the target embedding's where they are tied."""
        return self.tgt_embed.table.weight if self.output is None else self.output.weight

    def scored_ids(self) -> Tensor | None:
        """The target ids the output layer scores, ascending; None: every one."""
        return None if self.scored is None else self.subset.ids(self.scored)

    def scored_after(self, src: Tensor) -> Tensor | None:
        """The (V,) mask of the pieces a search over these sources (b, j) chooses among: their direction's where
        they share one (a model of both directions), else every piece the model scores; None: every id."""
        if self.has_ways():
            ways = self.ways.of(src)
            if bool((ways == ways[0]).all()) and bool((src[:, 0] == self.ways.tags[ways[0]]).all()):
                return self.ways.scored[int(ways[0])]
        return self.scored

    def has_ways(self) -> bool:
        return self.ways is not None and len(self.ways) > 0

    def scores(self, src: Tensor, targets: Tensor) -> Tensor:
        """Whether the output layer scores each of these target ids (b, i) after these sources (b, j): bool (b, i)."""
        if self.has_ways():
            return self.ways.scored[self.ways.of(src)[:, None], targets]
        return torch.ones_like(targets, dtype=torch.bool) if self.scored is None else self.scored[targets]

    def target_index(self, src: Tensor, targets: Tensor, keep: Tensor) -> list[Tensor]:
        """The targets (b, i) at keep -> their columns in each group of `forward(src, tgt_in, keep)`: [(n_g,)]."""
        if self.has_ways():
            return self.ways.targets(targets[keep], self.kept_ways(src, keep))
        ids = self.scored_ids()
        return [targets[keep] if ids is None else torch.searchsorted(ids, targets[keep])]

    def kept_ways(self, src: Tensor, keep: Tensor) -> Tensor:
        """The direction of each kept position: (n_keep,)."""
        return self.ways.of(src)[:, None].expand_as(keep)[keep]

    def forward(self, src: Tensor, tgt_in: Tensor, keep: Tensor | None = None) -> Tensor | list[Tensor]:
        """src: (b, j), tgt_in: (b, i) long -> logits (b, i, V); padding (PAD) is masked; a model of both directions
        gives -inf at the pieces a row's direction does not score.
        With keep, a bool (b, i), only those positions are scored, over the scored pieces alone, in groups: one
        (n_keep, K) for a model of one direction, one (n_w, K_w) for each direction of a model of both (its kept
        positions in order, over its own pieces); `target_index` gives the targets' columns. Training passes its
        non-pad targets and so skips the vocabulary-sized product at padding and at pieces no target uses (or, in a
        model of both directions, no target of the row's direction)."""
        if keep is not None:
            return self._scored_groups(src, tgt_in, keep)
        logits = self.project(self.features(src, tgt_in))                                         # (b, i, V)
        if self.has_ways():
            logits = logits.masked_fill(~self.ways.scored[self.ways.of(src)][:, None, :], float("-inf"))
        return logits

    def features(self, src: Tensor, tgt_in: Tensor, src_rows: Tensor | None = None,
                 tgt_rows: Tensor | None = None) -> Tensor:
        """forward before the output projection: (b, i, m); src_rows, tgt_rows: the token table's rows at src and
        tgt_in where they were looked up already."""
        src_mask = padding_mask(src, PAD)
        return self._decoder_states(tgt_in, self.encode(src, src_mask, src_rows), src_mask, rows=tgt_rows)[0]

    def one_table(self) -> bool:
        """Whether source, target and scored output rows come from one table (shared and tied embeddings, output
        pieces seen): training then looks them up at once (models/embedding.py lookup_once)."""
        return self.src_embed.table is self.tgt_embed.table and self.output is None and self.scored is not None

    def _scored_groups(self, src: Tensor, tgt_in: Tensor, keep: Tensor) -> list[Tensor]:
        """forward(src, tgt_in, keep). A model of one table, where a gradient is wanted, looks up its source, target
        and output rows in one index_select, whose gradient is one table-sized buffer instead of one per lookup."""
        src_rows = tgt_rows = rows = None
        if self.one_table() and torch.is_grad_enabled():
            ids = self.ways.columns()[0] if self.has_ways() else [self.subset.ids(self.scored)]     # [(K_g,)]
            src_rows, tgt_rows, *rows = lookup_once(self.tgt_embed.table.weight, src, tgt_in, *ids)
        h = self.features(src, tgt_in, src_rows, tgt_rows)[keep]                                   # (n_keep, m)
        if self.has_ways():
            weight = self.output_weight()                                                          # (V, w)
            rows = rows or [weight.index_select(0, ids) for ids in self.ways.columns()[0]]         # [(K_w, w)]
            return self.ways.project(h[..., :weight.size(1)], self.kept_ways(src, keep), rows)
        if rows:
            return [F.linear(h[..., :self.tied_width], rows[0])]                                   # [(n_keep, K)]
        return [self.project(h, self.scored)]

    def new_cache(self) -> DecoderCache:
        return DecoderCache(len(self.decoder))

    def num_parameters(self) -> int:
        return sum(p.numel() for p in self.parameters())


def build_model(cfg: ModelConfig) -> Transformer:
    """The model the config describes; an unregistered attention name becomes a hint about --user-module, a failed
    allocation one line."""
    try:
        return Transformer(cfg)
    except UserError as e:
        if "unknown attention" in str(e):
            raise UserError(f"{e} — if the checkpoint was trained with a custom attention, pass the file that "
                            "registers it: --user-module FILE.py") from None
        raise
    except (MemoryError, RuntimeError) as e:      # torch reports a failed allocation as RuntimeError
        if isinstance(e, RuntimeError) and "alloc" not in str(e).lower():
            raise
        raise UserError(f"not enough memory for a model of about {estimated_parameters(cfg):.3g} parameters; "
                        "use smaller model.* sizes") from None
