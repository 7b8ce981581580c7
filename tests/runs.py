"""What the in-process training tests share: the tiny flags, copies of the session's runs to change, and a run's
records."""
import json
import shutil
from pathlib import Path

TINY = ["--preset", "tiny", "--train.threads=1", "--train.warmup_steps=10"]


def copy_run(trained: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(trained, tmp_path / "run"))


def resume(train_main, root, run, *overrides):
    return train_main(["--resume", str(run), "--data-dir", str(root / "data"), *overrides])


def records_of(run: Path, *kinds: str) -> list[dict]:
    """A run's metrics.jsonl records in order (of the given kinds, where any are named); a damaged line fails the
    test that reads it."""
    found = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines() if line]
    return [r for r in found if not kinds or r["kind"] in kinds]
