"""The server's "format" on /translate, in process (FastAPI's TestClient) on the session's tiny trained model: "html"
and "xml" put each text's tags back as translate.py --format does, per request, by proportion on an engine without
attention; a bad value is refused in one line."""
from dataclasses import replace

import pytest

pytest.importorskip("fastapi", reason="the server's extras are not installed (pip install -r requirements-extras.txt)")
from fastapi.testclient import TestClient  # noqa: E402

from serving.app import create_app  # noqa: E402
from serving.service import TranslationService  # noqa: E402
from decoding.load import load_translator  # noqa: E402
import serving.service  # noqa: E402
from decoding.markup import put_back_lines, translate_markup_lines  # noqa: E402
from decoding.markup_kept import tags_kept  # noqa: E402
from decoding.router import Router  # noqa: E402
from tests.test_markup import LINES  # noqa: E402


@pytest.fixture(scope="module")
def translator(tiny_run):
    return load_translator(tiny_run / "best.pt")


def serve(engine):
    return TestClient(create_app(TranslationService(Router(engine))), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def client(translator):
    with serve(translator) as client:
        yield client


def test_html_texts_come_back_as_translate_py_writes_them_every_tag_kept(client, translator):
    answer = client.post("/translate", json={"texts": LINES, "format": "html", "beam": 2}).json()
    decode = replace(translator.cfg.decode, beam=2, n_best=1)
    assert answer["translations"] == translate_markup_lines(Router(translator), LINES, "html", decode)
    assert all(tags_kept(source, line) for source, line in zip(LINES, answer["translations"]))
    assert len(answer["confidences"]) == len(LINES)


def test_the_format_is_each_requests_own_and_text_is_the_default(client, translator):
    line = "Der <b>Hund</b> läuft im Park."
    as_html = client.post("/translate", json={"text": line, "format": "html"}).json()["translation"]
    as_text = client.post("/translate", json={"text": line}).json()["translation"]
    assert tags_kept(line, as_html) and "<b>" in as_html
    assert as_text == client.post("/translate", json={"text": line, "format": "text"}).json()["translation"]
    assert as_text == translator.translate([line])[0]          # the tags are words to the model
    plain = "Der Hund läuft im Park."
    assert client.post("/translate", json={"text": plain, "format": "html"}).json()["translation"] == \
        client.post("/translate", json={"text": plain}).json()["translation"]


def test_xml_pairs_tags_by_their_exact_name(client):
    line = '<Term id="1">Hund</Term> und <term>Katze</term>'
    answer = client.post("/translate", json={"text": line, "format": "xml"}).json()
    assert tags_kept(line, answer["translation"], "xml")


def test_a_requests_glossary_is_in_the_attention_that_puts_its_tags_back(client, tiny_run, monkeypatch):
    """The tags go where the attention of the translation made puts them, the request's glossary's terms in it, as
    translate.py --glossary's do."""
    maps, line, glossary = [], "Der <b>Hund</b> läuft im Park.", {"Hund": "Zorblax"}

    def seen(parsed, translations, attend):
        def recorded(texts):
            found = attend(texts)
            maps.extend(m for line in found for m in line)
            return found
        return put_back_lines(parsed, translations, recorded)
    monkeypatch.setattr(serving.service, "put_back_lines", seen)
    answer = client.post("/translate", json={"text": line, "format": "html", "glossary": glossary}).json()
    assert "Zorblax" in answer["translation"] and tags_kept(line, answer["translation"])
    with_file = load_translator(tiny_run / "best.pt")           # translate.py --glossary FILE's translator
    with_file.use_glossary(glossary)
    decode = replace(with_file.cfg.decode, n_best=1)
    expected = Router(with_file).lines_attention(["Der Hund läuft im Park."], decode)[0]
    assert [(m.source, m.output) for m in maps] == [(m.source, m.output) for m in expected]


def test_an_engine_without_attention_puts_the_tags_back_by_proportion(tiny_run):
    ensemble = load_translator(f"{tiny_run / 'best.pt'},{tiny_run / 'averaged.pt'}")
    with serve(ensemble) as client:
        answer = client.post("/translate", json={"texts": LINES, "format": "html"})
    assert answer.status_code == 200, answer.text
    assert all(tags_kept(source, line) for source, line in zip(LINES, answer.json()["translations"]))


@pytest.mark.parametrize("body, message", [
    ({"text": "Hund", "format": "markdown"}, 'format must be one of "text", "html", "xml", not "markdown"'),
    ({"text": "Hund", "format": "HTML"}, 'format must be one of "text", "html", "xml", not "HTML"'),
    ({"text": "Hund", "format": 5}, 'format must be one of "text", "html", "xml", not 5'),
    ({"text": "Hund", "format": "html", "n_best": 2}, 'n_best must be 1 with format "html"'),
    ({"text": "1\n00:00:01,000 --> 00:00:02,000\nHund", "format": "srt"},
     'format "srt" is a subtitle file, which the server does not take: translate it with translate.py --format srt'),
    ({"text": "WEBVTT", "format": "vtt"}, 'format "vtt" is a subtitle file'),
])
def test_a_bad_format_is_refused_in_one_line_naming_the_choices(client, body, message):
    answer = client.post("/translate", json=body)
    assert answer.status_code == 422 and message in answer.json()["error"], answer.text
    assert "\n" not in answer.json()["error"]
