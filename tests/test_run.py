"""training/run.py: a diverging run stops in one line with advice and leaves no NaN model."""
import pytest

from tests.runs import TINY
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
