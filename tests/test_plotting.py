"""util/plotting.py: the curves are drawn from a damaged metrics log, skipping what cannot be read."""
from util.plotting import plot_curves


def test_the_curves_skip_damaged_lines_with_a_warning(tmp_path, capsys):
    log = tmp_path / "metrics.jsonl"
    log.write_bytes(b'{"kind": "step", "step": 1, "loss": 5.0}\n{"kind": "st\xff\n[1, 2]\n{"kind": "epoch"}\n'
                    b'{"kind": "epoch", "step": 1, "val_loss": 4.0, "val_bleu": 1.5}\n{"kind": "step", "ste')
    plot_curves(log, tmp_path / "curves.png")
    assert (tmp_path / "curves.png").stat().st_size > 0
    assert "skipped 3 damaged line(s)" in capsys.readouterr().err
