"""serve.py's command line, which needs no server packages to start: a clear line without them, and values that
would crash or hang refused in one line."""
import ast
import errno
import socket
import sys
from pathlib import Path

import pytest

import serve
from cli import run_main

REPO = Path(__file__).resolve().parents[1]


def test_without_fastapi_serve_says_what_to_install_in_one_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "fastapi", None)        # `import fastapi` now raises ImportError
    monkeypatch.setattr(sys, "argv", ["serve.py", "--checkpoint", "x.pt"])
    with pytest.raises(SystemExit) as exit:
        run_main(serve.main)
    assert exit.value.code == 2
    assert capsys.readouterr().err == ("error: serve.py needs fastapi, which is not installed: "
                                       "pip install -r requirements-extras.txt\n")


def test_only_the_server_and_its_app_import_the_server_packages():
    """The trainer and its layers must run without fastapi and uvicorn installed."""
    importers = []
    for path in REPO.rglob("*.py"):
        if path.relative_to(REPO).as_posix() in ("serving/server.py", "serving/app.py") or \
                {"tests", "bench"} & set(path.relative_to(REPO).parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n.split(".")[0] in ("fastapi", "uvicorn", "starlette") for n in names):
                importers.append(str(path.relative_to(REPO)))
    assert not importers, importers


@pytest.mark.parametrize("flags, message", [
    (["--threads", "100000"], "--threads 100000 must be from 0 to 1024"),
    (["--threads", "-3"], "--threads -3 must be from 0 to 1024"),
    (["--port", "99999"], "--port 99999 must be from 0 to 65535"),
    (["--max-batch-wait-ms", "1e300"], "--max-batch-wait-ms 1e+300 must be from 0 to 10000"),
    (["--max-batch-wait-ms", "nan"], "--max-batch-wait-ms nan must be from 0 to 10000"),
    (["--max-beam", "100000"], "--max-beam 100000 must be from 1 to 1000"),
    (["--device", "gpu"], "--device=gpu is not a device; use auto, cpu, cuda or cuda:N"),
    (["--checkpoint", ""], "--checkpoint '' is empty; give a path, or leave out --checkpoint"),   # not runs/' newest
    (["--glossary", ""], "--glossary '' is empty; give a path, or leave out --glossary"),         # not none
])
def test_serve_refuses_values_that_would_crash_or_hang_in_one_line(flags, message, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["serve.py", *flags])
    with pytest.raises(SystemExit) as exit:
        run_main(serve.main)
    assert exit.value.code == 2 and capsys.readouterr().err.startswith(f"error: {message}")


def test_serve_to_a_language_the_model_does_not_write_is_refused_in_one_line(tiny_run, monkeypatch, capsys):
    pytest.importorskip("fastapi", reason="the server's extras are not installed")
    monkeypatch.setattr(sys, "argv", ["serve.py", "--checkpoint", str(tiny_run / "best.pt"), "--to", "de",
                                      "--port", "0"])
    with pytest.raises(SystemExit) as exit:
        run_main(serve.main)
    err = capsys.readouterr().err
    assert exit.value.code == 2 and err.startswith("error: --to de: this model writes en only") and err.count("\n") == 1


def test_an_address_that_is_not_this_machines_or_a_port_not_allowed_gets_its_own_advice(monkeypatch):
    from serving.server import listening_socket
    from util.errors import UserError
    with pytest.raises(UserError) as refused:        # 192.0.2.1: an address for documentation, no machine's
        listening_socket("192.0.2.1", 0)
    assert "another server" not in str(refused.value) and "--host must be an address of this machine" in \
        str(refused.value)

    def bind(_sock, _address):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(socket.socket, "bind", bind)    # what a user who is not root meets on port 80
    with pytest.raises(UserError) as refused:
        listening_socket("127.0.0.1", 80)
    assert str(refused.value) == "cannot listen on 127.0.0.1:80 (Permission denied); a port below 1024 needs " \
                                 "root: choose a --port from 1024"
