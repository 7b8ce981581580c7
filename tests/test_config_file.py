"""training/config_file.py: a resumed run takes what a user edited in its config.json by hand as the same flags,
refuses in one line what cannot change or cannot be used, and never writes over the edit unseen."""
import json

import pytest

from config.presets import make_config
from models.checkpoint import load_checkpoint
from tests.runs import copy_run, resume
from training.config_file import resumed_config
from util.errors import UserError


def edited(tmp_path, change) -> tuple:
    """A run directory whose config.json is the tiny preset's with `change(values)` applied; (dir, saved config)."""
    saved = make_config("tiny")
    values = saved.to_dict()
    change(values)
    (tmp_path / "config.json").write_text(json.dumps(values))
    return tmp_path, saved


def test_train_and_decode_values_edited_by_hand_take_effect(tmp_path, capsys):
    run, saved = edited(tmp_path, lambda v: (v["train"].update(max_steps=7, lr=1, schedule="cosine"),
                                             v["decode"].update(beam=3)))
    cfg = resumed_config(run, saved)
    assert (cfg.train.max_steps, cfg.train.lr, type(cfg.train.lr), cfg.decode.beam) == (7, 1.0, float, 3)
    # each as its flag is typed (not --train.schedule='cosine')
    assert "edited by hand: --train.max_steps=7, --train.lr=1, --train.schedule=cosine, --decode.beam=3 take effect" \
        in capsys.readouterr().err


def test_an_unedited_or_missing_config_json_leaves_last_pts_config(tmp_path):
    run, saved = edited(tmp_path, lambda v: None)
    assert resumed_config(run, saved) == saved
    (run / "config.json").unlink()
    assert resumed_config(run, saved) is saved


@pytest.mark.parametrize("change, message", [
    (lambda v: v["train"].update(lr="fast"), r"config.json, edited by hand: --train.lr='fast' is not a number; "
                                             r"correct it there$"),
    (lambda v: v["train"].update(max_steps=-1), r"config.json, edited by hand: --train.max_steps=-1 must be at "),
    (lambda v: v["train"].update(tensorboard="yes"), r"--train.tensorboard='yes' is not true or false"),
    (lambda v: v["model"].update(d_model=64), r"config.json was edited to --model.d_model=64, which cannot change "
                                              r"when resuming \(the run has --model.d_model=32\); put it back: "
                                              r"only --train.\* and "),
    (lambda v: v["train"].update(init_from="x.pt"),
     r"was edited to --train.init_from=x.pt, which cannot change when resuming \(the run has --train.init_from=\)"),
    (lambda v: v.update(preset="cpu"), r"was edited to preset 'cpu', but the run keeps the preset it started with"),
    (lambda v: v["train"].update(max_step=3), r"config.json: unknown config key train.max_step"),
    (lambda v: v.update(train=[]), r"config.json is not a run's config \(an object of the sections model, data, "),
])
def test_an_edit_that_cannot_be_used_is_one_line_naming_config_json(tmp_path, change, message):
    run, saved = edited(tmp_path, change)
    with pytest.raises(UserError, match=message) as error:
        resumed_config(run, saved)
    assert "\n" not in str(error.value)


def test_config_json_that_is_no_json_says_where_and_how_to_resume(tmp_path):
    (tmp_path / "config.json").write_text('{"train": {"lr": 0.1,}}')
    with pytest.raises(UserError, match=r"config.json is not valid JSON \(.* at line 1\); correct it, or remove it "):
        resumed_config(tmp_path, make_config("tiny"))


def test_config_json_cut_inside_a_string_says_where_the_string_starts_once(tmp_path):
    (tmp_path / "config.json").write_text('{"train": {"lr')
    with pytest.raises(UserError, match=r"not valid JSON \(Unterminated string starting at line 1\); correct it"):
        resumed_config(tmp_path, make_config("tiny"))


def test_a_resumed_run_trains_with_the_edit_and_a_bad_edit_is_refused_with_the_file_kept(root, two_epoch_run,
                                                                                          tmp_path, train_main):
    run = copy_run(two_epoch_run, tmp_path)
    values = json.loads((run / "config.json").read_text())
    values["train"]["lr"] = "fast"
    bad = json.dumps(values)
    (run / "config.json").write_text(bad)
    with pytest.raises(UserError, match=r"edited by hand: --train.lr='fast' is not a number"):
        resume(train_main, root, run)           # was: resumed with last.pt's lr, config.json written over
    assert (run / "config.json").read_text() == bad
    step = load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"]
    values["train"].update(lr=0.002, max_epochs=3, max_steps=step + 1)
    (run / "config.json").write_text(json.dumps(values))
    resume(train_main, root, run)
    state = load_checkpoint(run / "last.pt").raw["train_state"]
    assert state["state"]["step"] == step + 1 and state["schedule"]["base_lrs"] == [0.002, 0.002]
    assert json.loads((run / "config.json").read_text())["train"]["lr"] == 0.002


def test_one_edit_is_named_in_the_singular(tmp_path, capsys):
    run, saved = edited(tmp_path, lambda v: v["train"].update(max_steps=7))
    resumed_config(run, saved)
    assert "edited by hand: --train.max_steps=7 takes effect as that flag would" in capsys.readouterr().err


def test_a_resume_that_fails_before_last_pt_leaves_config_json_so_its_flag_is_no_edit_by_hand(
        root, two_epoch_run, tmp_path, train_main, monkeypatch, capsys):
    """After `--resume RUN --train.max_steps=N` failed (a full disk), config.json held N, and the next resume called
    it edited by hand."""
    import training.save_policy as save_policy
    run, real = copy_run(two_epoch_run, tmp_path), save_policy.save_checkpoint
    before = (run / "config.json").read_text()
    step = load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"]

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(save_policy, "save_checkpoint", full_disk)
    with pytest.raises(UserError, match="No space left on device"):
        resume(train_main, root, run, "--train.max_epochs=3", f"--train.max_steps={step + 1}")
    assert (run / "config.json").read_text() == before
    monkeypatch.setattr(save_policy, "save_checkpoint", real)
    capsys.readouterr()
    resume(train_main, root, run, "--train.max_epochs=3", f"--train.max_steps={step + 2}")
    assert "edited by hand" not in capsys.readouterr().err
    assert load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"] == step + 2
    assert json.loads((run / "config.json").read_text())["train"]["max_steps"] == step + 2


def test_an_edit_made_while_a_resumed_run_trains_is_left_for_the_next_resume(root, two_epoch_run, tmp_path,
                                                                              train_main, monkeypatch):
    """config.json is written with the resumed run's first last.pt: an edit made by hand since the resume began is
    not written over."""
    import training.save_policy as save_policy
    run, real = copy_run(two_epoch_run, tmp_path), save_policy.Checkpoints.write_last
    step = load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"]
    values = json.loads((run / "config.json").read_text())
    values["train"]["lr"] = 0.0005
    edit = json.dumps(values)

    def edited_meanwhile(self, run_now):
        (run / "config.json").write_text(edit)
        real(self, run_now)
    monkeypatch.setattr(save_policy.Checkpoints, "write_last", edited_meanwhile)
    resume(train_main, root, run, "--train.max_epochs=3", f"--train.max_steps={step + 1}")
    assert (run / "config.json").read_text() == edit
