"""Attention kernels, the multi-head layer and the registry."""
import ast
from pathlib import Path

import pytest
import torch

import models.attention.registry as registry
from models.attention import (Attention, FullAttention, attention_class, build_attention, register_attention,
                              registered_attentions)
from models.attention.linear import causal_linear, feature_map
from models.masks import causal_mask, padding_mask
from models.multihead import MultiHeadAttention
from cli import import_user_module
from tests.commands import REPO, command_in_process, script
from util.errors import UserError

B, H, I, J, D = 2, 3, 5, 6, 4


def qkv(i=I, j=J, seed=0):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(B, H, i, D, generator=g), torch.randn(B, H, j, D, generator=g),
            torch.randn(B, H, j, D, generator=g))


def key_padding():
    """(B, 1, 1, J): row 0 sees every key, row 1 only the first three."""
    return padding_mask(torch.tensor([[1] * J, [1, 1, 1] + [0] * (J - 3)]), 0)


def arbitrary_mask():
    """(B, 1, I, J) with random holes, and query 1 of batch row 0 seeing nothing."""
    mask = torch.rand(B, 1, I, J, generator=torch.Generator().manual_seed(1)) > 0.4
    mask[0, 0, 1] = False
    return mask


@pytest.fixture
def scratch_registry(monkeypatch):
    """Registrations made in a test vanish after it."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))


@pytest.mark.parametrize("mask", [None, "padding", "arbitrary"])
def test_sdpa_matches_full_within_1e_5_including_empty_rows(mask):
    q, k, v = qkv()
    mask = {"padding": key_padding(), "arbitrary": arbitrary_mask(), None: None}[mask]
    bias = torch.randn(B, H, I, J)
    full, sdpa = build_attention("full", D), build_attention("sdpa", D)
    for b in (None, bias):
        expected, _ = full(q, k, v, mask, bias=b)
        got, _ = sdpa(q, k, v, mask, bias=b)
        assert torch.isfinite(got).all()
        torch.testing.assert_close(got, expected, atol=1e-5, rtol=1e-5)
    if mask is not None and mask.size(-2) > 1:
        assert got[0, :, 1].abs().max() == 0  # the row with nothing to attend to is zeros


@pytest.mark.parametrize("bf16", ["autocast", "tensors", None])
def test_sdpa_on_a_cpu_runs_the_einsum_path_in_bf16_and_the_fused_kernel_in_fp32(bf16, monkeypatch):
    """torch's CPU sdpa backward in bf16 takes several times the einsum path's time: bf16 goes the einsum way."""
    import contextlib
    import torch.nn.functional as F
    fused = []
    monkeypatch.setattr(F, "scaled_dot_product_attention", lambda *a, **k: fused.append(1) or a[0])
    q, k, v = (t.bfloat16() if bf16 == "tensors" else t for t in qkv())
    context = torch.autocast("cpu", dtype=torch.bfloat16) if bf16 == "autocast" else contextlib.nullcontext()
    with context:
        out, _ = build_attention("sdpa", D)(q, k, v, key_padding())
    assert out.shape == (B, H, I, D) and len(fused) == (0 if bf16 else 1)


@pytest.mark.parametrize("name", ["full", "sdpa", "square"])
def test_row_with_nothing_to_attend_gives_zeros_and_finite_gradients(name):
    q, k, v = (t.requires_grad_() for t in qkv())
    out, _ = build_attention(name, D)(q, k, v, arbitrary_mask())
    assert out[0, :, 1].abs().max() == 0
    out.sum().backward()
    assert all(torch.isfinite(t.grad).all() for t in (q, k, v))


def test_square_matches_per_row_loop():
    q, k, v = qkv()
    mask = arbitrary_mask()
    out, _ = build_attention("square", D)(q, k, v, mask)
    expected = torch.zeros_like(out)
    for b in range(B):
        for h in range(H):
            for i in range(I):
                w = torch.stack([(q[b, h, i] @ k[b, h, j]) ** 2 * mask[b, 0, i, j] for j in range(J)])
                expected[b, h, i] = (w / (w.sum() + 1e-6)) @ v[b, h]
    torch.testing.assert_close(out, expected)


def linear_loop(q, k, v, keys, causal):
    """Per-(b, h, i) reference of linear attention: Σ_j φ(q_i)·φ(k_j) v_j / Σ_j φ(q_i)·φ(k_j)."""
    out = torch.zeros(q.shape[:-1] + v.shape[-1:])
    for b in range(q.size(0)):
        for h in range(q.size(1)):
            for i in range(q.size(2)):
                visible = [j for j in range(k.size(2)) if keys[b, j] and (not causal or j <= i)]
                if not visible:  # nothing to attend to: zeros
                    continue
                w = torch.stack([feature_map(q[b, h, i]) @ feature_map(k[b, h, j]) for j in visible])
                out[b, h, i] = (w @ v[b, h, visible]) / (w.sum() + 1e-6)
    return out


@pytest.mark.parametrize("causal", [False, True])
def test_linear_matches_per_row_loop(causal):
    q, k, v = qkv(i=J)
    mask = key_padding()
    if causal:  # the multi-head layer hands a causal kernel only the key padding
        mask[1, ..., 0] = False
    out, weights = build_attention("linear", D)(q, k, v, mask, causal=causal)
    assert weights is None
    torch.testing.assert_close(out, linear_loop(q, k, v, mask[:, 0, 0], causal), atol=1e-5, rtol=1e-5)


def test_causal_linear_chunks_and_state_agree_with_one_pass():
    q, k, v = qkv(i=7, j=7)
    phi_q, phi_k = feature_map(q), feature_map(k)
    whole, (S, z) = causal_linear(phi_q, phi_k, v, chunk=64)
    chunked, (S3, z3) = causal_linear(phi_q, phi_k, v, chunk=3)  # 3 chunks, the last one padded
    torch.testing.assert_close(chunked, whole)
    torch.testing.assert_close(whole, linear_loop(q, k, v, torch.ones(B, 7, dtype=torch.bool), True),
                               atol=1e-5, rtol=1e-5)
    state, steps = None, []
    for t in range(7):  # one position at a time from the running state
        out, state = causal_linear(phi_q[:, :, t:t + 1], phi_k[:, :, t:t + 1], v[:, :, t:t + 1], state)
        steps.append(out)
    torch.testing.assert_close(torch.cat(steps, dim=2), whole)
    torch.testing.assert_close(state[0], S)


@pytest.mark.parametrize("name", registered_attentions())
def test_masked_keys_change_nothing(name):
    """The seed bug: a mask fill that did not hide. Masked keys and values may hold anything."""
    q, k, v = qkv(i=J) if attention_class(name).why_not("cross", {}) else qkv()   # self-attention only: i = j
    mask = key_padding()
    kernel = build_attention(name, D).eval()
    out, _ = kernel(q, k, v, mask)
    k2, v2 = k.clone(), v.clone()
    k2[1, :, 3:], v2[1, :, 3:] = 1e4, -1e4
    out2, _ = kernel(q, k2, v2, mask)
    torch.testing.assert_close(out2, out)
    if attention_class(name).supports_arbitrary_mask:
        mask = arbitrary_mask()
        mask[..., 2] = False  # key 2 hidden from every query
        out, _ = kernel(q, k, v, mask)
        k2, v2 = k.clone(), v.clone()
        k2[:, :, 2], v2[:, :, 2] = 1e4, -1e4
        torch.testing.assert_close(kernel(q, k2, v2, mask)[0], out)


def test_head_split_is_a_real_transpose():
    """The seed bug: view(b, h, l, d) mixes positions into heads. Compare with one head at a time."""
    torch.manual_seed(0)
    m, h = 12, 3
    d = m // h
    layer = MultiHeadAttention(m, h, "full").eval()
    x = torch.randn(2, 5, m)
    got, _ = layer(x)
    wq, wk, wv = layer.qkv.weight.split(m)
    bq, bk, bv = layer.qkv.bias.split(m)
    heads = []
    for head in range(h):
        s = slice(head * d, (head + 1) * d)
        q, k, v = x @ wq[s].T + bq[s], x @ wk[s].T + bk[s], x @ wv[s].T + bv[s]  # (b, l, d)
        heads.append(torch.softmax(q @ k.transpose(1, 2) / d ** 0.5, dim=-1) @ v)
    expected = layer.out(torch.cat(heads, dim=-1))
    torch.testing.assert_close(got, expected)


def test_key_padding_only_kernels_reject_arbitrary_masks():
    layer = MultiHeadAttention(8, 2, "linear")
    x = torch.randn(2, 4, 8)
    with pytest.raises(UserError, match="only key-padding and causal"):
        layer(x, mask=torch.rand(2, 1, 4, 4) > 0.5)
    layer(x, mask=causal_mask(4) & padding_mask(torch.tensor([[1, 1, 1, 0], [1, 1, 1, 1]]), 0), causal=True)


def test_unknown_attention_lists_registered_names():
    with pytest.raises(UserError) as error:
        build_attention("nope", D)
    assert all(name in str(error.value) for name in registered_attentions())


def test_builtins_are_registered():
    assert {"full", "sdpa", "square", "linear"} <= set(registered_attentions())


def test_duplicate_registration_raises_unless_override_of_a_users_own_attention(scratch_registry):
    with pytest.raises(UserError, match="already registered by FullAttention; pick another name"):
        register_attention("full")(FullAttention)

    @register_attention("mine")
    class Mine(FullAttention):
        pass

    @register_attention("mine", override=True)      # the user's file run again
    class MineAgain(FullAttention):
        pass

    assert attention_class("mine") is MineAgain


@pytest.mark.parametrize("name", ["full", "sdpa", "linear"])
def test_override_never_replaces_a_built_in_attention(scratch_registry, name):
    """A checkpoint records only the name: a replaced "full" would change what every model trained with it computes
    (and export.py would still hand it to CTranslate2 as softmax attention)."""
    built = attention_class(name)
    with pytest.raises(UserError, match=rf"^attention '{name}' is a built-in attention, which no registration "
                                        r"replaces; pick another name"):
        @register_attention(name, override=True)
        class Louder(FullAttention):
            pass
    assert attention_class(name) is built


def test_an_attention_goes_by_the_first_name_registering_wrote_on_it(scratch_registry):
    """Registering writes the name on the class, so base.py imports nothing of the registry (no circle); a subclass
    registered under no name of its own goes by its class name."""
    @register_attention("first-name")
    class Named(FullAttention):
        pass

    register_attention("second-name")(Named)

    class Unregistered(Named):
        pass

    assert Named.registered_name() == "first-name"
    assert Unregistered.registered_name() == Unregistered.__qualname__
    base = list(ast.walk(ast.parse((Path(registry.__file__).parent / "base.py").read_text(encoding="utf-8"))))
    imports = [alias.name for node in base if isinstance(node, ast.Import) for alias in node.names]
    imports += [node.module for node in base if isinstance(node, ast.ImportFrom)]
    assert "models.attention.registry" not in imports


def test_custom_attention_registers_from_a_user_file(scratch_registry):
    @register_attention("copy-of-full")
    class CopyOfFull(Attention):
        def forward(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
            scores = torch.einsum("bhid,bhjd->bhij", q, k) * q.size(-1) ** -0.5
            scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min) if mask is not None else scores
            weights = scores.softmax(-1)
            return torch.einsum("bhij,bhjd->bhid", self.dropout(weights), v), weights

    assert "copy-of-full" in registered_attentions()
    q, k, v = qkv()
    torch.testing.assert_close(build_attention("copy-of-full", D)(q, k, v, key_padding())[0],
                               build_attention("full", D)(q, k, v, key_padding())[0])


def test_an_attention_may_return_the_output_alone(scratch_registry):
    @register_attention("output-only")
    class OutputOnly(Attention):
        def forward(self, q, k, v, mask=None, **_):
            return FullAttention.forward(self, q, k, v, mask)[0]

    layer, reference = MultiHeadAttention(12, 3, "output-only"), MultiHeadAttention(12, 3, "full")
    reference.load_state_dict(layer.state_dict())
    x = torch.randn(2, 5, 12)
    out, weights = layer(x, mask=causal_mask(5), causal=True)
    assert weights is None
    torch.testing.assert_close(out, reference(x, mask=causal_mask(5), causal=True)[0])


def test_an_attention_gets_only_the_keywords_its_forward_names(scratch_registry):
    seen = []

    @register_attention("plain")
    class Plain(FullAttention):
        supports_bias = False

        def forward(self, q, k, v, mask=None):
            seen.append(mask is not None)
            return super().forward(q, k, v, mask)

    MultiHeadAttention(8, 2, "plain")(torch.randn(1, 3, 8), causal=True)
    assert seen == [True]                      # causal=True arrived as the complete mask, not as a keyword


@pytest.mark.parametrize("bad,message", [
    (object, "subclass of models.attention.Attention"),
    (type("NoForward", (Attention,), {}), "defines no forward"),
    (type("TwoArgs", (Attention,), {"forward": lambda self, q, k: q}), "cannot be called as forward"),
    (type("BiasWithoutBias", (Attention,), {"supports_bias": True, "forward": lambda self, q, k, v, mask=None: q}),
     "takes no `bias`"),
    (type("LooseOptions", (Attention,), {"Options": dict, "forward": lambda self, q, k, v, mask=None: q}),
     "Options must be a @dataclass"),
])
def test_registering_something_that_does_not_fit_is_one_clear_error(scratch_registry, bad, message):
    with pytest.raises(UserError, match=message) as error:
        register_attention("bad")(bad)
    assert "\n" not in str(error.value) and "forward" in str(error.value)
    assert "bad" not in registered_attentions()


def test_a_wrong_return_value_names_the_protocol(scratch_registry):
    @register_attention("returns-weights-only")
    class Wrong(Attention):
        def forward(self, q, k, v, mask=None, **_):
            return torch.einsum("bhid,bhjd->bhij", q, k)                      # (b, h, i, j), not (b, h, i, d)

    with pytest.raises(UserError, match=r"returned shape \(1, 2, 3, 5\) where out \(1, 2, 3, 4\)"):
        MultiHeadAttention(8, 2, "returns-weights-only", cross=True)(torch.randn(1, 3, 8), torch.randn(1, 5, 8))


def test_a_users_attention_that_raises_or_returns_another_dtype_is_one_line_naming_its_file_and_line(scratch_registry,
                                                                                                        tmp_path):
    """A mistake in a --user-module attention's forward was an 88-line traceback (and a float64 output one ending in
    models/packed_linear.py)."""
    (tmp_path / "mine.py").write_text(
        "import torch\nfrom models.attention import register_attention\nfrom models.attention.base import Attention\n"
        "@register_attention('raises')\nclass Raises(Attention):\n    def forward(self, q, k, v, mask=None):\n"
        "        return q @ k\n"
        "@register_attention('doubles')\nclass Doubles(Attention):\n    def forward(self, q, k, v, mask=None):\n"
        "        return v[:, :, :q.shape[2]].double()\n")
    import_user_module(str(tmp_path / "mine.py"))
    x = torch.randn(1, 3, 8)
    with pytest.raises(UserError, match=rf"^attention 'raises' \({tmp_path / 'mine.py'}\) failed at line 7 "
                                        r"\(return q @ k\): RuntimeError: "):
        MultiHeadAttention(8, 2, "raises")(x)
    with pytest.raises(UserError, match=r"^attention 'doubles' returned dtype torch.float64 where out"):
        MultiHeadAttention(8, 2, "doubles")(x)


def test_unknown_attention_lists_the_registered_ones(tmp_path):
    from models.attention import registered_attentions
    (tmp_path / "data").mkdir()
    line = command_in_process([script("train.py"), "--preset", "tiny", "--model.attention=squre"], tmp_path,
                              MULTI30K_DIR=str(REPO / "tests"))   # fails before any data is needed
    assert "squre" in line and all(name in line for name in registered_attentions())


def test_weights_of_the_wrong_shape_are_one_line_naming_the_protocol(scratch_registry):
    """Weights (b, 1, i, j) from a user's attention were accepted, then --plot-attention died in a reshape traceback."""
    @register_attention("one-head-weights")
    class OneHeadWeights(Attention):
        def forward(self, q, k, v, mask=None, **_):
            weights = torch.einsum("bhid,bhjd->bhij", q, k).softmax(-1)
            return torch.einsum("bhij,bhjd->bhid", weights, v), weights[:, :1]

    with pytest.raises(UserError, match=r"^attention 'one-head-weights' returned weights of shape \(1, 1, 3, 5\) "
                                        r"where \(1, 2, 3, 5\) \(b, h, i, j\) or None was expected"):
        MultiHeadAttention(8, 2, "one-head-weights", cross=True)(torch.randn(1, 3, 8), torch.randn(1, 5, 8))


def test_a_users_attention_that_returns_three_values_is_refused_when_the_model_is_built(scratch_registry, tmp_path):
    """(out, weights, extra) was taken as (out, weights), its third value dropped without a word."""
    (tmp_path / "mine.py").write_text(
        "import torch\nfrom models.attention import Attention, register_attention\n"
        "@register_attention('three')\nclass Three(Attention):\n    def forward(self, q, k, v, mask=None, **_):\n"
        "        weights = torch.einsum('bhid,bhjd->bhij', q, k).masked_fill(~mask, -1e9).softmax(-1)\n"
        "        return weights @ v, weights, 'extra'\n")
    import_user_module(str(tmp_path / "mine.py"))
    for role in ("encoder", "decoder", "cross"):
        with pytest.raises(UserError, match=r"^attention 'three' returned a tuple of 3 values where out \(1, 2, 6, 4\) "
                                            r"or \(out, weights\) was expected: return out, or \(out, weights\);"):
            MultiHeadAttention(8, 2, "three", cross=role == "cross", role=role)


def test_a_users_attention_that_forgets_a_mask_is_refused_in_the_roles_it_would_break(scratch_registry, tmp_path):
    """A user's forward that ignored `mask`, or `causal` with supports_arbitrary_mask = False, trained without an
    error: the decoder read the tokens it was to predict. The docs' example passes in every role."""
    (tmp_path / "mine.py").write_text(
        "import torch\nfrom models.attention import Attention, register_attention\n"
        "@register_attention('no-mask')\nclass NoMask(Attention):\n    def forward(self, q, k, v, mask=None, **_):\n"
        "        return torch.einsum('bhid,bhjd->bhij', q, k).softmax(-1) @ v\n"
        "@register_attention('no-causal')\nclass NoCausal(Attention):\n    supports_arbitrary_mask = False\n"
        "    def forward(self, q, k, v, mask=None, causal=False):\n"
        "        scores = torch.einsum('bhid,bhjd->bhij', q, k)\n"
        "        return scores.masked_fill(~mask, -1e9).softmax(-1) @ v\n")
    import_user_module(str(tmp_path / "mine.py"))
    file = tmp_path / "mine.py"
    for role in ("encoder", "decoder", "cross"):
        with pytest.raises(UserError, match=rf"^attention 'no-mask' \({file}\) cannot be .*: query \d's output "
                                            r"changes with a (padded key|later position's key or query), which its "
                                            r"mask hides; apply `mask`"):
            MultiHeadAttention(8, 2, "no-mask", cross=role == "cross", role=role)
    MultiHeadAttention(8, 2, "no-causal", role="encoder")
    MultiHeadAttention(8, 2, "no-causal", cross=True, role="cross")
    with pytest.raises(UserError, match=r"^attention 'no-causal' .* cannot be decoder \(causal\) self-attention: "
                                        r"query 0's output changes with a later position's key or query, .*when "
                                        r"`causal` is True"):
        MultiHeadAttention(8, 2, "no-causal", role="decoder")
    example = (REPO / "docs/ATTENTION.md").read_text().split("```python\n")[1].split("```")[0]
    (tmp_path / "cubed.py").write_text(example)
    import_user_module(str(tmp_path / "cubed.py"))
    for role in ("encoder", "decoder", "cross"):
        MultiHeadAttention(8, 2, "cubed", cross=role == "cross", role=role)
