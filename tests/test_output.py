"""models/output.py: the output layer scores the pieces the training targets use, and only those."""
from array import array
from contextlib import nullcontext

import pytest
import torch
import torch.nn.functional as F

from config import Config
from data.batching import Batch
from data.vocab import BOS, EOS, SPECIALS, Vocab
from decoding.search import beam_search, greedy_search
from models import output
from models.checkpoint import load_weights
from models.output import pieces_to_score
from models.transformer import Transformer
from tests.tiny_models import V, tiny
from training.step import loss_sum
from text.forms.masking import PLACEHOLDERS

SCORED = torch.tensor([0, 1, 2, 3, 5, 8, 9, 13, 21])       # specials and a few pieces of the V = 23


def model_pair(tie_output: bool) -> tuple[Transformer, Transformer]:
    """The same weights twice: scoring every piece, and scoring SCORED alone."""
    torch.manual_seed(0)
    every = Transformer(tiny(output_pieces="all", tie_output=tie_output)).eval()
    seen = Transformer(tiny(output_pieces="seen", tie_output=tie_output)).eval()
    seen.load_state_dict({**every.state_dict(), "scored": seen.scored})
    seen.score_only(SCORED)
    return every, seen


@pytest.mark.parametrize("tie_output", [True, False])
def test_the_scored_logits_are_the_full_layers_and_the_rest_minus_infinity(tie_output):
    every, seen = model_pair(tie_output)
    src, tgt = torch.randint(4, V, (3, 7)), torch.randint(4, V, (3, 5))
    with torch.no_grad():
        full, restricted = every(src, tgt), seen(src, tgt)                                  # (b, i, V)
    torch.testing.assert_close(restricted[..., SCORED], full[..., SCORED])
    others = torch.ones(V, dtype=torch.bool)
    others[SCORED] = False
    assert torch.isneginf(restricted[..., others]).all()
    keep = tgt != 0
    with torch.no_grad():
        training, = seen(src, tgt, keep)                                                    # (n_keep, K)
    assert training.shape == (int(keep.sum()), len(SCORED))
    torch.testing.assert_close(training, full[keep][:, SCORED])
    targets = SCORED[None, :]
    assert seen.target_index(src[:1], targets, targets >= 0)[0].tolist() == list(range(len(SCORED)))


def test_the_gradient_reaches_the_scored_rows_alone():
    _, seen = model_pair(tie_output=False)
    seen.train()
    src, tgt = torch.randint(4, V, (2, 6)), torch.randint(4, V, (2, 4))
    seen(src, tgt, tgt != 0)[0].sum().backward()
    touched = seen.output.weight.grad.abs().sum(1) > 0
    assert touched.nonzero().squeeze(1).tolist() == [i for i in SCORED.tolist() if i != 0 or touched[0]]
    assert not touched[[4, 6, 22]].any()


def test_decoding_never_writes_an_unscored_piece_that_the_full_layer_writes():
    every, seen = model_pair(tie_output=True)
    src = torch.randint(4, V, (4, 6))
    mask, lens = (src != 0)[:, None, None, :], torch.full((4,), 12)

    def written(model) -> set[int]:
        greedy = greedy_search(model, src, mask, lens, BOS, EOS)
        beams = beam_search(model, src, mask, lens, BOS, EOS, beam=3, n_best=3)
        return {t for h in greedy for t in h.tokens} | {t for n_best in beams for h in n_best for t in h.tokens}

    assert written(every) - set(SCORED.tolist())          # the same weights scoring every piece write others
    assert written(seen) and written(seen) <= set(SCORED.tolist())


def test_the_inference_rows_follow_the_weights():
    _, seen = model_pair(tie_output=True)
    h = torch.randn(2, 32)
    with torch.no_grad():
        before = seen.project(h)
        seen.tgt_embed.table.weight.mul_(2)                    # an in-place change moves the version counter
        doubled = seen.project(h)
    torch.testing.assert_close(doubled[:, SCORED], 2 * before[:, SCORED])
    seen.train()                                               # fused AdamW writes without moving the counter:
    seen.tgt_embed.table.weight.data.mul_(0.5)                 # the mode switch forgets the rows
    seen.eval()
    with torch.no_grad():
        torch.testing.assert_close(seen.project(h)[:, SCORED], before[:, SCORED])


def test_pieces_to_score_are_the_targets_pieces_the_specials_and_the_placeholders(monkeypatch):
    vocab = Vocab(list(SPECIALS) + ["▁a", "▁b", PLACEHOLDERS[3], "▁" + PLACEHOLDERS[0], "▁c", "d"] +
                  [f"▁w{k}" for k in range(100)])
    # 8 pieces, then the first others (5, 9, 10, ...) up to a multiple of ROUND
    assert pieces_to_score(array("i", [4, 8, 4, 4]), vocab).tolist() == list(range(output.ROUND))
    monkeypatch.setattr(output, "ROUND", 1)
    assert pieces_to_score(array("i", [4, 8, 4, 4]), vocab).tolist() == [0, 1, 2, 3, 4, 6, 7, 8]
    assert pieces_to_score(array("i"), vocab).tolist() == [0, 1, 2, 3, 6, 7]
    assert pieces_to_score(array("i"), vocab, torch.tensor([9, 10])).tolist() == [0, 1, 2, 3, 6, 7, 9, 10]
    monkeypatch.setattr(output, "ROUND", 1000)                # never more than the vocabulary
    assert pieces_to_score(array("i"), vocab).tolist() == list(range(len(vocab)))


def test_a_checkpoint_config_from_before_scores_every_piece():
    saved = Config().to_dict()
    del saved["model"]["output_pieces"]
    assert Config.from_dict(saved).model.output_pieces == "all"
    assert Transformer(tiny(output_pieces="all")).scored is None
    assert "scored" not in Transformer(tiny(output_pieces="all")).state_dict()


TAGS = [21, 22]                                            # the tag ids that open each direction's sources
WAYS = [torch.tensor([0, 1, 2, 3, 5, 8, 9]), torch.tensor([0, 1, 2, 3, 4, 5, 13, 17, 20])]


def ways_pair(tie_output: bool = True) -> tuple[Transformer, Transformer]:
    """The same weights twice: scoring every piece, and scoring each direction's WAYS apart."""
    torch.manual_seed(0)
    every = Transformer(tiny(output_pieces="all", tie_output=tie_output)).eval()
    ways = Transformer(tiny(output_pieces="seen", tie_output=tie_output)).eval()
    ways.load_state_dict({**every.state_dict(), "scored": ways.scored})
    ways.score_ways(TAGS, WAYS)
    return every, ways


def sources(directions: list[int], length: int = 6) -> torch.Tensor:
    src = torch.randint(4, 20, (len(directions), length))
    src[:, 0] = torch.tensor([TAGS[d] for d in directions])
    return src


@pytest.mark.parametrize("tie_output", [True, False])
def test_each_direction_is_scored_over_its_own_pieces_in_training_and_scoring(tie_output):
    every, ways = ways_pair(tie_output)
    directions = [1, 0, 1, 0]
    src, tgt = sources(directions), torch.randint(4, V, (4, 5))
    tgt[2, 3:] = 0
    keep = tgt != 0
    with torch.no_grad():
        full, scored = every(src, tgt), ways(src, tgt)                                       # (b, i, V)
        groups = ways(src, tgt, keep)                                                        # [(n_w, K_w)]
    for row, d in enumerate(directions):
        torch.testing.assert_close(scored[row][:, WAYS[d]], full[row][:, WAYS[d]])
        others = torch.ones(V, dtype=torch.bool)
        others[WAYS[d]] = False
        assert torch.isneginf(scored[row][:, others]).all()
    rows_of = [[r for r, d in enumerate(directions) if d == w] for w in range(2)]
    for w, logits in enumerate(groups):                    # the way's kept positions in order, its pieces alone
        expected = torch.cat([full[r][keep[r]][:, WAYS[w]] for r in rows_of[w]])
        torch.testing.assert_close(logits, expected)
    assert [len(g) for g in groups] == [int(keep[rows_of[w]].sum()) for w in range(2)]


def test_the_loss_of_a_model_of_both_directions_is_each_directions_cross_entropy_over_its_pieces():
    _, ways = ways_pair()
    directions = [0, 1, 1]
    src = sources(directions)
    tgt_out = torch.stack([WAYS[d][torch.randint(1, len(WAYS[d]), (5,))] for d in directions])   # in the way's set
    tgt_out[1, 4] = 0
    tgt_in = torch.cat([torch.full((3, 1), BOS), tgt_out[:, :-1]], 1)
    batch = Batch(src, tgt_in, tgt_out, n_tgt_tokens=int((tgt_out != 0).sum()))
    with torch.no_grad():
        got = loss_sum(ways, batch, 0.1, nullcontext())
        full = ways(src, tgt_in)                                                             # (b, i, V)
    expected = sum(F.cross_entropy(full[r][tgt_out[r] != 0][:, WAYS[d]],
                                   torch.searchsorted(WAYS[d], tgt_out[r][tgt_out[r] != 0]),
                                   label_smoothing=0.1, reduction="sum") for r, d in enumerate(directions))
    torch.testing.assert_close(got, expected)
    tgt_out[0, 0] = 13                                     # a piece of the other direction alone: not counted
    assert not ways.scores(src, tgt_out)[0, 0] and ways.scores(src, tgt_out)[1, 0]


def test_a_direction_bans_what_only_the_other_scores_and_its_ways_survive_a_checkpoint(tmp_path):
    every, ways = ways_pair()
    assert ways.not_written_after(TAGS[0]) == [4, 13, 17, 20]
    assert ways.not_written_after(TAGS[1]) == [8, 9]
    assert ways.not_written_after(7) == [] and every.not_written_after(TAGS[0]) == []
    fresh = Transformer(tiny(output_pieces="seen"))
    load_weights(fresh, ways.state_dict(), tmp_path / "m.pt")       # the checkpoint's ways give the buffers' shape
    assert fresh.not_written_after(TAGS[1]) == [8, 9] and fresh.has_ways()
    before = {k: v for k, v in ways.state_dict().items() if not k.startswith("ways.")}
    load_weights(fresh, before, tmp_path / "old.pt")                # saved before ways existed: none
    assert not fresh.has_ways() and fresh.not_written_after(TAGS[1]) == []
