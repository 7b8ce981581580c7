"""The config's rules: each field carries its rule, validate applies them all, and a saved config
names the keys it does not know instead of dropping them; bad keys and values are refused before anything is
created."""
import re
from dataclasses import fields

import pytest

from config import SECTIONS, Config, DataConfig, Rule
from config.overrides import apply_overrides
from config.presets import make_config
from data.vocab import Vocab
from models.checkpoint import load_checkpoint, save_checkpoint
from tests.commands import command, command_in_process, script
from tests.runs import TINY
from tests.tiny_models import tiny_trainable
from util.errors import UserError


def test_every_config_field_carries_a_rule():
    cfg = Config()
    for section in SECTIONS:
        for f in fields(getattr(cfg, section)):
            assert isinstance(f.metadata.get("rule"), Rule), f"{section}.{f.name} has no rule"


def test_validate_applies_each_fields_own_rule():
    for key, bad in [("data.max_tokens", "0"), ("model.norm", "middle"), ("train.precision", "fp8"),
                     ("data.subword_model", "wordpiece"), ("model.max_len", "2")]:
        with pytest.raises(UserError, match=rf"^--{key}=\S+ must be "):
            make_config("tiny", [f"{key}={bad}"])


@pytest.mark.parametrize("override, message", [
    ("train.seed=100000000000000000000000", "--train.seed=100000000000000000000000 must be from 0 to "
                                            "9223372036854775807"),
    ("train.threads=100000", "--train.threads=100000 must be from 0 to 1024"),
    ("train.threads=-3", "--train.threads=-3 must be from 0 to 1024"),
    ("decode.beam=100000000", "--decode.beam=100000000 must be from 1 to 1000"),
    ("train.val_beam=5000", "--train.val_beam=5000 must be from 1 to 1000"),
    ("train.weight_decay=1e6", "--train.weight_decay=1000000.0 must be from 0 to 10"),     # the weights flip sign
    ("train.weight_decay=1e308", "--train.weight_decay=1e+308 must be from 0 to 10"),
])
def test_values_that_would_crash_later_are_refused_with_their_range(override, message):
    with pytest.raises(UserError) as error:
        make_config("tiny", [override])
    assert str(error.value) == message


def test_a_saved_config_with_an_unknown_key_is_named_not_dropped(tmp_path):
    with pytest.raises(UserError, match=r"^unknown config keys model.d_modle, train.foo; was it written by"):
        Config.from_dict({"model": {"d_modle": 3}, "train": {"foo": 1}})
    model, cfg = tiny_trainable(vocab=6)
    config = cfg.to_dict()
    config["decode"]["beem"] = 4
    vocab = Vocab(["<pad>", "<unk>", "<bos>", "<eos>", "a", "b"]).to_dict()
    save_checkpoint(tmp_path / "typo.pt", model_state=model.state_dict(), config=config, src_vocab=vocab,
                    tgt_vocab=vocab)
    with pytest.raises(UserError, match=r"typo.pt holds a config that cannot be used: unknown config key decode.beem"):
        load_checkpoint(tmp_path / "typo.pt")


def test_help_says_that_max_train_len_0_means_no_limit():
    assert "0 = no limit" in {f.name: f for f in fields(DataConfig)}["max_train_len"].metadata["help"]


def test_fields_earlier_versions_saved_still_load_where_they_change_nothing():
    assert Config.from_dict({"model": {"pad_id": 0}, "data": {"units": "subword"}})
    with pytest.raises(UserError, match="unknown config key model.pad_id"):
        Config.from_dict({"model": {"pad_id": 7}})             # a pad id other than 0 would change the model
    with pytest.raises(UserError, match="unknown config key data.colour"):
        Config.from_dict({"data": {"colour": "blue"}})


def test_unknown_config_key_names_the_closest(tmp_path):
    line = command_in_process([script("train.py"), "--model.atention=full"], tmp_path)
    assert line.startswith("error: unknown config key --model.atention (did you mean --model.attention")


def test_bad_config_value_names_the_type(tmp_path):
    line = command_in_process([script("train.py"), "--train.max_steps=many"], tmp_path)
    assert line == "error: bad value for --train.max_steps: 'many' is not an integer"


@pytest.mark.parametrize("override, message", [
    ("train.accum_steps=0", "--train.accum_steps=0 must be at least 1"),
    ("train.lr=-1", "--train.lr=-1.0 must be above 0"),
    ("train.lr=nan", "--train.lr=nan must be a finite number"),
    ("model.dropout=2", "--model.dropout=2.0 must be in [0, 1)"),
    ("train.log_every=0", "--train.log_every=0 must be at least 1"),
    ("decode.batch_sentences=0", "--decode.batch_sentences=0 must be at least 1"),
    ("train.device=foo", "--train.device=foo must be auto, cpu, cuda or cuda:N"),
    ("model.position=absolute", "--model.position=absolute must be one of sinusoidal-add"),
    ("data.src_lang=zz", "--data.src_lang=zz must be a language spaCy has a tokenizer for: af, "),   # was ImportError
    ("data.tgt_lang=english", "--data.tgt_lang=english must be a language spaCy has a tokenizer for: af, "),
    ("data.max_train_len=100", "--data.max_train_len=100 must be from 1 to 62: a training pair's longer side and "
                               "<bos>/<eos> must fit --model.max_len=64"),        # was a failure at the first long pair
])
def test_a_bad_config_value_is_refused_before_anything_is_created(override, message, root, tmp_path, train_main):
    with pytest.raises(UserError) as error:
        make_config("tiny", [override])
    assert str(error.value).startswith(message) and "\n" not in str(error.value)
    with pytest.raises(UserError, match=re.escape(message)):
        train_main([*TINY, f"--{override}", "--out", str(tmp_path / "run"), "--data-dir", str(root / "data")])
    assert not (tmp_path / "run").exists()


def test_the_config_choices_are_the_ones_the_model_builds():
    from config import ACTIVATIONS, POSITIONS
    from models.layers import ACTIVATIONS as BUILT_ACTIVATIONS
    from models.embedding import POSITIONS as BUILT_POSITIONS
    assert set(ACTIVATIONS) == set(BUILT_ACTIVATIONS) and set(POSITIONS) == set(BUILT_POSITIONS)


def test_config_round_trips_and_rejects_unknown_presets():
    cfg = make_config("cpu", ["--model.attention=linear", "train.max_steps=7"])
    assert type(cfg).from_dict(cfg.to_dict()) == cfg
    with pytest.raises(UserError, match="unknown preset"):
        make_config("huge")


@pytest.mark.parametrize("typed, meant", [("lnog", "long"), ("Tiny", "tiny"), ("30m", "30min"), ("ful", "full")])
def test_an_unknown_preset_names_the_one_it_is_close_to(typed, meant):
    with pytest.raises(UserError, match=rf"unknown preset '{typed}' \(did you mean --preset {meant}\?\)"):
        make_config(typed)


def test_the_long_preset_trains_what_its_figures_command_trained_on_any_machine():
    # docs/RESULTS.md's figures for it come from `--preset cpu` with these flags; a budget of steps, not of seconds
    flags = ["data.directions=both", "train.max_steps=16000", "train.time_budget=0", "model.dropout=0.2"]
    long, measured = make_config("long").to_dict(), make_config("cpu", flags).to_dict()
    assert long.pop("preset") == "long" and measured.pop("preset") == "cpu"
    assert long == measured


def test_resuming_refuses_model_and_data_overrides():
    cfg = make_config("tiny")
    apply_overrides(cfg, ["--train.max_steps=9"], ("train", "decode"), "when resuming")
    assert cfg.train.max_steps == 9
    with pytest.raises(UserError, match=r"^--model.d_model cannot change when resuming; only --train.\* and"):
        apply_overrides(cfg, ["--model.d_model=64"], ("train", "decode"), "when resuming")


def test_decode_settings_check_each_value_by_its_one_rule_and_widen_the_beam_to_n_best():
    from config import DecodeConfig
    from config.checks import BrokenRule, decode_settings
    assert decode_settings(DecodeConfig(), n_best=8).beam == 8
    assert decode_settings(DecodeConfig(beam=5), beam=2, max_len=7) == DecodeConfig(beam=2, max_len_a=0.0, max_len_b=7)
    for changes, key in (({"length_penalty": 1e9}, "decode.length_penalty"), ({"beam": 0}, "decode.beam"),
                         ({"n_best": 0}, "decode.n_best"), ({"max_len": 0}, "decode.max_len_b")):
        with pytest.raises(BrokenRule) as error:
            decode_settings(DecodeConfig(), **changes)
        assert error.value.key == key
    with pytest.raises(UserError, match="--decode.n_best=3 must be at most --decode.beam=2"):
        make_config("base", ["decode.n_best=3", "decode.beam=2"])


def test_a_schedule_that_ends_needs_a_budget_and_a_config_saved_before_schedules_keeps_inverse_sqrt():
    with pytest.raises(UserError, match=r"^--train.schedule=cosine decays to zero where the run ends: give "
                                        r"--train.max_steps or --train.time_budget"):
        make_config("base", ["train.schedule=cosine"])
    assert make_config("base", ["train.schedule=cosine", "train.max_steps=10"]).train.schedule == "cosine"
    assert Config.from_dict({"train": {"lr": 0.002, "time_budget": 1800.0}}).train.schedule == "inverse-sqrt"


@pytest.mark.parametrize("override, message", [
    ("data.units=word", "--data.directions=both writes both languages from one vocabulary of subword pieces"),
    ("data.shared_vocab=false", "--data.directions=both writes both languages from one vocabulary of subword pieces"),
    ("data.tgt_lang=de", "--data.directions=both needs two languages"),
])
def test_a_model_of_both_directions_needs_one_subword_vocabulary_of_two_languages(override, message):
    make_config("base", ["data.directions=both"])
    with pytest.raises(UserError, match=f"^{message}"):
        make_config("base", ["data.directions=both", override])


def test_the_default_preset_is_the_30_minute_recipe_of_both_directions():
    # README's first table comes from `python train.py` with no flags: the cpu recipe, both directions, 30 minutes
    default, measured = make_config().to_dict(), make_config("cpu", ["data.directions=both"]).to_dict()
    assert default.pop("preset") == "30min" and measured.pop("preset") == "cpu"
    assert default == measured
    assert default["data"]["directions"] == "both" and default["train"]["time_budget"] == 1800


def test_help_lists_every_preset_with_its_purpose_and_the_default_first():
    from config.presets import DEFAULT_PRESET, PRESETS, help_text
    listed = help_text().split("presets (")[1].splitlines()[1:]
    assert [line.split()[0] for line in listed] == [DEFAULT_PRESET, *(p for p in PRESETS if p != DEFAULT_PRESET)]
    assert all(len(line.split(maxsplit=1)[1]) > 20 for line in listed)


def test_help_shows_each_fields_rule_as_the_readme_says():
    """was: --help gave each field's purpose alone; --train.lr=-1 was the first a user heard of 'above 0'"""
    from config.presets import help_text
    lines = {line[2:].split("=")[0]: line for line in help_text().splitlines() if line[2:].startswith("--")}
    assert lines["--train.lr"].endswith("; must be above 0")
    assert lines["--train.seed"].endswith(f"; must be from 0 to {2 ** 63 - 1}")
    assert lines["--model.max_len"].endswith("; must be at least 3 (<bos>, a token, <eos>)")
    assert lines["--model.activation"].endswith("relu | gelu | swiglu")          # the choices are its rule


def test_help_shows_the_values_of_the_chosen_preset_and_marks_those_it_changes_from_base():
    """was: `train.py --preset long --help` listed base's values (max_steps 0, attention full), not long's"""
    from config.presets import help_text
    lines = help_text("long").splitlines()
    assert "* --train.max_steps=16000" in [line[:25] for line in lines] and lines[0].startswith(
        "config fields, as preset long sets them")
    assert any(line.startswith("  --model.d_model=256 ") for line in lines)              # as base: no mark
    assert not [line for line in help_text("base").splitlines() if line.startswith("* ")]
    assert "* --train.time_budget=1800 " in help_text()                                  # no --preset: the default's


def test_help_shows_each_value_as_it_is_typed_and_each_shown_flag_gives_that_value_back():
    """was: --model.attention='sdpa', --model.share_embeddings=True, --data.train='' (Python's repr)"""
    from config.overrides import SET_BY_INIT
    from config.presets import PRESETS, help_text
    for preset in PRESETS:
        shown = [line[2:].split()[0] for line in help_text(preset).splitlines() if line[2:].startswith("--")]
        typed = [flag for flag in shown if flag.split("=")[0][2:] not in SET_BY_INIT]
        assert len(typed) == len(shown) - len(SET_BY_INIT) > 50
        assert make_config(preset, typed).to_dict() == make_config(preset).to_dict()
    text = help_text("30min")
    for flag in ("--model.attention=sdpa ", "--model.share_embeddings=true ", "--data.lowercase=false ",
                 "--data.train= ", "--train.time_budget=1800 "):
        assert flag in text


def test_train_help_with_a_preset_lists_that_presets_values_and_an_unknown_one_is_one_line(synthetic_env):
    from tests.commands import run
    shown = run(["train.py", "--help", "--preset", "tiny"], synthetic_env).stdout.decode()
    assert "* --model.d_model=32 " in shown and "* --data.units=word " in shown
    failed = run(["train.py", "--preset", "nope", "--help"], synthetic_env, check=False)
    assert failed.returncode == 2 and failed.stderr.decode().startswith("error: unknown preset 'nope'; choose one")


def test_python_m_config_lists_the_presets_and_prints_the_config_train_py_starts_with(capsys):
    import json
    from config.__main__ import main
    from config.presets import PRESETS
    main([])
    listed = capsys.readouterr().out.splitlines()[1:]
    assert [line.split()[0] for line in listed] == ["30min", *(p for p in PRESETS if p != "30min")]
    main(["--preset", "long", "--train.lr=1e-3"])
    assert json.loads(capsys.readouterr().out) == make_config("long", ["--train.lr=1e-3"]).to_dict()


@pytest.mark.parametrize("flags", [["--preset", "nope"], ["--preset", "long", "--train.lrr=1"],
                                   ["--train.lr=x"], ["--preset"]])
def test_python_m_config_refuses_a_mistake_in_train_pys_own_words(flags, train_main):
    from config.__main__ import main
    with pytest.raises(UserError) as ours:
        main(flags)
    with pytest.raises(UserError) as trains:
        train_main(flags)
    said = [re.sub(r"`python .* --help`", "--help", str(e.value)) for e in (ours, trains)]    # each names its own
    assert said[0] == said[1]


def test_python_m_config_is_a_command_one_line_and_exit_status_2(tmp_path):
    from tests.commands import REPO
    line = command(["-m", "config", "--preset", "finetune"], tmp_path, PYTHONPATH=str(REPO))
    assert line.startswith("error: --preset finetune is the recipe of train.py --init CHECKPOINT")


def test_the_tiny_preset_is_a_smoke_run_that_its_steps_end_within_an_epoch_validated_and_saved(root, tmp_path,
                                                                                               train_main):
    """was: 20 epochs, about 10 minutes of one thread on Multi30K, for README's smoke run in seconds"""
    from tests.runs import records_of
    limit, run = make_config("tiny").train.max_steps, tmp_path / "run"
    assert limit > 0
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(run),
                "--data.max_tokens=1"])               # a batch a pair: an epoch longer than the preset's steps
    records = records_of(run)
    assert [(r["kind"], r["step"], r.get("epoch")) for r in records if r["kind"] in ("epoch", "partial", "final")] \
        == [("partial", limit, 0), ("final", limit, None)]
    assert all((run / name).is_file() for name in ("best.pt", "last.pt", "MODEL.md"))


def test_a_training_pair_longer_than_the_position_table_is_refused_before_any_work_not_when_loading(tmp_path):
    for overrides, longest in (([], 62), (["data.directions=both"], 61)):
        subword = ["data.units=subword", *overrides]
        assert make_config("tiny", subword).data.max_train_len <= longest      # the tiny preset fits either units
        for too_long in (longest + 1, 0):                                      # 0: no limit
            with pytest.raises(UserError, match=rf"^--data.max_train_len={too_long} must be from 1 to {longest}: "):
                make_config("tiny", [*subword, f"data.max_train_len={too_long}"])
        assert make_config("tiny", [*subword, f"data.max_train_len={longest}"]).data.max_train_len == longest
    model, cfg = tiny_trainable(vocab=6)
    cfg.data.max_train_len = 100           # a trained model's config from before the rule: translating never reads it
    vocab = Vocab(["<pad>", "<unk>", "<bos>", "<eos>", "a", "b"]).to_dict()
    save_checkpoint(tmp_path / "m.pt", model_state=model.state_dict(), config=cfg.to_dict(), src_vocab=vocab,
                    tgt_vocab=vocab)
    assert load_checkpoint(tmp_path / "m.pt").cfg.data.max_train_len == 100


@pytest.mark.parametrize("preset, overrides, recipe", [
    (None, [], "30min"),
    ("cpu", ["data.directions=both"], "30min"),                      # the same config, named as the default
    ("cpu", ["data.directions=both", "train.max_steps=16000", "train.time_budget=0", "model.dropout=0.2"], "long"),
    (None, ["train.max_steps=8000", "train.time_budget=0", "train.threads=1", "train.seed=3"],
     "30min --train.max_steps=8000 --train.time_budget=0"),          # threads and seed do not change the recipe
    ("tiny", ["data.units=subword"], "tiny --data.units=subword"),
])
def test_the_recipe_of_a_config_is_the_nearest_preset_and_the_flags_that_change_it(preset, overrides, recipe):
    from config.presets import recipe_of
    assert recipe_of(make_config(preset, overrides)) == recipe


def test_a_misspelt_section_is_an_unknown_key_with_the_closest_not_one_that_cannot_change():
    with pytest.raises(UserError, match=r"^unknown config key --modell.d_model \(did you mean --model.d_model"):
        make_config("tiny", ["--modell.d_model=64"])        # was: "--modell.d_model cannot change here; only ..."
    with pytest.raises(UserError, match=r"^unknown config key --trian.max_steps \(did you mean --train.max_steps"):
        apply_overrides(make_config("tiny"), ["--trian.max_steps=9"], ("train", "decode"), "when resuming")


@pytest.mark.parametrize("key", ["train.init_from", "train.init_sha256"])
def test_where_the_weights_came_from_is_set_by_init_alone_never_by_hand(key):
    with pytest.raises(UserError, match=rf"^--{key} is set by --init CHECKPOINT, not by hand$"):
        make_config("tiny", [f"--{key}=x.pt"])        # was: accepted, the run's config naming weights it never had
    with pytest.raises(UserError, match=rf"^--{key} is set by --init CHECKPOINT, not by hand$"):
        apply_overrides(make_config("tiny"), [f"--{key}=x.pt"], ("train", "decode"), "when resuming")


def preset_parser():
    """A command's own flags as train.py's parser has them: --preset (its config fields are overrides)."""
    from argparse import ArgumentParser
    parser = ArgumentParser()
    parser.add_argument("--preset")
    return parser


@pytest.mark.parametrize("argv, said", [(["--train.lr", "0.1"], "--train.lr 0.1: a config field takes its value "
                                         "after '=': --train.lr=0.1"),
                                        (["--preset", "tiny", "--train.lr", "-1"], "--train.lr=-1")])
def test_a_config_field_given_its_value_after_a_space_is_told_to_write_it_with_an_equals_sign(argv, said):
    from config.overrides import split_overrides
    parser = preset_parser()
    with pytest.raises(UserError, match=re.escape(said)):
        split_overrides(argv, parser)
    assert split_overrides(["--train.lr=0.1", "--preset", "tiny"], parser)[1] == ["--train.lr=0.1"]


@pytest.mark.parametrize("argv, said", [
    (["--preset", "tiny", "--preset", "long"], "--preset is given twice ('tiny' and 'long')"),
    (["--preset=tiny", "--train.lr=1", "--preset", "long"], "--preset is given twice ('tiny' and 'long')")])
def test_a_preset_given_twice_with_two_values_is_refused_not_the_last_taken(argv, said):
    """was: --preset tiny --preset long trained the 2-hour long preset, the smoke run dropped without a word"""
    from config.overrides import split_overrides
    parser = preset_parser()
    with pytest.raises(UserError, match=re.escape(said)):
        split_overrides(argv, parser)
    args, overrides = split_overrides(["--preset", "tiny", "--preset=tiny", "--train.lr=1", "--train.lr=2"], parser)
    assert args.preset == "tiny" and overrides == ["--train.lr=1", "--train.lr=2"]       # an override: the last holds


@pytest.mark.parametrize("flag, said", [("--max_steps=5", "--max_steps is no flag; config fields are named with "
                                                           "their section: --train.max_steps=5"),
                                        ("--lr=0.1", "--train.lr=0.1"), ("--time-budget=60", "--train.time_budget=60")])
def test_a_config_field_without_its_section_names_the_flag_meant(flag, said):
    """was: 'unrecognized arguments: --max_steps=5', no word of --train.max_steps"""
    from cli import CommandParser
    from config.overrides import split_overrides
    parser = CommandParser(None)
    parser.add_argument("--preset")
    with pytest.raises(UserError, match=re.escape(said)):
        split_overrides(["--preset", "tiny", flag], parser)
