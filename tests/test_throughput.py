"""bench/throughput.py: the step it times is the one train.py takes, on a model of both directions too."""
import functools
import re

from tests.commands import run


def test_the_utilization_of_a_model_of_both_directions_is_measured_over_each_directions_pieces(synthetic_env,
                                                                                               monkeypatch):
    from bench import throughput          # imported as the command runs: at import it sets what the commands set
    # the peak's 2048-square matmuls cost seconds a precision; its size is no part of what is checked here
    monkeypatch.setattr(throughput, "matmul_peak", functools.partial(throughput.matmul_peak, n=256))
    proc = run(["-m", "bench.throughput", "--preset", "tiny", "--data.directions=both",
                "--data.units=subword", "--only-mfu", "--batches", "2", "--rounds", "1", "--threads", "1"],
               synthetic_env)
    out = proc.stdout.decode()
    per_token = re.search(r"\(([\d.]+) MFLOP per target token\)", out)
    assert per_token and float(per_token.group(1)) > 0, out
    assert re.search(r"fp32: +[\d.]+ GFLOP/s of a +[\d.]+ GFLOP/s matmul peak", out), out
