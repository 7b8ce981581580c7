"""bench/grid.py: recipes from a file, each a train.py run then evaluate.py, at most --parallel at a time, under one
deadline, each reported in the table; nothing of an earlier grid is overwritten."""
import shlex
import sys

import pytest

from bench import grid
from util.errors import UserError


@pytest.fixture
def fake_runs(tmp_path, monkeypatch):
    """Runs that note when they start and end, and between run their recipe's words as a shell command."""
    log = tmp_path / "order.log"
    monkeypatch.setattr(grid, "POLL", 0.02)

    def job(name, overrides, args):
        return f"echo start {name} >> {log}; {' '.join(overrides) or 'true'}; echo end {name} >> {log}"
    monkeypatch.setattr(grid, "job", job)
    return log


def recipes(tmp_path, text: str):
    path = tmp_path / "recipes.txt"
    path.write_text(text)
    return str(path)


def test_with_parallel_1_the_runs_go_one_after_another_and_each_has_its_row(tmp_path, fake_runs, capsys):
    file = recipes(tmp_path, "# three runs\na sleep 0.1\nb true  # a comment\n\nc\n")
    assert grid.main([file, "--data-dir", "d", "--out", str(tmp_path / "out"), "--parallel", "1"]) == 0
    assert fake_runs.read_text().split("\n") == ["start a", "end a", "start b", "end b", "start c", "end c", ""]
    rows = (tmp_path / "out" / "summary.md").read_text().splitlines()[2:]
    assert [(row.split(" | ")[0], row.split(" | ")[-1]) for row in rows] == [("| a", "done |"), ("| b", "done |"),
                                                                              ("| c", "done |")]


def test_by_default_every_run_starts_at_once(tmp_path, fake_runs):
    flag = tmp_path / "flag"             # a ends only once b has run: one after the other, a meets the deadline
    file = recipes(tmp_path, f"a until test -e {flag}; do sleep 0.01; done\nb touch {flag}\n")
    assert grid.main([file, "--data-dir", "d", "--out", str(tmp_path / "out"), "--deadline", "60"]) == 0
    assert (tmp_path / "out" / "summary.md").read_text().count("| done |") == 2


def test_at_the_deadline_a_run_is_stopped_and_one_not_started_is_said_so(tmp_path, fake_runs):
    file = recipes(tmp_path, "slow sleep 60\nnext\n")
    assert grid.main([file, "--data-dir", "d", "--out", str(tmp_path / "out"), "--parallel", "1",
                      "--deadline", "0"]) == 0
    table = (tmp_path / "out" / "summary.md").read_text()
    assert "| stopped at the deadline |" in table and "| not started |" in table
    assert "start next" not in (fake_runs.read_text() if fake_runs.exists() else "")   # slow may not have begun


@pytest.mark.parametrize("text, message", [
    ("# nothing\n", "holds no recipe"),
    ("a --train.max_steps=1\na --train.max_steps=2\n", "line 2: 'a' is no new run name"),
    ("--train.max_steps=1\n", "line 1: '--train.max_steps=1' is no new run name"),
])
def test_a_recipes_file_without_a_recipe_or_with_a_name_twice_is_refused(tmp_path, text, message):
    with pytest.raises(UserError, match=message):
        grid.main([recipes(tmp_path, text), "--data-dir", "d", "--out", str(tmp_path / "out")])


def test_an_out_directory_holding_a_run_of_the_grid_is_refused_and_left_alone(tmp_path, fake_runs):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "a.log").write_text("the log of an earlier grid\n")
    with pytest.raises(UserError, match="already holds a.log"):
        grid.main([recipes(tmp_path, "a\n"), "--data-dir", "d", "--out", str(tmp_path / "out")])
    assert (tmp_path / "out" / "a.log").read_text() == "the log of an earlier grid\n"
    assert not fake_runs.exists()


def test_a_run_trains_with_the_cpu_preset_and_no_time_budget_before_its_own_flags_then_evaluates_best_pt(tmp_path):
    class Args:
        out, data_dir, split, evaluate = str(tmp_path), "data", "test_2016_flickr", "--beam 1"
    train, evaluate = grid.job("a", ["--train.max_steps=9", "--train.time_budget=60"], Args).split(" && ")
    assert shlex.split(train) == [sys.executable, "train.py", "--preset", "cpu", "--train.time_budget=0",
                                  "--data-dir", "data", "--train.max_steps=9", "--train.time_budget=60", "--out",
                                  str(tmp_path / "a"), ">", str(tmp_path / "a.log"), "2>&1"]
    assert shlex.split(evaluate) == [sys.executable, "evaluate.py", "--checkpoint", str(tmp_path / "a" / "best.pt"),
                                     "--split", "test_2016_flickr", "--data-dir", "data", "--beam", "1", ">",
                                     str(tmp_path / "a.test"), "2>&1"]


def test_a_run_of_both_directions_is_evaluated_each_way_and_its_row_shows_both(tmp_path):
    class Args:
        out, data_dir, split, evaluate = str(tmp_path), "data", "test_2016_flickr", ""
    commands = grid.job("j", ["--data.directions=both", "--data.src_lang=en", "--data.tgt_lang=de"], Args).split(" && ")
    assert len(commands) == 3 and "--to" not in shlex.split(commands[1])
    assert shlex.split(commands[2])[-5:] == ["--to", "en", ">", str(tmp_path / "j.test-en"), "2>&1"]
    assert len(grid.job("one", ["--data.src_lang=en", "--data.tgt_lang=de"], Args).split(" && ")) == 2
    (tmp_path / "j").mkdir()
    (tmp_path / "j.test").write_text("BLEU = 39.64 70.1/46.0/32.1/22.9 (BP = 1.000)\n")
    (tmp_path / "j.test-en").write_text("BLEU = 41.50 74.0/50.2/35.8/26.0 (BP = 0.990)\n")
    row = grid.summary_row("j", [], tmp_path / "j", 10.0, "done")
    assert "| 39.64 / 41.50 |" in row


def test_a_recipe_whose_config_flags_are_wrong_is_refused_before_any_run_starts(tmp_path, fake_runs):
    file = recipes(tmp_path, "good --train.max_steps=1\nbad --data.directions=sideways\n")
    with pytest.raises(UserError, match="directions"):
        grid.main([file, "--data-dir", "d", "--out", str(tmp_path / "out")])
    assert not fake_runs.exists()
