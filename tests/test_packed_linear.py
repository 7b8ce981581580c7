"""models/packed_linear.py: the packed inference path computes nn.Linear's function, is repacked when the weight
changes, and stays out of training and autocast."""
import pytest
import torch
import torch.nn.functional as F

from models.packed_linear import PackedLinear, packed_path


def test_inference_through_the_packed_weight_equals_f_linear():
    torch.manual_seed(0)
    layer = PackedLinear(48, 40)
    x = torch.randn(3, 7, 48)
    with torch.no_grad():
        assert packed_path(x, layer.weight) or not torch.backends.mkldnn.is_available()
        torch.testing.assert_close(layer(x), F.linear(x, layer.weight, layer.bias), rtol=1e-5, atol=1e-5)


def test_a_changed_weight_is_packed_again():
    torch.manual_seed(1)
    layer, x = PackedLinear(16, 8), torch.randn(4, 16)
    with torch.no_grad():
        layer(x)
        layer.weight.mul_(2)                               # an optimizer step changes the weight in place
        torch.testing.assert_close(layer(x), F.linear(x, layer.weight, layer.bias), rtol=1e-5, atol=1e-5)
        layer.load_state_dict({"weight": torch.randn(8, 16), "bias": torch.zeros(8)})
        torch.testing.assert_close(layer(x), F.linear(x, layer.weight, layer.bias), rtol=1e-5, atol=1e-5)


def test_weights_a_fused_optimizer_changed_are_packed_again_after_a_mode_switch():
    """Fused AdamW updates weights without moving their version counter; training switches to train() first."""
    torch.manual_seed(2)
    layer, x = PackedLinear(16, 8), torch.randn(4, 16)
    optimizer = torch.optim.AdamW(layer.parameters(), lr=0.1, fused=True)
    layer.eval()
    with torch.no_grad():
        before = layer(x)
    layer.train()
    layer(x).sum().backward()
    optimizer.step()
    layer.eval()
    with torch.no_grad():
        after = layer(x)
        torch.testing.assert_close(after, F.linear(x, layer.weight, layer.bias), rtol=1e-5, atol=1e-5)
    assert not torch.allclose(after, before)


def test_training_and_autocast_take_torch_linear():
    layer, x = PackedLinear(16, 8), torch.randn(4, 16)
    assert not packed_path(x, layer.weight)                # gradients wanted
    layer(x).sum().backward()
    assert layer.weight.grad is not None
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
        assert not packed_path(x, layer.weight)
        assert layer(x).dtype == torch.bfloat16


@pytest.mark.parametrize("bias", [True, False])
def test_the_state_dict_is_nn_linears(bias):
    assert PackedLinear(5, 3, bias=bias).state_dict().keys() == torch.nn.Linear(5, 3, bias=bias).state_dict().keys()
