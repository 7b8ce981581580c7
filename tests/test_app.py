"""End to end: train.py learns a synthetic language pair; translate.py and evaluate.py work on its checkpoint.

translate.py and evaluate.py run in this process (their `main`, as `python X.py` would run it, a UserError ending
as one `error:` line and exit status 2): a fresh interpreter per call would cost seconds of start-up each.
"""
import contextlib
import importlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.synthetic import sentence_pair
from util.errors import UserError

REPO = Path(__file__).resolve().parents[1]
ENV_KEYS = ("MULTI30K_DIR", "EINSUM_NMT_CACHE", "MULTI30K_BASE_URL")


def run(args, env, stdin=None, check=True):
    """Run `python SCRIPT ARGS` in process: -> .returncode, .stdout and .stderr (bytes), like subprocess.run."""
    module = importlib.import_module(Path(args[0]).stem)
    out, err = io.StringIO(), io.StringIO()
    saved_env, saved_stdin = {k: os.environ.get(k) for k in ENV_KEYS}, sys.stdin
    os.environ.update({k: env[k] for k in ENV_KEYS})
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = module.main(list(args[1:])) or 0
            except UserError as e:
                print(f"error: {e}", file=sys.stderr)
                code = 2
    finally:
        sys.stdin = saved_stdin
        for k, v in saved_env.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    proc = SimpleNamespace(returncode=code, stdout=out.getvalue().encode(), stderr=err.getvalue().encode())
    if check and code != 0:
        raise AssertionError(f"{args} failed ({code}):\n{proc.stderr.decode()[-3000:]}")
    return proc


def run_process(args, env, check=True):
    """A real `python SCRIPT ARGS`, for what needs a fresh process (a user module registers for good)."""
    proc = subprocess.run([sys.executable, *args], cwd=REPO, env=env, capture_output=True, timeout=240)
    if check and proc.returncode != 0:
        raise AssertionError(f"{args} failed ({proc.returncode}):\n{proc.stderr.decode()[-3000:]}")
    return proc


@pytest.fixture
def env(synthetic_env):
    return synthetic_env


@pytest.fixture
def trained(tiny_run):
    """The session's tiny run (tests/conftest.py), shared with the server tests."""
    return tiny_run


def records(run_dir: Path, kind: str) -> list[dict]:
    lines = (run_dir / "metrics.jsonl").read_text().splitlines()
    return [r for r in map(json.loads, lines) if r["kind"] == kind]


def test_training_learns_the_synthetic_language(trained):
    epochs = records(trained, "epoch")
    assert epochs[-1]["val_bleu"] > 80, epochs
    assert epochs[-1]["val_loss"] < epochs[0]["val_loss"]
    for name in ("best.pt", "last.pt", "averaged.pt", "config.json", "curves.png"):
        assert (trained / name).is_file(), name


def test_translate_prints_the_translation(trained, env):
    out = run(["translate.py", "--checkpoint", str(trained / "best.pt"), "Der Hund läuft im Park."], env)
    assert out.stdout.decode().strip() == "The dog runs in the park."


def test_translate_keeps_stdin_lines_aligned(trained, env):
    lines = ["Die Katze schläft im Haus.", "", "   ", "Das Kind spielt heute am Strand.", "Xylophon Quatsch."]
    out = run(["translate.py", "--checkpoint", str(trained / "best.pt"), "--greedy"], env,
              stdin="\n".join(lines).encode() + b"\n")
    got = out.stdout.decode().split("\n")[:-1]
    assert len(got) == len(lines)
    assert got[0] == "The cat sleeps in the house."
    assert got[1] == "" and got[2] == ""
    assert got[3] == "The child plays today on the beach."


def test_translate_rejects_invalid_utf8_with_one_line(trained, env):
    out = run(["translate.py", "--checkpoint", str(trained / "best.pt")], env, stdin=b"Der Hund\n\xff\xfe\n",
              check=False)
    assert out.returncode == 2
    assert out.stderr.decode().strip().startswith("error: stdin line 2 is not valid UTF-8")
    assert "Traceback" not in out.stderr.decode()


def test_translate_truncates_overlong_input_with_a_warning(trained, env):
    long = " ".join(["Der Hund läuft im Park."] * 20)
    out = run(["translate.py", "--checkpoint", str(trained / "best.pt"), long], env)
    assert "warning:" in out.stderr.decode()
    assert len(out.stdout.decode().splitlines()) == 1


def test_translate_n_best_prints_scored_hypotheses(trained, env):
    out = run(["translate.py", "--checkpoint", str(trained / "best.pt"), "--n-best", "3", "Die Frau wartet."], env)
    rows = [line.split("\t") for line in out.stdout.decode().splitlines()]
    assert len(rows) == 3 and all(r[0] == "0" for r in rows)
    scores = [float(r[1]) for r in rows]
    assert scores == sorted(scores, reverse=True)


def test_translate_plots_cross_attention(trained, env, tmp_path):
    png = tmp_path / "attn.png"
    run(["translate.py", "--checkpoint", str(trained / "best.pt"), "--plot-attention", str(png),
         "Der Mann sitzt im Park."], env)
    assert png.stat().st_size > 1000


def test_evaluate_json_reports_bleu(trained, env):
    out = run(["evaluate.py", "--checkpoint", str(trained / "best.pt"), "--split", "test_2016_flickr", "--json"],
              env)
    result = json.loads(out.stdout.decode().splitlines()[-1])
    assert set(result) == {"bleu", "chrf", "bleu_lc_tok", "sentences", "seconds"}
    assert result["sentences"] == 100 and result["bleu"] > 80


def test_evaluate_scores_a_file_pair_and_writes_hypotheses(trained, env, tmp_path):
    import random
    pairs = [sentence_pair(random.Random(n)) for n in range(20)]
    (tmp_path / "src.de").write_text("".join(p[0] + "\n" for p in pairs))
    (tmp_path / "ref.en").write_text("".join(p[1] + "\n" for p in pairs))
    out = run(["evaluate.py", "--checkpoint", str(trained / "best.pt"), "--src", str(tmp_path / "src.de"),
               "--ref", str(tmp_path / "ref.en"), "--output", str(tmp_path / "hyp.en"), "--json"], env)
    assert len((tmp_path / "hyp.en").read_text().splitlines()) == 20
    assert json.loads(out.stdout.decode().splitlines()[-1])["sentences"] == 20


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
    missing = run_process(["translate.py", "--checkpoint", str(out / "last.pt"), "Hallo"], env, check=False)
    assert missing.returncode == 2
    assert "my_full" in missing.stderr.decode() and "--user-module" in missing.stderr.decode()
