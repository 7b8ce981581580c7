"""training/schedule.py: with a budget the lr warms up, then decays to zero exactly where the budget ends (in steps or
in the run's seconds); without one it is the inverse-square-root schedule as before; a stopped and resumed run with
the budget-aware schedule and an EMA ends with the weights of a straight run."""
import math

import pytest
import torch

import training.loop as loop
import training.train as training_run
from config.presets import make_config
from models.checkpoint import load_checkpoint
from tests.runs import TINY
from training.schedule import Plan, Schedule, lr_factor, plan_of
from training.stop import StopSignal


def plan(shape="linear", warmup=10, max_steps=0, time_budget=0.0, decay_start=0.0) -> Plan:
    return Plan(shape, warmup, max_steps, time_budget, decay_start)


@pytest.mark.parametrize("shape", ["linear", "cosine"])
def test_a_step_budget_warms_up_then_decays_to_zero_at_its_last_step(shape):
    p = plan(shape, warmup=10, max_steps=100)
    decay = (lambda x: 1 - x) if shape == "linear" else (lambda x: 0.5 * (1 + math.cos(math.pi * x)))
    assert [lr_factor(p, s) for s in (0, 4, 9, 50)] == pytest.approx([0.1, 0.5 * decay(0.04), decay(0.09), 0.5])
    factors = [lr_factor(p, s) for s in range(101)]
    assert all(a >= b for a, b in zip(factors[9:], factors[10:]))          # after warmup it only goes down
    assert factors[99] < 0.011 and factors[100] == 0.0                     # the last step's lr is near zero
    assert lr_factor(p, 150) == 0.0                                        # and stays there after the budget


def test_a_time_budget_decays_in_the_runs_seconds_so_a_slower_machine_decays_as_fast():
    p = plan("linear", warmup=10, time_budget=1800.0)
    assert lr_factor(p, 200, elapsed=900.0) == pytest.approx(0.5)
    assert lr_factor(p, 900, elapsed=900.0) == pytest.approx(0.5)          # 4.5x the steps in the same seconds
    assert lr_factor(p, 300, elapsed=1800.0) == 0.0
    both = plan("linear", warmup=10, max_steps=1000, time_budget=1800.0)   # whichever budget ends first
    assert lr_factor(both, 250, elapsed=1350.0) == pytest.approx(0.25)
    assert lr_factor(both, 750, elapsed=450.0) == pytest.approx(0.25)


def test_decay_start_holds_the_peak_for_that_share_of_the_budget():
    p = plan("linear", warmup=10, max_steps=100, decay_start=0.5)
    assert [lr_factor(p, s) for s in (20, 50, 75, 100)] == pytest.approx([1.0, 1.0, 0.5, 0.0])


def test_without_a_budget_auto_is_the_inverse_square_root_schedule_of_before():
    cfg = make_config("base", ["train.warmup_steps=100", "train.time_budget=0"])
    p = plan_of(cfg.train)
    assert p.shape == "inverse-sqrt"
    for step in (0, 49, 99, 100, 399, 10_000):
        assert lr_factor(p, step) == min((step + 1) / 100, math.sqrt(100 / (step + 1)))
    assert plan_of(make_config("base", ["train.max_steps=940"]).train).shape == "linear"
    cpu = make_config("cpu", []).train          # a time budget: linear to zero where it ends
    assert plan_of(cpu) == Plan("linear", cpu.warmup_steps, 0, 1800.0, 0.0)


@pytest.mark.filterwarnings("ignore:Detected call of")    # no optimizer step is needed here
def test_the_schedule_continues_the_same_curve_from_its_state_and_takes_a_lambdalr_state():
    def optimizer():
        return torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=0.5)

    p = plan("cosine", warmup=3, max_steps=20, time_budget=30.0)
    straight, first = Schedule(optimizer(), p), Schedule(optimizer(), p)
    for n in range(6):
        straight.elapsed = first.elapsed = float(n)
        straight.step()
        first.step()
    resumed = Schedule(optimizer(), p)
    resumed.load_state_dict(first.state_dict())
    assert "plan" not in first.state_dict() and resumed.elapsed == 5.0
    for n in range(6, 20):
        straight.elapsed = resumed.elapsed = float(n)
        straight.step()
        resumed.step()
        assert resumed.get_last_lr() == straight.get_last_lr()
    old = torch.optim.lr_scheduler.LambdaLR(optimizer(), lambda s: 1.0)    # a last.pt from before this schedule
    old.step()
    inverse = Schedule(optimizer(), plan("inverse-sqrt", warmup=3))
    inverse.load_state_dict(old.state_dict())
    assert inverse.last_epoch == 1 and inverse.factor() == pytest.approx(2 / 3)


class StopAfter(StopSignal):
    """A StopSignal the test can reach (`StopAfter.instance`), to request a stop as SIGTERM would."""

    def __enter__(self):
        StopAfter.instance = super().__enter__()
        return self


def test_a_stopped_and_resumed_budget_run_with_ema_ends_with_the_weights_of_a_straight_run(root, tmp_path, train_main,
                                                                                          monkeypatch):
    flags = [*TINY, "--data-dir", str(root / "data"), "--model.dropout=0.1", "--train.max_steps=11",
             "--train.schedule=linear", "--train.ema=0.8", "--train.max_epochs=5", "--train.val_max_sentences=2"]
    train_main([*flags, "--out", str(tmp_path / "straight")])
    steps, real_step = [], loop.train_step

    def step_then_signal(*args):
        steps.append(1)
        if len(steps) == 6:
            StopAfter.instance.requested = True
        return real_step(*args)

    monkeypatch.setattr(training_run, "StopSignal", StopAfter)
    monkeypatch.setattr(loop, "train_step", step_then_signal)
    train_main([*flags, "--out", str(tmp_path / "split")])
    stopped = load_checkpoint(tmp_path / "split" / "last.pt").raw["train_state"]
    assert stopped["state"]["step"] == 6 and stopped["ema"]["updates"] == 6
    monkeypatch.setattr(training_run, "StopSignal", StopSignal)
    train_main(["--resume", str(tmp_path / "split"), "--data-dir", str(root / "data")])
    a, b = (load_checkpoint(tmp_path / run / "last.pt").raw for run in ("straight", "split"))
    assert b["train_state"]["state"]["step"] == 11 and b["train_state"]["optimizer"]["param_groups"][0]["lr"] == 0.0
    for key in a["model"]:
        torch.testing.assert_close(a["model"][key], b["model"][key], atol=1e-6, rtol=0, msg=key)
    for key, value in a["train_state"]["ema"]["weights"].items():
        torch.testing.assert_close(value, b["train_state"]["ema"]["weights"][key], atol=1e-6, rtol=0, msg=key)
