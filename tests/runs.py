"""What the in-process training tests share: the tiny flags, and copies of the session's runs to change."""
import shutil
from pathlib import Path

TINY = ["--preset", "tiny", "--train.threads=1", "--train.warmup_steps=10"]


def copy_run(trained: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(trained, tmp_path / "run"))


def resume(train_main, root, run, *overrides):
    return train_main(["--resume", str(run), "--data-dir", str(root / "data"), *overrides])
