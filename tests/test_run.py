"""training/run.py: a diverging run stops in one line with advice and leaves no NaN model; a stop signal is announced
at once, and later ones cannot break the save it promised."""
import signal

import pytest

from tests.runs import TINY
from training.run import StopSignal
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


def test_the_first_ctrl_c_says_what_it_waits_for_and_a_second_one_is_announced_not_raised(capfd):
    handlers = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        with StopSignal(lambda: "finishing step 8 (about 0.4 s), then writing last.pt (about 1.2 s)") as stop:
            signal.raise_signal(signal.SIGINT)
            assert stop.requested
            assert capfd.readouterr().err == ("\nstopping: finishing step 8 (about 0.4 s), then writing last.pt "
                                              "(about 1.2 s); Ctrl-C again will not interrupt the save\n")
            signal.raise_signal(signal.SIGINT)              # before: a KeyboardInterrupt, and no last.pt
            signal.raise_signal(signal.SIGTERM)
            assert capfd.readouterr().err.count("still stopping and writing last.pt: this signal is ignored") == 2
        assert signal.getsignal(signal.SIGINT) == signal.getsignal(signal.SIGTERM) == signal.SIG_IGN  # to the end
    finally:
        signal.signal(signal.SIGINT, handlers[0])
        signal.signal(signal.SIGTERM, handlers[1])
