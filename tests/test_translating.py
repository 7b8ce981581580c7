"""decoding/translating.py, translate.py's run: a note on stderr where translations have a low confidence, after a
run of lines and after a terminal's line."""
import io
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

import torch

import translate
import decoding.confidence as confidence_module
import util.plotting
from decoding.load import load_translator
from decoding.router import Router
from decoding.translating import interactive, plot_attention
from decoding.translator import AttentionMap
from cli import decode_from_flags


SURE, UNSURE = "Der Hund läuft im Park.", "im am im am im am im am im am"     # the tiny model: sure, less so


def unsure_below(monkeypatch, translator, decode) -> float:
    """A threshold between the tiny model's confidences of SURE and UNSURE (a trained model's is 0.5; the tiny
    model is sure of nearly everything), set where decoding.confidence.is_low and translate.py's notes read it."""
    sure, unsure = (t[0].confidence for t in translator.translate_n_best([SURE, UNSURE], decode))
    assert unsure < sure
    threshold = (sure + unsure) / 2
    monkeypatch.setattr(confidence_module, "LOW", threshold)
    return threshold


def test_html_and_xml_note_on_stderr_what_text_notes_of_the_same_lines(tmp_path, monkeypatch, capsys):
    """--format html|xml never said that translations had a low confidence (--format text notes it on stderr)."""
    from tests.tiny_checkpoints import SOURCES, save
    monkeypatch.setattr(confidence_module, "LOW", 2.0)             # every confidence (at most 1) under it
    checkpoint = ["--checkpoint", save(tmp_path / "a.pt", 1), "--greedy"]
    translate.main([*checkpoint, *SOURCES])
    text = capsys.readouterr().err
    assert f"note: {len(SOURCES)} of {len(SOURCES)} translations have a confidence under 2.0" in text
    for fmt in ("html", "xml"):
        translate.main([*checkpoint, "--format", fmt, *(f"<b>{source}</b>" for source in SOURCES)])
        assert capsys.readouterr().err == text


def test_a_subtitle_file_notes_on_stderr_what_text_notes_of_the_same_lines(tmp_path, monkeypatch, capsys):
    """--format srt|vtt never said that translations had a low confidence (--format text notes it on stderr)."""
    from tests.tiny_checkpoints import SOURCES, save
    monkeypatch.setattr(confidence_module, "LOW", 2.0)             # every confidence (at most 1) under it
    checkpoint = ["--checkpoint", save(tmp_path / "a.pt", 1), "--greedy"]
    translate.main([*checkpoint, *SOURCES])
    note = capsys.readouterr().err.split(" (--confidence")[0]     # a subtitle file has no room for --confidence
    assert note.startswith(f"note: {len(SOURCES)} of {len(SOURCES)} translations have a confidence under 2.0")
    cues = "".join(f"{n}\n00:00:0{n},000 --> 00:00:0{n},500\n{source}\n\n" for n, source in enumerate(SOURCES, 1))
    for fmt, file in (("srt", cues), ("vtt", "WEBVTT\n\n" + cues.replace(",", "."))):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(file.encode()), encoding="utf-8"))
        translate.main([*checkpoint, "--format", fmt, "--output", str(tmp_path / f"out.{fmt}")])
        assert capsys.readouterr().err == note + "\n"


def test_html_notes_lines_read_as_the_language_to_writes_already(both_run, capsys):
    translate.main(["--checkpoint", str(both_run / "best.pt"), "--greedy", "--to", "de", "--format", "html",
                    "<b>Der Hund</b> schläft im Park.", "Die <i>Frau</i> wartet im Haus."])
    assert "note: 2 lines read as German already, the language --to de writes" in capsys.readouterr().err


def test_a_subtitle_file_notes_cues_read_as_the_language_to_writes_already(both_run, tmp_path, monkeypatch, capsys):
    """--format srt --to de said nothing of German cues read as English (--format text and html note them)."""
    srt = "1\n00:00:01,000 --> 00:00:02,000\nDer Hund schläft im Park.\n\n2\n00:00:03,000 --> 00:00:04,000\n" \
          "The dog sleeps in the park.\n\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(srt.encode()), encoding="utf-8"))
    translate.main(["--checkpoint", str(both_run / "best.pt"), "--greedy", "--to", "de", "--format", "srt",
                    "--output", str(tmp_path / "out.srt")])
    assert "note: 1 line reads as German already, the language --to de writes" in capsys.readouterr().err
    assert (tmp_path / "out.srt").read_text(encoding="utf-8").startswith("1\n00:00:01,000 --> 00:00:02,000\n")


def test_a_run_with_unsure_translations_says_how_many_on_stderr_and_keeps_stdout_one_line_a_line(
        tiny_run, monkeypatch, capsys):
    translator = load_translator(str(tiny_run / "best.pt"), "cpu")
    lines = [SURE, UNSURE, "", "Die Katze schläft im Haus."]
    checkpoint = ["--checkpoint", str(tiny_run / "best.pt"), "--greedy"]
    threshold = unsure_below(monkeypatch, translator, decode_from_flags(translate.parse_args(checkpoint),
                                                                         translator.cfg.decode))

    def run_in_process(*flags, stdin=None):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("".join(t + "\n" for t in stdin or []).encode())))
        translate.main([*checkpoint, *flags])
        return capsys.readouterr()

    shown = run_in_process("--confidence", stdin=lines)
    rows = [line.split("\t") for line in shown.out.splitlines()]
    low = sum(float(trust) < threshold for trust, _ in rows)
    assert low == 1 and len(rows) == len(lines)
    plain = run_in_process(stdin=lines)
    assert plain.out.splitlines() == [text for _, text in rows]            # stdout: one translation a line
    assert f"note: 1 of 4 translations have a confidence under {threshold}" in plain.err
    assert "note:" not in shown.err and "note:" not in run_in_process("--json", stdin=lines).err
    assert "note:" not in run_in_process(SURE).err
    assert f"note: the translation has a confidence under {threshold}" in run_in_process(UNSURE).err


def test_a_terminal_line_the_model_is_unsure_of_gets_a_note_after_its_translation(tiny_run, monkeypatch, capsys):
    translator = load_translator(str(tiny_run / "best.pt"), "cpu")
    args = translate.parse_args(["--greedy"])
    decode = decode_from_flags(args, translator.cfg.decode)
    unsure_below(monkeypatch, translator, decode)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{SURE}\n{UNSURE}\n"))
    interactive(Router(translator), decode, args)
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 2
    assert captured.err.count("this line is unlike what the model was trained on") == 1


def test_a_run_whose_to_sends_lines_into_their_own_language_says_how_many_on_stderr(both_run, capsys):
    """A German line sent --to de went through the English way's rules unnoticed ("1.200 EUR" became "1,200 €")."""
    german, english = "Der Hund schläft im Park.", "The dog sleeps in the park."
    checkpoint = ["--checkpoint", str(both_run / "best.pt"), "--greedy"]
    translate.main([*checkpoint, "--to", "de", german, english, german])
    assert "note: 2 lines read as German already, the language --to de writes; each was read as English" in \
        capsys.readouterr().err
    translate.main([*checkpoint, "--to", "en", german])
    assert "note:" not in capsys.readouterr().err
    translate.main([*checkpoint, german, english])               # auto: each line its own way
    assert "note:" not in capsys.readouterr().err


def test_the_heatmap_labels_leave_out_the_word_start_mark_and_the_joiner(monkeypatch, tmp_path, capsys):
    """matplotlib has no glyph for either: a warning per label and a box where "▁￭." was."""
    drawn = []
    monkeypatch.setattr(util.plotting, "plot_attention", lambda weights, source, output, path: drawn.append(
        (source, output)))

    class OneMap:
        def attention_map(self, text, decode):
            return AttentionMap(["<2en>", "▁Ein", "▁Hund", "▁￭."], ["▁A", "▁dog", "▁￭.", "<eos>"], torch.eye(4))
    plot_attention(OneMap(), "Ein Hund.", None, str(tmp_path / "a.png"))
    assert drawn == [(["<2en>", "Ein", "Hund", "."], ["A", "dog", ".", "<eos>"])]


def test_a_terminal_line_that_is_not_utf8_gets_a_note_and_the_session_goes_on(tiny_run, monkeypatch, capsys):
    """A Latin-1 terminal's "ä" ended the session with a traceback (UnicodeDecodeError, or with the C locale's
    surrogates a UnicodeEncodeError in the tokenizer)."""
    translator = load_translator(str(tiny_run / "best.pt"), "cpu")
    args = translate.parse_args(["--greedy"])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"Ein M\xe4dchen.\n" + SURE.encode() + b"\n"),
                                                       errors="surrogateescape"))
    interactive(Router(translator), decode_from_flags(args, translator.cfg.decode), args)
    captured = capsys.readouterr()
    assert captured.out.startswith("\n") and len(captured.out.splitlines()) == 2 and captured.out.strip()
    assert captured.err.count("this line is not UTF-8, so it was not translated; set the terminal to UTF-8") == 1


def test_a_terminal_numbers_its_lines_in_n_best_rows_and_notes_a_line_sent_into_its_own_language(both_run, monkeypatch,
                                                                                                   capsys):
    """Every typed line's n-best rows had the index 0, and a German line typed under --to de was translated as
    English without the note a file gets."""
    german, english = "Der Hund schläft im Park.", "The dog sleeps in the park."
    translator = load_translator(str(both_run / "best.pt"), "cpu")
    args = translate.parse_args(["--to", "de", "--n-best", "2", "--beam", "2"])
    router = Router(translator).toward("de")
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{english}\n{german}\n"))
    interactive(router, decode_from_flags(args, translator.cfg.decode), args)
    captured = capsys.readouterr()
    indices = [row.split("\t")[0] for row in captured.out.splitlines()]     # up to 2 rows a line
    assert indices[0] == "0" and indices[-1] == "1" and indices == sorted(indices)
    assert captured.err.count("this line reads as German already, the language --to de writes; it was read as "
                              "English all the same") == 1


def test_a_terminal_line_is_edited_with_the_arrow_keys_and_ctrl_d_ends():
    """An arrow key typed its escape code into the line ("Hud\\x1b[Dn" was translated): where stdin and stdout are
    the terminal, the line is read with line editing (a pseudo-terminal here, as a user's)."""
    pty = pytest.importorskip("pty")
    code = ("import sys; from decoding.translating import terminal_line; "
            "print('GOT', repr(terminal_line('> ')), repr(terminal_line('> ')), file=sys.stderr)")
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=slave,
                            cwd=Path(__file__).resolve().parents[1], env={**os.environ, "TERM": "xterm"})
    os.close(slave)
    seen = bytearray()

    def read_until(token: bytes | None, seconds: float = 60) -> None:
        """Read the terminal until `token` shows (None: until the program has ended and closed it)."""
        end = time.monotonic() + seconds
        while (token is None or token not in seen) and time.monotonic() < end:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    chunk = os.read(master, 4096)
                except OSError:              # the program ended: its side of the terminal closed
                    return
                if not chunk:
                    return
                seen.extend(chunk)
    try:
        read_until(b"> ")
        del seen[:]
        os.write(master, b"Hud\x1b[Dn\r")          # "Hud", the left arrow, "n", Enter
        read_until(b"> ", 10)
        os.write(master, b"\x04")                   # Ctrl-D at the second prompt
        read_until(None, 30)
    finally:
        proc.wait(30)
        os.close(master)
    assert b"GOT 'Hund' None" in seen, bytes(seen)
