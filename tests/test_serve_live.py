"""`python serve.py` as a user runs it, on 127.0.0.1 with the session's tiny model: the page in headless Chromium,
and a bounded load of 16 concurrent clients."""
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="the server's extras are not installed (requirements-extras.txt)")
pytest.importorskip("fastapi", reason="the server's extras are not installed (requirements-extras.txt)")

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
SENTENCE, TRANSLATION = "Der Hund läuft im Park.", "The dog runs in the park."


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_serving(proc: subprocess.Popen, url: str, seconds: float = 120) -> None:
    """Poll /health; waiting on the process itself, so a server that dies fails at once with its stderr."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        try:
            proc.wait(timeout=0.2)
            raise AssertionError(f"serve.py exited with {proc.returncode}:\n{proc.stderr.read().decode()[-3000:]}")
        except subprocess.TimeoutExpired:
            pass
    raise AssertionError(f"serve.py did not answer {url}/health within {seconds} s")


@pytest.fixture(scope="module")
def server(tiny_run, synthetic_env):
    url = f"http://127.0.0.1:{(port := free_port())}"
    # one torch thread: a tiny model gains nothing from two, and on a busy machine their spinning costs seconds
    proc = subprocess.Popen([sys.executable, "serve.py", "--checkpoint", str(tiny_run / "best.pt"), "--port",
                             str(port), "--threads", "1"], cwd=REPO, env=synthetic_env, stderr=subprocess.PIPE)
    try:
        wait_until_serving(proc, url)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_page_translates_a_sentence_in_a_real_browser(server, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        if not Path(CHROMIUM).is_file():
            pytest.skip(f"no chromium at {CHROMIUM} (apt-get install -y chromium)")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, width in (("desktop", 1000), ("phone", 390)):
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.goto(server)
            page.fill("#source", SENTENCE)
            page.fill("#n-best", "3")
            page.click("#translate")
            page.wait_for_selector("#heatmap td")
            assert page.inner_text("#result") == TRANSLATION
            assert page.locator("#n-best-lists li").count() == 3
            assert page.locator("#heatmap tbody tr").count() == len(TRANSLATION.split()) + 2   # ".", <eos>
            assert page.evaluate("document.documentElement.scrollWidth") <= width    # nothing sticks out
            page.screenshot(path=tmp_path / f"serve-{name}.png", full_page=True)
        page.fill("#source", "Hund " * 300)          # a refusal is shown as the server's one line
        page.click("#translate")
        page.wait_for_selector("#error:not([hidden])")
        assert "the limit is 1000" in page.inner_text("#error")
        browser.close()
    assert (tmp_path / "serve-phone.png").stat().st_size > 10_000


def test_sixteen_clients_under_load_get_every_answer_in_order(server):
    """16 clients × 50 requests (single sentences and pairs); every answer must be the one for its own input."""
    pool = [f"{noun} {verb} {place}." for noun in ("Der Hund", "Die Katze", "Das Kind", "Die Frau")
            for verb in ("läuft", "schläft") for place in ("im Park", "am Strand")]
    expected = dict(zip(pool, httpx.post(f"{server}/translate", json={"texts": pool}).json()["translations"]))
    before = httpx.get(f"{server}/health").json()["batching"]

    def client(number: int) -> int:
        with httpx.Client(base_url=server, timeout=30) as http:
            for n in range(50):
                texts = [pool[(number * 7 + n) % len(pool)], pool[(number + n * 3) % len(pool)]][:1 + n % 2]
                answer = http.post("/translate", json={"texts": texts})
                assert answer.status_code == 200, answer.text
                assert answer.json()["translations"] == [expected[t] for t in texts]
        return n + 1

    started = time.monotonic()
    with ThreadPoolExecutor(16) as clients:
        done = [f.result(timeout=120) for f in [clients.submit(client, c) for c in range(16)]]
    assert done == [50] * 16 and time.monotonic() - started < 120
    after = httpx.get(f"{server}/health").json()["batching"]
    assert after["requests"] - before["requests"] == 800
    assert after["batches"] - before["batches"] < 800           # concurrent requests shared search calls
