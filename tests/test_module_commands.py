"""The `python -m` commands of bench/ and probes/, as a user runs them: a mistake (a --data-dir that is not there, a
missing checkpoint) is one line that says what to do and exit status 2, as with train.py, never a traceback."""
import importlib
import os
import re
import subprocess
import sys

import pytest

from tests.commands import REPO, command
from util.errors import UserError

NO_DATA, NO_MODEL = ["--data-dir", "/nonexistent/multi30k"], ["--checkpoint", "/nonexistent/best.pt"]
MISTAKES = {"bench.loop": [*NO_DATA, "--preset", "tiny"], "bench.throughput": [*NO_DATA, "--preset", "tiny"],
            "bench.step_options": [*NO_DATA, "--preset", "tiny"], "bench.prepare_scale": NO_DATA,
            "bench.decode": [*NO_MODEL, *NO_DATA], "bench.serve_load": [*NO_MODEL, *NO_DATA],
            "bench.beside": [*NO_MODEL, *NO_DATA], "probes.glossary": NO_MODEL, "probes.placeholders": NO_MODEL,
            "probes.confidence": NO_MODEL}


@pytest.fixture
def kept_environment():
    """The environment as it was before the test: importing a bench module sets its thread and kernel variables,
    as a command does."""
    before = dict(os.environ)
    yield
    for key in set(os.environ) - set(before):
        del os.environ[key]
    os.environ.update(before)


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_missing_data_dir_or_checkpoint_is_a_user_error_before_any_work(name, kept_environment):
    module = importlib.import_module(name)
    with pytest.raises(UserError, match="/nonexistent/") as error:
        module.main(MISTAKES[name])
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("name, flags", [
    ("bench.throughput", ["--batches", "0"]), ("bench.step_options", ["--rounds", "0"]),
    ("bench.prepare_scale", ["--pairs", "0"]), ("bench.baseline", ["--epochs", "0"]),
    ("bench.serve_slices", [*NO_MODEL, "--texts", "0"]), ("bench.serve_load", [*NO_MODEL, "--clients", "-1"]),
    ("bench.beside", [*NO_MODEL, *NO_DATA, "--steps", "0"]), ("bench.grid", ["r.txt", *NO_DATA, "--out", "o",
                                                                             "--parallel", "-2"]),
])
def test_a_count_of_nothing_is_one_line_before_any_work(name, flags, kept_environment):
    """was: a traceback (throughput's IndexError), a record of nothing timed (serve_slices) or a run without end"""
    module = importlib.import_module(name)
    with pytest.raises(UserError, match=rf"^argument {flags[-2]}: '{flags[-1]}' is not a whole number of at least "
                                        rf"\d \(see `python -m {name} --help`\)$"):
        module.main([*NO_DATA, *flags] if "--data-dir" not in flags else flags)


# the modules with a main (step_worker: the worker bench.loop starts, not a command)
COMMANDS = [path for path in sorted([*(REPO / "bench").glob("*.py"), *(REPO / "probes").glob("*.py")])
            if "\ndef main(" in path.read_text(encoding="utf-8") and path.name != "step_worker.py"]


def module_name(path) -> str:
    return ".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__main__")


@pytest.mark.parametrize("name", [module_name(path) for path in COMMANDS])
def test_a_flag_the_command_does_not_know_is_one_line_that_names_its_help(name, kept_environment):
    """argparse's usage block and exit are the parser's UserError (cli.CommandParser): one line; a flag the parser
    leaves to the config (bench.loop, throughput, step_options) is the config's one line."""
    module = importlib.import_module(name if name != "probes" else "probes.__main__")
    with pytest.raises(UserError) as error:
        module.main(["--no-such-flag"])
    message = str(error.value)
    assert "\n" not in message
    assert f"(see `python -m {name} --help`)" in message or message.startswith("override '--no-such-flag'")


def test_each_command_turns_a_user_error_into_one_line_and_exit_status_2():
    """The modules with a main end in run_main, which prints `error: ...` and exits 2 (tests/test_cli.py)."""
    assert len(COMMANDS) >= len(MISTAKES)
    for path in COMMANDS:
        main_block = path.read_text(encoding="utf-8").split('if __name__ == "__main__":')[-1]
        assert re.search(r"^    run_main\(main", main_block, re.M), path.name


def test_bench_loop_without_its_data_says_so_in_one_line(tmp_path):
    line = command(["-m", "bench.loop", *MISTAKES["bench.loop"]], tmp_path, PYTHONPATH=str(REPO))
    assert line.startswith("error: the data directory /nonexistent/multi30k does not exist")


@pytest.mark.parametrize("name, flags, message", [
    ("bench.decode", [*NO_MODEL, "--rounds", "0"], "--rounds: '0' is not a whole number of at least 1"),
    ("bench.decode", [*NO_MODEL, "--sentences", "-5"], "--sentences: '-5' is not a whole number of at least 0"),
    ("bench.loop", [*NO_DATA, "--steps", "0"], "--steps: '0' is not a whole number of at least 1"),
    ("bench.attention_zoo", ["--lengths", "abc"], "--lengths: 'abc' is not a list of whole numbers of at least 1"),
    ("bench.attention_zoo", ["--types", "nope"], "--types: nope; choose from "),
])
def test_a_count_out_of_range_is_one_line_before_any_work(name, flags, message, kept_environment):
    """--rounds 0 ended in a statistics traceback, --sentences -5 timed "-5 sentences", --types nope printed dashes."""
    with pytest.raises(UserError, match=re.escape(message)):
        importlib.import_module(name).main(flags)


def test_serve_load_with_a_checkpoint_serve_py_refuses_is_serve_pys_one_line_and_exit_status_2(tmp_path):
    pytest.importorskip("fastapi", reason="serve.py needs the extras (requirements-extras.txt)")
    (tmp_path / "not-exported").mkdir()
    proc = subprocess.run([sys.executable, "-m", "bench.serve_load", "--checkpoint", str(tmp_path / "not-exported")],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stderr.startswith("error: ")       # was: a second line, exit status 1
    assert len(proc.stderr.splitlines()) == 1 and "not an exported model" in proc.stderr
