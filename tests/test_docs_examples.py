"""The docs' code runs as written: each example of docs/*.md is extracted verbatim and run (README's own:
test_readme.py)."""
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request

import pytest
import torch

from tests.page_code import CT2, REPO, as_installed, code_block, run_train_and_translate, with_entry_points
from tests.synthetic import offline_env, use_offline_env, write_corpus


def test_attention_page_example_trains_and_translates(tmp_path):
    code = code_block("# cubed.py\n", "docs/ATTENTION.md")
    (tmp_path / "cubed.py").write_text(code, encoding="utf-8")
    outputs = run_train_and_translate("python train.py --user-module cubed.py", tmp_path, "docs/ATTENTION.md")
    assert " --model.attention=cubed" in outputs[0].split("config: ")[1].splitlines()[0]
    assert len(outputs[1].splitlines()) == 1


def test_text_page_glossary_example_runs_as_written(tiny_run, synthetic_env, tmp_path):
    """The glossary block, as a user types it (bash), against the tests' tiny run: one line out, exit 0."""
    block = code_block("printf 'Fahrrad", "docs/TEXT.md")
    script = block.replace("python translate.py", f"{sys.executable} {REPO / 'translate.py'} --checkpoint "
                                                  f"{tiny_run / 'best.pt'}")
    proc = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=synthetic_env, capture_output=True,
                          timeout=240)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert (tmp_path / "terms.tsv").read_text(encoding="utf-8") == "Fahrrad\tbicycle\nKölner Dom\tCologne Cathedral\n"
    assert len(proc.stdout.decode().splitlines()) == 1


def test_text_page_everyday_lines_the_steps_answer_alone_come_out_as_written(both_run, synthetic_env):
    """The everyday lines' table: a row both runs answer alike with nothing left for a model (1.00) comes out so with
    any model, here the tests' tiny model of both directions, as the table writes it."""
    table = (REPO / "docs/TEXT.md").read_text(encoding="utf-8").split("| you type | to |")[1].split("\n\n")[0]
    rows = [[cell.strip() for cell in line.strip("|").split(" | ")] for line in table.splitlines()[2:]]
    for to in ("en", "de"):
        whole = [(line, weak.removesuffix(" (1.00)")) for line, lang, weak, strong in rows
                 if lang == to and weak == strong and weak.endswith(" (1.00)")]
        assert len(whole) >= 2, f"the table has no rows into {to} the steps answer alone"
        proc = subprocess.run([sys.executable, str(REPO / "translate.py"), "--checkpoint", str(both_run / "best.pt"),
                               "--to", to, "--confidence"], input="".join(f"{line}\n" for line, _ in whole).encode(),
                              env=synthetic_env, capture_output=True, timeout=240)
        assert proc.returncode == 0, proc.stderr.decode()[-2000:]
        assert proc.stdout.decode().splitlines() == [f"1.000\t{out}" for _, out in whole]


def test_corpus_page_own_corpus_example_trains_and_evaluates_as_written(tmp_path):
    """The own-corpus block as a user types it (bash, from a fresh directory), with a few training steps added."""
    script = code_block("mkdir -p mine", "docs/CORPUS.md") \
        .replace("python train.py", f"{sys.executable} {REPO / 'train.py'}") \
        .replace("--out runs/mine", "--out runs/mine --train.max_steps=3") \
        .replace("python evaluate.py", f"{sys.executable} {REPO / 'evaluate.py'}")
    env = {**os.environ, "EINSUM_NMT_CACHE": str(tmp_path / "cache"), "OMP_NUM_THREADS": "1"}
    proc = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env, capture_output=True, timeout=240)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert (tmp_path / "runs/mine/best.pt").is_file() and "BLEU" in proc.stdout.decode()
    log_line = re.search(r"\(`(train: \S+ read as [^`]+)`", (REPO / "docs/CORPUS.md").read_text(encoding="utf-8"))[1]
    assert log_line.replace("/…/", f"{tmp_path.resolve()}/") in proc.stdout.decode()    # the line the page quotes


def test_corpus_page_fine_tuning_example_runs_as_written(tmp_path, train_main, monkeypatch):
    """The own-corpus files, a small subword model as runs/cpu (trained in-process), then the fine-tuning block as a
    user types it."""
    files = code_block("mkdir -p mine", "docs/CORPUS.md").split("python train.py")[0]
    env = offline_env(tmp_path / "cache",
                      write_corpus(tmp_path / "data", {"train": 200, "val": 20, "test_2016_flickr": 20}))
    with monkeypatch.context() as mp:
        use_offline_env(mp, env)
        train_main(["--preset", "tiny", "--data.units=subword", "--out", str(tmp_path / "runs/cpu"),
                    "--train.max_steps=3", "--train.threads=1"])
    script = files + code_block("python train.py --init", "docs/CORPUS.md") \
        .replace("python train.py", f"{sys.executable} {REPO / 'train.py'}") \
        .replace("--out runs/mine-ft", "--out runs/mine-ft --train.max_steps=3") \
        .replace("python evaluate.py", f"{sys.executable} {REPO / 'evaluate.py'}")
    proc = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env, capture_output=True, timeout=240)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    out = proc.stdout.decode()
    assert "mine/dev.de: 2 sentences" in out and "test_2016_flickr: 20 sentences" in out
    start = torch.load(tmp_path / "runs/cpu/best.pt", weights_only=True)
    tuned = torch.load(tmp_path / "runs/mine-ft/best.pt", weights_only=True)
    assert tuned["subwords"] == start["subwords"] and tuned["src_vocab"] == start["src_vocab"]
    assert tuned["config"]["train"]["init_from"] == str((tmp_path / "runs/cpu/best.pt").resolve())


def test_training_page_distillation_example_runs_as_written(tmp_path):
    """The distillation block as a user types it (bash), on a synthetic corpus, tiny models and a few steps: the
    teacher's translations are the student's first corpus, one line for each training source."""
    data = write_corpus(tmp_path / "data", {"train": 120, "val": 20})
    script = code_block("D=../shared/data/multi30k", "docs/TRAINING.md") \
        .replace("D=../shared/data/multi30k", f"D={data}") \
        .replace("python train.py --preset cpu",
                 f"{sys.executable} {REPO / 'train.py'} --preset tiny --data.units=subword") \
        .replace("--train.max_steps=4000", "--train.max_steps=3") \
        .replace("--train.max_steps=1880", "--train.max_steps=3") \
        .replace("python evaluate.py", f"{sys.executable} {REPO / 'evaluate.py'}")
    proc = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=offline_env(tmp_path / "cache", data),
                          capture_output=True, timeout=240)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    teacher = (tmp_path / "kd/teacher.en").read_text(encoding="utf-8").splitlines()
    assert len(teacher) == 120 == len((tmp_path / "kd/teacher.de").read_text(encoding="utf-8").splitlines())
    assert (tmp_path / "runs/student/best.pt").is_file()
    train = json.loads((tmp_path / "runs/student/config.json").read_text(encoding="utf-8"))["data"]["train"]
    assert train.startswith(f"{(tmp_path / 'kd/teacher').resolve()},")        # stored absolute: resumable anywhere


def test_training_page_both_directions_example_runs_as_written(tmp_path):
    """The both-directions block as a user types it (bash), on a synthetic corpus, a tiny model and a few steps: both
    evaluations score, the export translates into German."""
    data = write_corpus(tmp_path / "data", {"train": 120, "val": 20, "test_2016_flickr": 10})
    script = f"D={data}\n" + code_block("python train.py --preset cpu --data-dir $D --data.directions=both",
                                        "docs/TRAINING.md") \
        .replace("python train.py --preset cpu", f"{sys.executable} {REPO / 'train.py'} --preset tiny --data.units=subword") \
        .replace("--train.max_steps=8000", "--train.max_steps=3") \
        .replace("python evaluate.py", f"{sys.executable} {REPO / 'evaluate.py'}") \
        .replace("python export.py", f"{sys.executable} {REPO / 'export.py'}") \
        .replace("python translate.py", f"{sys.executable} {REPO / 'translate.py'}")
    proc = subprocess.run(["bash", "-e", "-c", as_installed(script)], cwd=tmp_path,
                          env=offline_env(tmp_path / "cache", data), capture_output=True, timeout=240)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    out = proc.stdout.decode()
    assert out.count("test_2016_flickr: 10 sentences") == 3
    assert (tmp_path / "runs/both-ct2/model.bin").is_file() == CT2
    lines = [json.loads(line) for line in out.splitlines() if line.startswith('{"translation"')]
    assert [(line["from"], line["to"]) for line in lines] == [("de", "en"), ("en", "de")]   # --to auto, a line each way
    assert "--to auto: 10 of 10 lines read as en" in out
    assert '"directions": "both"' in (tmp_path / "runs/both/config.json").read_text(encoding="utf-8")


def run_page_script(script: str, cwd, env, **kwargs) -> subprocess.CompletedProcess:
    """A page's bash lines as a user types them from `cwd`: each entry point the checkout's, stopping at a failure."""
    proc = subprocess.run(["bash", "-e", "-c", with_entry_points(script)], cwd=cwd, env=env, capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=240, **kwargs)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    return proc


def with_runs(tiny_run, tmp_path, *names: str) -> None:
    """The tests' tiny run's best.pt as runs/NAME/best.pt for each name, the newest run a command takes by default."""
    for name in names:
        (tmp_path / "runs" / name).mkdir(parents=True)
        shutil.copy(tiny_run / "best.pt", tmp_path / "runs" / name / "best.pt")


SRT = ("1\n00:00:01,000 --> 00:00:02,500\nDer Hund läuft\nim Park.\n\n"
       "2\n00:00:03,000 --> 00:00:04,000\n- Die Katze schläft.\n")
VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:02.500 align:start\nDas Kind spielt am Strand.\n"


def test_formats_page_subtitle_markup_and_scoring_examples_run_as_written(tiny_run, synthetic_env, tmp_path):
    """The subtitle, web-page and markup-scoring blocks as a user types them, from a directory with a run in runs/:
    every line but a cue's text comes back byte for byte, every tag once."""
    with_runs(tiny_run, tmp_path, "tiny")
    files = {"film.de.srt": SRT, "film.de.vtt": VTT,
             "page.de": "Der <b>Hund</b> läuft im Park.\nDie Katze<br>schläft.\n",
             "refs.en": "The <b>dog</b> runs in the park.\nThe cat<br>sleeps.\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    script = "\n".join([code_block("python translate.py --format srt", "docs/FORMATS.md"),
                        code_block("python translate.py --format html", "docs/FORMATS.md"),
                        code_block("python evaluate.py --src page.de", "docs/FORMATS.md")])
    written = re.findall(r"> (\S+)", script.split("python evaluate.py")[0])
    ref = re.search(r"--ref (\S+)", script)[1]
    assert ref not in written, f"--ref {ref} is the translation an earlier line writes: scored against itself"
    out = run_page_script(script, tmp_path, synthetic_env).stdout.decode().splitlines()
    srt = (tmp_path / "film.en.srt").read_text(encoding="utf-8").splitlines()
    assert [line for i, line in enumerate(srt) if i not in (2, 3, 7)] == [
        "1", "00:00:01,000 --> 00:00:02,500", "", "2", "00:00:03,000 --> 00:00:04,000"] and srt[7].startswith("- ")
    vtt = (tmp_path / "film.en.vtt").read_text(encoding="utf-8").splitlines()
    assert vtt[:3] == ["WEBVTT", "", "00:00:01.000 --> 00:00:02.500 align:start"] and len(vtt) == 4
    html = (tmp_path / "page.en").read_text(encoding="utf-8").splitlines()
    assert len(html) == 2 and "<b>" in html[0] and "</b>" in html[0] and "<br>" in html[1]
    assert '<a href="/hilfe">' in out[0] and "</a>" in out[0] and len(out) >= 2
    assert json.loads(out[-1])["markup"]["lines"] == 2




def test_serving_page_example_runs_as_written(tiny_run, synthetic_env, tmp_path):
    """The serving block as a user types it, from a directory with a run in runs/ (on a free port, one thread): the
    curl line gets both texts' translations, a 2-best list each."""
    pytest.importorskip("fastapi", reason="the server's extras are not installed (requirements-extras.txt)")
    pytest.importorskip("uvicorn", reason="the server's extras are not installed (requirements-extras.txt)")
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with_runs(tiny_run, tmp_path, "tiny")
    serve, curl = code_block("python serve.py", "docs/SERVING.md").replace("8000", str(port)).split("\n", 1)
    serve = serve.replace("python serve.py", f"python serve.py --port {port} --threads 1")
    proc = subprocess.Popen(["bash", "-c", f"exec {with_entry_points(serve)}"], cwd=tmp_path, env=synthetic_env,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
        answer = json.loads(run_page_script(curl, tmp_path, synthetic_env).stdout)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert len(answer["translations"]) == 2 and [len(n_best) for n_best in answer["n_best"]] == [2, 2]
