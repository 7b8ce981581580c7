"""serve.py as the hostile sweep ran it (issue 15): any --checkpoint translate.py takes, the real engine in /health,
an address in use in one line, a 413 the client can read, no traceback when a client hangs up mid-body."""
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.test_engines import save
from tests.test_serve_live import free_port, wait_until_serving

httpx = pytest.importorskip("httpx", reason="the server's extras are not installed (requirements-extras.txt)")
pytest.importorskip("ctranslate2", reason="ctranslate2 is an optional dependency")

REPO = Path(__file__).resolve().parents[1]


def start(checkpoint: str, port: int, env=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "serve.py", "--checkpoint", checkpoint, "--port", str(port), "--threads",
                             "1", "--max-body-kb", "16"], cwd=REPO, stderr=subprocess.PIPE, env=env)


@pytest.fixture(scope="module")
def exported_server(tmp_path_factory):
    import export
    root = tmp_path_factory.mktemp("serve-ct2")
    export.main([save(root / "a.pt", 1), str(root / "ct2"), "--quantization", "float32"])
    port = free_port()
    proc = start(str(root / "ct2"), port)
    try:
        wait_until_serving(proc, f"http://127.0.0.1:{port}")
        yield f"http://127.0.0.1:{port}", proc, root
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_serve_takes_an_exported_directory_and_reports_its_engine(exported_server):
    url, _, _ = exported_server
    assert httpx.get(f"{url}/health").json()["engine"] == "ctranslate2"
    assert httpx.post(f"{url}/translate", json={"text": "Ein Hund läuft."}).status_code == 200


def test_a_client_still_sending_an_oversized_body_reads_the_413(exported_server):
    url, _, _ = exported_server
    request = urllib.request.Request(f"{url}/translate", data=b"x" * (2 << 20),
                                     headers={"content-type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=60)
    assert refused.value.code == 413 and b"limit is 16384 bytes" in refused.value.read()


def test_a_client_hanging_up_mid_body_leaves_no_traceback(exported_server):
    url, proc, _ = exported_server
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port))) as client:
        client.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       b"Content-Length: 10000\r\n\r\n{\"text\": \"Ein")
    assert httpx.get(f"{url}/health").status_code == 200
    proc.terminate()                 # a graceful stop: the hung-up request is handled to its end first
    _, stderr = proc.communicate(timeout=30)
    assert b"Traceback" not in stderr and b"ClientDisconnect" not in stderr, stderr.decode()[-2000:]


def test_an_address_in_use_is_one_line_before_the_model_loads(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = start(save(tmp_path / "a.pt", 1), port)
        _, stderr = proc.communicate(timeout=120)
    lines = stderr.decode().splitlines()
    assert proc.returncode == 2 and lines == [f"error: cannot listen on 127.0.0.1:{port} (Address already in use); "
                                              "is another server using it? choose another --port (or --host)"]


def test_serve_takes_an_ensemble_like_translate(tmp_path):
    port = free_port()
    proc = start(f"{save(tmp_path / 'a.pt', 1)},{save(tmp_path / 'b.pt', 2)}", port)
    try:
        wait_until_serving(proc, f"http://127.0.0.1:{port}")
        assert httpx.post(f"http://127.0.0.1:{port}/translate", json={"text": "Ein Hund."}).status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=30)
