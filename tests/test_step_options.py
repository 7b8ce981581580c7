"""bench/step_options.py: its variants train the model train.py builds (scoring each direction's pieces) and it
reports their rates and the step's utilization."""
import functools
import re

from tests.commands import run


def test_the_variants_train_the_model_train_py_builds_and_the_utilization_is_reported(synthetic_env, monkeypatch):
    from bench import step_options          # imported as the command runs: at import it sets what the commands set
    # the peak's 2048-square matmuls cost seconds; their size is no part of what is checked here
    monkeypatch.setattr(step_options, "matmul_peak", functools.partial(step_options.matmul_peak, n=256))
    proc = run(["-m", "bench.step_options", "--preset", "tiny", "--data.directions=both",
                "--data.units=subword", "--set", "torch-ops", "--steps", "1", "--rounds", "1",
                "--threads", "1"], synthetic_env)
    out = proc.stdout.decode()
    assert re.search(r"^train\.py +\d+ +1\.000x", out, re.M), out
    assert re.search(r"MFU of train\.py's step: [\d.]+ GFLOP/s", out), out
