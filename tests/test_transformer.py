"""The Transformer: padding invariance, causality, blocks, options and config round trip."""
import re

import pytest
import torch

import models.attention.registry as registry
from config import Config
from config.presets import make_config
from models.attention import FullAttention, register_attention, registered_attentions
from models.layers import DecoderLayer, EncoderLayer
from models.masks import causal_mask, padding_mask
from models.transformer import Transformer, check_size
from tests.runs import TINY
from tests.tiny_models import PAD, V, build, tiny, variants
from util.errors import UserError


def tokens(b, n, seed):
    return torch.randint(1, V, (b, n), generator=torch.Generator().manual_seed(seed))


VARIANTS = variants()


@pytest.mark.parametrize("attention,position", VARIANTS)
def test_extra_padding_changes_no_real_position(attention, position):
    model = build(attention, position)
    src, tgt = tokens(2, 6, 1), tokens(2, 5, 2)
    src[1, 4:] = tgt[1, 3:] = PAD  # row 1 is shorter
    padded_src = torch.cat([src, torch.full((2, 3), PAD)], dim=1)
    padded_tgt = torch.cat([tgt, torch.full((2, 2), PAD)], dim=1)
    with torch.no_grad():
        memory = model.encode(src, padding_mask(src, PAD))
        padded_memory = model.encode(padded_src, padding_mask(padded_src, PAD))
        torch.testing.assert_close(padded_memory[0, :6], memory[0], atol=1e-5, rtol=1e-5)
        torch.testing.assert_close(padded_memory[1, :4], memory[1, :4], atol=1e-5, rtol=1e-5)
        logits, padded_logits = model(src, tgt), model(padded_src, padded_tgt)
    torch.testing.assert_close(padded_logits[0, :5], logits[0], atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(padded_logits[1, :3], logits[1, :3], atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("attention,position", VARIANTS)
def test_changing_target_token_t_changes_nothing_before_t(attention, position):
    model = build(attention, position)
    src, tgt = tokens(2, 6, 3), tokens(2, 7, 4)
    changed = tgt.clone()
    changed[:, 4] = changed[:, 4] % (V - 1) + 1  # another real token
    with torch.no_grad():
        before, after = model(src, tgt), model(src, changed)
    torch.testing.assert_close(after[:, :4], before[:, :4], atol=1e-6, rtol=1e-6)
    assert not torch.allclose(after[:, 4:], before[:, 4:])


@pytest.mark.parametrize("norm", ["pre", "post"])
@pytest.mark.parametrize("attention", ["full", "linear"])
def test_residual_blocks_keep_shape_and_train_every_parameter(norm, attention):
    cfg = tiny(norm=norm, attention=attention, activation="gelu", dropout=0.1)
    x, memory = torch.randn(2, 5, 32), torch.randn(2, 6, 32)
    src_mask = padding_mask(torch.tensor([[1] * 6, [1] * 4 + [0] * 2]), PAD)
    encoder, decoder = EncoderLayer(cfg), DecoderLayer(cfg)
    outputs = [(encoder, memory, encoder(memory, src_mask)),
               (decoder, x, decoder(x, memory, causal_mask(5), src_mask)[0])]
    for layer, block_input, out in outputs:
        assert out.shape == block_input.shape
        (out ** 2).mean().backward()
        for name, p in layer.named_parameters():
            assert p.grad is not None and p.grad.abs().sum() > 0, name


def test_every_model_parameter_gets_a_gradient():
    model = Transformer(tiny(tie_output=False, share_embeddings=True))
    model(tokens(2, 6, 5), tokens(2, 5, 6)).logsumexp(-1).mean().backward()
    for name, p in model.named_parameters():
        assert p.grad is not None and p.grad.abs().sum() > 0, name


def test_mixed_self_and_cross_attention_types():
    model = build("linear", "sinusoidal-add", cross_attention="full")
    assert isinstance(model.decoder[0].cross_attn.attention, FullAttention)
    src = tokens(2, 6, 7)
    memory = model.encode(src, padding_mask(src))
    logits = model.decoder_logits(tokens(2, 4, 8), memory, padding_mask(src))
    weights = model.cross_attention(tokens(2, 4, 8), memory, padding_mask(src))
    assert logits.shape == (2, 4, V) and weights.shape == (2, 4, 6)


def test_returned_attention_averages_heads_and_hides_padding():
    model = build("full", "sinusoidal-add")
    src = tokens(2, 6, 9)
    src[1, 4:] = PAD
    src_mask = padding_mask(src, PAD)
    weights = model.cross_attention(tokens(2, 3, 10), model.encode(src, src_mask), src_mask)
    torch.testing.assert_close(weights.sum(-1), torch.ones(2, 3))
    assert weights[1, :, 4:].abs().max() == 0


def test_attention_weights_from_a_kernel_without_them_is_a_user_error():
    model = build("linear", "sinusoidal-add")
    src = tokens(1, 4, 11)
    with pytest.raises(UserError, match="no attention weights"):
        model.cross_attention(tokens(1, 2, 12), model.encode(src, None), None)


def test_shared_and_tied_embeddings_are_one_table():
    model = Transformer(tiny(share_embeddings=True, tie_output=True))
    assert model.src_embed.table is model.tgt_embed.table and model.output is None
    untied = Transformer(tiny(share_embeddings=False, tie_output=False))
    assert untied.num_parameters() == model.num_parameters() + 2 * V * 32


def test_model_config_mistakes_are_user_errors():
    for bad, match in [(dict(src_vocab_size=0), "vocab_size"), (dict(share_embeddings=True, tgt_vocab_size=V + 1),
                       "share_embeddings"), (dict(attention="nope"), r"registered: .*\bfull\b"), (dict(norm="sandwich"),
                       "pre, post"), (dict(activation="swish"), "relu, gelu, swiglu"), (dict(n_heads=5), "divisible")]:
        with pytest.raises(UserError, match=match):
            Transformer(tiny(**bad))


def test_config_round_trip_builds_an_identical_model():
    cfg = Config(model=tiny(position="relative", attention="sdpa", cross_attention="full", norm="post",
                            activation="gelu", dropout=0.2))
    again = Config.from_dict(cfg.to_dict())
    assert again == cfg
    models = []
    for c in (cfg, again):
        torch.manual_seed(0)
        models.append(Transformer(c.model).eval())
    kinds = [[type(m).__name__ for m in model.modules()] for model in models]
    assert kinds[0] == kinds[1] and "SdpaAttention" in kinds[0] and "GELU" in kinds[0]
    src, tgt = tokens(2, 5, 19), tokens(2, 4, 20)
    torch.testing.assert_close(models[0](src, tgt), models[1](src, tgt), atol=0, rtol=0)


def test_a_user_attention_builds_a_transformer(monkeypatch):
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))

    @register_attention("full-copy")
    class FullCopy(FullAttention):
        pass

    torch.manual_seed(0)
    mine = Transformer(tiny(attention="full-copy")).eval()
    torch.manual_seed(0)
    reference = Transformer(tiny(attention="full")).eval()
    src, tgt = tokens(2, 5, 13), tokens(2, 4, 14)
    assert isinstance(mine.encoder[0].self_attn.attention, FullCopy)
    torch.testing.assert_close(mine(src, tgt), reference(src, tgt))


def test_features_then_project_scores_only_the_chosen_positions():
    model = build("sdpa", "sinusoidal-add")
    src, tgt = tokens(2, 5, 15), tokens(2, 4, 16)
    tgt[1, 2:] = PAD
    keep = tgt.ne(PAD)
    with torch.no_grad():
        torch.testing.assert_close(model.project(model.features(src, tgt)[keep]), model(src, tgt)[keep])


@pytest.mark.parametrize("attention", registered_attentions())
def test_trains_under_bf16_autocast(attention):
    model = build(attention, "sinusoidal-add").train()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        logits = model(tokens(2, 6, 17), tokens(2, 5, 18))
    assert logits.dtype == torch.bfloat16 and torch.isfinite(logits).all()
    logits.float().logsumexp(-1).mean().backward()
    for name, p in model.named_parameters():
        assert p.grad is not None and torch.isfinite(p.grad).all(), name


def test_forward_with_keep_scores_exactly_the_kept_positions():
    model = build("full", "sinusoidal-add")
    src, tgt = torch.randint(4, V, (3, 7)), torch.randint(4, V, (3, 5))
    tgt[1, 3:] = 0
    keep = tgt != 0
    torch.testing.assert_close(model(src, tgt, keep)[0], model(src, tgt)[keep])


def test_a_model_far_too_large_is_refused_before_anything_is_created(root, tmp_path, train_main):
    message = "the model.* sizes describe about 1.9e+14 parameters"
    with pytest.raises(UserError, match=re.escape(message)):
        check_size(make_config("tiny", ["model.d_model=4000000"]).model)
    with pytest.raises(UserError, match=re.escape(message)):
        train_main([*TINY, "--model.d_model=4000000", "--out", str(tmp_path / "run"), "--data-dir", str(root / "data")])
    assert not (tmp_path / "run").exists()


def test_a_swiglu_block_gates_one_half_of_its_first_product_with_the_silu_of_the_other():
    from models.layers import feed_forward
    block = feed_forward(tiny(activation="swiglu", d_ff=48))
    first, _, second = block
    assert first.weight.shape == (2 * 48, 32) and second.weight.shape == (32, 48)
    x = torch.randn(3, 5, 32, generator=torch.Generator().manual_seed(0))
    gate, value = x @ first.weight[:48].T + first.bias[:48], x @ first.weight[48:].T + first.bias[48:]
    by_hand = (gate * torch.sigmoid(gate) * value) @ second.weight.T + second.bias             # (3, 5, 32)
    with torch.no_grad():
        torch.testing.assert_close(block(x), by_hand, atol=1e-5, rtol=1e-5)
    model = Transformer(tiny(activation="swiglu"))
    src, tgt = tokens(2, 6, 1), tokens(2, 5, 2)
    model(src, tgt).sum().backward()                                  # trains: every weight gets a gradient
    assert all(p.grad is not None for p in model.parameters() if p.requires_grad)
