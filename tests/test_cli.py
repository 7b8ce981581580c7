"""cli.py, what every command shares: `run_main`'s one-line errors (a closed or full stdout too), --user-module,
the device flag, and the decoding flags of translate.py and evaluate.py."""
import os
import re
import resource
import subprocess
import sys

import pytest
import torch

import evaluate
import translate
from config.presets import make_config
from data.vocab import SPECIALS, Vocab
from models.checkpoint import save_checkpoint
from models.transformer import build_model
from tests.tiny_checkpoints import SOURCES, save
from tests.commands import REPO, command_in_process, run, run_process, script
from cli import run_main
from util.errors import UserError


@pytest.fixture
def env(synthetic_env):
    return synthetic_env


USER_ATTENTION = """
from models.attention import FullAttention, register_attention

@register_attention("my_full")
class MyFull(FullAttention):
    pass
"""


def test_user_module_attention_trains_and_its_checkpoint_names_the_module(env, tmp_path):
    module = tmp_path / "my_attention.py"
    module.write_text(USER_ATTENTION)
    out = tmp_path / "run"
    run_process(["train.py", "--preset", "tiny", "--user-module", str(module), "--model.attention=my_full",
                 "--out", str(out), "--train.max_steps=3"], env)
    ok = run_process(["translate.py", "--checkpoint", str(out / "last.pt"), "--user-module", str(module), "Hallo"],
                     env)
    assert len(ok.stdout.decode().splitlines()) == 1
    # in this process, which never imported the module: its attention is not registered here
    missing = run(["translate.py", "--checkpoint", str(out / "last.pt"), "Hallo"], env, check=False)
    assert missing.returncode == 2
    assert "my_full" in missing.stderr.decode() and "--user-module" in missing.stderr.decode()


@pytest.mark.parametrize("flags, message", [
    (["--beam", "0"], "--beam 0 must be from 1 to 1000"),
    (["--max-len", "0"], "--max-len 0 must be at least 1"),
    (["--max-len", "-5"], "--max-len -5 must be at least 1"),
    (["--length-penalty", "nan"], "--length-penalty nan must be a finite number"),
    (["--length-penalty", "400"], "--length-penalty 400.0 must be from 0.0 to 5.0"),        # it overflowed
    (["--length-penalty", "-1"], "--length-penalty -1.0 must be from 0.0 to 5.0"),
    (["--no-repeat-ngram", "-1"], "--no-repeat-ngram -1 must be at least 0"),
    (["--device", "foo"], "--device=foo is not a device; use auto, cpu, cuda or cuda:N"),
])
def test_translate_and_evaluate_refuse_the_same_bad_flags_alike(flags, message):
    for entry in (translate, evaluate):
        with pytest.raises(UserError) as error:
            entry.parse_args(flags)
        assert str(error.value) == message, entry.__name__


def test_a_closed_stdout_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "argv", ["translate.py", "Hallo"])
    with pytest.raises(SystemExit) as exit:
        run_main(translate.main)
    assert exit.value.code == 2
    assert capsys.readouterr().err == "error: stdout is closed; redirect the output to a file or a pipe\n"


@pytest.mark.parametrize("rank, said", [("0", "error: unknown config key --train.bogus\n"), ("1", "")])
def test_under_torchrun_rank_zero_alone_prints_the_error_every_rank_meets(monkeypatch, capsys, rank, said):
    def main(argv):
        raise UserError("unknown config key --train.bogus")      # each rank checks the same flags

    monkeypatch.setattr(sys, "argv", ["train.py", "--train.bogus=1"])
    monkeypatch.setenv("RANK", rank)
    with pytest.raises(SystemExit) as exit:
        run_main(main)
    assert exit.value.code == 2 and capsys.readouterr().err == said


def test_ctrl_c_in_any_command_ends_quietly_with_status_130_and_ignores_a_second_one(monkeypatch, capsys):
    import signal

    def main(argv):
        print("a whole line")
        raise KeyboardInterrupt              # e.g. train.py's data preparation, evaluate.py's search

    monkeypatch.setattr(sys, "argv", ["train.py"])
    handler = signal.getsignal(signal.SIGINT)
    try:
        with pytest.raises(SystemExit) as exit:
            run_main(main)
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN       # the flush and the exit are not broken
    finally:
        signal.signal(signal.SIGINT, handler)
    assert exit.value.code == 130 and capsys.readouterr() == ("a whole line\n", "")


def test_a_full_stdout_is_one_line_without_a_traceback(tmp_path):
    cfg = make_config("tiny")
    vocab = Vocab(list(SPECIALS) + ["Hallo", "Welt"])
    cfg.model.src_vocab_size = cfg.model.tgt_vocab_size = len(vocab)
    save_checkpoint(tmp_path / "tiny.pt", model_state=build_model(cfg.model).state_dict(), config=cfg.to_dict(),
                    src_vocab=vocab.to_dict(), tgt_vocab=vocab.to_dict())
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "translate.py", "--checkpoint", str(tmp_path / "tiny.pt"), "Hallo"],
                              cwd=REPO, stdout=full, stderr=subprocess.PIPE, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.decode() == "error: No space left on device (writing the output)\n"


def test_output_that_hits_the_file_size_limit_is_one_line_and_exit_2_even_unbuffered(tmp_path):
    """A file at its size limit (ulimit -f) fails as a disk that fills does: after a short write, which unbuffered
    stdout (PYTHONUNBUFFERED=1, python -u) took as done, dropping the rest silently with exit status 0 when it was
    the last write (here 200 lines, one chunk)."""
    checkpoint = save(tmp_path / "a.pt", 1)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with open(tmp_path / "out.txt", "wb") as out:
        proc = subprocess.run([sys.executable, "translate.py", "--checkpoint", checkpoint, "--greedy"], cwd=REPO,
                              input="\n".join(SOURCES * 50).encode(), stdout=out, stderr=subprocess.PIPE, env=env,
                              preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000)),
                              timeout=120)
    assert (proc.returncode, proc.stderr.decode()) == (2, "error: File too large (writing the output)\n")
    assert (tmp_path / "out.txt").stat().st_size == 2000


def test_hints_name_flags_the_command_has(tmp_path, train_main, monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)     # the same on a machine with a GPU
    with pytest.raises(UserError, match=r"^--device=cuda asked for, but CUDA is not available; use --device=cpu"):
        translate.main(["--device", "cuda", "Hallo"])
    with pytest.raises(UserError) as error:
        train_main(["--resume", str(tmp_path / "nothing")])
    assert "--resume" in str(error.value) and "--checkpoint" not in str(error.value)


@pytest.mark.parametrize("code, message", [
    ("import os\n\n\ndef build():\n    return {}['cubed']\n\n\nbuild()\n",
     r"failed at line 5 \(return \{\}\['cubed'\]\): KeyError: 'cubed'$"),
    ("def forward(self, q:\n    pass\n", r"has a syntax error at line 1 \(def forward\(self, q:\): "),
    ("raise RuntimeError('first line\\nsecond line')\n", r"failed at line 1 \(raise .*\): RuntimeError: first line$"),
])
def test_a_user_module_that_fails_is_its_own_error_in_one_line_with_exit_2(code, message, tmp_path):
    module = tmp_path / "mine.py"
    module.write_text(code)
    line = command_in_process([script("train.py"), "--user-module", str(module), "--out", str(tmp_path / "run")],
                              tmp_path)
    assert re.match(rf"^error: --user-module {module} {message}", line), line
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("make, given, message", [
    (lambda d: (d / "mymod").write_text("x = 1\n"), "mymod", "is not a .py file; pass the Python file (NAME.py)"),
    (lambda d: (d / "notes.txt").write_text("x\n"), "notes.txt", "is not a .py file"),
    (lambda d: (d / "mymod.py").write_text("x = 1\n"), "mymod", ": no such file (did you mean {d}/mymod.py?); pass "
                                                                "the .py file"),
    (lambda d: (d / "pkg").mkdir(), "pkg", ": is a directory; pass the .py file"),
    (lambda d: (d / "nul.py").write_bytes(b"x = 1\0\n"), "nul.py", "has a syntax error: source code string cannot"),
])
def test_a_user_module_that_is_no_python_file_is_one_line_saying_what_to_pass(make, given, message, tmp_path):
    make(tmp_path)
    for entry in (translate, evaluate):       # the commands share one loader (before: an AttributeError traceback)
        with pytest.raises(UserError) as error:
            entry.main(["--checkpoint", str(tmp_path / "none.pt"), "--user-module", str(tmp_path / given)])
        assert str(error.value).startswith(f"--user-module {tmp_path / given}")
        assert message.format(d=tmp_path) in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("name", ["train.py", "translate.py", "evaluate.py", "export.py", "average.py", "serve.py"])
def test_a_flag_argparse_refuses_is_one_line_naming_help_not_a_usage_block(name, synthetic_env):
    done = run([name, "--bogus", "--out"], synthetic_env, check=False)
    line = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b"" and line.count("\n") == 1, line
    assert re.fullmatch(rf"error: [^\n]*arguments?[^\n]* \(see `python {name} --help`\)\n", line), line


def test_translate_names_the_value_argparse_cannot_read(synthetic_env):
    done = run(["translate.py", "--beam", "x"], synthetic_env, check=False)
    assert done.stderr.decode() == "error: argument --beam: invalid int value: 'x' (see `python translate.py --help`)\n"


def test_a_log_whose_reader_goes_away_drops_what_follows_and_the_work_goes_on(monkeypatch, capsys, tmp_path):
    """`train.py | head` ended the run after its first lines, exit status 0 and no last.pt; `evaluate.py --output
    h.en | head -1` wrote no h.en. A command whose stdout is its output still ends there (`translate.py | head`)."""
    import os

    def writes_then_works(argv):
        for n in range(3):
            print(f"line {n}", flush=True)
        (tmp_path / "work").write_text("done")
        return 0

    for needs_stdout, finished in ((False, True), (True, False)):
        (tmp_path / "work").unlink(missing_ok=True)
        read, write = os.pipe()
        os.close(read)                                   # the reader went away
        monkeypatch.setattr(sys, "stdout", open(write, "w", closefd=True))
        monkeypatch.setattr(sys, "argv", ["train.py"])
        with pytest.raises(SystemExit) as exit:
            run_main(writes_then_works, needs_stdout=needs_stdout)
        assert exit.value.code == 0 and (tmp_path / "work").exists() == finished
        assert ("the reader of stdout went away; the work goes on" in capsys.readouterr().err) == finished


def test_translate_help_speaks_of_both_directions_and_of_the_target_language(synthetic_env):
    """A model of both directions is the default: translate.py's help may not promise German to English only, nor
    an English glossary term; every default a decoding flag has is named."""
    text = " ".join(run(["translate.py", "--help"], synthetic_env).stdout.decode().split())
    assert "German to English" not in text and "German sentences" not in text and "English term" not in text
    assert "--to auto, the default" in text and "the given target term" in text
    assert "most output tokens per sentence (default: the checkpoint's" in text


@pytest.mark.parametrize("module", ["train", "config.__main__"])
def test_an_empty_preset_is_refused_not_taken_as_the_default(module):
    """was: --preset "$P" with P unset trained the 30-minute default"""
    import importlib
    with pytest.raises(UserError, match="--preset '' is empty; give a preset"):
        importlib.import_module(module).main(["--preset", ""])
