"""util/textio.py: the one line splitter (lines end at "\\n", a "\\r" before it is part of the end), one-line errors."""
import pytest

from util.errors import UserError
from util.textio import line_text, read_text_lines


def test_lines_end_at_newline_only_and_a_crlf_end_is_removed(tmp_path):
    (tmp_path / "a.txt").write_bytes("one\rstill one\r\ntwo\u2028two\x0cthree\x85\nlast, no newline".encode())
    assert read_text_lines(tmp_path / "a.txt") == ["one\rstill one", "two\u2028two\x0cthree\x85", "last, no newline"]


def test_translate_stdin_lines_and_file_lines_are_cut_alike(tmp_path):
    raw = "a\r\nb\rc\n\nd".encode()
    (tmp_path / "a.txt").write_bytes(raw)
    with open(tmp_path / "a.txt", "rb") as f:            # as translate.py iterates sys.stdin.buffer
        assert [line_text(line) for line in f] == read_text_lines(tmp_path / "a.txt") == ["a", "b\rc", "", "d"]


def test_a_line_that_is_not_utf8_is_named(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"gut\nauch gut\n\xe4rger\n")
    with pytest.raises(UserError, match=r"a.txt line 3 is not valid UTF-8"):
        read_text_lines(tmp_path / "a.txt")
