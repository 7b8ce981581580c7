"""Attention options and roles (models/attention/options.py, models/attention/choice.py): typed, checked before any
work in one line, saved with the config, refused where a type cannot work."""
import re

import pytest
import torch

from config import Config
from config.presets import make_config
from models.attention import registered_attentions
from models.attention.choice import attention_roles, check_attentions
from models.attention.options import parse_options
from models.transformer import Transformer
from tests.runs import TINY
from tests.tiny_models import SMALL_OPTIONS, tiny
from util.errors import UserError


def test_options_parse_as_name_value_pairs():
    assert parse_options(" topk=8, window=16,") == {"topk": "8", "window": "16"}
    assert parse_options("") == {}


@pytest.mark.parametrize("model,message", [
    (dict(attention_options="topk"), "--model.attention_options: 'topk' is not NAME=VALUE"),
    (dict(attention_options="topk=2,topk=3"), "topk is given twice (2 and 3)"),
    (dict(attention="exact-topk", attention_options="topk=0"),
     "--model.attention_options: topk=0 must be at least 1 (an option of attention 'exact-topk')"),
    (dict(attention="exact-topk", attention_options="topk=many"), "'many' is not an integer"),
    (dict(attention="exact-topk", attention_options="topkk=4"),
     "no attention in use takes 'topkk' (did you mean topk?)"),
    (dict(attention="reformer", attention_options="buckets=3", decoder_attention="full", cross_attention="full"),
     "buckets=3 must be an even number, at least 2"),
    (dict(attention="reformer"), "attention 'reformer' cannot be decoder (causal) self-attention: it sorts all "
                                 "positions"),
    (dict(attention="reformer", decoder_attention="full"), "--model.cross_attention=NAME"),
    (dict(attention="clustered", decoder_attention="local"), "cannot be cross-attention: it clusters"),
    (dict(decoder_attention="conditional-full", attention_options="inner=aft-simple"),
     "its inner type 'aft-simple' decodes from a state"),
    (dict(decoder_attention="conditional-full", attention_options="inner=conditional-full"), "nest without end"),
    (dict(decoder_attention="aft-full", attention_options="max_len=16"), "max_len=16 must be at least "
                                                                           "--model.max_len=32"),
])
def test_a_bad_option_or_role_is_one_line_naming_what_to_change(model, message):
    with pytest.raises(UserError, match=re.escape(message)) as error:
        Transformer(tiny(**model))
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("flags, message", [
    (["--model.attention=reformer"], "attention 'reformer' cannot be decoder"),
    (["--model.attention=linear", "--model.position=relative"],       # before: refused after the data preparation
     "attention 'linear' does not support relative positions (it takes no score bias) as encoder self-attention; "
     "use --model.attention=full or sdpa"),
    (["--model.decoder_attention=aft-simple", "--model.position=relative"], "as decoder (causal) self-attention; "
                                                                            "use --model.decoder_attention=full"),
])
def test_a_role_refusal_comes_before_any_work(flags, message, tmp_path, train_main):
    with pytest.raises(UserError, match=re.escape(message)):
        train_main([*TINY, *flags, "--out", str(tmp_path / "run"), "--data-dir", str(tmp_path / "no-data")])
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("position", ["sinusoidal-add", "relative"])
@pytest.mark.parametrize("field", ["attention", "decoder_attention", "cross_attention"])
@pytest.mark.parametrize("attention", registered_attentions())
def test_the_model_refuses_only_what_the_check_before_any_work_refuses(attention, field, position):
    cfg = tiny(position=position, attention_options=SMALL_OPTIONS.get(attention, ""), **{field: attention})

    def refusal(make) -> str | None:
        try:
            make()
        except UserError as e:
            return str(e)
        return None
    assert refusal(lambda: check_attentions(cfg)) == refusal(lambda: Transformer(cfg))


def test_each_role_gets_its_type_and_an_option_reaches_every_type_that_declares_it():
    cfg = tiny(attention="clustered", decoder_attention="conditional-full", cross_attention="exact-topk",
               attention_options="clusters=5,threshold=3,inner=exact-topk,topk=2")
    assert attention_roles(cfg) == {"encoder": "clustered", "decoder": "conditional-full", "cross": "exact-topk"}
    model = Transformer(cfg)
    assert model.encoder[0].self_attn.attention.options.clusters == 5
    decoder = model.decoder[0]
    assert decoder.self_attn.attention.options.threshold == 3 and decoder.self_attn.attention.inner.options.topk == 2
    assert decoder.cross_attn.attention.options.topk == 2


def test_options_travel_in_the_saved_config_and_older_configs_without_them_still_load():
    cfg = make_config("tiny", ["model.attention=local", "model.cross_attention=full",
                               "model.attention_options=window=3"])
    saved = Config.from_dict(cfg.to_dict())
    assert (saved.model.attention_options, saved.model.decoder_attention) == ("window=3", "")
    saved.model.src_vocab_size = saved.model.tgt_vocab_size = 20
    assert Transformer(saved.model).encoder[0].self_attn.attention.options.window == 3
    old = cfg.to_dict()
    del old["model"]["attention_options"], old["model"]["decoder_attention"]
    assert Config.from_dict(old).model.attention_options == ""


def test_a_position_table_of_an_attention_is_part_of_the_weights_and_fits_its_option():
    cfg = tiny(attention="aft-full", cross_attention="full", attention_options="max_len=40")
    state = Transformer(cfg).state_dict()
    assert state["encoder.0.self_attn.attention.w"].shape == (40, 40)
    torch.manual_seed(0)
    Transformer(cfg).load_state_dict(state)
    assert check_attentions(cfg) == {"max_len": "40"}


def test_a_model_of_three_zoo_types_trains_saves_its_options_and_translates(root, tmp_path, train_main):
    """reformer encoder, aft-full decoder, exact-topk cross-attention, through train.py and the translator."""
    import json

    from decoding.load import load_translator

    options = "rounds=2,chunk=4,max_len=64,topk=4"
    out = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.max_steps=2",
                "--train.val_max_sentences=4", "--model.attention=reformer", "--model.decoder_attention=aft-full",
                "--model.cross_attention=exact-topk", f"--model.attention_options={options}"])
    assert json.loads((out / "config.json").read_text())["model"]["attention_options"] == options
    translator = load_translator(out / "best.pt")
    assert translator.cfg.model.attention_options == options
    assert len(translator.translate(["Ein Hund läuft ."])) == 1


def test_the_attention_page_zoo_command_builds_the_model_it_describes():
    import shlex

    from tests.page_code import code_block

    command = code_block("python train.py --model.attention=reformer", "docs/ATTENTION.md").replace("\\\n", "")
    flags = [a for a in shlex.split(command) if a.startswith("--model.")]
    cfg = make_config("tiny", flags)
    cfg.model.src_vocab_size = cfg.model.tgt_vocab_size = 20
    model = Transformer(cfg.model)
    assert type(model.decoder[0].cross_attn.attention).__name__ == "ExactTopKAttention"
    assert model.encoder[0].self_attn.attention.options.rounds == 2
