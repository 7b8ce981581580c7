"""util/textio.py: the one line splitter (lines end at "\\n", a "\\r" before it is part of the end), one-line errors,
lines of bounded length, no output path that is also an input, and no file replaced unasked."""
import gzip
import os
import re
import threading
from pathlib import Path

import pytest

from util import textio
from util.errors import UserError
from util.textio import check_output_path, line_text, read_text_lines, same_file


def test_lines_end_at_newline_only_and_a_crlf_end_is_removed(tmp_path):
    (tmp_path / "a.txt").write_bytes("one\rstill one\r\ntwo\u2028two\x0cthree\x85\nlast, no newline".encode())
    assert read_text_lines(tmp_path / "a.txt") == ["one\rstill one", "two\u2028two\x0cthree\x85", "last, no newline"]



def test_a_byte_order_mark_opening_a_file_is_no_text_of_its_first_line_and_one_later_is(tmp_path):
    (tmp_path / "refs.en").write_bytes("\ufeffA dog runs.\r\n\ufeffTwo men sit.\n".encode())
    assert read_text_lines(tmp_path / "refs.en") == ["A dog runs.", "\ufeffTwo men sit."]

def test_translate_stdin_lines_and_file_lines_are_cut_alike(tmp_path):
    raw = "a\r\nb\rc\n\nd".encode()
    (tmp_path / "a.txt").write_bytes(raw)
    with open(tmp_path / "a.txt", "rb") as f:            # as translate.py iterates sys.stdin.buffer
        assert [line_text(line) for line in f] == read_text_lines(tmp_path / "a.txt") == ["a", "b\rc", "", "d"]


def test_a_line_that_is_not_utf8_is_named(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"gut\nauch gut\n\xe4rger\n")
    with pytest.raises(UserError, match=r"a.txt line 3 is not valid UTF-8"):
        read_text_lines(tmp_path / "a.txt")


def test_a_utf16_file_is_named_as_utf16_not_sent_to_latin1(tmp_path):
    (tmp_path / "refs.en").write_bytes("A dog runs.\nTwo cats.\n".encode("utf-16"))
    with pytest.raises(UserError, match=r"refs.en is UTF-16 text; convert it to UTF-8, e.g. with `iconv -f utf-16"):
        read_text_lines(tmp_path / "refs.en")


def test_a_gzip_file_is_read_as_its_text_as_a_corpus_is(tmp_path):
    # before: evaluate.py --ref dev.en.gz (a val file the trainer read) was "line 1 is not valid UTF-8"
    (tmp_path / "dev.en.gz").write_bytes(gzip.compress("A dog runs.\r\nTwo cats.\n".encode()))
    assert read_text_lines(tmp_path / "dev.en.gz") == ["A dog runs.", "Two cats."]
    (tmp_path / "cut.en.gz").write_bytes(gzip.compress(b"A dog runs.\n" * 50)[:30])
    with pytest.raises(UserError, match=r"^cannot read .*cut\.en\.gz \("):
        read_text_lines(tmp_path / "cut.en.gz")


def test_a_file_without_line_ends_is_refused_after_one_bounded_piece(tmp_path, monkeypatch):
    monkeypatch.setattr(textio, "MAX_LINE_BYTES", 10)
    (tmp_path / "a.txt").write_bytes(b"short\n0123456789\r\n" + b"x" * 11 + b"\n")   # 10 bytes + CRLF still fit
    with pytest.raises(UserError, match=r"a.txt line 3 is longer than 10 bytes .*; split it into lines$"):
        read_text_lines(tmp_path / "a.txt")


def test_dev_zero_is_refused_without_reading_it_whole():
    with pytest.raises(UserError, match=r"^/dev/zero line 1 is longer than 1,000,000 bytes"):
        read_text_lines("/dev/zero")          # before: "no file at /dev/zero"; read whole, a MemoryError


def test_a_fifo_and_dev_null_are_read_as_files_and_a_directory_is_named(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(b"eins\nzwei\n"), daemon=True)   # blocks until read
    writer.start()
    assert read_text_lines(fifo) == ["eins", "zwei"]
    writer.join(timeout=10)
    assert read_text_lines("/dev/null") == []
    with pytest.raises(UserError, match=rf"^{tmp_path} is a directory; give a text file$"):
        read_text_lines(tmp_path)


def test_the_same_file_is_found_by_any_path_and_a_device_is_never_the_same(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.de").write_text("Hallo\n")
    (tmp_path / "b.de").write_text("Hallo\n")
    os.symlink("a.de", tmp_path / "link.de")
    os.link(tmp_path / "a.de", tmp_path / "hard.de")
    assert all(same_file(tmp_path / "a.de", other) for other in ("./a.de", "link.de", "hard.de", "../" + tmp_path.name
                                                                  + "/a.de"))
    assert not same_file("a.de", "b.de") and not same_file("a.de", "missing") and not same_file("/dev/null",
                                                                                                  "/dev/null")


def test_an_output_path_that_is_an_input_is_refused_and_the_input_kept(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my.de").write_text("Hallo\n")
    with pytest.raises(UserError, match=r"^--output ./my.de is the same file as --src my.de: writing it would destroy "
                                        r"that input; choose another name$"):
        check_output_path("./my.de", "--output", [("--ref", None), ("--src", "my.de")])
    assert (tmp_path / "my.de").read_text() == "Hallo\n"
    assert check_output_path("hyp.en", "--output", [("--src", "my.de")]).name == "hyp.en"


def test_an_output_where_an_input_would_be_read_if_present_is_refused_by_any_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "export").mkdir()
    os.symlink("export", tmp_path / "link")
    os.symlink("export/vmap.txt", tmp_path / "dangling")
    for output in ("export/vmap.txt", "./link/vmap.txt", "dangling"):
        with pytest.raises(UserError, match=rf"^--output {output} is the export's file .*vmap.txt, read when present: "
                                            r"writing it would change that input; choose another name$"):
            check_output_path(output, "--output", [("the export's file", tmp_path / "export" / "vmap.txt")])
    assert sorted(p.name for p in (tmp_path / "export").iterdir()) == []
    assert check_output_path("export/hyp.en", "--output", [("the export's file", "export/vmap.txt")])


def test_an_output_file_that_exists_is_replaced_only_with_force_and_a_device_is_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hyp.en").write_text("mine\n")
    os.symlink("hyp.en", "link.en")
    for output in ("hyp.en", "./hyp.en", "link.en"):
        with pytest.raises(UserError, match=rf"^--output {re.escape(output)} exists; pass --force to replace it, or "
                                            r"choose another name$"):
            check_output_path(output, "--output")
        assert check_output_path(output, "--output", force=True) == Path(output)
    assert (tmp_path / "hyp.en").read_text() == "mine\n"
    assert check_output_path("/dev/null", "--output") == Path("/dev/null")      # writing it replaces nothing


def test_a_file_that_belongs_to_something_else_is_not_replaced_even_with_force(tmp_path):
    (tmp_path / "last.pt").write_text("state")
    kept = [("the run's last.pt", tmp_path / "last.pt"), ("the run's best.pt", tmp_path / "best.pt")]
    for name in ("last.pt", "best.pt"):                  # best.pt too, which is not there yet
        with pytest.raises(UserError, match=rf"^--out .*{name} is the run's {name}; it is not replaced, even with "
                                            r"--force: choose another name$"):
            check_output_path(tmp_path / name, "--out", force=True, kept=kept)
    assert check_output_path(tmp_path / "mean.pt", "--out", kept=kept).name == "mean.pt"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["last.pt"]


def test_an_output_whose_write_fails_midway_leaves_the_file_it_replaces_whole(tmp_path):
    # evaluate.py --output h.en --force at a size limit (ulimit -f) or on a full disk: h.en held 136 of 300 lines,
    # its last one cut, and the complete file it replaced was gone
    import resource
    import signal
    out = tmp_path / "hyp.en"
    out.write_text("old 1\nold 2\n")
    os.chmod(out, 0o640)
    previous_signal = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    previous_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1000, previous_limit[1]))
    try:
        with pytest.raises(UserError, match=r"^cannot write .*hyp.en \(File too large\); the scores are complete$"):
            textio.write_text_lines(out, [f"new line {n}" for n in range(300)], "; the scores are complete")
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, previous_limit)
        signal.signal(signal.SIGXFSZ, previous_signal)
    assert [p.name for p in tmp_path.iterdir()] == ["hyp.en"] and out.read_text() == "old 1\nold 2\n"
    textio.write_text_lines(out, ["new"])
    assert out.read_text() == "new\n" and out.stat().st_mode & 0o777 == 0o640      # its mode kept
    textio.write_text_lines(os.devnull, ["to a device, as it is"])
