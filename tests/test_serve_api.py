"""The server's API, in process (FastAPI's TestClient) on the session's tiny trained model: every endpoint, every
kind of bad input, input order, and batching of concurrent requests."""
import codecs
import gzip
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest

pytest.importorskip("fastapi", reason="the server's extras are not installed (pip install -r requirements-extras.txt)")
from fastapi.testclient import TestClient  # noqa: E402

from serving.app import create_app  # noqa: E402
from serving.payloads import Limits, TranslateRequest, Work  # noqa: E402
from serving.service import SLICE_WORK, TranslationService  # noqa: E402
from decoding.load import load_translator  # noqa: E402
from decoding.router import Router  # noqa: E402
from tests.translator_doubles import CountingTranslator, HeldTranslator  # noqa: E402

SENTENCES = ["Der Hund läuft im Park.", "Die Katze schläft im Haus.", "Das Kind spielt heute am Strand.",
             "Die Frau wartet auf der Straße mit dem Mann.", "Der Mann sitzt oft im Park.",
             "Das Mädchen läuft schnell.", "Die Katze spielt mit dem Hund.", "Der Hund schläft am Strand."]


@pytest.fixture(scope="module")
def translator(tiny_run):
    return load_translator(tiny_run / "best.pt")


def serve(engine, limits=Limits(), **service_options):
    return TestClient(create_app(TranslationService(Router(engine), **service_options), limits),
                      raise_server_exceptions=False)


@pytest.fixture(scope="module")
def client(translator):
    with serve(translator, checkpoint="tiny/best.pt") as client:
        yield client


def one_by_one(translator, texts, beam, length_penalty=1.0):
    """Each text decoded alone, the way a server without batching would."""
    decode = replace(translator.cfg.decode, beam=beam, length_penalty=length_penalty)
    return [translator.translate([t], decode)[0] for t in texts]


def test_health_reports_model_engine_vocabularies_and_uptime(client, translator):
    health = client.get("/health").json()
    assert health["status"] == "ok" and health["engine"] == "pytorch"
    assert health["src_vocab"] == len(translator.codec.src_vocab)
    assert health["tgt_vocab"] == len(translator.codec.tgt_vocab)
    assert health["model"]["checkpoint"] == "tiny/best.pt" and health["model"]["preset"] == "tiny"
    assert health["uptime_s"] >= 0 and health["limits"]["max_sentences"] == 64


def test_the_page_is_one_self_contained_html_file(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<meta name="viewport"' in page.text and 'id="translate"' in page.text
    assert "http://" not in page.text and "https://" not in page.text     # no CDN, no external fonts
    assert "connect-src 'self'" in page.headers["content-security-policy"]


def test_one_text_gives_its_translation(client):
    answer = client.post("/translate", json={"text": "Der Hund läuft im Park."}).json()
    assert answer["translation"] == "The dog runs in the park."
    assert "n_best" not in answer


def test_texts_come_back_in_input_order_with_empty_strings_kept(client, translator):
    texts = [SENTENCES[3], "", SENTENCES[0], "   ", SENTENCES[2]]
    answer = client.post("/translate", json={"texts": texts, "beam": 2}).json()
    assert answer["translations"] == one_by_one(translator, texts, beam=2)
    assert answer["translations"][1] == answer["translations"][3] == ""
    assert client.post("/translate", json={"texts": []}).json()["translations"] == []


def test_each_translation_comes_with_its_confidence_and_health_says_what_is_low(client, translator):
    texts = [SENTENCES[0], "", "Wie spät ist es? Der Hund schläft.", SENTENCES[2]]
    answer = client.post("/translate", json={"texts": texts, "beam": 2}).json()
    decode = replace(translator.cfg.decode, beam=2)
    assert answer["confidences"] == [n_best[0].confidence for n_best in translator.translate_n_best(texts, decode)]
    assert answer["confidences"][1] == 1.0 and all(0 < c < 1 for c in answer["confidences"][::2])
    one = client.post("/translate", json={"text": texts[2], "beam": 2, "n_best": 2}).json()
    assert one["confidence"] == answer["confidences"][2] == one["n_best"][0]["confidence"]
    assert len(one["n_best"]) == 2 and all(0 < h["confidence"] < 1 for h in one["n_best"])
    assert 0 < client.get("/health").json()["low_confidence"] < 1


def test_n_best_gives_scored_hypotheses_best_first(client):
    answer = client.post("/translate", json={"text": "Die Frau wartet.", "n_best": 3, "beam": 1}).json()
    scores = [h["score"] for h in answer["n_best"]]
    assert len(scores) == 3 and scores == sorted(scores, reverse=True)
    assert answer["n_best"][0]["text"] == answer["translation"]
    assert answer["decode"]["beam"] == 3          # n best need a beam of at least n


def test_a_whole_number_written_as_a_float_is_that_integer(client):
    as_float = client.post("/translate", json={"text": "Die Frau wartet.", "beam": 2.0, "n_best": 2.0}).json()
    assert as_float == client.post("/translate", json={"text": "Die Frau wartet.", "beam": 2, "n_best": 2}).json()
    assert as_float["decode"]["beam"] == 2 and len(as_float["n_best"]) == 2


def test_attention_gives_each_sentence_its_tokens_and_one_weight_row_per_output_token(client):
    found = client.post("/attention", json={"text": "Der Mann sitzt im Park. Die Katze schläft im Haus."}).json()
    first, second = found["sentences"]                      # a map a sentence, none dropped (placeholders shown as
    assert first["source"][0] == "Der" and second["source"][0] == "Die"    # the user's words: test_translator.py)
    for found_map in (first, second):
        assert found_map["output"][-1] == "<eos>" and len(found_map["weights"]) == len(found_map["output"])
        assert all(len(row) == len(found_map["source"]) and abs(sum(row) - 1) < 1e-2 for row in found_map["weights"])
        assert not any("\ue000" <= c <= "\ue00f" for t in found_map["source"] + found_map["output"] for c in t)
    assert client.post("/attention", json={"text": " "}).json() == {"sentences": []}


def test_a_text_with_nothing_to_translate_gets_no_decoded_attention_as_translate_passes_it_through(client):
    for text in ("🙂", "...", "🙂 🎉"):
        assert client.post("/translate", json={"text": text}).json()["translation"] == text
        found = client.post("/attention", json={"text": text}).json()["sentences"]
        assert [(m["output"], m["weights"], m["carried"]) for m in found] == [([], [], [])], text
        assert found[0]["source"], text                 # what it read is still shown


def test_attention_maps_each_line_of_a_text_as_translate_translates_it(client):
    lines = ["Der Mann sitzt im Park", "Die Katze schläft im Haus"]        # no full stop: one sentence as one line
    translated = client.post("/translate", json={"text": "\n".join(lines)}).json()["translation"].split("\n")
    found = client.post("/attention", json={"text": f"{lines[0]}\r\n\n{lines[1]}"}).json()["sentences"]
    alone = [client.post("/attention", json={"text": line}).json()["sentences"] for line in lines]
    assert found == alone[0] + alone[1] and len(found) == 2
    assert [m["source"][0] for m in found] == ["Der", "Die"] and translated[1].startswith("The cat")


def test_a_sentence_longer_than_the_model_reads_is_noted_in_the_answer(client, translator):
    """translate.py warns on stderr that it translates the first tokens alone; the answer's notes say so."""
    limit = translator.codec.limit()
    long = " ".join(["Hund"] * (limit + 5))
    answer = client.post("/translate", json={"texts": ["Der Hund.", f"Der Hund.\n{long}"]}).json()
    assert answer["notes"] == [f"line 2 of texts[1] has a sentence of {limit + 5} tokens; the model reads {limit}, so "
                               f"only its first {limit} were translated: send shorter sentences"]
    assert "notes" not in client.post("/translate", json={"text": " ".join(["Hund"] * limit)}).json()


def test_attention_notes_a_sentence_longer_than_the_model_reads_as_translate_does(client, translator):
    # before: /attention drew the map of the first tokens alone and said nothing of the rest
    limit = translator.codec.limit()
    text = "Der Hund.\n" + " ".join(["Hund"] * (limit + 5))
    answer, translated = (client.post(path, json={"text": text}).json() for path in ("/attention", "/translate"))
    assert answer["notes"] == translated["notes"] == [
        f"line 2 of text has a sentence of {limit + 5} tokens; the model reads {limit}, so only its first {limit} "
        "were translated: send shorter sentences"] and len(answer["sentences"]) == 2
    assert set(answer["sentences"][1]) == {"source", "output", "weights", "carried"}
    assert "notes" not in client.post("/attention", json={"text": " ".join(["Hund"] * limit)}).json()


def test_a_long_sentences_note_takes_its_length_from_the_translation_not_a_second_tokenizing(client, translator,
                                                                                             monkeypatch):
    # before: the note ran the text pipeline and the tokenizer again on each line longer than half the model's limit
    calls, whole_ids = [], translator.codec.whole_ids
    def counted(texts, *args, **options):
        calls.append(texts)
        return whole_ids(texts, *args, **options)
    monkeypatch.setattr(translator.codec, "whole_ids", counted)
    limit = translator.codec.limit()
    answer = client.post("/translate", json={"text": " ".join(["Katze"] * (limit + 3))}).json()
    assert answer["notes"] == [f"text has a sentence of {limit + 3} tokens; the model reads {limit}, so only its first "
                               f"{limit} were translated: send shorter sentences"] and len(calls) == 1


def test_the_servers_log_names_a_long_sentences_line_as_the_answer_does(client, translator, capsys):
    """serve.py's own log said 'input line 1' of whichever request and line the sentence came from."""
    long = " ".join(["Hund"] * (translator.codec.limit() + 5))
    capsys.readouterr()
    client.post("/translate", json={"texts": ["Der Hund.", f"Der Hund.\n{long}"]})
    client.post("/translate", json={"text": long})
    client.post("/translate", json={"text": f"<b>Der</b> {long}", "format": "html"})   # its tags' attention: no more
    client.post("/attention", json={"text": f"Der Hund.\n\n{long}"})
    assert [line.split(" has ")[0] for line in capsys.readouterr().err.splitlines() if "warning:" in line] == \
        ["warning: a request's line 2 of texts[1]", "warning: a request's text", "warning: a request's text",
         "warning: an /attention request's line 3"]


BAD_REQUESTS = [
    (b'{"text": "Der Hund', 400, "not valid JSON (Unterminated string starting at line 1 column 10)"),
    (b'{"text": "Der Hund \xff\xfe"}', 400, "not valid UTF-8"),
    (b"[" * 100_000, 400, "not valid JSON"),
    (b'["Der Hund"]', 422, "must be a JSON object"),
    (b"", 400, 'request body is empty; send a JSON object like {"text": "Ein Hund rennt."}'),
    (b" \r\n", 400, 'request body is blank; send a JSON object like {"text": "Ein Hund rennt."}'),
    ({"text": 5}, 422, "text must be a string, not a number"),
    ({"texts": "Der Hund"}, 422, "texts must be an array"),
    ({"texts": ["Der Hund", None]}, 422, "texts[1] must be a string, not null"),
    ({"texts": ["Hund"] * 65}, 422, "texts has 65 texts; the limit is 64"),
    ({"text": "Hund " * 201}, 422, "text has 1005 characters; the limit is 1000"),
    ({"texts": ["ok", "\ud800"]}, 422, "texts[1] contains a lone surrogate U+D800"),
    ({"text": "Hund", "beam": 0}, 422, "beam must be an integer from 1 to 16, not 0"),
    ({"text": "Hund", "beam": 1000}, 422, "beam must be an integer from 1 to 16, not 1000"),
    ({"text": "Hund", "beam": "5"}, 422, "beam must be an integer"),
    ({"text": "Hund", "beam": True}, 422, "beam must be an integer"),
    ({"text": "Hund", "beam": 2.5}, 422, "beam must be an integer from 1 to 16, not 2.5"),
    ({"text": "Hund", "n_best": 1e300}, 422, "n_best must be an integer from 1 to 16, not 1e+300"),
    ({"text": "Hund", "n_best": 17}, 422, "n_best must be an integer from 1 to 16"),
    (b'{"text": "Hund", "length_penalty": NaN}', 422, "length_penalty must be a number"),
    (b'{"text": "Hund", "beam": 1' + b"0" * 5000 + b"}", 422, "a number of more than 4300 digits; no field takes"),
    ({"txt": "Hund"}, 422, "unknown field 'txt'"),
    ({"text": "Hund", "texts": ["Hund"]}, 422, "send either"),
    ({}, 422, "send either"),
    ({"text": "Hund", "glossary": ["Hund", "dog"]}, 422, "glossary must be an object of"),
    ({"text": "Hund", "glossary": {f"Wort{n}": "word" for n in range(10_000)}}, 422,
     "glossary has 10000 terms; the limit is 256 a request"),
    ({"text": "Hund", "glossary": {"Hund\tKatze": "dog"}}, 422, "glossary term 'Hund\\tKatze' contains a tab"),
    ({"text": "Hund", "glossary": {"Hund": "dog\ncat"}}, 422, "the English term of 'Hund' 'dog\\ncat' contains"),
    ({"text": "Hund", "glossary": {"Hund": 5}}, 422, "needs a non-empty English term"),
    ({"text": "Hund", "glossary": {" ": "dog"}}, 422, "a glossary term is empty: each key must be a term in German"),
    ({"text": "Hund " * 201}, 422, "the limit is 1000 a text, so send it as several texts"),
]


@pytest.mark.parametrize("body, status, message", BAD_REQUESTS, ids=range(len(BAD_REQUESTS)))
def test_bad_input_gets_a_one_line_json_error(client, body, status, message):
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    answer = client.post("/translate", content=content, headers={"content-type": "application/json"})
    assert answer.status_code == status and message in answer.json()["error"], answer.text
    assert "\n" not in answer.json()["error"]


def test_a_body_that_starts_with_a_utf8_byte_order_mark_is_read_as_json(client):
    # a file saved by an editor that writes a BOM, sent with curl --data-binary @file.json (RFC 8259: may be ignored)
    body = codecs.BOM_UTF8 + json.dumps({"text": "Der Hund läuft im Park."}).encode()
    answer = client.post("/translate", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 200, answer.text
    assert answer.json() == client.post("/translate", json={"text": "Der Hund läuft im Park."}).json()
    assert client.post("/attention", content=codecs.BOM_UTF8 + b'{"text": "Der Hund."}').status_code == 200


def test_a_compressed_body_is_refused_as_such_not_as_bad_utf8(client):
    body = gzip.compress(json.dumps({"text": "Der Hund läuft im Park."}).encode())
    for path in ("/translate", "/attention"):
        answer = client.post(path, content=body, headers={"content-type": "application/json",
                                                          "content-encoding": "gzip"})
        assert answer.status_code == 415 and answer.json()["error"] == \
            "request body in Content-Encoding gzip refused: send the JSON uncompressed, without Content-Encoding"
    plain = {"content-type": "application/json", "content-encoding": "identity"}
    assert client.post("/translate", content=json.dumps({"text": "Hund"}), headers=plain).status_code == 200


def test_bad_attention_requests_are_refused_too(client):
    assert client.post("/attention", json={"text": "Hund", "n_best": 2}).status_code == 422
    assert client.post("/attention", content=b"\xff").status_code == 400


def test_a_ten_megabyte_body_is_refused_unparsed_and_the_server_goes_on(client):
    big = b'{"text": "' + b"a" * 10_000_000 + b'"}'
    declared = client.post("/translate", content=big)
    assert declared.status_code == 413 and "limit is 1048576 bytes" in declared.json()["error"]
    streamed = client.post("/translate", content=iter([big[n:n + 65536] for n in range(0, len(big), 65536)]))
    assert streamed.status_code == 413 and "refused after" in streamed.json()["error"]
    assert client.post("/translate", json={"text": "Der Hund läuft im Park."}).status_code == 200


def test_head_answers_like_get_without_a_body(client):
    for path in ("/", "/health"):
        head = client.head(path)
        assert head.status_code == 200 and head.content == b"", path
        assert head.headers["content-type"] == client.get(path).headers["content-type"]


def test_an_engine_that_draws_no_attention_says_so_in_health_and_refuses_with_a_422(client, tiny_run):
    from decoding.load import load_translator
    assert client.get("/health").json()["attention"] is True
    ensemble = load_translator(f"{tiny_run / 'best.pt'},{tiny_run / 'averaged.pt'}")
    with serve(ensemble) as refusing:
        assert refusing.get("/health").json()["attention"] is False
        answer = refusing.post("/attention", json={"text": "Der Hund läuft im Park."})
        assert answer.status_code == 422 and "attention maps" in answer.json()["error"]     # the engine's one line
        assert "\n" not in answer.json()["error"] and "internal error" not in answer.json()["error"]
        assert refusing.post("/translate", json={"text": "Der Hund läuft im Park."}).status_code == 200


def test_unknown_endpoints_and_methods_get_json_errors(client):
    assert "the endpoints are" in client.get("/nope").json()["error"]
    wrong_method = client.get("/translate")
    assert wrong_method.status_code == 405 and wrong_method.headers["allow"] == "POST"     # RFC 9110: 405 has Allow
    assert wrong_method.json()["error"].startswith("GET /translate is not offered; use POST /translate")
    assert client.head("/attention").headers["allow"] == "POST"
    slash = client.post("/translate/", json={"text": "Hund"})       # before: a 307 with an empty body
    assert slash.status_code == 404 and "the endpoints are" in slash.json()["error"]


def test_a_full_queue_is_a_503_that_says_when_to_retry(translator):
    service = TranslationService(Router(translator))
    service.batcher.max_pending = 0                         # every request finds the queue full
    with TestClient(create_app(service, Limits()), raise_server_exceptions=False) as client:
        busy = client.post("/translate", json={"text": "Der Hund läuft."})
    assert busy.status_code == 503 and busy.json()["error"].startswith("server busy: ")
    assert busy.headers["retry-after"] == "1"               # before: no Retry-After, so clients could not pace


def test_limits_are_configurable(translator):
    with serve(translator, Limits(max_sentences=2, max_chars=10, max_beam=3)) as client:
        assert "the limit is 2" in client.post("/translate", json={"texts": ["a", "b", "c"]}).json()["error"]
        assert "the limit is 10" in client.post("/translate", json={"text": "a" * 11}).json()["error"]
        assert client.post("/translate", json={"text": "Hund", "beam": 4}).status_code == 422


def test_an_engine_failure_is_a_500_and_the_server_goes_on(translator):
    with serve(CountingTranslator(translator, fail=True)) as client:
        broken = client.post("/translate", json={"text": "Der Hund läuft im Park."})
        assert broken.status_code == 500 and "the engine broke" in broken.json()["error"]
        assert client.post("/translate", json={"text": "Der Hund läuft im Park."}).status_code == 200


def post_all(client, bodies):
    with ThreadPoolExecutor(len(bodies)) as pool:
        return list(pool.map(lambda body: client.post("/translate", json=body).json(), bodies))


def test_concurrent_requests_are_decoded_together_with_one_by_one_results(translator):
    engine = CountingTranslator(translator)
    # the batch closes as soon as 16 sentences are waiting, long before the 10 s wait runs out
    with serve(engine, max_wait_ms=10_000, max_batch_sentences=16) as client:
        texts = SENTENCES * 2
        answers = post_all(client, [{"text": t, "beam": 2} for t in texts])
        assert [a["translation"] for a in answers] == one_by_one(translator, texts, beam=2)
        assert len(engine.calls) <= 2 < len(texts), engine.calls
        assert client.get("/health").json()["batching"]["requests"] == len(texts)


def test_requests_with_different_options_are_grouped_into_separate_search_calls(translator):
    engine = CountingTranslator(translator)
    options = [{"beam": 1}, {"beam": 2}, {"beam": 2, "length_penalty": 0.5}, {"beam": 2, "n_best": 2}]
    with serve(engine, max_wait_ms=10_000, max_batch_sentences=16) as client:
        bodies = [{"text": SENTENCES[n % 4], **options[n // 4]} for n in range(16)]
        answers = post_all(client, bodies)
    assert sorted(call[1:] for call in engine.calls) == [(1, 1.0, 1), (2, 0.5, 1), (2, 1.0, 1), (2, 1.0, 2)]
    assert all(sentences == 4 for sentences, *_ in engine.calls)
    for n, option in enumerate(options):
        group = [a["translation"] for a in answers[4 * n:4 * n + 4]]
        assert group == one_by_one(translator, SENTENCES[:4], option["beam"], option.get("length_penalty", 1.0))


def test_without_batching_every_request_is_its_own_search(translator):
    engine = CountingTranslator(translator)
    with serve(engine, batching=False) as client:
        answers = post_all(client, [{"text": t, "beam": 2} for t in SENTENCES])
    assert [a["translation"] for a in answers] == one_by_one(translator, SENTENCES, beam=2)
    assert len(engine.calls) == len(SENTENCES)


def test_long_texts_are_sliced_by_sentences_so_a_short_request_waits_for_one_slice(translator):
    engine = HeldTranslator(translator)
    service = TranslationService(Router(engine), max_wait_ms=0)
    decode = replace(translator.cfg.decode, beam=SLICE_WORK // 2)         # slices of 2 sentences
    texts = [" ".join(SENTENCES[:3]), " ".join(SENTENCES[3:6])]           # 2 texts of 3 sentences
    large = service.submit(TranslateRequest(texts, False, Work(decode)))
    engine.started.wait(5)                                                # its first slice is being decoded
    short = service.submit(TranslateRequest(["Der Hund schläft."], True, Work(decode)))
    engine.release.set()
    assert short.result(timeout=60)[0][0].text == translator.translate(["Der Hund schläft."], decode)[0]
    joined = [hyps[0].text for hyps in large.result(timeout=60)]          # joined into texts again
    assert joined == translator.translate(texts, decode)
    large_slices = [[t for t in call if t != "Der Hund schläft."] for call in engine.decoded]
    assert all(len(part) <= 2 for part in large_slices), engine.decoded   # not 2 texts x 3 sentences a call
    assert "Der Hund schläft." in engine.decoded[1]                        # right after one slice
    service.close()


def test_a_cancelled_request_of_long_texts_stops_after_its_current_slice_of_sentences(translator):
    engine = HeldTranslator(translator)
    service = TranslationService(Router(engine), max_wait_ms=0)
    decode = replace(translator.cfg.decode, beam=SLICE_WORK)              # slices of 1 sentence
    large = service.submit(TranslateRequest([" ".join(SENTENCES)] * 4, False, Work(decode)))
    engine.started.wait(5)
    assert large.cancel()                                                 # the client went away
    engine.release.set()
    service.close()
    assert sum(len(call) for call in engine.decoded) == 1 and service.batcher.stats.cancelled == 1


def test_a_server_of_the_other_direction_of_a_model_of_both_translates_into_it_and_says_so(both_run):
    german = load_translator(both_run / "best.pt").toward("de")
    with serve(german, checkpoint="both/best.pt") as client:
        assert client.get("/health").json()["languages"] == {"source": "en", "target": "de"}
        answer = client.post("/translate", json={"text": "The dog sleeps in the park."}).json()
        assert answer["translation"].startswith("Der Hund ")


def test_the_glossary_errors_of_an_english_to_german_server_name_its_languages(both_run):
    with serve(load_translator(both_run / "best.pt").toward("de")) as client:
        for glossary, message in ((["dog", "Hund"], 'glossary must be an object of "English term": "German term" '),
                                  ({"dog": 5}, "glossary term 'dog' needs a non-empty German term as its value"),
                                  ({"dog": "Hund\nKatze"}, "the German term of 'dog' 'Hund\\nKatze' contains a tab")):
            answer = client.post("/translate", json={"text": "The dog sleeps.", "glossary": glossary})
            assert answer.status_code == 422 and message in answer.json()["error"], answer.text


def test_the_glossary_errors_name_the_languages_of_the_way_the_request_goes(both_run):
    """A German→English server asked for German ("to": "de") reads English terms; texts of both languages ("to":
    "auto") read terms of either."""
    with serve(load_translator(both_run / "best.pt")) as client:
        for body, message in (
                ({"text": "The dog sleeps.", "to": "de", "glossary": {" ": "Hund"}},
                 "each key must be a term in English"),
                ({"text": "The dog sleeps.", "to": "de", "glossary": {"dog": ""}}, "needs a non-empty German term"),
                ({"text": "Der Hund schläft.", "to": "en", "glossary": {"Hund": 5}}, "needs a non-empty English term"),
                ({"texts": ["Der Hund schläft im Park.", "The dog sleeps in the park."], "to": "auto",
                  "glossary": {"Hund": "dog\tx"}}, "the English or German term of 'Hund' 'dog\\tx' contains a tab")):
            answer = client.post("/translate", json=body)
            assert answer.status_code == 422 and message in answer.json()["error"], answer.text


def test_one_server_of_a_model_of_both_serves_each_way_a_request_asks_for_and_says_which(both_run):
    texts = ["Der Hund schläft im Park.", "The dog sleeps in the park.", ""]
    with serve(load_translator(both_run / "best.pt")) as client:
        assert client.get("/health").json()["to"] == {"choices": ["auto", "en", "de"], "default": "auto"}
        for body in ({"texts": texts}, {"texts": texts, "to": "auto"}):      # auto unless the request names one
            answer = client.post("/translate", json=body).json()
            assert (answer["from"], answer["to"]) == (["de", "en", "de"], ["en", "de", "en"])
            english, german, _ = answer["translations"]
            assert english.startswith("The dog ") and german.startswith("Der Hund ")
        for to, source in (("de", "en"), ("en", "de")):
            answer = client.post("/translate", json={"texts": texts, "to": to}).json()
            assert answer["from"] == [source] * 3 and answer["to"] == [to] * 3
        one = client.post("/translate", json={"text": texts[1]}).json()
        assert (one["from"], one["to"]) == ("en", "de") and one["translation"].startswith("Der Hund ")
        first, = client.post("/attention", json={"text": texts[1], "to": "auto"}).json()["sentences"]
        assert first["source"][0] == "<2de>"                       # the tag of the way it went: into German
        refused = client.post("/translate", json={"text": texts[0], "to": "fr"})
        assert refused.status_code == 422
        assert refused.json()["error"] == 'to must be one of "auto", "en", "de", not "fr"'


def test_a_server_of_one_direction_writes_its_language_only(client):
    answer = client.post("/translate", json={"text": "Der Hund läuft im Park.", "to": "auto"}).json()
    assert (answer["from"], answer["to"]) == ("de", "en")
    assert client.post("/translate", json={"text": "Hund", "to": "de"}).json()["error"] == \
        'to must be one of "auto", "en", not "de"'


def test_health_names_the_languages(client):
    assert client.get("/health").json()["languages"] == {"source": "de", "target": "en"}


def test_texts_a_fixed_to_sends_into_their_own_language_get_the_note_translate_py_prints(both_run):
    """translate.py --to de notes German lines on stderr (read as English all the same); the answer notes them too,
    from the text of html lines, not their tags; "to": "auto" and English texts have no note."""
    with serve(load_translator(both_run / "best.pt")) as client:
        answer = client.post("/translate", json={"texts": ["Der Hund schläft im Park.", "The dog sleeps.",
                                                           "Die Katze schläft.\nDer Mann sitzt im Park."],
                                                 "to": "de"}).json()
        assert answer["notes"] == ['3 lines read as German already, the language "to": "de" writes; each was read '
                                   'as English all the same ("to": "auto" sends each line into the other language '
                                   'of its own)']
        one = client.post("/translate", json={"text": "Der <b>Hund</b> schläft im Park.", "to": "de",
                                              "format": "html"}).json()
        assert one["notes"] == ['1 line reads as German already, the language "to": "de" writes; it was read as '
                                'English all the same ("to": "auto" sends each line into the other language of its '
                                'own)']
        for body in ({"text": "Der Hund schläft im Park.", "to": "auto"}, {"text": "The dog sleeps.", "to": "de"}):
            assert "notes" not in client.post("/translate", json=body).json()
    service = TranslationService(Router(load_translator(both_run / "best.pt")).toward("de"))
    with TestClient(create_app(service)) as client:         # serve.py --to de: a request without "to"
        note, = client.post("/translate", json={"text": "Der Hund schläft im Park."}).json()["notes"]
        assert 'the language serve.py --to de writes; it was read as English all the same ("to": "auto"' in note


def test_control_characters_in_texts_are_cleaned_away_as_translate_py_cleans_them(client, translator):
    """translate.py translates a line with a NUL, a bell, an escape, a form feed or NEL (the text pipeline's cleaning
    removes them, or reads them as spaces); the server translated none of them (422). A glossary term with one is
    still refused: no glossary file line could hold it."""
    texts = ["Der Hund\x00 läuft im Park.", "Die Katze\x07 schläft\x1b im Haus.", "Der Mann\x0csitzt im\x85Park.",
             "\x7f"]
    answer = client.post("/translate", json={"texts": texts, "beam": 2})
    decode = replace(translator.cfg.decode, beam=2, n_best=1)
    assert answer.status_code == 200, answer.text
    assert answer.json()["translations"] == Router(translator).translate(texts, decode)
    assert answer.json()["translations"][:3] == Router(translator).translate(
        ["Der Hund läuft im Park.", "Die Katze schläft im Haus.", "Der Mann sitzt im Park."], decode)
    refused = client.post("/translate", json={"text": "Der Hund", "glossary": {"Hund\x00": "dog"}})
    assert refused.status_code == 422 and "control character U+0000" in refused.json()["error"]
