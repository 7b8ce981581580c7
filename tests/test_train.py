"""train.py: it learns, stops and resumes without losing anything (resume overrides take effect), data-parallel
ranks stay in sync, and bad data, paths and failed writes are one line before or without losing work."""
import json
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch

import translate
from models.checkpoint import load_checkpoint
from tests.runs import TINY, copy_run, records_of, resume
from tests.synthetic import offline_env, use_offline_env, write_corpus, write_pairs
from util.errors import UserError

REPO = Path(__file__).resolve().parents[1]
ONE_THREAD_TINY = ["--preset", "tiny", "--train.threads=1"]


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    root = tmp_path_factory.mktemp("resume")
    return offline_env(root / "cache", write_corpus(root / "data", {"train": 400, "val": 30}, seed=1))


def weights(path: Path) -> dict:
    return load_checkpoint(path).raw["model"]


@pytest.mark.parametrize("parts", [[], ["--train.threads=2", "--train.parts=2"]], ids=["whole", "in-parts"])
def test_resumed_run_continues_the_same_curve(root, tmp_path, train_main, parts):
    # dropout on, so the restored RNG state matters too (in parts: each part's masks come from it)
    common = [*TINY, "--data-dir", str(root / "data"), "--model.dropout=0.1", "--train.max_epochs=3",
              "--train.log_every=2", *parts]
    train_main([*common, "--out", str(tmp_path / "straight"), "--train.max_steps=14"])
    train_main([*common, "--out", str(tmp_path / "split"), "--train.max_steps=5"])     # stopped between records
    resume(train_main, root, tmp_path / "split", "--train.max_steps=14")
    a, b = weights(tmp_path / "straight" / "last.pt"), weights(tmp_path / "split" / "last.pt")
    assert load_checkpoint(tmp_path / "split" / "last.pt").raw["train_state"]["state"]["step"] == 14
    for key in a:
        torch.testing.assert_close(a[key], b[key], atol=1e-6, rtol=0, msg=key)
    straight, split = ([r for r in records_of(tmp_path / run, "step")] for run in ("straight", "split"))
    assert [r["step"] for r in split] == [r["step"] for r in straight] == list(range(2, 15, 2))
    assert [r["loss"] for r in split] == pytest.approx([r["loss"] for r in straight], rel=1e-5)   # step 6's: 5 and 6


def test_a_stop_signal_and_two_more_ctrl_c_finish_the_step_write_last_and_exit_zero(env, tmp_path, monkeypatch,
                                                                                      train_main):
    out = tmp_path / "run"
    proc = subprocess.Popen([sys.executable, "train.py", *ONE_THREAD_TINY, "--out", str(out), "--train.max_epochs=1000",
                             "--train.log_every=1"], cwd=REPO, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    metrics = out / "metrics.jsonl"
    deadline = time.time() + 120
    while not (metrics.exists() and metrics.read_text().count('"step"') >= 3):
        assert proc.poll() is None and time.time() < deadline, proc.stderr.read().decode()[-2000:]
        time.sleep(0.2)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGINT):      # a user presses Ctrl-C again while it saves
        proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0 and "Traceback" not in stderr.decode(), stderr.decode()[-2000:]
    # the signal may come during a step or during an epoch's validation
    assert re.search(r"\nstopping: finishing (step \d+|epoch \d+'s validation) ", stderr.decode())
    assert f"python train.py --resume {out}" in stdout.decode()
    saved = load_checkpoint(out / "last.pt").raw["train_state"]["state"]["step"]
    assert saved >= 3
    use_offline_env(monkeypatch, env)
    train_main(["--resume", str(out), f"--train.max_steps={saved + 2}"])          # in-process: faster
    assert load_checkpoint(out / "last.pt").raw["train_state"]["state"]["step"] == saved + 2


def test_a_stop_signal_in_the_final_validation_ends_it_at_once_and_a_resume_does_it(root, tmp_path, monkeypatch,
                                                                                      capfd, train_main):
    import training.validation as validation
    out, real = tmp_path / "run", validation.val_split_scores
    flags = [*TINY, "--data-dir", str(root / "data"), "--train.final_beam=2", "--train.max_steps=3",
             "--train.save_every=0"]
    saved_before = []

    def signal_in_final(*args):
        if args[-1]:                         # full: the final validation
            saved_before.append(load_checkpoint(out / "last.pt").raw["train_state"]["state"]["step"])
            signal.raise_signal(signal.SIGTERM)           # as a supervisor would, with the validation under way
        return real(*args)

    monkeypatch.setattr(validation, "val_split_scores", signal_in_final)
    train_main([*flags, "--out", str(out)])
    said = capfd.readouterr()
    assert saved_before == [3]          # last.pt came first: even a kill -9 here loses no training
    assert ("\nstopping: ending the final validation (beam 2 on all of val) now (a resume does it again): last.pt "
            "holds all of the training, step 3\n") in said.err                 # before: "finishing step 4 (...)"
    resume_with = f"python train.py --resume {out} --data-dir {root / 'data'}"       # the data dir it was given
    assert (f"stopped before the final validation (beam 2 on all of val) was done, at step 3: last.pt holds all of "
            f"the training and there is no best.pt yet (it comes with the first validation). Resume to do it: "
            f"{resume_with}\n") in said.out and not (out / "best.pt").exists()       # said best.pt held weights
    kinds = [r["kind"] for r in records_of(out)]
    assert "final-val" not in kinds and "final" not in kinds
    monkeypatch.setattr(validation, "val_split_scores", real)
    train_main(shlex.split(resume_with)[2:])          # the printed command, as a user pastes it
    kinds = [r["kind"] for r in records_of(out)]
    assert kinds.count("final-val") == 1 and kinds[-1] == "final"
    state = load_checkpoint(out / "last.pt").raw["train_state"]["state"]
    assert state["step"] == state["partial_step"] == 3


def test_a_stop_signal_in_an_epochs_validation_says_so_and_no_further_step_runs(root, tmp_path, monkeypatch, capfd,
                                                                                  train_main):
    """A signal during an epoch's validation said "finishing step N+1" and then "stopped at step N"."""
    import training.validation as validation
    out, real, seen = tmp_path / "run", validation.val_split_scores, []

    def signal_in_epoch_end(*args):
        if not seen:
            seen.append(1)
            signal.raise_signal(signal.SIGTERM)
        return real(*args)

    monkeypatch.setattr(validation, "val_split_scores", signal_in_epoch_end)
    train_main([*TINY, "--data-dir", str(root / "data"), "--train.max_epochs=3", "--out", str(out)])
    said = capfd.readouterr()
    step = records_of(out, "epoch")[0]["step"]
    assert f"\nstopping: finishing epoch 1's validation (step {step}; no further step runs), then writing last.pt" \
        in said.err, said.err
    assert f"stopped at step {step}; nothing is lost" in said.out
    assert load_checkpoint(out / "last.pt").raw["train_state"]["state"]["step"] == step


def test_two_process_gloo_run_stays_in_sync_writes_one_checkpoint_and_resumes_exactly(env, tmp_path):
    """A resumed torchrun run with dropout drew other masks on rank 1 than the run never stopped (last.pt held rank
    0's generator alone): its losses parted from step 9 of 16."""
    def torchrun(*flags):
        proc = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node=2",
                               "train.py", *flags], cwd=REPO, env=env, capture_output=True, timeout=240)
        assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    common = [*ONE_THREAD_TINY, "--train.device=cpu", "--model.dropout=0.1", "--train.log_every=1"]
    out, split = tmp_path / "ddp", tmp_path / "split"
    torchrun(*common, "--out", str(out), "--train.max_steps=6")
    final = records_of(out)[-1]
    assert final["kind"] == "final" and final["world_size"] == 2 and final["ranks_in_sync"] is True
    assert sorted(p.name for p in out.glob("*.pt")) == ["best.pt", "last.pt"]
    card = (out / "MODEL.md").read_text()
    assert "- command: `torchrun --standalone --nproc_per_node=2 train.py --preset tiny " in card
    assert not list(out.glob(".*.tmp")) and not (out / ".lock").exists()   # rank 0 alone locked it, and let go
    torchrun(*common, "--out", str(split), "--train.max_steps=3")
    torchrun("--resume", str(split), "--train.max_steps=6")
    assert [r["loss"] for r in records_of(split, "step")] == pytest.approx([r["loss"] for r in records_of(out, "step")],
                                                                          rel=1e-6)
    a, b = weights(out / "last.pt"), weights(split / "last.pt")
    for key in a:
        torch.testing.assert_close(a[key], b[key], atol=1e-6, rtol=0, msg=key)


def test_the_ranks_end_on_rank_zeros_clock_and_on_another_ranks_stop_signal(root, tmp_path, monkeypatch, capsys,
                                                                             train_main):
    """Under torchrun each rank timed its own steps and heard its own signals: one rank stopped while the other went
    on to a step it waited in forever (a --train.time_budget=4 run hung in 1 of 3). Here this rank's own clock never
    reaches the budget, and no signal reaches it, but rank 0's clock and another rank's signal end it."""
    import util.distributed as distributed
    common = [*TINY, "--data-dir", str(root / "data"), "--train.max_steps=50"]
    monkeypatch.setattr(distributed, "agree_step", lambda info, elapsed, stop, sums=(): (elapsed + 1000.0, stop, sums))
    train_main([*common, "--out", str(tmp_path / "clock"), "--train.time_budget=600"])
    assert [r["step"] for r in records_of(tmp_path / "clock", "final")] == [1]
    assert "done: reached --train.time_budget=600s" in capsys.readouterr().out
    steps = []

    def signal_elsewhere(info, elapsed, stop, sums=()):
        steps.append(elapsed)
        return elapsed, stop or len(steps) >= 3, sums
    monkeypatch.setattr(distributed, "agree_step", signal_elsewhere)
    train_main([*common, "--out", str(tmp_path / "signal"), "--train.time_budget=0"])
    assert load_checkpoint(tmp_path / "signal" / "last.pt").raw["train_state"]["state"]["step"] == 3
    assert "stopped at step 3; nothing is lost" in capsys.readouterr().out
    assert not records_of(tmp_path / "signal", "final", "partial")


def test_the_loss_and_tokens_per_second_recorded_are_all_ranks_not_rank_zeros(root, tmp_path, monkeypatch,
                                                                                 train_main):
    """Under torchrun metrics.jsonl and the progress bar had rank 0's batch loss, and its tokens times the ranks. Here
    another rank trains 100 tokens at loss 2 beside each of this one's steps."""
    import util.distributed as distributed
    own = []

    def two_ranks(info, elapsed, stop, sums=()):
        if not sums:                 # any_rank's question at the end
            return elapsed, stop, sums
        own.append((elapsed, *sums))
        return elapsed, stop, (sums[0] + 200.0, sums[1] + 100)
    monkeypatch.setattr(distributed, "agree_step", two_ranks)
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(tmp_path / "run"), "--train.max_steps=3",
                "--train.log_every=1"])
    steps = records_of(tmp_path / "run", "step")
    assert [r["loss"] for r in steps] == pytest.approx([(s + 200.0) / (n + 100) for _, s, n in own], rel=1e-12)
    seconds = [b - a for a, b in zip([0.0, *[e for e, _, _ in own]], [e for e, _, _ in own])]
    assert [r["tokens_per_s"] for r in steps] == pytest.approx([(n + 100) / t for (_, _, n), t in zip(own, seconds)])


def test_a_run_stopped_at_an_epochs_last_batch_ends_that_epoch_and_resumes_in_the_next(root, tmp_path, train_main):
    common = [*TINY, "--data-dir", str(root / "data")]
    one_epoch = tmp_path / "one"
    train_main([*common, "--out", str(one_epoch), "--train.max_epochs=1"])
    steps = load_checkpoint(one_epoch / "last.pt").raw["train_state"]["state"]["step"]
    out = tmp_path / "boundary"
    train_main([*common, "--out", str(out), f"--train.max_steps={steps}"])
    state = load_checkpoint(out / "last.pt").raw["train_state"]["state"]
    assert (state["epoch"], state["batch_in_epoch"]) == (1, 0)
    resume(train_main, root, out, f"--train.max_steps={steps + 2}")
    records = records_of(out, "epoch", "partial")
    assert [(r["kind"], r["epoch"]) for r in records] == [("epoch", 1), ("partial", 1)]
    assert records[0]["train_loss"] > 0
    assert load_checkpoint(out / "last.pt").raw["train_state"]["state"]["batch_in_epoch"] == 2


def test_training_learns_the_synthetic_language(tiny_run):
    epochs = records_of(tiny_run, "epoch")
    assert epochs[-1]["val_bleu"] > 80, epochs
    assert epochs[-1]["val_loss"] < epochs[0]["val_loss"]
    for name in ("best.pt", "last.pt", "averaged.pt", "config.json", "curves.png"):
        assert (tiny_run / name).is_file(), name


def test_dropout_after_trains_its_first_epochs_as_a_dropout_free_run_then_drops(root, tmp_path, train_main):
    data = ["--data-dir", str(root / "data"), "--train.max_epochs=2"]
    train_main([*TINY, *data, "--out", str(tmp_path / "late"), "--model.dropout=0.3", "--train.dropout_after=1"])
    train_main([*TINY, *data, "--out", str(tmp_path / "none"), "--model.dropout=0.0"])
    late, none = records_of(tmp_path / "late", "epoch"), records_of(tmp_path / "none", "epoch")
    assert (late[0]["train_loss"], late[0]["val_loss"]) == (none[0]["train_loss"], none[0]["val_loss"])
    assert late[1]["train_loss"] > none[1]["train_loss"]          # dropout on in epoch 2: a noisier training loss


def test_a_training_set_without_usable_pairs_is_refused(root, tmp_path, train_main):
    data = write_corpus(tmp_path / "data", {"train": 0, "val": 5})
    with pytest.raises(UserError, match="nothing to train on: 0 usable train pairs"):
        train_main([*TINY, "--data-dir", str(data), "--out", str(tmp_path / "run")])
    assert not (tmp_path / "run").exists()


def test_a_mistyped_data_dir_is_an_error_and_is_not_created(tmp_path, train_main):
    with pytest.raises(UserError, match="the data directory .*typo does not exist"):
        train_main([*TINY, "--data-dir", str(tmp_path / "typo"), "--out", str(tmp_path / "run")])
    assert not (tmp_path / "typo").exists() and not (tmp_path / "run").exists()


def test_an_unwritable_out_is_refused_before_the_data_is_prepared(tmp_path, train_main):
    (tmp_path / "file").write_text("")
    (tmp_path / "no-data").mkdir()              # preparing data here would fail with a missing-file error
    with pytest.raises(UserError, match=r"^cannot write to the run directory .*file/run \(Not a directory\)"):
        train_main([*TINY, "--out", str(tmp_path / "file" / "run"), "--data-dir", str(tmp_path / "no-data")])
    with pytest.raises(UserError, match=rf"^{tmp_path / 'file'} is a file, not a run directory; choose another --out$"):
        train_main([*TINY, "--out", str(tmp_path / "file"), "--data-dir", str(tmp_path / "no-data")])


def test_a_write_that_fails_midway_is_one_line_and_keeps_the_last_checkpoint(root, averaged_run, tmp_path, train_main):
    run = copy_run(averaged_run, tmp_path)
    step = load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"]
    limit = (run / "last.pt").stat().st_size // 2     # best.pt fits, last.pt does not: a real failed write (EFBIG)
    previous_signal = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    previous_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, previous_limit[1]))
    try:
        with pytest.raises(UserError) as error:
            train_main(["--resume", str(run), "--data-dir", str(root / "data"), "--train.max_epochs=3"])
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, previous_limit)
        signal.signal(signal.SIGXFSZ, previous_signal)
    message = str(error.value)
    assert message.startswith(f"cannot write {run / 'last.pt'} (File too large); last.pt holds step {step}")
    assert f"python train.py --resume {run}" in message
    assert load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"] == step
    assert not list(run.glob(".*.tmp")) and not (run / ".lock").exists()



def test_a_new_run_whose_config_json_cannot_be_written_leaves_no_directory_behind(root, tmp_path, train_main, capsys):
    # a full disk (here: a size limit) while config.json was written left the first half of it in a directory that
    # `--out` then refused ("it has config.json") and `--resume` sent back to `--out`; capsys: the run's printed lines
    # go to memory, not to pytest's capture file, which the size limit would cut
    flags, out = [*TINY, "--data-dir", str(root / "data"), "--train.max_steps=2"], tmp_path / "run"
    train_main([*flags, "--out", str(tmp_path / "first")])          # the data cached, the precision chosen
    previous_signal = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    previous_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1000, previous_limit[1]))       # the lock fits, config.json does not
    try:
        with pytest.raises(UserError, match=r"^cannot write to the run directory .* \(File too large\); there is no "
                                            r"last.pt yet, so start the same command again once that is fixed$"):
            train_main([*flags, "--out", str(out)])
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, previous_limit)
        signal.signal(signal.SIGXFSZ, previous_signal)
    assert not out.exists()
    train_main([*flags, "--out", str(out)])          # the same --out
    assert json.loads((out / "config.json").read_text())["preset"] == "tiny"


def test_best_pt_holds_weights_only_translates_and_the_run_resumes(root, averaged_run, tmp_path, capsys, train_main):
    best, last = load_checkpoint(averaged_run / "best.pt").raw, load_checkpoint(averaged_run / "last.pt").raw
    assert best["train_state"] is None and last["train_state"]["optimizer"]["state"]
    for name in ("averaged.pt", "epoch2.pt"):
        assert load_checkpoint(averaged_run / name).raw["train_state"] is None
    assert (averaged_run / "best.pt").stat().st_size < 0.5 * (averaged_run / "last.pt").stat().st_size
    translate.main(["--checkpoint", str(averaged_run / "best.pt"), "--greedy", "Der Hund läuft im Park."])
    assert len(capsys.readouterr().out.split("\n")) == 2
    run = copy_run(averaged_run, tmp_path)
    train_main(["--resume", str(run), "--data-dir", str(root / "data"), "--train.max_epochs=3"])
    assert load_checkpoint(run / "last.pt").raw["train_state"]["state"]["epoch"] == 3


def test_resume_refuses_data_whose_vocabulary_differs_even_at_the_same_size(root, averaged_run, tmp_path, train_main):
    other = write_corpus(tmp_path / "other", {"train": 300, "val": 20}, seed=5)   # same words, other frequencies
    run = copy_run(averaged_run, tmp_path)
    with pytest.raises(UserError, match=r"another source vocabulary than .*last.pt was trained with \(id \d+ is"):
        train_main(["--resume", str(run), "--data-dir", str(other)])


def test_schedule_overrides_take_effect_on_resume_and_config_json_says_so(root, two_epoch_run, tmp_path, train_main,
                                                                       capsys):
    run = copy_run(two_epoch_run, tmp_path)
    step = load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"]
    resume(train_main, root, run, "--train.lr=0.5", "--train.weight_decay=0.2", "--train.beta2=0.9",
           "--train.max_epochs=3", f"--train.max_steps={step + 1}", "--train.time_budget=1000")
    saved = load_checkpoint(run / "last.pt").raw["train_state"]
    decay, no_decay = saved["optimizer"]["param_groups"]
    assert decay["initial_lr"] == no_decay["initial_lr"] == 0.5 and saved["schedule"]["base_lrs"] == [0.5, 0.5]
    assert (decay["weight_decay"], no_decay["weight_decay"], decay["betas"][1]) == (0.2, 0.0, 0.9)
    assert json.loads((run / "config.json").read_text())["train"]["lr"] == 0.5
    said = capsys.readouterr().out
    assert "resuming with --train." in said
    for change in ("--train.lr=0.5 (was 0.003)", f"--train.max_steps={step + 1} (was 200)",
                   "--train.time_budget=1000.0 (was 0.0)", "--train.max_epochs=3 (was 2)"):   # the budget too
        assert change in said
    assert "precision fp32: the precision the run began with" in said
    assert load_checkpoint(run / "last.pt").raw["train_state"]["state"]["precision"] == "fp32"


def test_resuming_a_finished_run_adds_no_duplicate_partial_record(root, tmp_path, train_main):
    run = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(run), "--train.max_steps=3"])
    for _ in range(2):
        resume(train_main, root, run)
    kinds = [r["kind"] for r in records_of(run)]
    assert kinds.count("partial") == 1


def test_a_truncated_best_pt_while_resuming_says_to_move_it_away(root, two_epoch_run, tmp_path, train_main):
    run = copy_run(two_epoch_run, tmp_path)
    (run / "best.pt").write_bytes((run / "best.pt").read_bytes()[:1000])
    with pytest.raises(UserError) as error:
        resume(train_main, root, run, "--train.max_epochs=3")
    assert "best.pt is truncated" in str(error.value) and "move it away and resume again" in str(error.value)
    assert "e.g. last.pt" not in str(error.value)
    (run / "last.pt").write_bytes((run / "last.pt").read_bytes()[:1000])
    with pytest.raises(UserError) as error:
        load_checkpoint(run / "last.pt")
    assert "translate with best.pt" in str(error.value) and "e.g. last.pt" not in str(error.value)


def test_a_last_pt_whose_training_state_is_damaged_says_how_to_train_on_from_best_pt(root, two_epoch_run, tmp_path,
                                                                                       train_main):
    from models.checkpoint import atomic_torch_save
    run = copy_run(two_epoch_run, tmp_path)
    raw = load_checkpoint(run / "last.pt").raw
    raw["train_state"]["optimizer"] = {"state": {}, "param_groups": []}       # loads, but is no optimizer's state
    atomic_torch_save(raw, run / "last.pt")
    with pytest.raises(UserError) as error:
        resume(train_main, root, run, "--train.max_epochs=3")
    assert str(error.value).startswith(f"{run / 'last.pt'}: its training state is damaged (")
    assert str(error.value).endswith(f"`python train.py --init {run / 'best.pt'} --out NEW_DIR`")


def test_a_resume_without_data_dir_reads_the_one_the_run_was_trained_with_while_it_holds_the_files(
        root, tmp_path, monkeypatch, capsys, train_main):
    data, run = Path(shutil.copytree(root / "data", tmp_path / "data")), tmp_path / "run"
    train_main([*TINY, "--data-dir", str(data), "--out", str(run), "--train.max_steps=2"])
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty"))     # no Multi30K in the default place; offline
    capsys.readouterr()
    train_main(["--resume", str(run), "--train.max_steps=3"])           # README's line, no --data-dir
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == (f"data: {data}, the --data-dir the run was trained with (give --data-dir DIR to read it "
                        "from DIR)")
    assert load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"] == 3
    (data / "val.de.gz").rename(tmp_path / "val.de.gz")                 # no longer holds the files: the default place
    with pytest.raises(UserError, match="cannot download"):
        train_main(["--resume", str(run), "--train.max_steps=4"])
    assert f"--data-dir {data}, which has no val.de.gz now" in capsys.readouterr().out


def test_resume_refuses_a_preset_in_one_line(root, two_epoch_run, tmp_path, train_main):
    run = copy_run(two_epoch_run, tmp_path)
    with pytest.raises(UserError, match=r"^--preset cannot change when resuming: the run keeps the config it started "
                                        rf"with \(see {run / 'config.json'}\); only --train.\* and --decode.\* flags "
                                        "can$"):
        resume(train_main, root, run, "--preset", "cpu")
    with pytest.raises(UserError, match=rf"^--out cannot change when resuming: the run goes on in {run}; leave out "
                                        "--out$"):
        resume(train_main, root, run, "--out", str(tmp_path / "elsewhere"))


def test_resume_of_a_directory_without_a_run_says_so_before_refusing_a_preset(root, tmp_path, train_main):
    (tmp_path / "notes").mkdir()
    with pytest.raises(UserError, match=r"^--resume .*notes: there is no run to continue \(no last.pt, no config.json"):
        resume(train_main, root, tmp_path / "notes", "--preset", "tiny")   # not "see notes/config.json", which is none


FRENCH = [("Le chien", "The dog"), ("La femme", "The woman"), ("Le garçon", "The boy"), ("La fille", "The girl")]
FRENCH_VERBS = [("court", "runs"), ("dort", "sleeps"), ("joue", "plays"), ("attend", "waits")]
FRENCH_PLACES = [("dans le parc.", "in the park."), ("sur la plage.", "on the beach."), ("à la maison.", "at home.")]


def test_french_multi30k_files_train_fr_to_en_without_a_download(tmp_path, train_main, monkeypatch):
    import itertools
    pairs = [(f"{a} {b} {c}", f"{x} {y} {z}") for (a, x), (b, y), (c, z) in
             itertools.product(FRENCH, FRENCH_VERBS, FRENCH_PLACES)]
    data = write_pairs(tmp_path / "multi30k", {"train": pairs * 3, "val": pairs[:8]}, ("fr", "en"))
    monkeypatch.setenv("EINSUM_NMT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("MULTI30K_BASE_URL", "http://127.0.0.1:9/")          # nothing may be downloaded
    train_main([*TINY, "--data.src_lang=fr", "--data-dir", str(data), "--out", str(tmp_path / "run"),
                "--train.max_steps=40"])
    ckpt = load_checkpoint(tmp_path / "run" / "best.pt")
    assert (ckpt.cfg.data.src_lang, ckpt.cfg.data.tgt_lang) == ("fr", "en")
    assert {"chien", "plage"} <= set(ckpt.src_vocab.itos)
    assert sorted(p.name for p in data.iterdir()) == ["train.en.gz", "train.fr.gz", "val.en.gz", "val.fr.gz"]


def test_a_model_of_both_directions_is_validated_each_way_and_kept_by_their_mean(both_run):
    records = records_of(both_run)
    validations = [r for r in records if "val_bleu" in r]
    assert validations
    for r in validations:
        each = r["val_bleu_by_direction"]
        assert set(each) == {"de-en", "en-de"} and r["val_bleu"] == pytest.approx(sum(each.values()) / 2)
    assert min(validations[-1]["val_bleu_by_direction"].values()) > 30          # it learned both ways
    assert load_checkpoint(both_run / "best.pt").cfg.data.directions == "both"


@pytest.mark.parametrize("flag", ["--out", "--resume", "--init", "--data-dir", "--user-module"])
def test_a_path_flag_given_empty_is_refused_not_taken_as_left_out(flag, tmp_path, monkeypatch, train_main):
    monkeypatch.chdir(tmp_path)                                   # left out, --out is runs/<time>-<preset> here
    monkeypatch.setenv("MULTI30K_DIR", str(tmp_path / "typo"))    # and --data-dir this missing directory
    preset = [] if flag == "--resume" else TINY
    with pytest.raises(UserError, match=rf"^{flag} '' is empty; give a path, or leave out {flag}$"):
        train_main([*preset, flag, ""])
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("preset, flags, said", [
    ("30min", [], "training (preset 30min): one model of de→en and en→de, until 30 minutes or 30 epochs, whichever "
                  "comes first"),
    ("long", [], "training (preset long): one model of de→en and en→de, until 16,000 steps or 30 epochs, whichever "
                 "comes first"),
    ("cpu", ["--data.src_lang=en", "--data.tgt_lang=de", "--train.time_budget=90"],
     "training (preset cpu): en→de, until 1.5 minutes or 30 epochs, whichever comes first"),
    ("base", [], "training (preset base): de→en, until 30 epochs")])
def test_a_runs_first_line_says_what_it_trains_and_how_long(preset, flags, said):
    from config.presets import make_config
    from training.run import plan_line
    assert plan_line(make_config(preset, flags)) == said


def test_the_first_line_a_run_prints_is_its_plan_before_the_data_is_prepared(root, tmp_path, capsys, train_main):
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(tmp_path / "run"), "--train.max_steps=1",
                "--train.max_epochs=1"])
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "training (preset tiny): de→en, until 1 step or 1 epoch, whichever comes first"


def test_the_progress_in_a_log_file_is_plain_lines(root, tmp_path, capfd, train_main):
    # before: stderr not a terminal (`train.py > log 2>&1`) got the bar's redraws, one line of carriage returns
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(tmp_path / "run"), "--train.max_steps=4",
                "--train.log_every=2"])
    err = capfd.readouterr().err
    assert "\r" not in err
    assert re.findall(r"^epoch 1 \| step (\d+) \(\d+/\d+ of the epoch\) \| loss [\d.]+ \| lr [\d.e+-]+ \| [\d,]+ tok/s",
                      err, re.M) == ["2", "4"]


def test_a_run_names_its_recipe_in_one_line_not_its_whole_config(root, tmp_path, capfd, train_main):
    # before: the first line was followed by the whole config as JSON, about 100 lines, which config.json holds
    out = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.max_steps=2", "--train.lr=0.002"])
    printed = capfd.readouterr().out
    assert '"model": {' not in printed and len(printed.splitlines()) < 20
    said = [line for line in printed.splitlines() if line.startswith("config: ")]
    assert len(said) == 1 and said[0].startswith("config: --preset tiny ") and "--train.lr=0.002" in said[0]
    assert str(out / "config.json") in said[0] and json.loads((out / "config.json").read_text())["train"]["lr"] == 0.002


def test_the_end_of_a_run_prints_a_translate_command_that_works_as_printed(root, tmp_path, capfd, train_main):
    # before: it said where the checkpoints are, not what to run next
    out = tmp_path / "my run"                      # a space: the printed path must be quoted for a shell
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.max_steps=2"])
    said = [line for line in capfd.readouterr().out.splitlines() if line.startswith("translate with it: ")]
    assert len(said) == 1
    argv = shlex.split(said[0].removeprefix("translate with it: "))
    assert argv[:4] == ["python", "translate.py", "--checkpoint", str(out / "best.pt")]
    assert translate.main(argv[2:]) == 0
    assert capfd.readouterr().out.strip()


def test_resuming_a_finished_run_says_there_is_no_step_to_train(root, tmp_path, capfd, train_main):
    # before: "training (preset tiny): ... until 2 steps", then "done: reached --train.max_steps=2", as if it trained
    out = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.max_steps=2"])
    capfd.readouterr()
    resume(train_main, root, out)
    assert "\nno step to train: the run had already reached --train.max_steps=2\n" in capfd.readouterr().out


def test_the_exit_statuses_help_and_reliability_md_state_are_those_train_py_exits_with():
    import train
    from cli import run_main
    from util.interrupt import Terminated

    help_line = " ".join(train.__doc__.split("Exit status:")[1].split())
    reliability = " ".join((REPO / "docs" / "RELIABILITY.md").read_text().split("exit status says how the run ended")[1]
                           .split("\n- ")[0].split())
    causes = {0: None, 2: UserError("a mistake"), 130: KeyboardInterrupt(), 143: Terminated()}

    def status(cause) -> int:
        def main(argv):
            if cause is not None:
                raise cause
            return 0
        with pytest.raises(SystemExit) as ended:
            run_main(main, needs_stdout=False)
        return ended.value.code
    for code, cause in causes.items():
        assert status(cause) == code
        assert re.search(rf"(?<![\w.]){code} ", help_line) and re.search(rf"(?<![\w.]){code} ", reliability), code
    with pytest.raises(RuntimeError):           # a bug is raised, a traceback: Python's exit status 1
        status(RuntimeError("a bug"))
    assert "1 a bug" in help_line and "1 for a bug" in reliability


def test_train_py_ends_with_its_last_line_not_after_the_interpreter_frees_the_run(env, tmp_path):
    # what the interpreter's teardown does after the work (freeing every object, finalizers: here a slow one a user
    # module holds; a loaded machine's swapped-out run did as slowly) no longer holds the process after its last line
    module = tmp_path / "slow_end.py"
    module.write_text("import time\n\nclass SlowEnd:\n    def __del__(self, sleep=time.sleep):\n        sleep(30)\n\n"
                      "HELD = SlowEnd()\n")
    proc = subprocess.Popen([sys.executable, "train.py", *ONE_THREAD_TINY, "--out", str(tmp_path / "run"),
                             "--train.max_steps=2", "--user-module", str(module)], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    for line in proc.stdout:
        lines.append(line)
        last = time.monotonic()
    assert proc.wait(timeout=60) == 0, "".join(lines)[-2000:]
    assert time.monotonic() - last < 10, "".join(lines)[-2000:]
    assert "translate with it" in lines[-1]
