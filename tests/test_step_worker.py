"""bench/step_worker.py, the run `python -m bench.loop --against` times: --dropout as-run steps as train.py's first
epoch does (dropout paused while --train.dropout_after > 0), --dropout on with the model's dropout."""
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import small_corpus_env

REPO = Path(__file__).resolve().parents[1]


def losses(root: Path, dropout: str, p: float, steps: int = 3) -> list[float]:
    """The worker's loss after each of `steps` single steps of the tiny preset on the small corpus, dropout p from
    the second epoch (--train.dropout_after=1)."""
    command = [sys.executable, "-P", str(REPO / "bench" / "step_worker.py"), "--preset", "tiny", "--dropout", dropout,
               "--data-dir", str(root / "data"), "--train.threads=1", "--train.parts=1", f"--model.dropout={p}",
               "--train.dropout_after=1"]
    found = subprocess.run(command, input="1\n" * steps + "\n", capture_output=True, text=True, timeout=120,
                           env={**os.environ, "PYTHONPATH": str(REPO)})
    assert found.returncode == 0, found.stderr[-2000:]
    lines = found.stdout.splitlines()
    assert lines[0] == "ready"
    return [float(line.split()[2]) for line in lines[1:]]


def test_as_run_pauses_dropout_as_the_first_epoch_and_on_keeps_it(small_corpus):
    with small_corpus_env(small_corpus):
        paused = losses(small_corpus, "as-run", 0.5)
        without = losses(small_corpus, "on", 0.0)
        with_dropout = losses(small_corpus, "on", 0.5)
    assert len(paused) == 3
    assert paused == without                 # the same seed and batches: paused dropout draws and drops nothing
    assert with_dropout != without
