"""models/embedding.py: one lookup of a shared table gives what separate lookups give, values and gradients."""
import pytest
import torch

from models.attention import registered_attentions
from models.embedding import POSITIONS, lookup_once
from models.transformer import Transformer
from tests.tiny_models import V, build

# every attention with added positions, and the presets' attention with every position mode
VARIANTS = [(a, "sinusoidal-add") for a in registered_attentions()] + \
    [("sdpa", p) for p in POSITIONS if p != "sinusoidal-add"]

TAGS, WAYS = [21, 22], [torch.tensor([0, 1, 2, 3, 5, 8, 9]), torch.tensor([0, 1, 2, 3, 4, 5, 13, 17, 20])]


def test_lookup_once_gives_each_lookup_in_its_shape():
    table = torch.randn(V, 5)
    a, b, c = torch.randint(0, V, (2, 3)), torch.randint(0, V, (4,)), torch.randint(0, V, (1, 2, 2))
    for ids, rows in zip((a, b, c), lookup_once(table, a, b, c)):
        assert torch.equal(rows, table[ids])


def training_pass(model: Transformer, src, tgt, keep) -> tuple[list[torch.Tensor], torch.Tensor]:
    """The training forward's logits groups and the shared table's gradient of their sum of squares."""
    model.zero_grad(set_to_none=True)
    torch.manual_seed(2)                                                    # attentions that draw (reformer's hashes)
    groups = model(src, tgt, keep)
    sum(g.square().sum() for g in groups).backward()
    return [g.detach() for g in groups], model.tgt_embed.table.weight.grad.clone()


@pytest.mark.parametrize("both_ways", [True, False])
@pytest.mark.parametrize("attention, position", VARIANTS)
def test_one_lookup_trains_as_separate_lookups(attention, position, both_ways, monkeypatch):
    model = build(attention, position, share_embeddings=True, output_pieces="seen").train()
    assert model.one_table()
    if both_ways:
        model.score_ways(TAGS, WAYS)
    else:
        model.score_only(WAYS[1])
    torch.manual_seed(1)
    src, tgt = torch.randint(4, 20, (3, 6)), torch.randint(4, V, (3, 5))
    src[:, 0] = torch.tensor([TAGS[0], TAGS[1], TAGS[1]])
    src[1, 4:], tgt[2, 3:] = 0, 0                                           # padding on both sides
    keep = tgt != 0
    once, grad_once = training_pass(model, src, tgt, keep)
    monkeypatch.setattr(Transformer, "one_table", lambda self: False)      # each lookup on its own
    apart, grad_apart = training_pass(model, src, tgt, keep)
    assert len(once) == len(apart) == (2 if both_ways else 1)
    for a, b in zip(once, apart):
        torch.testing.assert_close(a, b)
    torch.testing.assert_close(grad_once, grad_apart)
    assert grad_once.abs().sum() > 0
