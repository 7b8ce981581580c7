"""training/rundir.py: a kill between the best and last checkpoints loses nothing (a real process), a run directory
has one owner (training/run_lock.py), a damaged metrics log is repaired on resume. (What only needs to be checked
afterwards runs in this process: it is faster.)"""
import contextlib
import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import train
from config.presets import make_config
from models.checkpoint import load_checkpoint
from models.resume_command import resume_command
from tests.runs import copy_run, records_of, resume
from tests.synthetic import offline_env, run_train, use_offline_env, write_corpus
from training.run_lock import LOCK_NAME, RunDirLock
from training.rundir import claim_run_dir, is_record
from training.save_policy import Checkpoints
from util.errors import UserError

REPO = Path(__file__).resolve().parents[1]

# Kills the process (SIGKILL, nothing runs after it) just before last.pt is renamed into place, the first time that
# follows a new best.pt while an older last.pt exists: the moment between the two writes of an improving epoch.
KILL_BETWEEN_BEST_AND_LAST = """
import os
import signal

_replace, _seen = os.replace, {"best": False, "last": 0}


def _replace_or_die(src, dst, *args, **kwargs):
    name = os.path.basename(dst)
    if name == "last.pt":
        if _seen["best"] and _seen["last"]:
            os.kill(os.getpid(), signal.SIGKILL)
        _seen["last"], _seen["best"] = _seen["last"] + 1, False
    result = _replace(src, dst, *args, **kwargs)
    _seen["best"] = _seen["best"] or name == "best.pt"
    return result


os.replace = _replace_or_die
"""


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    root = tmp_path_factory.mktemp("rundir")
    return offline_env(root / "cache", write_corpus(root / "data", {"train": 600, "val": 30}, seed=1))


def test_a_kill_between_best_and_last_keeps_the_best_and_resume_knows_it(env, tmp_path, monkeypatch, capsys,
                                                                          train_main):
    killer, run = tmp_path / "killer.py", tmp_path / "run"
    killer.write_text(KILL_BETWEEN_BEST_AND_LAST)
    killed = run_train(["--preset", "tiny", "--train.threads=1", "--train.warmup_steps=10",
                            "--train.max_epochs=8", "--out", str(run), "--user-module", str(killer)], env)
    assert killed.returncode == -signal.SIGKILL, "no epoch after the first improved: " + killed.stderr.decode()[-500:]
    best, last = load_checkpoint(run / "best.pt").raw["info"], load_checkpoint(run / "last.pt").raw["train_state"]["state"]
    assert best["step"] > last["step"] and best["val_bleu"] > last["best_bleu"]   # best.pt is ahead of last.pt
    assert list(run.glob(".last.pt.*.tmp"))                                       # and the kill left a temp file

    use_offline_env(monkeypatch, env)
    train_main(["--resume", str(run), f"--train.max_epochs={best['epoch']}"])     # in-process: faster
    assert "removed 1 half-written file(s)" in capsys.readouterr().err
    assert not list(run.glob(".*.tmp")) and not (run / LOCK_NAME).exists()
    epochs = records_of(run, "epoch", "partial", "averaged")
    assert [r["epoch"] for r in epochs] == list(range(1, best["epoch"] + 1))   # the redone epoch is recorded once
    assert epochs[-1]["val_bleu"] == best["val_bleu"]                           # and is exactly the one best.pt holds
    redone = load_checkpoint(run / "best.pt").raw["info"]       # its card names the resume too (training/card.py)
    assert redone.pop("card")["best"] == best.pop("card")["best"] and redone == best
    assert records_of(run, "final")[0]["best_bleu"] == best["val_bleu"]


@contextlib.contextmanager
def held_by_another_process(run):
    """run's lock held by another live process, as a run that trains holds it: -> that process's pid."""
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time; from training.run_lock import RunDirLock; "
                               "RunDirLock(sys.argv[1]).acquire(); print('locked', flush=True); time.sleep(120)",
                               str(run)], cwd=REPO, stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline() == b"locked\n"
        yield holder.pid
    finally:
        holder.kill()
        holder.wait()


def test_a_run_directory_has_one_owner_and_a_dead_owners_lock_is_taken_over(env, tmp_path):
    run = tmp_path / "run"
    with held_by_another_process(run) as pid:
        with pytest.raises(UserError, match=rf"^{run} is in use by another run \(pid {pid} on .*\); wait for "
                                            "it to end, or choose another --out$"):
            train.main(["--preset", "tiny", "--out", str(run)])
    assert f"pid {pid} " in (run / LOCK_NAME).read_text()        # a stale lock of a dead process
    with RunDirLock(run) as lock:
        assert lock.previous_owner.startswith(f"pid {pid} ")
        assert (run / LOCK_NAME).read_text().startswith(f"pid {os.getpid()} ")
    assert not (run / LOCK_NAME).exists()


def test_a_cut_and_garbled_metrics_log_is_repaired_on_resume_and_the_curves_are_drawn(root, two_epoch_run, tmp_path,
                                                                                      train_main, capsys):
    run = copy_run(two_epoch_run, tmp_path)
    log = run / "metrics.jsonl"
    lines = log.read_bytes().split(b"\n")
    lines[1] = b'{"kind": "step", "loss": \xff\xfe}'                # not UTF-8
    log.write_bytes(b"\n".join(lines)[:-12])                       # the last record cut short, no newline
    assert resume(train_main, root, run, "--train.max_epochs=3") == 0
    assert all(is_record(line) for line in log.read_bytes().split(b"\n")[:-1])
    assert (run / "curves.png").stat().st_size > 0 and "dropped 2 damaged line(s)" in capsys.readouterr().err
    assert resume(train_main, root, run, "--train.max_epochs=4") == 0       # and every later resume too


@pytest.mark.parametrize("files, message", [
    ((), r"there is no run to continue \(no last.pt, no config.json: it stopped while its data was prepared, or this "
         r"is not a run directory\); start a new one with `python train.py --out "),
    (("config.json", "metrics.jsonl"), r"the run stopped before its first checkpoint \(last.pt is written at each "
                                       r"epoch's end and every --train.save_every minutes\), so there is nothing to "
                                       r"continue; start it again with `python train.py --out "),
    (("config.json", "best.pt"), r"it has best.pt but no last.pt \(the training state\), so the run cannot continue; "
                                 r"to train on from best.pt's weights, start a new run with `python train.py --init "),
    # an export's config.json is CTranslate2's: it said the run stopped before its first checkpoint, to train into it
    (("ct2 config.json", "einsum_nmt.json", "model.bin"), r"that is not a run directory \(its config.json is not one "
                                                           r"train.py wrote; an export.py directory, perhaps\)"),
])
def test_resume_without_last_pt_says_what_happened_and_what_to_do(files, message, tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    for name in files:
        text = make_config("tiny").to_json() if name == "config.json" else '{"bos_token": "<s>"}' if "ct2" in name \
            else ""
        (run / name.split()[-1]).write_text(text)
    with pytest.raises(UserError, match=rf"^--resume {run}: {message}"):
        train.main(["--resume", str(run)])
    with pytest.raises(UserError, match=rf"^--resume {tmp_path / 'typo'}: no such directory"):
        train.main(["--resume", str(tmp_path / "typo")])


def test_a_last_pt_that_is_a_directory_or_a_dangling_link_is_named_as_such(tmp_path):
    """A last.pt that was a directory was reported as 'no last.pt'."""
    run = tmp_path / "run"
    (run / "last.pt").mkdir(parents=True)
    (run / "config.json").write_text(make_config("tiny").to_json())
    with pytest.raises(UserError, match=rf"^--resume {run}: its last.pt is a directory, not the checkpoint file a "
                                        rf"run writes; put the run's last.pt file at {run / 'last.pt'} \(move"):
        train.main(["--resume", str(run)])
    (run / "last.pt").rmdir()
    (run / "last.pt").symlink_to(tmp_path / "gone.pt")
    with pytest.raises(UserError, match=rf"its last.pt is a link to {tmp_path / 'gone.pt'}, which does not exist"):
        train.main(["--resume", str(run)])


def test_resume_given_a_file_of_the_run_names_its_directory(tmp_path):
    (tmp_path / "best.pt").write_text("")
    with pytest.raises(UserError, match=rf"^--resume {tmp_path / 'best.pt'}: that is a file; pass the run's "
                                        rf"directory \(--resume {tmp_path}\)$"):
        train.main(["--resume", str(tmp_path / "best.pt")])


def test_a_new_run_takes_only_an_empty_directory_or_one_its_run_stopped_before_a_checkpoint_in(tmp_path):
    export = tmp_path / "exported"
    export.mkdir()
    for name, text in (("config.json", '{"bos_token": "<s>"}'), ("model.bin", "weights"), ("einsum_nmt.json", "{}")):
        (export / name).write_text(text)
    with pytest.raises(UserError, match=rf"^{export} is not empty and holds no run that train.py can start again "
                                        r"\(it has config.json, einsum_nmt.json, model.bin\); a new run takes an "):
        claim_run_dir(export, resuming=False)
    assert sorted(p.name for p in export.iterdir()) == ["config.json", "einsum_nmt.json", "model.bin"]
    (tmp_path / "own").mkdir()
    (tmp_path / "own" / "config.json").write_text('{"bos_token": "<s>"}')          # another program's config.json
    with pytest.raises(UserError, match=r"holds no run that train.py can start again \(it has config.json\)"):
        claim_run_dir(tmp_path / "own", resuming=False)
    stopped = tmp_path / "stopped"                     # stopped before its first checkpoint: check_resumable says
    stopped.mkdir()                                    # to start it again with --out
    (stopped / "config.json").write_text('{"model": {}, "data": {}, "train": {}, "decode": {}}')
    (stopped / "metrics.jsonl").write_text("")
    claim_run_dir(stopped, resuming=False).release()
    claim_run_dir(tmp_path / "new", resuming=False).release()


def test_the_resume_command_a_run_is_told_carries_its_data_dir_quoted_for_the_shell(tmp_path):
    run, data = tmp_path / "my runs" / "a", tmp_path / "multi 30k"   # offline, a resume without it would download
    run.mkdir(parents=True)
    (run / "last.pt").write_bytes(b"a run's checkpoint")
    with pytest.raises(UserError, match=r"already holds a run; continue it with `") as error:
        claim_run_dir(run, resuming=False, data_dir=str(data))
    command = re.search(r"`([^`]*)`", str(error.value)).group(1)
    assert shlex.split(command) == ["python", "train.py", "--resume", str(run), "--data-dir", str(data)]
    assert shlex.split(resume_command(run)) == ["python", "train.py", "--resume", str(run)]     # the default data


def test_the_resume_command_a_run_is_told_carries_its_user_module(tmp_path):
    """A run of a --user-module attention was told `python train.py --resume RUN`, which cannot build its model."""
    run = tmp_path / "run"
    run.mkdir()
    (run / "last.pt").write_bytes(b"a run's checkpoint")
    with pytest.raises(UserError, match=r"already holds a run; continue it with `") as error:
        claim_run_dir(run, resuming=False, user_module="my attention.py")
    command = re.search(r"`([^`]*)`", str(error.value)).group(1)
    assert shlex.split(command) == ["python", "train.py", "--resume", str(run), "--user-module", "my attention.py"]
    told = Checkpoints(run, True, 10.0, None, "cubed.py").resume_command
    assert shlex.split(told) == ["python", "train.py", "--resume", str(run), "--user-module", "cubed.py"]


def test_the_resume_command_of_a_torchrun_run_starts_as_many_ranks_again(tmp_path):
    """A run under torchrun --nproc_per_node=2 was told (and MODEL.md said) `python train.py --resume RUN`, which goes
    on with one rank."""
    run = tmp_path / "run"
    told = Checkpoints(run, True, 10.0, "data", None, ranks=2).resume_command
    assert shlex.split(told) == ["torchrun", "--standalone", "--nproc_per_node=2", "train.py", "--resume", str(run),
                                 "--data-dir", "data"]
    run.mkdir()
    (run / "last.pt").write_bytes(b"a run's checkpoint")
    with pytest.raises(UserError, match=r"continue it with `torchrun --standalone --nproc_per_node=3 train.py "):
        claim_run_dir(run, resuming=False, ranks=3)


@pytest.mark.parametrize("files, refused", [
    ({LOCK_NAME: "mine\n", "n.txt": "x"}, rf"holds a \{LOCK_NAME} that train.py did not write; move it away"),
    ({"metrics.jsonl": '{"kind": "mine"}\n'}, r"is not empty and holds no run .* \(it has metrics.jsonl\)"),
    ({".notes.tmp": "mine"}, r"is not empty and holds no run .* \(it has .notes.tmp\)"),
    ({"config.json": '{"model": {}, "data": {}, "train": {}}', "tensorboard/notes.txt": "mine"},
     r"is not empty and holds no run .* \(it has tensorboard\)"),
])
def test_a_directory_a_new_run_refuses_keeps_every_file_a_user_put_there_as_it_was(files, refused, tmp_path,
                                                                                   monkeypatch):
    monkeypatch.setenv("MULTI30K_BASE_URL", "http://127.0.0.1:9/")     # a run that went on would fail at once
    run = tmp_path / "d"
    for name, text in files.items():
        (run / name).parent.mkdir(parents=True, exist_ok=True)
        (run / name).write_text(text)
    with pytest.raises(UserError, match=rf"^{run} {refused}"):
        train.main(["--preset", "tiny", "--out", str(run)])
    assert {str(p.relative_to(run)): p.read_text() for p in run.rglob("*") if p.is_file()} == files


def test_a_lock_is_removed_at_the_end_only_when_a_run_of_ours_wrote_it(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    (run / "mine").write_text("mine")
    os.symlink(run / "mine", run / LOCK_NAME)                  # a link is nobody's lock
    with pytest.raises(UserError, match=r"holds a \.lock that train.py did not write"):
        RunDirLock(run).acquire()
    assert (run / LOCK_NAME).is_symlink() and (run / "mine").read_text() == "mine"
    (run / LOCK_NAME).unlink()
    (run / LOCK_NAME).write_text("")                         # found empty: used, and left empty again
    with RunDirLock(run):
        assert (run / LOCK_NAME).read_text().startswith(f"pid {os.getpid()} ")
    assert (run / LOCK_NAME).read_text() == ""
    (run / LOCK_NAME).write_text("pid 1 on elsewhere\n")       # a dead run's: taken over and removed
    with RunDirLock(run) as lock:
        assert lock.previous_owner == "pid 1 on elsewhere"
    assert not (run / LOCK_NAME).exists()


def test_resume_removes_only_the_temporary_files_a_run_writes_and_a_new_run_none(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    ours = [".last.pt.ab3_x9z0.tmp", ".best.pt.0123abcd.tmp", ".metrics.jsonl.tmp", ".config.json.k2_9abcd.part"]
    theirs = [".notes.tmp", ".x.tmp"]
    for name in ["last.pt", *ours, *theirs]:
        (run / name).write_text(name)
    claim_run_dir(run, resuming=True).release()
    assert sorted(p.name for p in run.iterdir()) == sorted([".x.tmp", ".notes.tmp", "last.pt"])


def test_resume_of_a_run_still_in_its_first_epoch_says_it_is_still_training_not_that_it_stopped(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    (run / "config.json").write_text(make_config("tiny").to_json())       # what a run writes before its first epoch
    with held_by_another_process(run) as pid:
        with pytest.raises(UserError, match=rf"^--resume {run}: the run is still training \(pid {pid} on .*\) "
                                            r"and has written no last.pt yet .*: wait for it to end$"):
            train.main(["--resume", str(run)])
        assert (run / LOCK_NAME).read_text().startswith(f"pid {pid} ")     # the owner's lock untouched
    with pytest.raises(UserError, match=r"the run stopped before its first checkpoint"):   # once it has ended
        train.main(["--resume", str(run)])
