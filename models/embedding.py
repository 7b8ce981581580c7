"""Token embeddings: a table of pieces scaled by sqrt(width), with absolute positions (models/position.py) added
or concatenated, then dropout."""
from __future__ import annotations

import torch
from torch import Tensor, nn

from config import POSITIONS as POSITION_NAMES, ModelConfig
from data.vocab import PAD
from models.dropout import Dropout
from models.position import PositionEmbedding, PositionEncoding, PositionMode
from util.errors import UserError

# what builds each of config.POSITIONS, in its order; relative positions live inside self-attention (multihead.py)
POSITIONS = dict(zip(POSITION_NAMES, [(PositionEncoding, PositionMode.ADD), (PositionEncoding, PositionMode.CONCAT),
                                      (PositionEmbedding, PositionMode.ADD), (PositionEmbedding, PositionMode.CONCAT),
                                      (None, None)], strict=True))

def token_width(cfg: ModelConfig) -> int:
    """Token embedding width: d_model, less the position part when positions are concatenated."""
    if cfg.position not in POSITIONS:
        raise UserError(f"unknown model.position {cfg.position!r}; choose one of: {', '.join(POSITIONS)}")
    if POSITIONS[cfg.position][1] is not PositionMode.CONCAT:
        return cfg.d_model
    return cfg.d_model - cfg.position_dim          # 0 < position_dim < d_model: config.check_model


class Embedding(nn.Module):
    """Tokens (scaled by sqrt(width)) with absolute positions, then dropout. forward((b, l), offset) -> (b, l, m)."""

    def __init__(self, cfg: ModelConfig, table: nn.Embedding):
        super().__init__()
        self.table, self.scale = table, table.embedding_dim ** 0.5
        kind, mode = POSITIONS[cfg.position]
        dim = cfg.d_model if mode is PositionMode.ADD else cfg.position_dim
        if kind is PositionEncoding:
            self.position = PositionEncoding(dim, cfg.max_len, mode)
        elif kind is PositionEmbedding:
            self.position = PositionEmbedding(cfg.max_len, dim, mode)
        else:
            self.position = None
        self.drop = Dropout(cfg.dropout)

    def forward(self, tokens: Tensor, offset: int = 0, rows: Tensor | None = None) -> Tensor:
        """rows: the table's rows at `tokens`, (b, l, w), where they were looked up already (`lookup_once`)."""
        x = (self.table(tokens) if rows is None else rows) * self.scale
        if self.position is not None:
            x = self.position(x, offset)
        return self.drop(x)


def lookup_once(table: Tensor, *ids: Tensor) -> list[Tensor]:
    """[table[i] for i in ids], shapes (*i.shape, w), in one index_select. The gradient of a lookup is a dense
    table-sized buffer, zeroed and then added to the others: a model that looks up one shared table for its source,
    its target and its output rows pays that once instead of three or four times a pass (a few % of an fp32 step)."""
    rows = table.index_select(0, torch.cat([i.reshape(-1) for i in ids]))                      # (sum of sizes, w)
    return [r.view(*i.shape, table.size(1)) for r, i in zip(rows.split([i.numel() for i in ids]), ids)]


def token_table(vocab_size: int, width: int) -> nn.Embedding:
    table = nn.Embedding(vocab_size, width, padding_idx=PAD)
    # std width^-0.5 and the sqrt(width) scale give unit-variance inputs and unit-scale tied logits
    nn.init.normal_(table.weight, std=width ** -0.5)
    with torch.no_grad():
        table.weight[PAD].zero_()
    return table
