"""README's code runs as written: the attention example is extracted verbatim and trained and used."""
import os
import re
import subprocess
import sys
from pathlib import Path

import torch

from tests.synthetic import offline_env, use_offline_env, write_corpus

REPO = Path(__file__).resolve().parents[1]


def readme_block(first_line: str) -> str:
    """The fenced code block of README.md that starts with `first_line`."""
    blocks = re.findall(r"```(?:python|bash)\n(.*?)```", (REPO / "README.md").read_text(encoding="utf-8"), re.S)
    found = [b for b in blocks if b.startswith(first_line)]
    assert len(found) == 1, f"README has {len(found)} code blocks starting with {first_line!r}"
    return found[0]


def run_train_and_translate(first_line: str, tmp_path) -> list[str]:
    """The train.py and translate.py lines of a README block, as a user types them (from the repo, here from a
    copy's directory), on a synthetic corpus with a few training steps added; -> their stdout."""
    commands = [line for line in readme_block(first_line).splitlines() if line]
    assert [c.split()[1] for c in commands] == ["train.py", "translate.py"]
    env = offline_env(tmp_path / "cache", write_corpus(tmp_path / "data", {"train": 200, "val": 20}))
    quick = {"train.py": ["--preset", "tiny", "--data.units=subword", "--train.max_steps=3"], "translate.py": []}
    outputs = []
    for command in commands:
        args = __import__("shlex").split(command)[1:]
        args = [str(REPO / args[0]), *args[1:], *quick[args[0]]]
        proc = subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, timeout=240)
        assert proc.returncode == 0, proc.stderr.decode()[-2000:]
        outputs.append(proc.stdout.decode())
    return outputs


def test_readme_attention_example_trains_and_translates(tmp_path):
    code = readme_block("# cubed.py\n")
    (tmp_path / "cubed.py").write_text(code, encoding="utf-8")
    outputs = run_train_and_translate("python train.py --user-module cubed.py", tmp_path)
    assert '"attention": "cubed"' in outputs[0]
    assert len(outputs[1].splitlines()) == 1


def test_readme_glossary_example_runs_as_written(tiny_run, synthetic_env, tmp_path):
    """The glossary block, as a user types it (bash), against the tests' tiny run: one line out, exit 0."""
    block = readme_block("printf 'Fahrrad")
    script = block.replace("python translate.py", f"{sys.executable} {REPO / 'translate.py'} --checkpoint "
                                                  f"{tiny_run / 'best.pt'}")
    proc = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=synthetic_env, capture_output=True,
                          timeout=240)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert (tmp_path / "terms.tsv").read_text(encoding="utf-8") == "Fahrrad\tbicycle\nKölner Dom\tCologne Cathedral\n"
    assert len(proc.stdout.decode().splitlines()) == 1


def test_readme_own_corpus_example_trains_and_evaluates_as_written(tmp_path):
    """The own-corpus block as a user types it (bash, from a fresh directory), with a few training steps added."""
    script = readme_block("mkdir -p mine").replace("python train.py", f"{sys.executable} {REPO / 'train.py'}") \
        .replace("--out runs/mine", "--out runs/mine --train.max_steps=3") \
        .replace("python evaluate.py", f"{sys.executable} {REPO / 'evaluate.py'}")
    env = {**os.environ, "EINSUM_NMT_CACHE": str(tmp_path / "cache"), "OMP_NUM_THREADS": "1"}
    proc = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env, capture_output=True, timeout=240)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert (tmp_path / "runs/mine/best.pt").is_file() and "BLEU" in proc.stdout.decode()


def test_readme_fine_tuning_example_runs_as_written(tmp_path, train_main, monkeypatch):
    """The own-corpus files, a small subword model as runs/cpu (trained in-process), then the fine-tuning block as a
    user types it."""
    files = readme_block("mkdir -p mine").split("python train.py")[0]
    env = offline_env(tmp_path / "cache",
                      write_corpus(tmp_path / "data", {"train": 200, "val": 20, "test_2016_flickr": 20}))
    with monkeypatch.context() as mp:
        use_offline_env(mp, env)
        train_main(["--preset", "tiny", "--data.units=subword", "--out", str(tmp_path / "runs/cpu"),
                    "--train.max_steps=3", "--train.threads=1"])
    script = files + readme_block("python train.py --init").replace("python train.py", f"{sys.executable} "
                                                                     f"{REPO / 'train.py'}") \
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


def test_readme_english_to_german_example_trains_and_translates(tmp_path):
    """The en→de block as written, on a synthetic corpus with a few steps: the run is en→de and translates a line."""
    outputs = run_train_and_translate("python train.py --preset cpu --data.src_lang=en", tmp_path)
    assert '"src_lang": "en"' in outputs[0] and '"tgt_lang": "de"' in outputs[0]
    assert len(outputs[1].splitlines()) == 1
