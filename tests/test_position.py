"""Position encodings and embeddings: every mode builds, runs and continues from an offset."""
import math

import pytest
import torch

from config import ModelConfig
from models.position import PositionEmbedding, PositionEncoding, PositionMode, RelativePositions, sinusoids
from models.embedding import POSITIONS
from models.transformer import Transformer
from util.errors import UserError


def absolute_positions():
    return [PositionEncoding(8, 20, PositionMode.ADD), PositionEncoding(4, 20, PositionMode.CONCAT),
            PositionEmbedding(20, 8, PositionMode.ADD), PositionEmbedding(20, 4, PositionMode.CONCAT)]


def test_sinusoids_follow_the_paper():
    table = sinusoids(50, 16)
    pos, k = 7, 3
    assert table[pos, 2 * k] == pytest.approx(math.sin(pos / 10000 ** (2 * k / 16)), abs=1e-6)
    assert table[pos, 2 * k + 1] == pytest.approx(math.cos(pos / 10000 ** (2 * k / 16)), abs=1e-6)
    assert torch.equal(table[0, 1::2], torch.ones(8))


@pytest.mark.parametrize("position", absolute_positions(), ids=lambda p: f"{type(p).__name__}-{p.mode.value}")
def test_offset_continues_the_positions(position):
    x = torch.randn(2, 9, 8)
    whole = position(x)
    assert whole.shape == (2, 9, 8 if position.mode is PositionMode.ADD else 12)
    torch.testing.assert_close(position(x[:, 4:], offset=4), whole[:, 4:])
    torch.testing.assert_close(position(x[:, 4:5], offset=4), whole[:, 4:5])


@pytest.mark.parametrize("position", absolute_positions(), ids=lambda p: f"{type(p).__name__}-{p.mode.value}")
def test_positions_beyond_the_table_are_a_user_error(position):
    with pytest.raises(UserError, match="max_len"):
        position(torch.randn(1, 5, 8), offset=18)


def test_relative_scores_use_clipped_distance_j_minus_i():
    K, d = 2, 4
    relative = RelativePositions(K, d)
    q = torch.randn(2, 3, 6, d)  # (b, h, i, d)
    scores = relative(q)
    assert scores.shape == (2, 3, 6, 6)
    for i in range(6):
        for j in range(6):
            r = relative.weight[max(-K, min(K, j - i)) + K]
            torch.testing.assert_close(scores[:, :, i, j], q[:, :, i] @ r)
    # queries 4, 5 with an offset of 4 see keys 0 .. 5, as rows 4, 5 of the whole
    torch.testing.assert_close(relative(q[:, :, 4:], offset=4), scores[:, :, 4:])


def test_relative_indices_are_built_on_the_input_device():
    relative = RelativePositions(2, 4).to("meta")
    assert relative(torch.empty(2, 3, 6, 4, device="meta"), offset=1).shape == (2, 3, 6, 7)


def test_relative_positions_need_a_positive_clipping_distance():
    assert RelativePositions(2, 8).weight.shape == (5, 8)
    with pytest.raises(UserError, match="max_relative=0"):
        RelativePositions(0, 8)


@pytest.mark.parametrize("position", list(POSITIONS))
def test_every_position_mode_builds_and_trains(position):
    """The seed bug: a learned position embedding that could not be built."""
    cfg = ModelConfig(d_model=32, n_heads=4, n_encoder_layers=1, n_decoder_layers=1, d_ff=64, position=position,
                      position_dim=8, max_len=16, src_vocab_size=20, tgt_vocab_size=20)
    model = Transformer(cfg)
    logits = model(torch.randint(1, 20, (2, 7)), torch.randint(1, 20, (2, 5)))
    assert logits.shape == (2, 5, 20)
    logits.logsumexp(-1).mean().backward()
    assert all(p.grad is not None for p in model.parameters())


def test_concat_needs_room_for_tokens():
    cfg = ModelConfig(d_model=32, n_heads=4, position="learned-concat", position_dim=32, src_vocab_size=9,
                      tgt_vocab_size=9)
    with pytest.raises(UserError, match="position_dim"):
        Transformer(cfg)


def test_unknown_position_lists_the_modes():
    with pytest.raises(UserError, match="sinusoidal-add"):
        Transformer(ModelConfig(position="rotary", src_vocab_size=9, tgt_vocab_size=9))
