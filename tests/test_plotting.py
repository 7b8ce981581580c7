"""util/plotting.py: the curves are drawn from a damaged metrics log, skipping what cannot be read, and say what
they show."""
import pytest

from tests.runs import TINY
from util.plotting import plot_curves


def test_the_curves_skip_damaged_lines_with_a_warning(tmp_path, capsys):
    log = tmp_path / "metrics.jsonl"
    log.write_bytes(b'{"kind": "step", "step": 1, "loss": 5.0}\n{"kind": "st\xff\n[1, 2]\n{"kind": "epoch"}\n'
                    b'{"kind": "epoch", "step": 1, "val_loss": 4.0, "val_bleu": 1.5}\n{"kind": "step", "ste')
    plot_curves(log, tmp_path / "curves.png")
    assert (tmp_path / "curves.png").stat().st_size > 0
    assert "skipped 3 damaged line(s)" in capsys.readouterr().err


def bleu_lines(records) -> dict:
    from util.plotting import curves_figure
    import matplotlib.pyplot as plt
    fig = curves_figure(records)
    try:
        return {line.get_label(): (list(line.get_xdata()), list(line.get_ydata())) for line in fig.axes[1].get_lines()}
    finally:
        plt.close(fig)


def test_a_model_of_both_directions_gets_a_val_bleu_curve_for_each_direction():
    records = [{"kind": "epoch", "step": s, "val_loss": 3.0, "val_bleu": (a + b) / 2,
                "val_bleu_by_direction": {"de-en": a, "en-de": b}} for s, a, b in ((10, 22.0, 18.0), (20, 33.0, 27.0))]
    lines = bleu_lines(records)
    assert lines == {"de→en": ([10, 20], [22.0, 33.0]), "en→de": ([10, 20], [18.0, 27.0]),
                     "mean": ([10, 20], [20.0, 30.0])}


def test_a_model_of_one_direction_keeps_its_one_val_bleu_curve():
    lines = bleu_lines([{"kind": "epoch", "step": 10, "val_loss": 3.0, "val_bleu": 20.0}])
    assert lines == {"weights": ([10], [20.0])}


@pytest.mark.parametrize("flags, label", [
    (["--train.label_smoothing=0"], "train loss (cross-entropy)"),
    (["--train.label_smoothing=0.1"], "train loss (cross-entropy, label smoothing 0.1)"),
    (["--train.consistency=2.5", "--model.dropout=0.1"],
     "train loss (cross-entropy, + 2.5 × KL while dropout is on (R-Drop))"),
])
def test_curves_png_labels_the_train_loss_as_the_run_computed_it(root, tmp_path, train_main, monkeypatch, flags,
                                                                 label):
    import util.plotting
    drawn, draw = [], util.plotting.curves_figure

    def kept(*args, **kwargs):
        drawn.append(draw(*args, **kwargs))
        return drawn[-1]

    monkeypatch.setattr(util.plotting, "curves_figure", kept)
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(tmp_path / "run"), "--train.max_steps=2",
                "--train.log_every=1", *flags])
    assert (tmp_path / "run" / "curves.png").stat().st_size > 0
    assert drawn[0].axes[0].get_lines()[0].get_label() == label


@pytest.mark.parametrize("every, drawn", [(0.0, True), (3600.0, False)])
def test_curves_png_is_drawn_at_an_epochs_end_once_a_minute_so_a_run_stopped_early_has_it(root, tmp_path, train_main,
                                                                                        monkeypatch, every, drawn):
    import training.loop
    import training.train
    monkeypatch.setattr(training.train, "finish", lambda *args: None)     # as a run stopped after its first epoch
    monkeypatch.setattr(training.loop, "CURVES_EVERY", every)      # drawn again after this long; a run of seconds not
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(tmp_path / "run"), "--train.max_epochs=1"])
    assert (tmp_path / "run" / "best.pt").is_file() and (tmp_path / "run" / "curves.png").is_file() == drawn


def test_the_recorded_train_loss_is_the_token_mean_since_the_last_record_not_one_batchs(root, tmp_path, train_main,
                                                                                        monkeypatch):
    import json
    import training.loop
    losses = iter([(1.0, 10), (3.0, 30)] * 2)
    monkeypatch.setattr(training.loop, "train_step", lambda *args: next(losses))
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(tmp_path / "run"), "--train.max_steps=4",
                "--train.log_every=2"])
    records = [json.loads(line) for line in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()]
    assert [r["loss"] for r in records if r["kind"] == "step"] == [2.5, 2.5]     # (10 + 90) / 40, not 3.0


def test_the_curves_step_axes_have_whole_steps_only():
    # before: a run's one validation (tiny: at step 200) had its step axis ticked 190.0, 192.5, 195.0 ...
    import matplotlib.pyplot as plt
    from util.plotting import curves_figure
    fig = curves_figure([{"kind": "step", "step": 200, "loss": 4.9},
                         {"kind": "partial", "step": 200, "val_loss": 4.7, "val_bleu": 3.9}])
    try:
        ticks = [t for ax in fig.axes for t in ax.get_xticks()]
        assert ticks and all(float(t).is_integer() for t in ticks), ticks
    finally:
        plt.close(fig)
