"""data/tokenize_workers.py: the worker processes, and multiprocessing's resource tracker, end with train.py."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.synthetic import write_corpus

REPO = Path(__file__).resolve().parents[1]


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """A process that has not ended; a zombie (ended, not yet reaped by its new parent) counts as ended."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_kill_9_of_train_py_while_it_tokenizes_leaves_no_worker_and_no_resource_tracker(tmp_path):
    data = write_corpus(tmp_path / "data", {"train": 30000, "val": 10})
    env = {**os.environ, "EINSUM_NMT_CACHE": str(tmp_path / "cache"), "MULTI30K_BASE_URL": "http://127.0.0.1:9/",
           "OMP_NUM_THREADS": "1"}
    train = subprocess.Popen([sys.executable, "train.py", "--preset", "tiny", "--data.workers=2", "--data-dir",
                              str(data), "--out", str(tmp_path / "run")], cwd=REPO, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 120
        while len(children(train.pid)) < 3:        # two workers and the resource tracker
            assert train.poll() is None and time.time() < deadline, train.stderr.read().decode()[-2000:]
            time.sleep(0.05)
        started = children(train.pid)
    finally:
        train.send_signal(signal.SIGKILL)
        train.wait()
    deadline = time.time() + 30
    while any(map(alive, started)) and time.time() < deadline:
        time.sleep(0.1)
    assert [pid for pid in started if alive(pid)] == []


def test_a_worker_is_born_ignoring_ctrl_c_so_a_terminals_ctrl_c_prints_no_traceback_of_its_own():
    from concurrent.futures import ProcessPoolExecutor
    from data.tokenize_workers import _QuietSpawn
    with ProcessPoolExecutor(1, _QuietSpawn()) as pool:
        assert pool.submit(signal.getsignal, signal.SIGINT).result(timeout=60) == signal.SIG_IGN
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler        # the parent's is given back
