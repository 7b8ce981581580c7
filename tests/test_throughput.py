"""bench/throughput.py: the step it times is the one train.py takes, on a model of both directions too."""
import re

from tests.commands import run


def test_the_utilization_of_a_model_of_both_directions_is_measured_over_each_directions_pieces(synthetic_env):
    proc = run(["-m", "bench.throughput", "--preset", "tiny", "--data.directions=both",
                "--data.units=subword", "--only-mfu", "--batches", "2", "--rounds", "1", "--threads", "1"],
               synthetic_env)
    out = proc.stdout.decode()
    per_token = re.search(r"\(([\d.]+) MFLOP per target token\)", out)
    assert per_token and float(per_token.group(1)) > 0, out
    assert re.search(r"fp32: +[\d.]+ GFLOP/s of a +[\d.]+ GFLOP/s matmul peak", out), out
