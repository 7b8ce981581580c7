"""models/resume_command.py: every message that names the command continuing a stopped run names the one its last.pt
records (the ranks that trained it, the --data-dir and --user-module of its latest command), not `python train.py`
for a run that torchrun trained."""
import shlex

import pytest
import torch

from tests.tiny_checkpoints import save
from util.errors import UserError

TORCHRUN = ["torchrun", "--standalone", "--nproc_per_node=2", "train.py"]


def stopped_torchrun_run(run, **state):
    """A run directory whose last.pt (a tiny model, a training state) was written by 2 ranks of torchrun, stopped
    before its first epoch's end: no best.pt, no MODEL.md."""
    run.mkdir(parents=True)
    save(run / "last.pt", 1)
    raw = torch.load(run / "last.pt", weights_only=True)
    commands = [shlex.join([*TORCHRUN, "--preset", "tiny", "--data-dir", "my data", "--out", str(run)])]
    torch.save({**raw, "train_state": {"state": {"step": 5, "ranks": 2, "commands": commands, **state}}},
               run / "last.pt")
    (run / "config.json").write_text("{}")
    return run


def told(error) -> list[str]:
    """The command in backquotes a one-line message names, as words."""
    return shlex.split(str(error.value).split("`")[1])


def test_a_runs_recorded_command_is_that_of_its_ranks_data_dir_and_user_module(tmp_path):
    from models.resume_command import recorded_resume_command
    run = stopped_torchrun_run(tmp_path / "run")
    assert shlex.split(recorded_resume_command(run)) == [*TORCHRUN, "--resume", str(run), "--data-dir", "my data"]
    assert shlex.split(recorded_resume_command(run, "here", "mine.py", ranks=3)) == [
        *TORCHRUN, "--resume", str(run), "--data-dir", "here", "--user-module", "mine.py"]   # what is typed now
    stopped_torchrun_run(tmp_path / "old", ranks=0, commands=[])       # a run begun before they were recorded
    assert shlex.split(recorded_resume_command(tmp_path / "old", ranks=3))[:3] == [*TORCHRUN[:2], "--nproc_per_node=3"]
    assert shlex.split(recorded_resume_command(tmp_path / "none")) == ["python", "train.py", "--resume",
                                                                        str(tmp_path / "none")]


def test_a_new_run_into_a_torchrun_runs_directory_is_told_the_torchrun_command_that_continues_it(tmp_path):
    from training.rundir import claim_run_dir
    run = stopped_torchrun_run(tmp_path / "run")
    with pytest.raises(UserError, match="already holds a run; continue it with `torchrun ") as error:
        claim_run_dir(run, resuming=False)                  # typed as `python train.py --out RUN`
    assert told(error) == [*TORCHRUN, "--resume", str(run), "--data-dir", "my data"]


def test_translate_info_of_a_torchrun_runs_last_pt_names_the_torchrun_command(tmp_path):
    import translate
    run = stopped_torchrun_run(tmp_path / "run")
    with pytest.raises(UserError, match="holds no model card") as error:
        translate.main(["--info", "--checkpoint", str(run / "last.pt")])
    assert told(error) == [*TORCHRUN, "--resume", str(run), "--data-dir", "my data"]


def test_the_newest_run_without_best_pt_names_the_torchrun_command_that_continues_it(tmp_path):
    from models.latest_run import latest_checkpoint
    run = stopped_torchrun_run(tmp_path / "runs" / "new")
    with pytest.raises(UserError, match="has no best.pt yet") as error:
        latest_checkpoint(tmp_path / "runs")
    assert told(error) == [*TORCHRUN, "--resume", str(run), "--data-dir", "my data"]
