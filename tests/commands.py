"""Running the commands as a user would: in this process through `cli.run_main` (a fresh interpreter per call
would cost seconds of start-up each), or in a real process where one is needed."""
import ast
import contextlib
import importlib
import io
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import torch

from tests.synthetic import ENV_KEYS
from cli import run_main

REPO = Path(__file__).resolve().parents[1]


def run(args, env, stdin=None, check=True):
    """`python SCRIPT ARGS` (or `python -m MODULE ARGS`) in process, as its `if __name__ == "__main__"` runs it
    (`run_main(main)`, so a UserError ends as one `error:` line and exit status 2): -> .returncode, .stdout and
    .stderr (bytes), like subprocess.run."""
    if args[0] == "-m":
        args = args[1:]
        module = importlib.import_module(args[0])
    else:
        module = importlib.import_module(Path(args[0]).stem)
    out, err = io.StringIO(), io.StringIO()
    saved_env, saved_stdin, saved_argv = {k: os.environ.get(k) for k in ENV_KEYS}, sys.stdin, sys.argv
    for k in ENV_KEYS:                        # a key env lacks is unset, as in a process started with env
        os.environ.pop(k, None) if k not in env else os.environ.__setitem__(k, env[k])
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    sys.argv = list(args)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                run_main(module.main)
                code = 0
            except SystemExit as exit:
                code = exit.code or 0
    finally:
        sys.stdin, sys.argv = saved_stdin, saved_argv
        torch.set_flush_denormal(False)               # as a command's own process would leave this one
        for k, v in saved_env.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    proc = SimpleNamespace(returncode=code, stdout=out.getvalue().encode(), stderr=err.getvalue().encode())
    if check and code != 0:
        raise AssertionError(f"{args} failed ({code}):\n{proc.stderr.decode()[-3000:]}")
    return proc


def run_process(args, env, check=True):
    """A real `python SCRIPT ARGS`, for what needs a fresh process (a user module registers for good)."""
    proc = subprocess.run([sys.executable, *args], cwd=REPO, env=env, capture_output=True, timeout=240)
    if check and proc.returncode != 0:
        raise AssertionError(f"{args} failed ({proc.returncode}):\n{proc.stderr.decode()[-3000:]}")
    return proc


def command(args, tmp_path, **extra_env):
    """A real process that must fail as a user's mistake: exit status 2, no traceback; -> its last stderr line."""
    env = {**os.environ, "EINSUM_NMT_CACHE": str(tmp_path / "cache"), "MULTI30K_BASE_URL": "http://127.0.0.1:9/",
           **extra_env}
    proc = subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


@contextlib.contextmanager
def file_size_limit(limit: int):
    """Writes in this process fail past `limit` bytes a file (EFBIG), as under `ulimit -f` or on a disk that fills:
    SIGXFSZ ignored, as Python's own start-up leaves it in a command's process."""
    previous_signal = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    previous_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, previous_limit[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, previous_limit)
        signal.signal(signal.SIGXFSZ, previous_signal)


def command_in_process(args, tmp_path, **extra_env):
    """`command` in this process, from tmp_path with the same environment (a fresh interpreter costs seconds of
    start-up): a user's mistake ends as exit status 2 with no traceback; -> its last stderr line."""
    env = {**os.environ, "EINSUM_NMT_CACHE": str(tmp_path / "cache"), "MULTI30K_BASE_URL": "http://127.0.0.1:9/",
           **extra_env}
    with contextlib.chdir(tmp_path):
        proc = run(args, env, check=False)
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


def script(name):
    return str(REPO / name)


def calls_before_torch(path: Path) -> list[str]:
    """The functions an entry point calls in its `if __name__ == "__main__":` block before its first `import torch`
    (all of them if it imports torch only later, inside functions)."""
    calls = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import) and any(a.name == "torch" for a in node.names):
            break
        if isinstance(node, ast.If):               # `if __name__ == "__main__":` comes first
            calls += [n.func.id for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    return calls


SETUP = ("util.threads", "util.kernels")          # the modules of what must run before torch starts


def third_party_before(path: Path, call: str) -> list[str] | None:
    """The modules beyond the standard library and SETUP that a bench module imports at its top level before it calls
    `call()` there (run as `python -m bench.x`, the module is the first thing imported); None if it never does."""
    before = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") \
                == call:
            return [m for m in before if m.split(".")[0] not in sys.stdlib_module_names and m not in SETUP]
        if isinstance(node, ast.Import):
            before += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            before.append(node.module)
    return None
