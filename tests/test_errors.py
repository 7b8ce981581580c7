"""Users' mistakes get one clear line and exit status 2, never a traceback; checkpoints never run code."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from config import apply_overrides, make_config
from models.checkpoint import atomic_torch_save, load_checkpoint
from util.errors import UserError

REPO = Path(__file__).resolve().parents[1]


def command(args, tmp_path, **extra_env):
    env = {**os.environ, "EINSUM_NMT_CACHE": str(tmp_path / "cache"), "MULTI30K_BASE_URL": "http://127.0.0.1:9/",
           **extra_env}
    proc = subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


def script(name):
    return str(REPO / name)


def test_missing_checkpoint_says_how_to_train_one(tmp_path):
    line = command([script("translate.py"), "Hallo"], tmp_path)
    assert line.startswith("error: no checkpoint found under runs/") and "python train.py" in line
    line = command([script("evaluate.py"), "--checkpoint", "nope.pt"], tmp_path)
    assert line == "error: no checkpoint at nope.pt — train one with `python train.py`, or pass --checkpoint PATH"


def test_unknown_config_key_names_the_closest(tmp_path):
    line = command([script("train.py"), "--model.atention=full"], tmp_path)
    assert line.startswith("error: unknown config key --model.atention (did you mean --model.attention")


def test_bad_config_value_names_the_type(tmp_path):
    line = command([script("train.py"), "--train.max_steps=many"], tmp_path)
    assert line == "error: bad value for --train.max_steps: 'many' is not a int"


def test_unknown_attention_lists_the_registered_ones(tmp_path):
    from models.attention import registered_attentions
    (tmp_path / "data").mkdir()
    line = command([script("train.py"), "--preset", "tiny", "--model.attention=squre"], tmp_path,
                   MULTI30K_DIR=str(REPO / "tests"))   # fails before any data is needed
    assert "squre" in line and all(name in line for name in registered_attentions())


def test_missing_data_names_file_url_and_directory(tmp_path):
    (tmp_path / "empty").mkdir()
    line = command([script("train.py"), "--preset", "tiny", "--data-dir", str(tmp_path / "empty")], tmp_path)
    assert "train.de.gz" in line and "http://127.0.0.1:9/train.de.gz" in line and str(tmp_path / "empty") in line


class RunsCode:
    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_checkpoint_that_would_run_code_is_refused(tmp_path):
    payload = RunsCode()
    RunsCode.marker = tmp_path / "pwned"
    torch.save({"format": "einsum-nmt/1", "model": payload}, tmp_path / "evil.pt")
    with pytest.raises(UserError, match="refusing to load"):
        load_checkpoint(tmp_path / "evil.pt")
    assert not (tmp_path / "pwned").exists()


def test_truncated_and_foreign_files_are_clear_errors(tmp_path):
    atomic_torch_save({"format": "einsum-nmt/1", "model": {"w": torch.zeros(1000)}}, tmp_path / "good.pt")
    data = (tmp_path / "good.pt").read_bytes()
    (tmp_path / "cut.pt").write_bytes(data[: len(data) // 2])
    with pytest.raises(UserError, match="truncated or not a checkpoint"):
        load_checkpoint(tmp_path / "cut.pt")
    torch.save({"weights": torch.zeros(3)}, tmp_path / "foreign.pt")
    with pytest.raises(UserError, match="not an einsum-nmt checkpoint"):
        load_checkpoint(tmp_path / "foreign.pt")
    (tmp_path / "text.pt").write_text("hello")
    with pytest.raises(UserError):
        load_checkpoint(tmp_path / "text.pt")


def test_config_round_trips_and_rejects_unknown_presets():
    cfg = make_config("cpu", ["--model.attention=linear", "train.max_steps=7"])
    assert type(cfg).from_dict(cfg.to_dict()) == cfg
    with pytest.raises(UserError, match="unknown preset"):
        make_config("huge")


def test_resuming_refuses_model_and_data_overrides():
    cfg = make_config("tiny")
    apply_overrides(cfg, ["--train.max_steps=9"], ("train", "decode"), "when resuming")
    assert cfg.train.max_steps == 9
    with pytest.raises(UserError, match=r"^--model.d_model cannot change when resuming; only --train.\* and"):
        apply_overrides(cfg, ["--model.d_model=64"], ("train", "decode"), "when resuming")
