"""training/forecast.py: the run's prediction of its steps, the rules it applies, and a run that makes one."""

import pytest

from config.presets import make_config
from models.attention.base import Attention
from models.dropout import Dropout
from models.transformer import build_model
from models.checkpoint import load_checkpoint
from tests.runs import TINY, records_of, resume
from training.forecast import (CHECK_EVERY, DECAY_STEPS, LONG_DROPOUT, LONG_STEPS, due, forecast, predicted_steps,
                               refined_at, set_dropout)


def test_the_prediction_is_the_speed_so_far_times_the_budget():
    assert predicted_steps(100, 60.0, 1800.0) == 3000
    assert predicted_steps(7, 0.0, 1800.0) == 0


@pytest.mark.parametrize("steps", [0, 2_800, 7_904, LONG_STEPS - 1])
def test_a_run_of_fewer_steps_than_the_long_ones_keeps_the_presets_values(steps):
    made = forecast(steps, 60.0, 60.0, 0.1, 0.3)
    assert (made.steps, made.dropout, made.weight_decay) == (steps, 0.1, 0.3)


def test_a_long_run_gets_more_dropout_and_past_its_steps_a_weight_decay_that_keeps_the_total():
    assert forecast(LONG_STEPS // 30, 60.0, 1800.0, 0.1, 0.3).dropout == LONG_DROPOUT     # 400 steps a minute
    assert forecast(DECAY_STEPS, 60.0, 60.0, 0.1, 0.3).weight_decay == 0.3
    long = forecast(2 * DECAY_STEPS, 60.0, 60.0, 0.1, 0.3)
    assert long.weight_decay == pytest.approx(0.15) and long.dropout == LONG_DROPOUT
    assert forecast(LONG_STEPS, 60.0, 60.0, 0.3, 0.3).dropout == 0.3        # more dropout than the rule's is kept
    assert forecast(400, 60.0, 1800.0, 0.1, 0.3).note().startswith("forecast: 400 steps in 60 s, so the 30-minute "
                                                                   "budget holds about 12,000 steps")


@pytest.mark.parametrize("after, budget, step, made, expected", [
    (60.0, 1800.0, 20, {}, True), (60.0, 1800.0, 21, {}, False), (0.0, 1800.0, 20, {}, False),
    (60.0, 0.0, 20, {}, False), (60.0, 1800.0, 20, {"steps": 5}, False)])
def test_the_forecast_is_checked_every_few_steps_until_made_and_only_with_a_time_budget(after, budget, step, made,
                                                                                       expected):
    assert due(after, budget, step, made) is expected


def test_the_rule_sets_the_dropout_of_residual_branches_not_that_of_attention_weights():
    cfg = make_config("tiny", ["--model.dropout=0.1", "--model.attention_dropout=0.05", "--model.src_vocab_size=50",
                               "--model.tgt_vocab_size=50"])
    model = build_model(cfg.model)
    set_dropout(model, 0.2)
    in_attention = {id(m) for a in model.modules() if isinstance(a, Attention) for m in a.modules()}
    rates = {(id(m) in in_attention, m.p) for m in model.modules() if isinstance(m, Dropout)}
    assert rates == {(False, 0.2), (True, 0.05)}


def test_a_run_with_a_time_budget_forecasts_records_and_keeps_its_forecast_when_resumed(root, tmp_path, train_main,
                                                                                          capsys):
    run = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(run), f"--train.max_steps={CHECK_EVERY + 2}",
                "--train.time_budget=10000000", "--train.max_epochs=1000000", "--train.forecast_after=1e-6"])
    assert f"forecast: {CHECK_EVERY} steps in " in capsys.readouterr().out
    records = records_of(run)
    made = [r for r in records if r["kind"] == "forecast"]
    assert len(made) == 1 and made[0]["step"] == CHECK_EVERY
    steps = made[0]["steps"]
    assert steps > DECAY_STEPS                         # a toy model's speed times 100,000 seconds
    assert made[0]["dropout"] == LONG_DROPOUT and made[0]["weight_decay"] == pytest.approx(1e-4 * DECAY_STEPS / steps)
    saved = load_checkpoint(run / "last.pt").raw
    assert saved["train_state"]["state"]["forecast"]["steps"] == steps
    assert saved["train_state"]["optimizer"]["param_groups"][0]["weight_decay"] == made[0]["weight_decay"]
    assert saved["config"]["model"]["dropout"] == 0.0      # the config says what was asked; the forecast, what ran
    assert f"- forecast: {CHECK_EVERY} steps in " in (run / "MODEL.md").read_text()
    resume(train_main, root, run, f"--train.max_steps={CHECK_EVERY + 3}")   # applied again, not made anew
    records = records_of(run)
    assert [r["kind"] for r in records].count("forecast") == 1
    again = load_checkpoint(run / "last.pt").raw["train_state"]
    assert again["state"]["step"] == CHECK_EVERY + 3
    assert again["optimizer"]["param_groups"][0]["weight_decay"] == made[0]["weight_decay"]


def test_a_run_that_its_epochs_end_before_its_budget_takes_their_steps_and_decays_its_lr_to_zero_there(root, tmp_path,
                                                                                                      train_main):
    run = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(run), "--train.max_epochs=2",
                "--train.time_budget=100000", "--train.forecast_after=1e-6", "--train.schedule=linear"])
    records = records_of(run)
    made, = [r for r in records if r["kind"] == "forecast"]
    last = load_checkpoint(run / "last.pt").raw["train_state"]
    assert made["limit"] == made["steps"] == last["state"]["step"]          # two epochs' steps, all trained
    assert last["schedule"]["last_epoch"] == made["limit"]
    assert [g["lr"] for g in last["optimizer"]["param_groups"]] == [0.0, 0.0]   # the decay ended with the epochs
    assert f"--train.max_epochs ends the run at step {made['limit']:,}" in (run / "MODEL.md").read_text()


def test_epochs_that_end_after_the_budget_change_nothing():
    made = forecast(100, 60.0, 1800.0, 0.1, 0.3, last_step=5000)
    assert (made.steps, made.limit) == (3000, 0)
    assert forecast(100, 60.0, 1800.0, 0.1, 0.3, last_step=2000).limit == 2000


@pytest.mark.parametrize("epochs_done, dropout_after, made, expected", [
    (1, 4, {"steps": 5}, True), (4, 4, {"steps": 5}, True), (5, 4, {"steps": 5}, False), (1, 0, {"steps": 5}, False),
    (1, 4, {}, False)])
def test_an_epochs_end_forecasts_again_until_dropout_starts(epochs_done, dropout_after, made, expected):
    assert refined_at(epochs_done, dropout_after, made) is expected


def test_while_dropout_waits_each_epochs_end_forecasts_again_from_all_the_steps_so_far(root, tmp_path, train_main):
    run = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(run), "--train.max_epochs=4",
                "--train.dropout_after=3", "--train.time_budget=10000000", "--train.forecast_after=1e-6"])
    records = records_of(run)
    made = [r for r in records if r["kind"] == "forecast"]
    ends = [r["step"] for r in records if r["kind"] == "epoch"]
    assert len(ends) == 4 and ends[0] < CHECK_EVERY < ends[1]        # the first forecast comes in the second epoch
    assert [r["step"] for r in made] == [CHECK_EVERY, ends[1], ends[2]]   # then at the ends of epochs 2 and 3
    assert [r["measured"] for r in made] == [r["step"] for r in made]
    seconds = {r["step"]: r["elapsed"] for r in records if r["kind"] == "epoch"}
    assert made[2]["seconds"] == pytest.approx(seconds[ends[2]])          # validation's seconds counted too
    kept = load_checkpoint(run / "last.pt").raw["train_state"]["state"]["forecast"]
    assert kept == {k: v for k, v in made[2].items() if k in kept}
    assert f"- forecast: {ends[2]:,} steps in " in (run / "MODEL.md").read_text()


def test_the_forecast_names_the_budget_it_divides():
    assert "so the 30-minute budget holds about 4,131 steps;" in forecast(140, 61, 1800, 0.1, 0.3).note()
    assert "so the 100-second budget holds about 230 steps;" in forecast(140, 61, 100, 0.1, 0.3).note()
