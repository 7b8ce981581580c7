"""The one tiny-Transformer builder of the tests: every attention type and position mode builds in milliseconds."""
import pytest
import torch

from config import Config, ModelConfig
from config.presets import make_config
from data.vocab import PAD  # noqa: F401  (re-exported for the tests)
from models.attention import attention_class, registered_attentions
from models.attention.options import parse_options
from models.embedding import POSITIONS
from models.transformer import Transformer, build_model
from util.errors import UserError

V = 23


def tiny(**overrides) -> ModelConfig:
    cfg = dict(d_model=32, n_heads=4, n_encoder_layers=2, n_decoder_layers=2, d_ff=64, dropout=0.0,
               position_dim=8, max_len=32, max_relative=3, src_vocab_size=V, tgt_vocab_size=V)
    return ModelConfig(**{**cfg, **overrides})


# options that make each type's sparse path run at the tests' lengths (5-8 positions)
SMALL_OPTIONS = {"exact-topk": "topk=3", "local": "window=2", "reformer": "rounds=2,buckets=4,chunk=2",
                 "clustered": "clusters=3,iterations=3", "improved-clustered": "clusters=3,iterations=3,topk=3",
                 "conditional-full": "threshold=4,inner=local,window=2", "aft-full": "max_len=32"}


def variants() -> list[tuple[str, str]]:
    """(attention, position) pairs for the tests over every type: every position mode for the first four types; the
    zoo's types (SMALL_OPTIONS) with one added and one concatenated mode (positions live outside the attention),
    and relative where the type takes a score bias (the suite's time is bounded)."""
    pairs = []
    for attention in registered_attentions():
        positions = POSITIONS
        if attention in SMALL_OPTIONS:
            positions = ["sinusoidal-add", "learned-concat"] + ["relative"] * attention_class(attention).supports_bias
        pairs += [(attention, position) for position in positions]
    return pairs


def with_roles(attention: str, **overrides) -> dict:
    """Model fields for `attention` with its small options, `full` in the roles it declares it cannot fill."""
    cls, fields = attention_class(attention), {"attention": attention}
    given = parse_options(SMALL_OPTIONS.get(attention, ""))
    for role, field in (("decoder", "decoder_attention"), ("cross", "cross_attention")):
        if cls.why_not(role, given):
            fields[field] = "full"
    return {**fields, "attention_options": SMALL_OPTIONS.get(attention, ""), **overrides}


def build(attention: str, position: str, **overrides) -> Transformer:
    """A tiny model in eval mode (`with_roles`); combinations an attention declares unsupported must raise, then
    skip."""
    cfg = tiny(position=position, **with_roles(attention, **overrides))
    if position == "relative" and not attention_class(attention).supports_bias:
        with pytest.raises(UserError, match="relative positions"):
            Transformer(cfg)
        pytest.skip(f"{attention} declares no score bias: relative positions unsupported (raises, checked)")
    torch.manual_seed(0)
    return Transformer(cfg).eval()


def tiny_trainable(seed: int = 0, vocab: int = 30, **model) -> tuple[Transformer, Config]:
    """The `tiny` preset's model and full config (optimizer, schedule, precision) over `vocab` ids."""
    torch.manual_seed(seed)
    cfg = make_config("tiny", [f"model.{k}={v}" for k, v in model.items()])
    cfg.model.src_vocab_size = cfg.model.tgt_vocab_size = vocab
    return build_model(cfg.model), cfg


def pairs(n: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """n random (source ids, target ids) pairs of 2-8 ids from 4 to 29 (no specials), for training steps."""
    g = torch.Generator().manual_seed(seed)
    return [(torch.randint(4, 30, (int(torch.randint(2, 9, (1,), generator=g)),), generator=g).tolist(),
             torch.randint(4, 30, (int(torch.randint(2, 9, (1,), generator=g)),), generator=g).tolist())
            for _ in range(n)]
