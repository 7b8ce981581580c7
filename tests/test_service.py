"""serving/service.py: a text of several lines is translated line by line and keeps its line breaks."""
from dataclasses import replace

import pytest

from decoding.translations import Translation
from serving.service import LINE_BREAK, join_lines


def lines_of(text):
    return LINE_BREAK.split(text)


def test_each_lines_translation_comes_back_between_the_texts_own_breaks():
    texts = [lines_of("Ein Hund.\r\nEine Katze.\n\nEnde."), lines_of("Hallo.")]
    found = [[Translation("A dog.", -1.0, 0.9, "de", "en")], [Translation("A cat.", -3.0, 0.4, "de", "en")],
             [Translation("", 0.0, 1.0, "de", "en")], [Translation("End.", -2.0, 0.8, "de", "en")],
             [Translation("Hello.", -0.5, 0.7, "de", "en")]]
    joined = join_lines(texts, found)
    assert [t.text for t in joined[0]] == ["A dog.\r\nA cat.\n\nEnd."]
    assert joined[0][0].score == -2.0 and joined[0][0].confidence == 0.4      # lines with words: mean, lowest
    assert (joined[0][0].src_lang, joined[0][0].tgt_lang) == ("de", "en")
    assert joined[1] == found[4]


def test_the_k_th_translation_joins_each_lines_k_th_and_a_text_comes_once():
    texts = [lines_of("Ein Hund.\nDanke.")]
    found = [[Translation("A dog.", -1.0, 0.9), Translation("One dog.", -2.0, 0.5), Translation("A dog.", -2.5, 0.4)],
             [Translation("Thank you.", 0.0, 1.0)]]
    assert [(t.text, t.score) for t in join_lines(texts, found)[0]] == \
        [("A dog.\nThank you.", -0.5), ("One dog.\nThank you.", -1.0)]


@pytest.fixture(scope="module")
def client(tiny_run):
    pytest.importorskip("fastapi", reason="the server's extras are not installed")
    from fastapi.testclient import TestClient

    from decoding.load import load_translator
    from decoding.router import Router
    from serving.app import create_app
    from serving.payloads import Limits
    from serving.service import TranslationService
    translator = load_translator(tiny_run / "best.pt")
    with TestClient(create_app(TranslationService(Router(translator)), Limits())) as client:
        yield client, translator


def test_a_request_text_of_several_lines_is_translated_line_by_line(client):
    client, translator = client
    lines = ["Der Hund läuft im Park.", "", "Die Katze schläft im Haus."]
    decode = replace(translator.cfg.decode, beam=2)
    answer = client.post("/translate", json={"text": "\n".join(lines), "beam": 2}).json()
    assert answer["translation"] == "\n".join(translator.translate(lines, decode))
    assert answer["translation"].count("\n") == 2
