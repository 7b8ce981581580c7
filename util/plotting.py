"""Plots with matplotlib (imported lazily): training curves and cross-attention heatmaps."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from util.textio import replace_file, split_lines


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def plot_curves(metrics_path: str | Path, out_path: str | Path, loss_label: str = "train loss") -> None:
    """Train loss against step, and val loss / val BLEU against step, from metrics.jsonl; loss_label says what the
    train loss is (training/step.py loss_label). Written whole or not at all: a run draws it again at epoch ends, and
    a kill while it saves leaves the last one."""
    fig = curves_figure(read_records(metrics_path), loss_label)
    png = io.BytesIO()
    try:
        fig.savefig(png, format="png", dpi=100)
    finally:
        _pyplot().close(fig)
    replace_file(out_path, png.getvalue())


def curves_figure(records: list[dict], loss_label: str = "train loss"):
    """The figure of plot_curves: (loss, BLEU) axes. A model of both directions gets one val BLEU curve a direction
    (labelled de→en, en→de) beside their mean, the figure best.pt is chosen by."""
    steps = [r for r in records if r.get("kind") == "step" and _numbers(r, "step", "loss")]
    scored = [r for r in records if _numbers(r, "step", "val_loss", "val_bleu")   # epoch, partial, averaged, ...
              and not str(r.get("kind")).endswith("-best")]      # not best.pt's older weights, scored at the end
    epochs = [r for r in scored if not str(r.get("kind")).endswith("-ema")]
    ema = [r for r in scored if str(r.get("kind")).endswith("-ema")]                 # the weights' EMA (--train.ema)
    plt = _pyplot()
    fig, (ax_loss, ax_bleu) = plt.subplots(1, 2, figsize=(11, 4))
    ax_loss.plot([r["step"] for r in steps], [r["loss"] for r in steps], label=loss_label, alpha=0.7)
    ax_loss.plot([r["step"] for r in epochs], [r["val_loss"] for r in epochs], "o-", label="val loss")
    if ema:
        ax_loss.plot([r["step"] for r in ema], [r["val_loss"] for r in ema], "o--", label="val loss, EMA")
    ax_loss.set_xlabel("step")
    ax_loss.set_ylabel("loss (nats/token)")
    ax_loss.legend()
    each = by_direction(epochs)
    for (direction, points), color in zip(each.items(), ("tab:blue", "tab:orange", "tab:red", "tab:brown")):
        ax_bleu.plot(*zip(*points), "o-", color=color, label=direction.replace("-", "→"))
    ax_bleu.plot([r["step"] for r in epochs], [r["val_bleu"] for r in epochs], "o-" if not each else ".:",
                 color="tab:green", label="mean" if each else "weights")
    if ema:
        ax_bleu.plot([r["step"] for r in ema], [r["val_bleu"] for r in ema], "o--", color="tab:purple",
                     label="EMA, mean" if each else "EMA")
    if ema or each:
        ax_bleu.legend()
    ax_bleu.set_xlabel("step")
    ax_bleu.set_ylabel("val BLEU")
    from matplotlib.ticker import MaxNLocator
    for ax in (ax_loss, ax_bleu):       # whole steps: one validation's point had ticks at 192.5, 197.5 ...
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    fig.tight_layout()
    return fig


def by_direction(records: list[dict]) -> dict[str, list[tuple[int, float]]]:
    """{"de-en": [(step, val BLEU), ...], ...} from the records of a model of both directions; {} for one direction."""
    found: dict[str, list[tuple[int, float]]] = {}
    for r in records:
        each = r.get("val_bleu_by_direction")
        for direction, bleu in (each.items() if isinstance(each, dict) else ()):
            if type(bleu) in (int, float):
                found.setdefault(str(direction), []).append((r["step"], bleu))
    return found


def read_records(path: str | Path) -> list[dict]:
    """The JSON objects of a .jsonl file; a damaged line (cut short, not UTF-8, not JSON) is skipped with a warning:
    a drawing never fails the run that wrote the file."""
    records, bad = [], 0
    for line in split_lines(Path(path).read_bytes().decode("utf-8", "replace")):
        try:
            record = json.loads(line) if line.strip() else None
        except (ValueError, RecursionError):
            record = None
        if isinstance(record, dict):
            records.append(record)
        elif line.strip():
            bad += 1
    if bad:
        print(f"warning: skipped {bad} damaged line(s) of {path} in the curves", file=sys.stderr)
    return records


def _numbers(record: dict, *keys: str) -> bool:
    return all(type(record.get(k)) in (int, float) for k in keys)


def plot_attention(weights, src_tokens: list[str], out_tokens: list[str], out_path: str | Path) -> None:
    """weights: (i, j) cross-attention of output tokens (rows) over source tokens (columns)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(1 + 0.45 * len(src_tokens), 1 + 0.4 * len(out_tokens)))
    ax.imshow(weights, cmap="viridis", aspect="auto")
    ax.set_xticks(range(len(src_tokens)), src_tokens, rotation=60, ha="right")
    ax.set_yticks(range(len(out_tokens)), out_tokens)
    ax.set_xlabel("source")
    ax.set_ylabel("output")
    fig.tight_layout()
    fig.savefig(out_path, dpi=100)
    plt.close(fig)
