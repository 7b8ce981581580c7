"""bench/step_worker.py, the run `python -m bench.loop --against` times: --dropout as-run steps as train.py's first
epoch does (dropout paused while --train.dropout_after > 0), --dropout on with the model's dropout."""
import contextlib
import io
import sys
import tempfile
from pathlib import Path

import pytest
import torch

from tests.conftest import small_corpus_env


def losses(root: Path, dropout: str, p: float, steps: int = 3) -> list[float]:
    """The worker's loss after each of `steps` single steps of the tiny preset on the small corpus, dropout p from
    the second epoch (--train.dropout_after=1). Its main in this process (the worker's own process would only add
    seconds of start-up: what it runs is the same), fed its stdin lines as bench.loop feeds them."""
    from bench import step_worker

    argv = ["step_worker.py", "--preset", "tiny", "--dropout", dropout, "--data-dir", str(root / "data"),
            "--train.threads=1", "--train.parts=1", f"--model.dropout={p}", "--train.dropout_after=1"]
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "argv", argv)
        mp.setattr(sys, "stdin", io.StringIO("1\n" * steps + "\n"))
        mp.setattr(tempfile, "tempdir", str(root))                     # its run directory, not one in /tmp left
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
                step_worker.main()
        finally:
            torch.set_flush_denormal(False)                 # as build_run leaves it in its own process
    lines = out.getvalue().splitlines()
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
