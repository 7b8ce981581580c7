"""The hostile sweep's findings about runs (issue 15): damaged run files are repaired or named in one line, a
diverged run stops and leaves no NaN model, resume overrides take effect, checkpoints carry a checksum."""
import json
import shutil
from pathlib import Path

import pytest

from models.checkpoint import load_checkpoint
from tests.synthetic import write_corpus
from training.rundir import is_record
from util.errors import UserError
from util.plotting import plot_curves

TINY = ["--preset", "tiny", "--train.threads=1", "--train.warmup_steps=10"]


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    write_corpus(root / "data", {"train": 300, "val": 20, "test_2016_flickr": 10})
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EINSUM_NMT_CACHE", str(root / "cache"))
        mp.setenv("MULTI30K_BASE_URL", "http://127.0.0.1:9/")
        mp.delenv("MULTI30K_DIR", raising=False)
        yield root


@pytest.fixture(scope="module")
def trained(train_main, root) -> Path:
    """A finished two-epoch run."""
    out = root / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.max_epochs=2"])
    return out


def copy_run(trained: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(trained, tmp_path / "run"))


def resume(train_main, root, run, *overrides):
    return train_main(["--resume", str(run), "--data-dir", str(root / "data"), *overrides])


# metrics.jsonl

def test_a_cut_and_garbled_metrics_log_is_repaired_on_resume_and_the_curves_are_drawn(root, trained, tmp_path,
                                                                                      train_main, capsys):
    run = copy_run(trained, tmp_path)
    log = run / "metrics.jsonl"
    lines = log.read_bytes().split(b"\n")
    lines[1] = b'{"kind": "step", "loss": \xff\xfe}'                # not UTF-8
    log.write_bytes(b"\n".join(lines)[:-12])                       # the last record cut short, no newline
    assert resume(train_main, root, run, "--train.max_epochs=3") == 0
    assert all(is_record(line) for line in log.read_bytes().split(b"\n")[:-1])
    assert (run / "curves.png").stat().st_size > 0 and "dropped 2 damaged line(s)" in capsys.readouterr().err
    assert resume(train_main, root, run, "--train.max_epochs=4") == 0       # and every later resume too


def test_the_curves_skip_damaged_lines_with_a_warning(tmp_path, capsys):
    log = tmp_path / "metrics.jsonl"
    log.write_bytes(b'{"kind": "step", "step": 1, "loss": 5.0}\n{"kind": "st\xff\n[1, 2]\n{"kind": "epoch"}\n'
                    b'{"kind": "epoch", "step": 1, "val_loss": 4.0, "val_bleu": 1.5}\n{"kind": "step", "ste')
    plot_curves(log, tmp_path / "curves.png")
    assert (tmp_path / "curves.png").stat().st_size > 0
    assert "skipped 3 damaged line(s)" in capsys.readouterr().err
