"""training/run.py: a diverging run stops in one line with advice and leaves no NaN model."""
from types import SimpleNamespace

import pytest

from config import Config, TrainConfig
from tests.runs import TINY
from training.run import check_finite_loss
from util.errors import UserError


def test_a_diverging_run_stops_with_advice_and_writes_no_nan_model(root, tmp_path, train_main):
    out = tmp_path / "run"
    with pytest.raises(UserError) as error:
        train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.lr=1e9",
                    "--train.clip_norm=0"])
    message = str(error.value)
    assert message.startswith("training diverged at step ") and "\n" not in message
    assert "lower --train.lr (now 1e+09)" in message and "enable --train.clip_norm" in message
    assert not list(out.glob("*.pt")) and not (out / ".lock").exists()


@pytest.mark.parametrize("weight_decay, named", [(5.0, True), (0.3, False)])
def test_a_divergence_names_an_unusually_high_weight_decay_first(weight_decay, named):
    run = SimpleNamespace(cfg=Config(train=TrainConfig(weight_decay=weight_decay)), state=SimpleNamespace(step=9),
                          checkpoints=SimpleNamespace(kept=lambda: "there is no last.pt yet"))
    with pytest.raises(UserError) as error:
        check_finite_loss(run, float("nan"))
    advice = str(error.value).split("; ", 1)[1]
    assert advice.startswith("lower --train.weight_decay (now 5, unusually high: ") == named
    assert ("weight_decay" in advice) == named and "lower --train.lr (now 0.001)" in advice
