"""The hostile sweep's findings about runs (issue 15): damaged run files are repaired or named in one line, a
diverged run stops and leaves no NaN model, resume overrides take effect, checkpoints carry a checksum."""
import json
import shutil
from pathlib import Path

import pytest
import torch

from models.checkpoint import load_checkpoint, save_checkpoint
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


# divergence: stop in one line, never a NaN model on disk

def test_a_diverging_run_stops_with_advice_and_writes_no_nan_model(root, tmp_path, train_main):
    out = tmp_path / "run"
    with pytest.raises(UserError) as error:
        train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.lr=1e9",
                    "--train.clip_norm=0"])
    message = str(error.value)
    assert message.startswith("training diverged at step ") and "\n" not in message
    assert "lower --train.lr (now 1e+09)" in message and "enable --train.clip_norm" in message
    assert not list(out.glob("*.pt")) and not (out / ".lock").exists()


def test_a_checkpoint_with_nan_weights_is_refused_in_one_line_naming_it(trained, tmp_path):
    raw = load_checkpoint(trained / "best.pt").raw
    raw["model"]["encoder_norm.weight"][0] = float("nan")
    del raw["checksum"]                                   # as an older checkpoint, which has none
    torch.save(raw, tmp_path / "nan.pt")
    with pytest.raises(UserError) as error:
        load_checkpoint(tmp_path / "nan.pt")
    assert str(error.value).startswith(f"{tmp_path / 'nan.pt'} holds weights that are not finite (nan in "
                                       "encoder_norm.weight)")
    with pytest.raises(UserError, match="refusing to write .*: the weights are not finite"):
        save_checkpoint(tmp_path / "again.pt", model_state=raw["model"], config=raw["config"],
                        src_vocab=raw["src_vocab"], tgt_vocab=raw["tgt_vocab"])
    assert not (tmp_path / "again.pt").exists()


# integrity: a checksum of the weights in every checkpoint

def test_a_flipped_bit_in_the_weights_is_found_on_load(trained, tmp_path):
    path = Path(shutil.copy(trained / "last.pt", tmp_path / "last.pt"))
    weight = load_checkpoint(path).raw["model"]["encoder.0.ffn.0.weight"]
    data = bytearray(path.read_bytes())
    at = data.find(weight.reshape(-1)[:8].numpy().tobytes())
    assert at > 0
    data[at + 2] ^= 0x10                                  # one bit of the first float's mantissa
    path.write_bytes(bytes(data))
    with pytest.raises(UserError, match=r"last.pt is damaged: its weights do not match the checksum"):
        load_checkpoint(path)


def test_a_checkpoint_without_a_checksum_still_loads(trained, tmp_path):
    raw = load_checkpoint(trained / "best.pt").raw
    del raw["checksum"]
    torch.save(raw, tmp_path / "old.pt")
    assert load_checkpoint(tmp_path / "old.pt").raw["model"].keys() == raw["model"].keys()


# resume: overrides take effect, a finished run adds no records, advice fits the damaged file

def test_schedule_overrides_take_effect_on_resume_and_config_json_says_so(root, trained, tmp_path, train_main,
                                                                       capsys):
    run = copy_run(trained, tmp_path)
    step = load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"]
    resume(train_main, root, run, "--train.lr=0.5", "--train.weight_decay=0.2", "--train.beta2=0.9",
           "--train.max_epochs=3", f"--train.max_steps={step + 1}")
    saved = load_checkpoint(run / "last.pt").raw["train_state"]
    decay, no_decay = saved["optimizer"]["param_groups"]
    assert decay["initial_lr"] == no_decay["initial_lr"] == 0.5 and saved["schedule"]["base_lrs"] == [0.5, 0.5]
    assert (decay["weight_decay"], no_decay["weight_decay"], decay["betas"][1]) == (0.2, 0.0, 0.9)
    assert json.loads((run / "config.json").read_text())["train"]["lr"] == 0.5
    assert "resuming with --train.lr=0.5 (was 0.003)" in capsys.readouterr().out


def test_resuming_a_finished_run_adds_no_duplicate_partial_record(root, tmp_path, train_main):
    run = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(run), "--train.max_steps=3"])
    for _ in range(2):
        resume(train_main, root, run)
    kinds = [json.loads(line)["kind"] for line in (run / "metrics.jsonl").read_text().splitlines()]
    assert kinds.count("partial") == 1


def test_a_truncated_best_pt_while_resuming_says_to_move_it_away(root, trained, tmp_path, train_main):
    run = copy_run(trained, tmp_path)
    (run / "best.pt").write_bytes((run / "best.pt").read_bytes()[:1000])
    with pytest.raises(UserError) as error:
        resume(train_main, root, run, "--train.max_epochs=3")
    assert "best.pt is truncated" in str(error.value) and "move it away and resume again" in str(error.value)
    assert "e.g. last.pt" not in str(error.value)
    (run / "last.pt").write_bytes((run / "last.pt").read_bytes()[:1000])
    with pytest.raises(UserError) as error:
        load_checkpoint(run / "last.pt")
    assert "translate with best.pt" in str(error.value) and "e.g. last.pt" not in str(error.value)
