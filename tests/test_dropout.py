"""models/dropout.py: torch's dropout semantics (rate, scale, train/eval, gradient, reproducible masks) from a
quarter of the random draws."""
import pytest
import torch

from models.dropout import LEVELS, Dropout, dropout, pause_dropout


@pytest.mark.parametrize("p", [0.1, 0.15, 0.5])
def test_elements_are_dropped_at_the_rate_and_the_rest_scaled_to_keep_the_mean(p):
    torch.manual_seed(0)
    y = dropout(torch.ones(400, 1000), p)
    dropped = round(p * LEVELS) / LEVELS
    assert (y == 0).float().mean().item() == pytest.approx(p, abs=3e-3)
    assert y.unique().tolist() == [0.0, pytest.approx(1 / (1 - dropped))]
    assert y.mean().item() == pytest.approx(1.0, abs=5e-3)


def test_neighbouring_elements_are_dropped_independently():
    """Four mask elements come from one 64-bit draw: each of the four positions must still be its own coin."""
    torch.manual_seed(1)
    dropped = dropout(torch.ones(200_000), 0.5) == 0
    per_position = dropped.view(-1, 4).float()
    assert per_position.mean(0).tolist() == pytest.approx([0.5] * 4, abs=1e-2)
    both = (per_position[:, 0] * per_position[:, 1]).mean().item()
    assert both == pytest.approx(0.25, abs=1e-2)                 # independent: P(both) = P(one)^2


def test_the_same_seed_gives_the_same_mask_and_the_gradient_is_the_mask():
    x = torch.randn(3, 7, 5, requires_grad=True)
    torch.manual_seed(2)
    a = dropout(x, 0.2)
    torch.manual_seed(2)
    b = dropout(x, 0.2)
    assert torch.equal(a, b)
    a.sum().backward()
    torch.testing.assert_close(x.grad, (a != 0).float() / (1 - round(0.2 * LEVELS) / LEVELS))


def test_the_module_is_the_identity_in_eval_mode_and_keeps_the_dtype():
    module = Dropout(0.3)
    x = torch.randn(4, 8, dtype=torch.bfloat16)
    assert module.train()(x).dtype == torch.bfloat16 and not torch.equal(module(x), x)
    assert module.eval()(x) is x
    assert Dropout(0.0).train()(x) is x


def test_a_paused_model_draws_no_mask_and_unpausing_brings_back_the_rate_it_was_built_with():
    model = torch.nn.Sequential(Dropout(0.3), torch.nn.Linear(8, 8), Dropout(0.1)).train()
    x = torch.randn(64, 8)
    pause_dropout(model, True)
    assert [m.rate for m in (model[0], model[2])] == [0.0, 0.0]
    state = torch.get_rng_state()
    assert torch.equal(model(x), model.eval()(x))
    assert torch.equal(torch.get_rng_state(), state)         # no draws: a paused run's RNG is a dropout-free run's
    pause_dropout(model.train(), False)
    assert [m.rate for m in (model[0], model[2])] == [0.3, 0.1]
    assert not torch.equal(model(x), model.eval()(x))
