"""Training stops and resumes without losing anything; data-parallel ranks stay in sync."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch

from tests.synthetic import write_corpus
from models.checkpoint import load_checkpoint

REPO = Path(__file__).resolve().parents[1]
TINY = ["--preset", "tiny", "--train.threads=1"]


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    root = tmp_path_factory.mktemp("resume")
    data = write_corpus(root / "data", {"train": 400, "val": 30}, seed=1)
    return {**os.environ, "EINSUM_NMT_CACHE": str(root / "cache"), "MULTI30K_DIR": str(data),
            "MULTI30K_BASE_URL": "http://127.0.0.1:9/", "OMP_NUM_THREADS": "1"}


def train(args, env, check=True):
    proc = subprocess.run([sys.executable, "train.py", *args], cwd=REPO, env=env, capture_output=True, timeout=240)
    if check and proc.returncode != 0:
        raise AssertionError(proc.stderr.decode()[-3000:])
    return proc


def weights(path: Path) -> dict:
    return load_checkpoint(path).raw["model"]


def test_resumed_run_continues_the_same_curve(env, tmp_path):
    # dropout on, so the restored RNG state matters too
    common = [*TINY, "--model.dropout=0.1", "--train.max_epochs=3"]
    train([*common, "--out", str(tmp_path / "straight"), "--train.max_steps=14"], env)
    train([*common, "--out", str(tmp_path / "split"), "--train.max_steps=5"], env)
    train(["--resume", str(tmp_path / "split"), "--train.max_steps=14"], env)
    a, b = weights(tmp_path / "straight" / "last.pt"), weights(tmp_path / "split" / "last.pt")
    assert load_checkpoint(tmp_path / "split" / "last.pt").raw["train_state"]["state"]["step"] == 14
    for key in a:
        torch.testing.assert_close(a[key], b[key], atol=1e-6, rtol=0, msg=key)


def test_sigterm_finishes_the_step_writes_last_and_exits_zero(env, tmp_path):
    out = tmp_path / "run"
    proc = subprocess.Popen([sys.executable, "train.py", *TINY, "--out", str(out), "--train.max_epochs=1000",
                             "--train.log_every=1"], cwd=REPO, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    metrics = out / "metrics.jsonl"
    deadline = time.time() + 120
    while not (metrics.exists() and metrics.read_text().count('"step"') >= 3):
        assert proc.poll() is None and time.time() < deadline, proc.stderr.read().decode()[-2000:]
        time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr.decode()[-2000:]
    assert f"python train.py --resume {out}" in stdout.decode()
    saved = load_checkpoint(out / "last.pt").raw["train_state"]["state"]["step"]
    assert saved >= 3
    train(["--resume", str(out), f"--train.max_steps={saved + 2}"], env)
    assert load_checkpoint(out / "last.pt").raw["train_state"]["state"]["step"] == saved + 2


def test_two_process_gloo_run_stays_in_sync_and_writes_one_checkpoint(env, tmp_path):
    out = tmp_path / "ddp"
    proc = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--standalone",
                           "--nproc_per_node=2", "train.py", *TINY, "--out", str(out), "--train.max_steps=6",
                           "--train.device=cpu"], cwd=REPO, env=env, capture_output=True, timeout=240)
    assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    final = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()][-1]
    assert final["kind"] == "final" and final["world_size"] == 2 and final["ranks_in_sync"] is True
    assert sorted(p.name for p in out.glob("*.pt")) == ["best.pt", "last.pt"]
    assert not list(out.glob(".*.tmp")) and not (out / ".lock").exists()   # rank 0 alone locked it, and let go


def epoch_records(run_dir: Path) -> list[dict]:
    lines = (run_dir / "metrics.jsonl").read_text().splitlines()
    return [r for r in map(json.loads, lines) if r["kind"] in ("epoch", "partial")]


def test_a_run_stopped_at_an_epochs_last_batch_ends_that_epoch_and_resumes_in_the_next(env, tmp_path):
    one_epoch = tmp_path / "one"
    train([*TINY, "--out", str(one_epoch), "--train.max_epochs=1"], env)
    steps = load_checkpoint(one_epoch / "last.pt").raw["train_state"]["state"]["step"]
    out = tmp_path / "boundary"
    train([*TINY, "--out", str(out), f"--train.max_steps={steps}"], env)
    state = load_checkpoint(out / "last.pt").raw["train_state"]["state"]
    assert (state["epoch"], state["batch_in_epoch"]) == (1, 0)
    train(["--resume", str(out), f"--train.max_steps={steps + 2}"], env)
    records = epoch_records(out)
    assert [(r["kind"], r["epoch"]) for r in records] == [("epoch", 1), ("partial", 1)]
    assert records[0]["train_loss"] > 0
    assert load_checkpoint(out / "last.pt").raw["train_state"]["state"]["batch_in_epoch"] == 2
