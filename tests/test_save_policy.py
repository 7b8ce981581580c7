"""training/save_policy.py, the checkpoint policy: last.pt every --train.save_every minutes inside an epoch, so a kill
loses a bounded amount of work, and a run killed after such a last.pt resumes to exactly the weights of a straight run."""
import ast
import os
import signal
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch

from models.checkpoint import load_checkpoint
from tests.synthetic import offline_env, run_train, use_offline_env, write_corpus
from training.save_policy import Checkpoints

REPO = Path(__file__).resolve().parents[1]
FLAGS = ["--preset", "tiny", "--train.threads=1", "--model.dropout=0.1", "--train.max_epochs=3",
         "--train.max_steps=12", "--train.warmup_steps=10"]

# SIGKILL (nothing runs after it) right after the third last.pt is renamed into place
KILL_AFTER_THIRD_LAST = """
import os
import signal

_replace, _count = os.replace, [0]


def _replace_then_die(src, dst, *args, **kwargs):
    result = _replace(src, dst, *args, **kwargs)
    if os.path.basename(dst) == "last.pt":
        _count[0] += 1
        if _count[0] == 3:
            os.kill(os.getpid(), signal.SIGKILL)
    return result


os.replace = _replace_then_die
"""


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    root = tmp_path_factory.mktemp("checkpoints")
    return offline_env(root / "cache", write_corpus(root / "data", {"train": 400, "val": 20}, seed=2))


@pytest.fixture
def train_here(env, train_main, monkeypatch):
    """train.py in this process, on the module's corpus (no start-up cost where no kill is needed)."""
    use_offline_env(monkeypatch, env)
    return train_main


def state(path: Path) -> dict:
    return load_checkpoint(path).raw["train_state"]["state"]


@pytest.mark.parametrize("precision", ["fp32", "bf16"])     # bf16: native on AVX512-BF16/AMX CPUs, emulated elsewhere
def test_a_run_killed_after_a_timed_last_pt_inside_an_epoch_resumes_to_the_weights_of_a_straight_run(env, tmp_path,
                                                                                                     train_here,
                                                                                                     precision):
    straight, killed = tmp_path / "straight", tmp_path / "killed"
    flags = [*FLAGS, f"--train.precision={precision}"]
    assert train_here([*flags, "--out", str(straight)]) == 0
    (tmp_path / "killer.py").write_text(KILL_AFTER_THIRD_LAST)
    # save_every of a microsecond: a last.pt after every step, as one every 10 minutes would be on a long epoch
    proc = run_train([*flags, "--out", str(killed), "--train.save_every=0.00000002", "--user-module",
                  str(tmp_path / "killer.py")], env)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()[-2000:]
    mid = state(killed / "last.pt")
    assert (mid["step"], mid["epoch"], mid["batch_in_epoch"]) == (3, 0, 3)      # three steps into the first epoch
    assert not (killed / "best.pt").exists()                                   # no epoch had ended
    assert train_here(["--resume", str(killed)]) == 0
    a, b = load_checkpoint(straight / "last.pt").raw["model"], load_checkpoint(killed / "last.pt").raw["model"]
    assert state(killed / "last.pt")["step"] == state(straight / "last.pt")["step"] == 12
    for name in a:
        torch.testing.assert_close(a[name], b[name], atol=0, rtol=0, msg=name)


def test_save_every_0_writes_last_pt_only_where_an_epoch_or_the_run_ends(tmp_path, train_here, monkeypatch, capsys):
    """(The test above shows a timed last.pt inside an epoch.)"""
    writes, replace = [], os.replace

    def replace_and_note(src, dst, *args, **kwargs):
        replace(src, dst, *args, **kwargs)
        writes.append(Path(dst).name)
    monkeypatch.setattr(os, "replace", replace_and_note)
    assert train_here([*FLAGS, "--out", str(tmp_path / "run"), "--train.save_every=0"]) == 0
    stdout = capsys.readouterr().out
    validations = stdout.count("\nepoch ") + stdout.count("\nfinal |")
    # each epoch's end, and the run's end inside an epoch twice: before its validation (a kill there loses nothing)
    # and after it (a resume of the finished run does not validate again)
    assert validations >= 2 and stdout.count("\nfinal |") == 1
    assert writes.count("last.pt") == validations + 1


def test_the_save_policy_decides_from_scores_it_is_given_and_validation_writes_no_checkpoint():
    """The loop validates and hands the scores over: neither module calls into the other."""
    policy = ast.parse((REPO / "training" / "save_policy.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(policy) if isinstance(node, ast.ImportFrom)}
    assert "training.validation" not in imported
    validation = ast.parse((REPO / "training" / "validation.py").read_text(encoding="utf-8"))
    assert not [node for node in ast.walk(validation) if isinstance(node, ast.Attribute) and node.attr == "checkpoints"]


@pytest.mark.parametrize("epochs, keep, averaged", [(8, 3, [6, 7, 8]), (3, 5, [2, 3]), (1, 5, []), (8, 0, [])])
def test_averaged_pt_is_made_of_the_last_epochs_at_most_half_of_them_and_at_least_two(tmp_path, epochs, keep,
                                                                                        averaged):
    for n in range(1, epochs + 1):
        (tmp_path / f"epoch{n}.pt").write_bytes(b"")
    run = SimpleNamespace(cfg=SimpleNamespace(train=SimpleNamespace(average_last=keep)),
                          state=SimpleNamespace(epoch=epochs))
    paths = Checkpoints(tmp_path, True, 0).to_average(run)
    assert [int(p.stem[5:]) for p in paths] == averaged
    assert Checkpoints(tmp_path, False, 0).to_average(run) == []           # rank 0 alone averages


def test_a_runs_averaged_pt_and_epoch_checkpoints_carry_their_card_and_the_newest_step(averaged_run, capsys):
    from decoding.evaluation import trained
    from training.card import render
    best, newest = (load_checkpoint(averaged_run / name).raw for name in ("best.pt", "epoch2.pt"))
    averaged = load_checkpoint(averaged_run / "averaged.pt").raw
    steps = [load_checkpoint(averaged_run / f"epoch{n}.pt").raw["info"]["step"] for n in (1, 2)]
    assert averaged["info"]["step"] == steps[1] and averaged["info"]["averaged"] == [
        {"checkpoint": f"epoch{n}.pt", "step": step} for n, step in zip((1, 2), steps)]
    model, run = trained(averaged_run / "averaged.pt"), best["info"]["card"]
    assert (model.step, model.precision, model.commands) == (steps[1], run["precision"], run["commands"])
    assert model.minutes == newest["info"]["card"]["trained"]["minutes"] is not None
    text = render(averaged["info"]["card"])
    assert "## averaged.pt" in text and f"epoch1.pt (step {steps[0]:,}), epoch2.pt (step {steps[1]:,})" in text
    assert f"val BLEU {averaged['info']['val_bleu']:.2f}" in text


def test_the_card_of_a_runs_averaged_pt_says_why_the_run_ended_not_minutes_so_far(averaged_run):
    from training.card import render
    card = load_checkpoint(averaged_run / "averaged.pt").card
    assert card["trained"]["finished"] == "2 epochs"
    assert "minutes; ended: 2 epochs" in render(card) and " so far" not in render(card)


def test_an_averaged_pt_of_epochs_before_the_runs_last_step_says_at_which_step_the_run_ended(root, train_main,
                                                                                           tmp_path):
    from tests.runs import TINY
    out = tmp_path / "run"      # 6 steps an epoch: epochs 1 and 2 averaged, the run ends inside the third
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.max_epochs=3",
                "--train.max_steps=15", "--train.average_last=2", "--train.val_max_sentences=5"])
    card = load_checkpoint(out / "averaged.pt").card
    assert card["trained"]["steps"] == 12
    assert card["trained"]["finished"] == "at step 15, reached --train.max_steps=15"


def test_a_resumed_run_keeps_an_averaged_pt_that_average_py_wrote_into_its_directory_and_writes_its_own_beside(
        root, train_main, tmp_path, capsys):
    import average
    from tests.runs import TINY, resume
    out = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.max_epochs=2",
                "--train.average_last=2", "--train.val_max_sentences=5"])
    own = (out / "averaged.pt").read_bytes()
    average.main([str(out / "epoch1.pt"), str(out / "epoch2.pt"), "--out", str(out / "averaged.pt"), "--force"])
    users = (out / "averaged.pt").read_bytes()
    assert users != own
    capsys.readouterr()
    assert resume(train_main, root, out, "--train.max_epochs=3") == 0
    assert (out / "averaged.pt").read_bytes() == users
    assert f"{out / 'averaged.pt'} is not this run's" in capsys.readouterr().err
    mine = load_checkpoint(out / "averaged-2.pt")
    assert [each["checkpoint"] for each in mine.raw["info"]["averaged"]] == ["epoch2.pt", "epoch3.pt"]
    assert mine.card["checkpoint"] == str(out / "averaged-2.pt")
    assert resume(train_main, root, out, "--train.max_epochs=4") == 0      # its own averaged-2.pt is its to replace
    assert (out / "averaged.pt").read_bytes() == users and not (out / "averaged-3.pt").exists()
    assert load_checkpoint(out / "averaged-2.pt").raw["info"]["averaged"][-1]["checkpoint"] == "epoch4.pt"
