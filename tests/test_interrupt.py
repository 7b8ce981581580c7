"""util/interrupt.py: Ctrl-C while a command still imports torch ends it quietly (exit 130), in every entry point."""
import ast
import signal
import subprocess
import sys

import pytest

from tests.commands import REPO
from cli import run_main
from util.interrupt import quiet_while_starting

ENTRY_POINTS = ["train.py", "translate.py", "evaluate.py", "export.py", "average.py", "serve.py"]


def test_ctrl_c_while_starting_ends_quietly_with_status_130():
    code = ("from util.interrupt import quiet_while_starting; quiet_while_starting()\n"
            "import os, signal, time; os.kill(os.getpid(), signal.SIGINT); time.sleep(30)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, timeout=60)
    assert (proc.returncode, proc.stdout, proc.stderr) == (130, b"", b"")     # before: a 40-line import traceback


def test_run_main_gives_ctrl_c_back_to_python_once_the_work_begins(monkeypatch):
    handler = signal.getsignal(signal.SIGINT)
    monkeypatch.setattr(sys, "argv", ["x.py"])
    try:
        quiet_while_starting()
        seen = []
        with pytest.raises(SystemExit):
            run_main(lambda argv: seen.append(signal.getsignal(signal.SIGINT)), needs_stdout=False)
        assert seen == [signal.default_int_handler]       # a KeyboardInterrupt, which run_main ends quietly
    finally:
        signal.signal(signal.SIGINT, handler)


def test_sigterm_during_the_work_unwinds_it_removing_its_temporary_files_with_status_143(tmp_path):
    # a supervisor's stop, `timeout`, `kill PID`: export.py's staging directory beside OUT_DIR, train.py's tokenized
    # corpus in /tmp and the run directory it created were left behind, the process killed where it stood
    code = ("import os, signal, sys, tempfile, time\n"
            "from cli import run_main\n"
            "def main(argv):\n"
            "    with tempfile.TemporaryDirectory(dir=argv[0]):\n"
            "        os.kill(os.getpid(), signal.SIGTERM); time.sleep(30)\n"
            "run_main(main)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=REPO, capture_output=True, timeout=60)
    assert (proc.returncode, proc.stdout, proc.stderr, list(tmp_path.iterdir())) == (143, b"", b"", [])


@pytest.mark.parametrize("script", ENTRY_POINTS)
def test_every_entry_point_is_quiet_before_its_first_heavy_import(script):
    body = ast.parse((REPO / script).read_text(encoding="utf-8")).body
    first = next(node for node in body[1:] if not (isinstance(node, ast.ImportFrom) and node.module == "__future__"))
    assert isinstance(first, ast.If) and "quiet_while_starting()" in ast.unparse(first), script


def test_no_garbage_is_collected_while_starting_and_the_work_collects_what_the_start_did_not_freeze():
    """Collecting among the imports' objects again and again took a tenth of translate.py's start."""
    code = ("import gc, sys; from util.interrupt import quiet_while_starting; quiet_while_starting()\n"
            "starting = gc.isenabled(); import json\n"
            "from cli import run_main\n"
            "run_main(lambda argv: print(starting, gc.isenabled(), gc.get_freeze_count() > 1000))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout.split()) == (0, ["False", "True", "True"])
