"""Tiny Transformers for the model tests: every attention type and position mode builds in milliseconds."""
import pytest
import torch

from config import ModelConfig
from models.attention import attention_class
from models.transformer import Transformer
from util.errors import UserError

PAD, V = 0, 23


def tiny(**overrides) -> ModelConfig:
    cfg = dict(d_model=32, n_heads=4, n_encoder_layers=2, n_decoder_layers=2, d_ff=64, dropout=0.0,
               position_dim=8, max_len=32, max_relative=3, src_vocab_size=V, tgt_vocab_size=V, pad_id=PAD)
    return ModelConfig(**{**cfg, **overrides})


def build(attention: str, position: str, **overrides) -> Transformer:
    """A tiny model in eval mode; combinations a kernel declares unsupported must raise, then skip."""
    cfg = tiny(attention=attention, position=position, **overrides)
    if position == "relative" and not attention_class(attention).supports_bias:
        with pytest.raises(UserError, match="relative positions"):
            Transformer(cfg)
        pytest.skip(f"{attention} declares no score bias: relative positions unsupported (raises, checked)")
    torch.manual_seed(0)
    return Transformer(cfg).eval()
