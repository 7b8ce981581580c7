"""--train.tensorboard=true mirrors the run's metrics to <run>/tensorboard/; the package stays optional."""
import builtins
import json

import pytest

from tests.synthetic import write_corpus
from util.errors import UserError

pytest.importorskip("tensorboard", reason="tensorboard is an optional package (requirements-extras.txt)")
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator  # noqa: E402

TINY = ["--preset", "tiny", "--train.threads=1", "--train.warmup_steps=10", "--train.log_every=2"]


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    root = tmp_path_factory.mktemp("tensorboard")
    write_corpus(root / "data", {"train": 200, "val": 20})
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EINSUM_NMT_CACHE", str(root / "cache"))
        mp.setenv("MULTI30K_BASE_URL", "http://127.0.0.1:9/")
        mp.delenv("MULTI30K_DIR", raising=False)
        yield root / "data"


def scalars(run) -> dict[str, list[tuple[int, float]]]:
    events = EventAccumulator(str(run / "tensorboard"))
    events.Reload()
    return {tag: [(e.step, e.value) for e in events.Scalars(tag)] for tag in events.Tags()["scalars"]}


def test_a_run_writes_train_and_val_scalars_and_a_resumed_run_appends(train_main, data, tmp_path):
    out = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(data), "--out", str(out), "--train.max_epochs=3",
                "--train.tensorboard=true", "--train.max_steps=6"])
    first = scalars(out)
    assert {"train/loss", "train/lr", "train/tokens_per_s", "val/loss", "val/bleu"} <= set(first)
    assert [step for step, _ in first["train/loss"]] == [2, 4, 6]

    resume = ["--resume", str(out), "--data-dir", str(data)]
    saved = (out / "last.pt").read_bytes()
    train_main([*resume, "--train.max_steps=8"])
    (out / "last.pt").write_bytes(saved)       # as if that session was killed before it saved step 8
    train_main([*resume, "--train.max_steps=10"])
    resumed = scalars(out)
    assert [step for step, _ in resumed["train/loss"]] == [2, 4, 6, 8, 10]      # step 8 once, not twice
    assert resumed["train/loss"][:3] == first["train/loss"]
    assert max(step for step, _ in resumed["val/bleu"]) == 10


def test_the_final_validation_of_a_run_that_ends_inside_an_epoch_is_written_too(train_main, data, tmp_path):
    out = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(data), "--out", str(out), "--train.tensorboard=true", "--train.max_steps=4",
                "--train.final_beam=1"])
    final = [r for r in map(json.loads, (out / "metrics.jsonl").read_text().splitlines()) if r["kind"] == "final-val"]
    written = scalars(out)       # was: train/* alone, the run's only validation missing
    assert written["final/val_bleu"] == [(4, pytest.approx(final[0]["val_bleu"]))]
    assert written["final/val_loss"] == [(4, pytest.approx(final[0]["val_loss"]))]


def test_without_the_package_the_error_says_pip_install_before_any_work(train_main, data, tmp_path, monkeypatch):
    real_import = builtins.__import__

    def no_tensorboard(name, *args, **kwargs):
        if name.startswith(("tensorboard", "torch.utils.tensorboard")):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_tensorboard)
    out = tmp_path / "run"
    with pytest.raises(UserError, match="pip install tensorboard"):
        train_main([*TINY, "--data-dir", str(data), "--out", str(out), "--train.tensorboard=true"])
    assert not out.exists()
