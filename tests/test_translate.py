"""translate.py: what it prints for arguments, stdin and a terminal, and the flags it refuses in one line."""
import io
import json
import math
import os
import pty
import select
import subprocess
import sys

import pytest

import translate
from tests.tiny_checkpoints import SOURCES, save
from tests.commands import REPO, command_in_process, run, script
import decoding.translating as translating
from decoding.router import Router
from util.errors import UserError


@pytest.fixture
def env(synthetic_env):
    return synthetic_env


def test_translate_prints_the_translation(tiny_run, env):
    out = run(["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "Der Hund läuft im Park."], env)
    assert out.stdout.decode().strip() == "The dog runs in the park."


def test_translate_keeps_stdin_lines_aligned(tiny_run, env):
    lines = ["Die Katze schläft im Haus.", "", "   ", "Das Kind spielt heute am Strand.", "Xylophon Quatsch."]
    out = run(["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--greedy"], env,
              stdin="\n".join(lines).encode() + b"\n")
    got = out.stdout.decode().split("\n")[:-1]
    assert len(got) == len(lines)
    assert got[0] == "The cat sleeps in the house."
    assert got[1] == "" and got[2] == ""
    assert got[3] == "The child plays today on the beach."


def test_invisible_characters_in_a_line_translate_as_the_clean_line(tiny_run, env):
    clean = "Die Katze schläft im Haus."
    dirty = ["\ufeff" + clean, clean.replace(" ", "\x00 ", 1), clean.replace(" ", "\u2028"),
             clean.replace(" ", "\x0c"), clean.replace(" ", "\x0b"), clean.replace(" ", "\u0085"), clean + "\r",
             "  " + clean.replace(" ", "   ") + "  "]
    out = run(["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--greedy"], env,
              stdin="\n".join([clean, *dirty]).encode() + b"\n")
    got = out.stdout.decode().split("\n")[:-1]
    assert len(got) == 1 + len(dirty) and got == [got[0]] * len(got) and got[0] == "The cat sleeps in the house."


def test_translate_rejects_invalid_utf8_with_one_line(tiny_run, env):
    out = run(["translate.py", "--checkpoint", str(tiny_run / "best.pt")], env, stdin=b"Der Hund\n\xff\xfe\n",
              check=False)
    assert out.returncode == 2
    assert out.stderr.decode().strip().startswith("error: stdin line 2 is not valid UTF-8")
    assert "Traceback" not in out.stderr.decode()


def test_translate_truncates_overlong_input_with_a_warning(tiny_run, env):
    long = " ".join(["Der Hund läuft im Park und"] * 20) + " schläft."     # one sentence, 121 tokens
    out = run(["translate.py", "--checkpoint", str(tiny_run / "best.pt"), long], env)
    assert "warning:" in out.stderr.decode()
    assert len(out.stdout.decode().splitlines()) == 1


def test_a_line_of_many_sentences_is_translated_sentence_by_sentence_on_one_line(tiny_run, env):
    many = " ".join(["Der Hund läuft im Park."] * 20)              # 20 sentences: no truncation, one line out
    out = run(["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--greedy", many], env)
    one = run(["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--greedy", "Der Hund läuft im Park."], env)
    assert "warning:" not in out.stderr.decode()
    assert out.stdout.decode() == " ".join([one.stdout.decode().strip()] * 20) + "\n"


def test_translate_n_best_prints_scored_hypotheses(tiny_run, env):
    out = run(["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--n-best", "3", "Die Frau wartet."], env)
    rows = [line.split("\t") for line in out.stdout.decode().splitlines()]
    assert len(rows) == 3 and all(r[0] == "0" for r in rows)
    scores = [float(r[1]) for r in rows]
    assert scores == sorted(scores, reverse=True)


def test_confidence_comes_before_each_translation_and_json_gives_it_as_a_field(tiny_run, env):
    lines = ["Der Hund läuft im Park.", "", "Wie spät ist es? Die Katze schläft im Haus."]
    stdin = "".join(line + "\n" for line in lines).encode()
    checkpoint = ["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--greedy"]
    plain = run(checkpoint, env, stdin=stdin).stdout.decode().splitlines()
    rows = [line.split("\t") for line in run([*checkpoint, "--confidence"], env, stdin=stdin).stdout.decode()
            .splitlines()]
    objects = [json.loads(line) for line in run([*checkpoint, "--json"], env, stdin=stdin).stdout.decode()
               .splitlines()]
    assert [r[1] for r in rows] == [o["translation"] for o in objects] == plain and len(plain) == len(lines)
    assert [float(r[0]) for r in rows] == [o["confidence"] for o in objects]
    assert objects[1]["confidence"] == 1.0 and all(0 < o["confidence"] < 1 for o in objects[::2])
    beam = checkpoint[:-1]                                                   # --n-best needs a beam, not --greedy
    n_best = [line.split("\t") for line in run([*beam, "--beam", "2", "--n-best", "2", "--confidence",
                                                  lines[0]], env).stdout.decode().splitlines()]
    assert len(n_best) == 2 and all(len(r) == 4 and 0 < float(r[2]) < 1 for r in n_best)
    listed = json.loads(run([*beam, "--beam", "2", "--n-best", "2", "--json", lines[0]], env).stdout)
    assert [(h["text"], h["confidence"]) for h in listed["n_best"]] == [(r[3], float(r[2])) for r in n_best]


def test_translate_plots_cross_attention(tiny_run, env, tmp_path):
    png = tmp_path / "attn.png"
    run(["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--plot-attention", str(png),
         "Der Mann sitzt im Park."], env)
    assert png.stat().st_size > 1000


@pytest.mark.parametrize("text", ["🙂", ""])
def test_plot_attention_of_a_line_with_nothing_to_translate_writes_no_empty_heatmap(tiny_run, tmp_path, text, capsys):
    png = tmp_path / "attn.png"
    assert translate.main(["--checkpoint", str(tiny_run / "best.pt"), "--plot-attention", str(png), text]) == 0
    said = capsys.readouterr()
    assert said.out == f"{text}\n" and not png.exists()
    assert said.err.startswith(f"note: no heatmap: nothing in {text!r} was translated by the model")


def test_the_overlong_line_warning_names_the_input_line(averaged_run, monkeypatch, capsys):
    lines = ["Der Hund läuft.", "", "Die Katze schläft.", "Das Kind spielt.", " ".join(["Der Hund läuft"] * 40) + "."]
    monkeypatch.setattr(translating, "CHUNK_LINES", 2)     # line 5 is the first of the third chunk
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("".join(t + "\n" for t in lines).encode())))
    translate.main(["--checkpoint", str(averaged_run / "best.pt"), "--greedy"])
    captured = capsys.readouterr()
    assert captured.err.startswith("warning: input line 5 has 121 tokens")
    assert len(captured.out.split("\n")) == len(lines) + 1


def test_an_html_line_too_long_is_warned_of_once_by_its_number(averaged_run, monkeypatch, capsys):
    """The attention that puts its tags back warned again, of 'input line 1'."""
    lines = ["Der Hund läuft.", "<b>Der</b> " + " ".join(["Hund läuft"] * 60) + "."]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("".join(t + "\n" for t in lines).encode())))
    translate.main(["--checkpoint", str(averaged_run / "best.pt"), "--greedy", "--format", "html"])
    assert [line.split(" has ")[0] for line in capsys.readouterr().err.splitlines() if line.startswith("warning:")] \
        == ["warning: input line 2"]


def test_translate_score_prints_one_line_per_reference(tmp_path, capsys):
    import translate
    (tmp_path / "ref.en").write_text("A dog runs in the park.\nA man plays.\n")
    translate.main(["--checkpoint", save(tmp_path / "a.pt", 3), "--score", str(tmp_path / "ref.en"),
                    "Ein Hund läuft im Park.", "Ein Mann spielt."])
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 2 and all(float(r[0]) < 0 and float(r[1]) < float(r[0]) for r in rows)
    with pytest.raises(UserError, match="one reference line per input line"):
        translate.main(["--checkpoint", str(tmp_path / "a.pt"), "--score", str(tmp_path / "ref.en"), "Nur einer."])
    translate.main(["--checkpoint", str(tmp_path / "a.pt"), "--score", str(tmp_path / "ref.en"), "--confidence",
                    "Ein Hund läuft im Park.", "Ein Mann spielt."])
    with_confidence = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert [r[:3] for r in with_confidence] == rows
    assert [float(r[3]) for r in with_confidence] == [round(math.exp(float(r[0])), 3) for r in rows]
    with pytest.raises(UserError, match="--json prints translations and --score prints scores"):
        translate.parse_args(["--score", str(tmp_path / "ref.en"), "--json"])


def test_a_terminal_gets_each_translation_as_soon_as_enter_is_pressed(tmp_path):
    checkpoint = save(tmp_path / "a.pt", 1)
    controller, terminal = pty.openpty()
    proc = subprocess.Popen([sys.executable, "translate.py", "--checkpoint", checkpoint], cwd=REPO, stdin=terminal,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "OMP_NUM_THREADS": "1"})
    os.close(terminal)
    try:
        prompt = b""
        while b"> " not in prompt:                            # the model is loaded when the prompt appears
            assert select.select([proc.stderr], [], [], 60)[0], "no prompt"
            prompt += os.read(proc.stderr.fileno(), 1000)
        # each answer arrives while the terminal stays open and before the next line is typed: no speed is
        # assumed (the 60 s only ends a hang), so a slow or busy machine passes as a fast one does
        for line in SOURCES[:3]:
            os.write(controller, line.encode() + b"\n")
            assert select.select([proc.stdout], [], [], 60)[0], "no translation while the terminal is open"
            answer = proc.stdout.readline()
            assert answer.endswith(b"\n") and answer.strip() and proc.poll() is None
        os.write(controller, b"\x04")                          # Ctrl-D ends the session
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        os.close(controller)


def test_a_terminal_gets_each_html_line_translated_on_enter_after_a_prompt_that_says_what_to_type(tmp_path):
    """--format html in a terminal read 256 lines or Ctrl-D before it translated any: a typed line got no answer; then
    it printed no prompt and no word of what to type or how to end (and read its lines without the line editing
    --format text has: an arrow key typed its escape code into the text)."""
    controller, terminal = pty.openpty()
    proc = subprocess.Popen([sys.executable, "translate.py", "--checkpoint", save(tmp_path / "a.pt", 1), "--format",
                             "html"], cwd=REPO, stdin=terminal, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "OMP_NUM_THREADS": "1"})
    os.close(terminal)
    try:
        os.write(controller, f"<b>{SOURCES[0]}</b>\n".encode())
        assert select.select([proc.stdout], [], [], 120)[0], "no translation while the terminal is open"
        answer = proc.stdout.readline()
        assert answer.startswith(b"<b>") and answer.endswith(b"\n") and proc.poll() is None
        os.write(controller, b"\x04")                          # Ctrl-D ends the session
        assert proc.wait(timeout=30) == 0
        said = proc.stderr.read().decode()
        assert "type a sentence, Enter translates, Ctrl-D ends" in said and said.count("> ") == 2
    finally:
        proc.kill()
        os.close(controller)


@pytest.mark.parametrize("flags, said", [
    (["--format", "srt"], "reading a subtitle file from the terminal until Ctrl-D"),
    (["--score", "refs.en"], "reading the source lines of --score from the terminal, one a line, until Ctrl-D")])
def test_a_terminal_read_to_its_end_is_told_that_ctrl_d_ends_it(tmp_path, flags, said):
    """--format srt and --score read all of stdin before any output: in a terminal they waited without a word."""
    (tmp_path / "refs.en").write_bytes(b"")
    controller, terminal = pty.openpty()
    proc = subprocess.Popen([sys.executable, str(REPO / "translate.py"), "--checkpoint", save(tmp_path / "a.pt", 1),
                             *flags], cwd=tmp_path, stdin=terminal, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "OMP_NUM_THREADS": "1"})
    os.close(terminal)
    try:
        os.write(controller, b"\x04")                          # Ctrl-D: nothing typed
        assert proc.wait(timeout=120) == 0 and proc.stdout.read() == b""
        assert said in proc.stderr.read().decode()
    finally:
        proc.kill()
        os.close(controller)


def test_missing_checkpoint_says_how_to_train_one(tmp_path):
    line = command_in_process([script("translate.py"), "Hallo"], tmp_path)
    assert line.startswith("error: no checkpoint found under runs/") and "python train.py" in line
    line = command_in_process([script("evaluate.py"), "--checkpoint", "nope.pt"], tmp_path)
    assert line == "error: no checkpoint at nope.pt — train one with `python train.py`, or name a .pt file that exists"


def test_plot_attention_into_a_missing_directory_is_refused_first(tmp_path):
    with pytest.raises(UserError, match="--plot-attention .*: there is no directory"):
        translate.parse_args(["--plot-attention", str(tmp_path / "missing" / "a.png"), "Hallo"])


def test_plot_attention_replaces_a_file_only_with_force(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "model.pt").write_text("model")
    (tmp_path / "attn.png").write_bytes(b"mine")
    flags = ["--checkpoint", "model.pt", "--plot-attention", "attn.png", "Hallo"]
    with pytest.raises(UserError, match=r"^--plot-attention attn.png exists; pass --force to replace it, or choose "):
        translate.parse_args(flags)
    assert translate.parse_args([*flags, "--force"]).force and (tmp_path / "attn.png").read_bytes() == b"mine"


@pytest.mark.parametrize("path", ["", "  "])
def test_plot_attention_with_an_empty_file_name_is_refused_first(path):
    with pytest.raises(UserError, match=r"^--plot-attention '\s*' is an empty file name; give the name of the file"):
        translate.parse_args(["--plot-attention", path, "Hallo"])


@pytest.mark.parametrize("flags", [["--checkpoint", ""], ["--info", "--checkpoint", ""], ["--glossary", ""],
                                   ["--user-module", ""]])
def test_an_empty_path_flag_is_refused_first_not_taken_as_left_out(flags, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                   # left out, --checkpoint is the newest run's best.pt under runs/
    flag = flags[-2]
    with pytest.raises(UserError, match=rf"^{flag} '' is empty; give a path, or leave out {flag}$"):
        translate.main([*flags, "Hallo"])


def test_plot_attention_to_a_format_matplotlib_cannot_write_is_one_line(tmp_path, env):
    out = run(["translate.py", "--checkpoint", save(tmp_path / "a.pt", 1), "--plot-attention",
               str(tmp_path / "a.txt"), SOURCES[0]], env, check=False)
    assert out.returncode == 2 and out.stdout == b"" and not (tmp_path / "a.txt").exists()
    assert out.stderr.decode().startswith(f"error: cannot write the heatmap to {tmp_path / 'a.txt'}: Format 'txt' is "
                                          "not supported") and out.stderr.count(b"\n") == 1


def test_plot_attention_writes_the_heatmap_without_matplotlib_warnings(tmp_path, env, recwarn):
    out = run(["translate.py", "--checkpoint", save(tmp_path / "a.pt", 1), "--plot-attention",
               str(tmp_path / "a.png"), SOURCES[0]], env)              # "Park." ends in a joined "."
    assert out.stderr.decode() == f"attention heatmap saved to {tmp_path / 'a.png'}\n"
    assert (tmp_path / "a.png").stat().st_size > 0 and not [str(w.message) for w in recwarn]


@pytest.mark.parametrize("flag", ["--score", "--to"])
def test_a_blank_value_is_refused_not_read_as_the_flag_left_out(flag):
    """`--score " "` translated the lines in place of scoring them, `--to " "` took the default direction, without a
    word (the path flags given empty: the test above)."""
    what = "a language" if flag == "--to" else "a path"
    with pytest.raises(UserError, match=f"^{flag} ' ' is empty; give {what}, or leave out {flag}$"):
        translate.parse_args([flag, " ", "Hallo"])


def test_translate_refuses_a_beam_that_would_take_all_memory():
    with pytest.raises(UserError, match=r"^--beam 100000000 must be from 1 to 1000"):
        translate.parse_args(["--beam", "100000000", "Hallo"])
    with pytest.raises(UserError, match=r"^--n-best 5000 must be from 1 to 1000"):
        translate.parse_args(["--n-best", "5000", "Hallo"])


@pytest.mark.parametrize("flags, message", [
    (["--n-best", "3", "--greedy"], "--greedy keeps one hypothesis, so it has no --n-best 3; drop --greedy (the "
                                    "beam is then at least 3)"),                  # before: silently beam 3
    (["--greedy", "--beam", "4"], "--greedy is --beam 1; give --greedy or --beam 4, not both"),
    (["--score", "refs.en", "--n-best", "3"], "--score gives the log-probability of the translations in refs.en "
                                              "and searches for none, so --n-best would do nothing there; drop it"),
    (["--score", "refs.en", "--beam", "2"], "so --beam would do nothing there"),
])
def test_search_flags_that_contradict_or_would_do_nothing_are_refused_in_one_line(flags, message):
    with pytest.raises(UserError) as error:
        translate.parse_args([*flags, "Hallo"])
    assert message in str(error.value) and "\n" not in str(error.value)


def test_stdin_without_line_ends_is_refused_after_the_lines_before_it(tmp_path, monkeypatch, env):
    from util import textio
    monkeypatch.setattr(textio, "MAX_LINE_BYTES", 100)      # as /dev/zero would, without reading a megabyte
    out = run(["translate.py", "--checkpoint", save(tmp_path / "a.pt", 1), "--greedy"], env,
              stdin=f"{SOURCES[0]}\n{SOURCES[1]}\n".encode() + b"\0" * 1000, check=False)
    assert out.returncode == 2 and out.stdout.count(b"\n") == 2
    assert out.stderr.decode() == "error: stdin line 3 is longer than 100 bytes (is it text with one sentence a " \
                                  "line?); split it into lines\n"


def test_ctrl_c_ends_quietly_with_status_130_and_the_lines_written_so_far_whole(tmp_path, monkeypatch, env):
    import signal
    calls, translate_lines = [], Router.translate_n_best

    def interrupted_in_the_second_chunk(self, texts, *args, **kwargs):
        calls.append(texts)
        if len(calls) == 2:
            raise KeyboardInterrupt          # what Ctrl-C raises in the middle of the search
        return translate_lines(self, texts, *args, **kwargs)

    monkeypatch.setattr(Router, "translate_n_best", interrupted_in_the_second_chunk)
    monkeypatch.setattr(translating, "CHUNK_LINES", 2)
    handler = signal.getsignal(signal.SIGINT)
    try:
        out = run(["translate.py", "--checkpoint", save(tmp_path / "a.pt", 1), "--greedy"], env,
                  stdin="".join(s + "\n" for s in SOURCES).encode(), check=False)
    finally:
        signal.signal(signal.SIGINT, handler)       # run_main ignores a second Ctrl-C while it ends
    assert (out.returncode, out.stderr) == (130, b"")           # before: a KeyboardInterrupt traceback
    assert out.stdout.count(b"\n") == 2 and out.stdout.endswith(b"\n")


def test_the_heatmap_may_not_be_written_over_the_checkpoint(tmp_path):
    checkpoint = save(tmp_path / "a.pt", 1)
    with pytest.raises(UserError, match=r"^--plot-attention .*a.pt is the same file as --checkpoint "):
        translate.parse_args(["--checkpoint", checkpoint, "--plot-attention", str(tmp_path / "." / "a.pt"), "Hallo"])


def test_the_heatmap_may_not_be_written_over_a_file_of_an_exported_directory(tmp_path):
    exported = tmp_path / "exported"
    exported.mkdir()
    (exported / "model.bin").write_text("weights")
    (exported / "einsum_nmt.json").write_text('{"files": {"model.bin": ""}}')
    with pytest.raises(UserError, match=r"^--plot-attention .*model.bin is the same file as --checkpoint .*exported's "
                                        r"file .*model.bin: writing it would destroy that input"):
        translate.parse_args(["--checkpoint", str(exported), "--plot-attention", str(exported / "model.bin"), "Hallo"])
    assert (exported / "model.bin").read_text() == "weights"


def test_to_picks_the_language_a_model_of_both_directions_writes_and_is_refused_where_it_has_none(both_run, tiny_run,
                                                                                                 env):
    both = ["translate.py", "--checkpoint", str(both_run / "best.pt"), "--greedy"]
    german = run([*both, "--to", "de", "The dog sleeps in the park."], env).stdout.decode()
    english = run([*both, "Der Hund schläft im Park."], env).stdout.decode()
    assert german.startswith("Der Hund ") and english.startswith("The dog ")
    for checkpoint, to in ((both_run, "fr"), (tiny_run, "de")):
        out = run(["translate.py", "--checkpoint", str(checkpoint / "best.pt"), "--to", to, "Hallo."], env,
                  check=False)
        assert out.returncode == 2 and out.stdout == b""
        assert out.stderr.decode().startswith(f"error: --to {to}: this model writes ") and out.stderr.count(b"\n") == 1


def test_a_model_of_both_directions_translates_each_line_of_a_mixed_file_into_the_other_language(both_run, env):
    lines = ["Der Hund schläft im Park.", "The cat plays on the beach.", "12:30", "", "Die Frau wartet im Haus."]
    stdin = "".join(line + "\n" for line in lines).encode()
    both = ["translate.py", "--checkpoint", str(both_run / "best.pt"), "--greedy"]
    objects = [json.loads(line) for line in run([*both, "--json"], env, stdin=stdin).stdout.decode().splitlines()]
    assert [(o["from"], o["to"]) for o in objects] == [("de", "en"), ("en", "de"), ("de", "en"), ("de", "en"),
                                                       ("de", "en")]       # a number, a blank line: the model's way
    assert objects[0]["translation"].startswith("The dog ") and objects[1]["translation"].startswith("Die Katze ")
    assert run(both, env, stdin=stdin).stdout.decode().splitlines() == [o["translation"] for o in objects]
    german = run([*both, "--to", "de", "--json"], env, stdin=stdin).stdout.decode().splitlines()
    assert {(o["from"], o["to"]) for o in map(json.loads, german)} == {("en", "de")}


@pytest.mark.parametrize("flags", [["--plot-attention"], ["--format", "srt", "--output"]])
def test_an_output_in_a_run_directory_in_use_or_over_a_stopped_runs_own_file_is_refused_first(tmp_path, flags):
    from tests.tiny_checkpoints import save
    from training.run_lock import RunDirLock
    checkpoint, run_dir = save(tmp_path / "model.pt", 1), tmp_path / "run"
    run_dir.mkdir()
    sentence = ["Ein Hund."] if flags[0] == "--plot-attention" else []
    with RunDirLock(run_dir):
        with pytest.raises(UserError, match=rf"^{flags[-1]} {run_dir}/new is in the run directory {run_dir}, which "
                           "a run is using now"):
            translate.parse_args(["--checkpoint", checkpoint, *flags, str(run_dir / "new"), *sentence])
    (run_dir / "config.json").write_text("{}\n")
    (run_dir / "MODEL.md").write_text("card\n")
    with pytest.raises(UserError, match=rf"^{flags[-1]} {run_dir}/MODEL.md is the run {run_dir}'s MODEL.md"):
        translate.parse_args(["--checkpoint", checkpoint, *flags, str(run_dir / "MODEL.md"), "--force", *sentence])
    assert (run_dir / "MODEL.md").read_text() == "card\n"
