"""bench/step_worker.py, the run `python -m bench.loop --against` times: --dropout as-run steps as train.py's first
epoch does (dropout paused while --train.dropout_after > 0), --dropout on with the model's dropout."""
import contextlib
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import torch

from tests.conftest import small_corpus_env

REPO = Path(__file__).resolve().parents[1]


def losses(root: Path, dropout: str, p: float, scratch: Path, process: bool = False, steps: int = 3) -> list[float]:
    """The worker's loss after each of `steps` single steps of the tiny preset on the small corpus, dropout p from
    the second epoch (--train.dropout_after=1), fed its stdin lines as bench.loop feeds them: in a process started
    as bench.loop starts it (process=True), else its main in this process (the same run, without seconds of
    start-up), its run directory in `scratch`."""
    flags = ["--preset", "tiny", "--dropout", dropout, "--data-dir", str(root / "data"), "--train.threads=1",
             "--train.parts=1", f"--model.dropout={p}", "--train.dropout_after=1"]
    stdin = "1\n" * steps + "\n"
    if process:
        found = subprocess.run([sys.executable, "-P", str(REPO / "bench" / "step_worker.py"), *flags], input=stdin,
                               capture_output=True, text=True, timeout=120,
                               env={**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(scratch)})
        assert found.returncode == 0, found.stderr[-2000:]
        lines = found.stdout.splitlines()
    else:
        from bench import step_worker
        out = io.StringIO()
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(sys, "argv", ["step_worker.py", *flags])
            mp.setattr(sys, "stdin", io.StringIO(stdin))
            mp.setattr(tempfile, "tempdir", str(scratch))
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                    step_worker.main()
            finally:
                torch.set_flush_denormal(False)                 # as build_run set it, for this process's next test
        lines = out.getvalue().splitlines()
    assert lines[0] == "ready"
    return [float(line.split()[2]) for line in lines[1:]]


def test_as_run_pauses_dropout_as_the_first_epoch_and_on_keeps_it(small_corpus, tmp_path):
    with small_corpus_env(small_corpus):
        paused = losses(small_corpus, "as-run", 0.5, tmp_path)
        without = losses(small_corpus, "on", 0.0, tmp_path, process=True)      # the worker as bench.loop starts it
        with_dropout = losses(small_corpus, "on", 0.5, tmp_path)
    assert len(paused) == 3
    assert paused == without                 # the same seed and batches: paused dropout draws and drops nothing
    assert with_dropout != without
