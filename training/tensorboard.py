"""TensorBoard scalars of a run (--train.tensorboard=true): the metrics.jsonl records, mirrored to <run>/tensorboard/.

    tensorboard --logdir runs/<time>-<preset>/tensorboard
"""
from __future__ import annotations

from pathlib import Path

from util.errors import UserError

VAL = {"val_loss": "val/loss", "val_bleu": "val/bleu"}
# record kind -> {record field: scalar tag}
TAGS = {
    "step": {"loss": "train/loss", "lr": "train/lr", "tokens_per_s": "train/tokens_per_s"},
    "epoch": {**VAL, "train_loss": "train/epoch_loss"},
    "partial": VAL,
    "averaged": {"val_loss": "averaged/val_loss", "val_bleu": "averaged/val_bleu"},
    # --train.final_beam's validation of the final weights on all of val: another search and more sentences than
    # val/*, so a curve of its own
    "final-val": {"val_loss": "final/val_loss", "val_bleu": "final/val_bleu"},
}


def check_tensorboard_installed() -> None:
    """The package is optional: fail before any work when it is asked for and missing."""
    try:
        from torch.utils.tensorboard import SummaryWriter  # noqa: F401
    except ImportError:
        raise UserError("--train.tensorboard=true needs the tensorboard package: pip install tensorboard") from None


class TensorBoardLog:
    """Scalars under run_dir/tensorboard. A resumed run appends, hiding the events a killed session wrote after the
    step it resumes from (purge_step), as metrics.jsonl drops its records after last.pt."""

    def __init__(self, run_dir: Path, resume_step: int | None = None):
        from torch.utils.tensorboard import SummaryWriter
        purge = None if resume_step is None else resume_step + 1
        self.writer = SummaryWriter(log_dir=str(run_dir / "tensorboard"), purge_step=purge)

    def record(self, kind: str, values: dict) -> None:
        if kind not in TAGS or "step" not in values:
            return
        for name, tag in TAGS[kind].items():
            if isinstance(values.get(name), (int, float)):      # an epoch's train_loss may be None
                self.writer.add_scalar(tag, values[name], values["step"])
        if kind != "step":         # epoch ends and the final scores reach the disk at once
            self.writer.flush()

    def close(self) -> None:
        self.writer.close()
