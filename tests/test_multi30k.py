"""Finding, downloading and reading Multi30K files, against a real HTTP server on 127.0.0.1 with synthetic files."""
from __future__ import annotations

import gzip
import hashlib
import http.server
import socket
import threading

import pytest

from data.multi30k import DataError, SPLITS, ensure_split, read_parallel, resolve_data_dir
from tests.commands import command_in_process, script

GOOD = {"val.de.gz": gzip.compress("Ein Hund.\nZwei  Katzen. \n".encode(), mtime=0),
        "val.en.gz": gzip.compress("A dog.\nTwo  cats. \n".encode(), mtime=0)}
HASHES = {name: hashlib.sha256(body).hexdigest() for name, body in GOOD.items()}


class Handler(http.server.BaseHTTPRequestHandler):
    files: dict[str, bytes] = {}
    cut_short: set[str] = set()    # names sent with a Content-Length larger than what is sent

    def do_GET(self):
        name = self.path.rsplit("/", 1)[-1]
        if name not in self.files:
            self.send_error(404)
            return
        body = self.files[name]
        self.send_response(200)
        self.send_header("Content-Length", str(len(body) + (1000 if name in self.cut_short else 0)))
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    Handler.files, Handler.cut_short = dict(GOOD), set()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/raw"
    httpd.shutdown()
    httpd.server_close()


def leftovers(directory):
    return sorted(p.name for p in directory.iterdir())


def test_missing_files_are_downloaded_verified_and_readable(server, tmp_path):
    paths = ensure_split("val", tmp_path, base_url=server, sha256=HASHES)
    assert {lang: p.read_bytes() for lang, p in paths.items()} == {"de": GOOD["val.de.gz"], "en": GOOD["val.en.gz"]}
    assert leftovers(tmp_path) == ["val.de.gz", "val.en.gz"]
    assert read_parallel("val", tmp_path) == (["Ein Hund.", "Zwei  Katzen. "], ["A dog.", "Two  cats. "])


def test_the_base_url_can_come_from_the_environment(server, tmp_path, monkeypatch):
    monkeypatch.setenv("MULTI30K_BASE_URL", server)
    assert ensure_split("val", tmp_path, langs=("en",), sha256=HASHES)["en"].is_file()


def test_a_wrong_checksum_is_an_error_and_the_file_is_not_kept(server, tmp_path):
    with pytest.raises(DataError, match="val.de.gz.*wrong sha256.*not kept"):
        ensure_split("val", tmp_path, base_url=server, sha256={**HASHES, "val.de.gz": "0" * 64})
    assert leftovers(tmp_path) == []


def test_a_download_cut_off_midway_leaves_no_file_that_looks_valid(server, tmp_path):
    Handler.cut_short = {"val.de.gz"}
    with pytest.raises(DataError, match=r"val\.de\.gz .*cut off \(45 of 1045 bytes\)"):
        ensure_split("val", tmp_path, base_url=server, sha256=HASHES)
    assert leftovers(tmp_path) == []


def test_offline_error_names_the_file_the_url_and_the_directory(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]    # closed again, so nothing listens there
    url = f"http://127.0.0.1:{port}/raw"
    with pytest.raises(DataError) as error:
        ensure_split("val", tmp_path, base_url=url, sha256=HASHES)
    message = str(error.value)
    assert "val.de.gz" in message and f"{url}/val.de.gz" in message and str(tmp_path) in message
    assert "\n" not in message and leftovers(tmp_path) == []


def test_a_missing_file_without_downloading_says_where_to_put_it(tmp_path):
    with pytest.raises(DataError, match=f"missing val.en.gz in {tmp_path}"):
        ensure_split("val", tmp_path, langs=("en",), download=False)


def test_an_unknown_split_lists_the_known_ones(tmp_path):
    with pytest.raises(DataError, match="unknown split 'vall'.*" + ", ".join(SPLITS)):
        ensure_split("vall", tmp_path)


def test_files_already_present_are_used_without_a_download_or_a_write(tmp_path):
    for name, body in GOOD.items():
        (tmp_path / name).write_bytes(body)
    tmp_path.chmod(0o555)
    try:
        assert read_parallel("val", tmp_path, download=False)[1] == ["A dog.", "Two  cats. "]
    finally:
        tmp_path.chmod(0o755)


def test_the_real_shared_directory_is_read_as_is(multi30k_dir):
    src, tgt = read_parallel("val", multi30k_dir, download=False)
    assert len(src) == len(tgt) == 1014


def test_a_corrupt_gzip_says_to_delete_the_file(tmp_path):
    (tmp_path / "val.de.gz").write_bytes(GOOD["val.de.gz"][:-9])
    (tmp_path / "val.en.gz").write_bytes(GOOD["val.en.gz"])
    with pytest.raises(DataError, match=r"val\.de\.gz is corrupt .*delete it so it is downloaded again"):
        read_parallel("val", tmp_path, download=False)


def test_differing_line_counts_name_both_files_and_counts(tmp_path):
    (tmp_path / "val.de.gz").write_bytes(gzip.compress(b"a\nb\nc\n"))
    (tmp_path / "val.en.gz").write_bytes(gzip.compress(b"a\nb\n"))
    with pytest.raises(DataError, match=r"val\.de\.gz has 3 lines but .*val\.en\.gz has 2"):
        read_parallel("val", tmp_path, download=False)


def test_lines_keep_odd_whitespace_and_only_lose_the_newline(tmp_path):
    text = " lead\ttab\xa0nbsp  \r\nlast line without newline"
    for lang in ("de", "en"):
        (tmp_path / f"val.{lang}.gz").write_bytes(gzip.compress(text.encode()))
    expected = [" lead\ttab\xa0nbsp  \r", "last line without newline"]
    assert read_parallel("val", tmp_path, download=False)[0] == expected


def test_the_data_dir_comes_from_the_argument_then_the_environment_then_the_user_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("MULTI30K_DIR", str(tmp_path / "env"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert resolve_data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert resolve_data_dir() == tmp_path / "env"
    monkeypatch.delenv("MULTI30K_DIR")
    assert resolve_data_dir() == tmp_path / "cache/einsum-nmt/multi30k"


def test_a_file_given_as_the_data_directory_is_called_a_file_not_missing(tmp_path):
    (tmp_path / "train.de").write_text("Ein Hund.\n")
    with pytest.raises(DataError, match=r"train.de is a file; pass --data-dir .* the directory that holds val.de.gz$"):
        ensure_split("val", tmp_path / "train.de", download=False)


def test_missing_data_names_file_url_and_directory(tmp_path):
    (tmp_path / "empty").mkdir()
    line = command_in_process([script("train.py"), "--preset", "tiny", "--data-dir", str(tmp_path / "empty")],
                              tmp_path)
    assert "train.de.gz" in line and "http://127.0.0.1:9/train.de.gz" in line and str(tmp_path / "empty") in line


def test_a_french_file_without_a_known_sha256_is_checked_as_gzip_text_and_its_sha256_shown(server, tmp_path, capsys):
    french = gzip.compress("Un chien.\nDeux  chats. \n".encode(), mtime=0)
    Handler.files["val.fr.gz"] = french
    paths = ensure_split("val", tmp_path, langs=("fr", "en"), base_url=server, sha256=HASHES)
    assert paths["fr"].read_bytes() == french
    assert f"its sha256 is {hashlib.sha256(french).hexdigest()}" in capsys.readouterr().err
    Handler.files["val.cs.gz"] = b"not gzip at all"
    with pytest.raises(DataError, match=r"is corrupt .*sent a damaged file; it was not kept"):
        ensure_split("val", tmp_path, langs=("cs", "en"), base_url=server, sha256=HASHES)
    assert leftovers(tmp_path) == ["val.en.gz", "val.fr.gz"]


def test_a_language_multi30k_does_not_publish_for_a_split_is_named_before_any_download(tmp_path):
    with pytest.raises(DataError, match=r"Multi30K has no test_2017_flickr in 'cs' \(its test_2017_flickr is "
                                        r"published in de, en, fr\)"):
        ensure_split("test_2017_flickr", tmp_path, langs=("cs", "en"), base_url="http://127.0.0.1:9/")
