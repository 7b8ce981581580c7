"""`python serve.py` as a user runs it, on 127.0.0.1: the page in headless Chromium and a bounded load of 16 concurrent
clients (the session's tiny model); a client that goes away costs no more than one slice (serving/app.py's app in this
process, its first slice held, so the count is not left to timing); HEAD answered; an exported directory or an
ensemble as the model (no attention offered), a 413 the client can read, no traceback when a client hangs up
mid-body, an address in use in one line."""
import contextlib
import json
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.tiny_checkpoints import save
from tests.translator_doubles import HeldTranslator

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


@pytest.fixture(scope="module")
def chromium():
    """Headless Chromium, started once for the module's page tests."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"no chromium at {CHROMIUM} (apt-get install -y chromium)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium):
    """The module's Chromium for one test: the pages it opens (each its own context, so no state is carried from
    another test) are closed after it."""
    yield chromium
    for context in chromium.contexts:
        context.close()


def test_the_page_translates_a_sentence_in_a_real_browser(server, tmp_path, browser):
    for name, width in (("desktop", 1000), ("phone", 390)):
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(server)
        # a selector, not wait_for_function: its polled string is eval'd in the page, which the page's CSP forbids
        page.wait_for_selector("#model:has-text(' de / ')")   # /health answered
        assert page.inner_text("#direction") == "German → English" == page.title().split(" · ")[1]
        page.fill("#source", SENTENCE)
        page.fill("#n-best", "3")
        page.click("#translate")
        page.wait_for_selector(".heatmap td")
        assert page.inner_text("#result") == TRANSLATION
        assert page.locator("#n-best-lists li").count() == 3
        assert page.locator(".heatmap tbody tr").count() == len(TRANSLATION.split()) + 2   # ".", <eos>
        assert page.evaluate("document.documentElement.scrollWidth") <= width    # nothing sticks out
        # a heatmap's labels without the pieces' word-start mark and joiner, which fonts show as boxes
        assert page.evaluate("['\u2581Hund', '\u2581\uffed.', 'en', '\u2581'].map(tokenLabel)") == \
            ["Hund", ".", "en", "\u2423"]
        page.screenshot(path=tmp_path / f"serve-{name}.png", full_page=True)
    page.fill("#source", "Hund " * 300)          # a refusal is shown as the server's one line
    page.click("#translate")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error") == "line 1 has 1500 characters; the limit is 1000 a line: break it into " \
                                        "shorter lines"       # before: the API's "texts[0] has ..."
    assert page.inner_text("#result") == "" and page.locator(".heatmap").is_hidden()   # no old answer under it
    page.fill("#source", "Hund\n" * 70)
    page.click("#translate")
    page.wait_for_selector("#error:has-text('70 lines')")     # a file's last line break ends a line, not one more
    assert page.inner_text("#error") == "70 lines; the limit is 64 a request: translate them in parts"
    assert (tmp_path / "serve-phone.png").stat().st_size > 10_000


@pytest.fixture(scope="module")
def both_server(both_run, synthetic_env):
    url = f"http://127.0.0.1:{(port := free_port())}"
    proc = subprocess.Popen([sys.executable, "serve.py", "--checkpoint", str(both_run / "best.pt"), "--port",
                             str(port), "--threads", "1"], cwd=REPO, env=synthetic_env, stderr=subprocess.PIPE)
    try:
        wait_until_serving(proc, url)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_page_of_a_model_of_both_directions_picks_each_lines_way_or_the_one_chosen(both_server, browser):
    page = browser.new_page()
    page.goto(both_server)
    page.wait_for_selector("#model:has-text(' de / ')")            # /health answered
    assert page.input_value("#to") == "auto" and page.inner_text("#direction") == "German ↔ English"
    page.fill("#source", "Der Hund schläft im Park.\nThe dog sleeps in the park.")
    page.click("#translate")
    page.wait_for_selector("#result .line >> nth=1")
    assert page.locator("#result .way").all_inner_texts() == ["de → en", "en → de"]
    first, second = page.locator("#result .line").all_inner_texts()
    assert "The dog " in first and "Der Hund " in second
    page.select_option("#to", "de")
    assert page.inner_text("#direction") == "English → German"
    page.click("#translate")                                      # every line into German
    page.wait_for_selector("#result .line:first-child .way:text-is('en → de')")
    assert page.locator("#result .way").all_inner_texts() == ["en → de", "en → de"]


def ready(page, url: str) -> None:
    """The page of `url` once it has the server's /health (the model's languages shown), its heatmap off: the tests
    read the translations."""
    page.goto(url)
    page.wait_for_selector("#model:has-text(' de / ')")
    page.uncheck("#show-attention")


def german_into_german(page, url):
    """The page of `url` after translating a German line with "into" German: the answer has a note."""
    ready(page, url)
    page.select_option("#to", "de")
    page.fill("#source", "Der Hund schläft im Park.")
    page.click("#translate")
    page.wait_for_selector("#notes:not([hidden])")


def test_the_note_on_lines_in_the_language_chosen_names_the_pages_selector(both_server, browser):
    """The note named the API's field: 'the language "to": "de" writes'."""
    page = browser.new_page()
    german_into_german(page, both_server)
    assert page.inner_text("#notes") == '1 line reads as German already, the language "into German" writes; it was ' \
        'read as English all the same ("into the other language (auto)" sends each line into the other language of ' \
        'its own)'


def test_the_notes_go_when_the_direction_changes(both_server, browser):
    """They described the way chosen before, and stayed until the next answer."""
    page = browser.new_page()
    german_into_german(page, both_server)
    page.select_option("#to", "auto")
    assert page.is_hidden("#notes") and page.inner_text("#notes") == ""


def test_the_page_greys_a_translation_below_the_servers_low_confidence_with_a_note(server, browser):
    """The threshold /health gives is set between the two lines' confidences, so the page's rule is what is tested."""
    texts = [SENTENCE, "Kompiliere den Kernel neu!"]
    sure, unsure = httpx.post(f"{server}/translate", json={"texts": texts}).json()["confidences"]
    assert unsure < sure
    threshold = round((sure + unsure) / 2, 4)

    def health(route):
        response = route.fetch()
        route.fulfill(response=response, json={**response.json(), "low_confidence": threshold})

    page = browser.new_page()
    page.route("**/health", health)
    page.goto(server)
    page.wait_for_selector(f'#low-confidence:text-is("{threshold}")', state="attached")   # /health answered
    page.fill("#source", "\n".join(texts))
    page.click("#translate")
    page.wait_for_selector("#result .line >> nth=1")
    lines = page.locator("#result .line")
    assert lines.nth(0).get_attribute("class") == "line" and lines.nth(0).inner_text() == TRANSLATION
    assert lines.nth(1).get_attribute("class") == "line low"
    assert "unlike what the model was trained on" in lines.nth(1).inner_text()
    assert page.is_visible("#confidence-hint")


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


def wait_for(condition, what: str, seconds: float = 60):
    """Poll until condition() is true (the server works in its own process, at its own pace)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {seconds} s")
        time.sleep(0.02)


@contextlib.contextmanager
def serving_in_process(service):
    """serving/app.py's app around `service`, run by uvicorn on a free port of 127.0.0.1 in a thread of this process."""
    import uvicorn
    from serving.server import listening_socket
    from serving.app import create_app
    sock = listening_socket("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(create_app(service), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        wait_for(lambda: server.started, "uvicorn did not start")
        yield "http://127.0.0.1:%d" % sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        sock.close()


def test_a_client_that_goes_away_stops_its_work_at_the_next_slice(tiny_run):
    """64 texts of one (long) sentence at beam 16 are 64 slices; the client closes while the first is decoded, and that slice is held
    until the server has seen the disconnect (its future cancelled), so no timing decides the count: the server
    decodes that one slice and no other, counts the request as cancelled, and serves the next client."""
    from decoding.load import load_translator
    from decoding.router import Router
    from serving.service import TranslationService
    translator = load_translator(tiny_run / "best.pt")
    held = HeldTranslator(translator)
    service = TranslationService(Router(held), max_wait_ms=0)
    futures = []
    submit = service.submit
    service.submit = lambda request: futures.append(submit(request)) or futures[-1]     # the app's futures, seen
    with serving_in_process(service) as url:
        long = " ".join([SENTENCE.removesuffix(".")] * 4) + "."         # one sentence, four times as long
        body = json.dumps({"texts": [long] * 64, "beam": 16}).encode()
        with socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1]))) as client:
            client.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
            assert held.started.wait(60), "the server did not start decoding"
        wait_for(lambda: futures[0].cancelled(), "the disconnect was not seen")
        held.release.set()
        wait_for(lambda: service.batcher.stats.cancelled == 1, "the request was not dropped")
        assert held.decoded == [[long]]                             # one slice: one sentence at beam 16
        assert service.batcher.stats == (0, 1, 1)                   # requests answered, calls, cancelled
        assert httpx.post(f"{url}/translate", json={"text": SENTENCE}).json()["translation"] == TRANSLATION
        assert service.batcher.stats.requests == 1


def test_head_is_answered_like_get_without_a_body(server):
    for path in ("/", "/health"):
        head = httpx.head(f"{server}{path}")
        assert head.status_code == 200 and head.content == b"", path


def start(checkpoint: str, port: int, env=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "serve.py", "--checkpoint", checkpoint, "--port", str(port), "--threads",
                             "1", "--max-body-kb", "16"], cwd=REPO, stderr=subprocess.PIPE, env=env)


@pytest.fixture(scope="module")
def exported_server(tmp_path_factory):
    pytest.importorskip("ctranslate2", reason="ctranslate2 is an optional dependency")
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


def test_an_exported_model_offers_no_attention_and_refuses_it_with_a_422(exported_server, browser):
    url, _, _ = exported_server
    assert httpx.get(f"{url}/health").json()["attention"] is False
    refused = httpx.post(f"{url}/attention", json={"text": "Ein Hund läuft."})
    assert refused.status_code == 422 and "CTranslate2" in refused.json()["error"], refused.text
    page = browser.new_page()
    page.goto(url)
    page.wait_for_selector("#attention-option", state="hidden")      # once /health has answered
    page.fill("#source", "Ein Hund läuft.")
    page.click("#translate")
    page.wait_for_selector("#result:not(:empty)")     # a selector, not a script: the page's CSP allows no eval
    assert page.is_hidden("#error") and page.is_hidden("#attention-section")


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


@pytest.fixture(scope="module")
def ensemble_server(tmp_path_factory):
    """serve.py on an ensemble of two tiny checkpoints: (url, process). The module's last test stops it with Ctrl-C."""
    root = tmp_path_factory.mktemp("serve-ensemble")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "serve.py", "--checkpoint", f"{save(root / 'a.pt', 1)},"
                             f"{save(root / 'b.pt', 2)}", "--port", str(port), "--threads", "1"], cwd=REPO,
                            stderr=subprocess.PIPE)
    try:
        wait_until_serving(proc, f"http://127.0.0.1:{port}")
        yield f"http://127.0.0.1:{port}", proc
    finally:
        proc.kill()
        proc.wait(timeout=30)


def test_serve_takes_an_ensemble_like_translate(ensemble_server):
    url, _ = ensemble_server
    assert httpx.post(f"{url}/translate", json={"text": "Ein Hund."}).status_code == 200


def test_a_newer_request_cancels_the_one_still_running_whose_answer_would_overwrite_it(server, browser):
    """Ctrl+Enter again while a long text is translated: the long text's answer came last and stood under the new
    text (the source said one thing, the result another)."""
    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)          # answered only after the second request's answer is shown

    page = browser.new_page()
    page.route("**/translate", hold_the_first)
    ready(page, server)
    page.fill("#source", "Die Katze schläft im Haus.")
    page.press("#source", "Control+Enter")
    page.wait_for_selector("#translate[disabled]")
    page.fill("#source", SENTENCE)
    with page.expect_event("requestfailed", timeout=10_000) as failed:
        page.press("#source", "Control+Enter")
    assert failed.value.url.endswith("/translate")                  # the first, cancelled by the page
    page.wait_for_selector(f"#result .line:text-is('{TRANSLATION}')")
    assert page.is_enabled("#translate")
    with contextlib.suppress(Exception):            # an answer the page no longer reads
        held[0].fulfill(json={"translations": ["STALE"], "confidences": [1.0], "from": ["de"], "to": ["en"]})
    page.fill("#source", SENTENCE)                  # a third request: the page has read whatever came before it
    page.click("#translate")
    page.wait_for_selector("#translate:not([disabled])")
    assert page.inner_text("#result") == TRANSLATION


def test_a_file_of_as_many_lines_as_the_limit_pasted_with_its_last_line_break_is_translated(server, browser):
    """The line break that ends a file's last line was read as one more (empty) line: 64 lines were refused as 65."""
    page = browser.new_page()
    ready(page, server)
    page.fill("#source", "Hund\n" * 64)
    page.click("#translate")
    page.wait_for_selector("#translate:not([disabled])")
    assert page.is_hidden("#error"), page.inner_text("#error")
    assert page.locator("#result .line").count() == 64


def test_a_refusal_by_the_server_names_the_line_and_field_as_the_page_does(server, browser):
    """A line the page's own checks pass but the server refuses (a lone surrogate; an n-best over the limit) was
    shown in the API's words: "texts[1] contains ...", "n_best must be ..."."""
    page = browser.new_page()
    ready(page, server)
    page.evaluate("document.getElementById('source').value = 'Ein Hund.\\nEin \\ud83d Mann.'")
    page.click("#translate")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error") == "line 2 contains a lone surrogate U+D83D at position 4; send plain text"
    page.fill("#source", SENTENCE)
    page.fill("#n-best", "17")
    page.click("#translate")
    page.wait_for_selector("#error:has-text('17')")
    assert page.inner_text("#error") == "n-best must be an integer from 1 to 16, not 17"


def sent_requests(page) -> list:
    """The /translate requests the page sends from now on."""
    sent = []
    page.on("request", lambda request: sent.append(request) if request.url.endswith("/translate") else None)
    return sent


def test_an_empty_text_sends_nothing_and_shows_the_hint(server, browser):
    """Only spaces and line breaks: a request was sent and its blank row hid "The translation appears here."."""
    page = browser.new_page()
    page.goto(server)
    page.wait_for_selector("#model:has-text(' de / ')")            # /health answered
    page.fill("#source", SENTENCE)
    page.click("#translate")
    page.wait_for_selector(".heatmap td")
    sent = sent_requests(page)
    page.fill("#source", "  \n \n")
    page.click("#translate")
    page.wait_for_selector("#translate:not([disabled])")
    assert sent == [] and page.is_hidden("#attention-section")
    assert page.evaluate("getComputedStyle(document.getElementById('result'), '::before').content") == \
        '"The translation appears here."'


@pytest.mark.parametrize("field, name, value", [("#beam", "beam", "0"), ("#n-best", "n-best", "0"),
                                                ("#beam", "beam", "2.5"), ("#n-best", "n-best", "1.5")])
def test_a_beam_or_n_best_below_1_or_not_whole_is_said_and_nothing_sent(server, browser, field, name, value):
    """0 was silently replaced by the server's default, and 2.5 cut to 2."""
    page = browser.new_page()
    page.goto(server)
    page.wait_for_selector("#model:has-text(' de / ')")            # /health answered
    sent = sent_requests(page)
    page.fill("#source", SENTENCE)
    page.fill(field, value)
    page.click("#translate")
    page.wait_for_selector("#translate:not([disabled])")
    assert sent == [] and page.inner_text("#error") == f"{name} must be an integer from 1 to 16, not {value}"


def test_ctrl_enter_translates_from_any_field_of_the_page(server, browser):
    """Ctrl+Enter translated only from the text: after setting n-best or a box with the keyboard it did nothing."""
    page = browser.new_page()
    ready(page, server)
    page.fill("#source", SENTENCE)
    page.fill("#n-best", "2")                       # the focus stays in the field
    with page.expect_request("**/translate", timeout=5_000) as sent:
        page.keyboard.press("Control+Enter")
    assert sent.value.post_data_json["n_best"] == 2
    page.wait_for_selector("#n-best-lists li")
    assert page.inner_text("#result") == TRANSLATION


def test_a_long_unbroken_word_wraps_on_a_phone_and_sticks_out_nowhere(server, browser):
    """A URL in a line (kept by the model as written) made the result and the n-best lists wider than a phone's
    screen: the whole page scrolled sideways."""
    url = "https://example.com/" + "ein/sehr/langer/pfad/" * 6 + "x.html"
    found = {"translations": [f"A man visits {url}."], "confidences": [0.9], "from": ["de"], "to": ["en"],
             "n_best": [[{"text": f"A man visits {url}.", "score": -0.1, "confidence": 0.9}] * 2]}
    page = browser.new_page(viewport={"width": 390, "height": 900})
    page.route("**/translate", lambda route: route.fulfill(json=found))
    ready(page, server)
    page.fill("#source", f"Ein Mann besucht {url}.")
    page.fill("#n-best", "2")
    page.click("#translate")
    page.wait_for_selector("#n-best-lists li")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_page_says_the_server_does_not_answer_and_what_to_do(server, browser):
    """The browser's own words were shown: "Failed to fetch"."""
    page = browser.new_page()
    page.goto(server)
    page.wait_for_selector("#model:has-text(' de / ')")            # /health answered
    page.route("**/translate", lambda route: route.abort("connectionrefused"))     # the server was stopped
    page.fill("#source", SENTENCE)
    page.click("#translate")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error") == "no answer from the server: is serve.py still running? Start it again, " \
                                        "then press Translate"


def test_a_heatmap_that_fails_leaves_the_translation_it_came_after(server, browser):
    """The server stopped between the answer and the heatmap's request (or the heatmap was refused): the page
    erased the translation it had shown and said only that the server did not answer."""
    page = browser.new_page()
    page.goto(server)
    page.wait_for_selector("#model:has-text(' de / ')")            # /health answered
    page.route("**/attention", lambda route: route.abort("connectionrefused"))
    page.fill("#source", SENTENCE)
    page.click("#translate")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#result") == TRANSLATION
    assert page.inner_text("#error") == "no attention map: no answer from the server: is serve.py still running? " \
                                        "Start it again, then press Translate"
    assert page.locator("#attention-section").is_hidden()


def test_a_sentence_the_model_did_not_decode_gets_a_note_not_an_empty_heatmap(server, browser):
    """Only emoji (or a phrase kept whole): the page drew a table of source labels with no rows."""
    page = browser.new_page()
    page.goto(server)
    page.wait_for_selector("#model:has-text(' de / ')")            # /health answered
    page.fill("#source", "🐕 🐈")
    page.click("#translate")
    page.wait_for_selector("#attention-section:not([hidden])")
    assert page.locator("#heatmaps table").count() == 0
    assert page.inner_text("#heatmaps") == "A sentence the model did not decode: no heatmap."


def test_the_page_keeps_html_tags_as_the_api_does_when_asked(server, browser):
    """The page had no way to the API's "format": "html": a tagged line's tags went through the model as words."""
    line = 'Der <b class="x">Hund</b> läuft.'
    page = browser.new_page()
    page.goto(server)
    page.wait_for_selector("#model:has-text(' de / ')")
    page.fill("#source", line)
    page.check("#markup")
    assert page.is_disabled("#n-best")                # the tags go back into one translation a line
    page.click("#translate")
    page.wait_for_selector(".heatmap td")
    shown = page.inner_text("#result")
    api = httpx.post(f"{server}/translate", json={"texts": [line], "format": "html"}, timeout=60).json()
    assert shown == api["translations"][0]
    assert shown.count('<b class="x">') == shown.count("</b>") == 1
    labels = page.locator(".heatmap thead th").all_inner_texts()           # the source tokens
    assert "Hund" in labels and not any("<" in label or "class" in label for label in labels)   # words, no tags
    page.fill("#source", f"<br>\n{line}")           # the heatmap's first line is the first with words
    page.click("#translate")
    page.wait_for_selector("#translate:not([disabled])")
    assert page.locator(".heatmap thead th").all_inner_texts() == labels
    page.uncheck("#markup")
    assert page.is_enabled("#n-best")


def test_a_second_ctrl_c_with_requests_in_flight_stops_at_once_and_quietly(ensemble_server, signum=signal.SIGINT):
    """The first Ctrl-C lets the request in flight finish and says so; the second ends the server at once, exit
    status 130, with no traceback and no abort from the batcher's thread (mid-way through a long request). SIGTERM
    takes the same path (serving/server.py's handle_exit; 143); the ensemble's server, stopped last, is enough."""
    url, proc = ensemble_server
    try:
        lines = "\n".join([SENTENCE] * 40)         # 64 texts of 40 lines at beam 16: minutes of decoding
        def post():
            with contextlib.suppress(httpx.HTTPError):      # its answer never comes: the server stops first
                httpx.post(f"{url}/translate", json={"texts": [lines] * 64, "beam": 16}, timeout=120)
        client = threading.Thread(target=post)
        client.start()
        time.sleep(3)                       # the request read and queued; its decoding takes far longer
        proc.send_signal(signum)
        said_first = []                     # the second once the first is handled, not merged with it by the OS
        while (line := proc.stderr.readline()) and not line.startswith(b"stopping:"):
            said_first.append(line)
        proc.send_signal(signum)
        _, stderr = proc.communicate(timeout=30)
        stderr = b"".join(said_first) + line + stderr
        client.join(timeout=60)
    finally:
        proc.kill()
    said = stderr.decode().splitlines()
    assert proc.returncode == 128 + signum and "Traceback" not in stderr.decode(), stderr.decode()[-3000:]
    assert said[-1] == "stopping: 1 request(s) in flight answered first; Ctrl-C again stops at once"
