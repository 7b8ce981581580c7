"""README's and the docs' code runs as written (each example is extracted verbatim and run), and every relative link
between README.md and docs/*.md reaches an existing file and heading."""
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import torch

from tests.synthetic import offline_env, use_offline_env, write_corpus

REPO = Path(__file__).resolve().parents[1]


PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
# export.py needs CTranslate2, an optional extra (requirements-extras.txt) that README's install leaves out
CT2 = importlib.util.find_spec("ctranslate2") is not None


def as_installed(script: str) -> str:
    """A page's commands as README's install runs them: without CTranslate2, its export lines are left out (each
    stops with a line that says what to install: the README test asserts it)."""
    return script if CT2 else "\n".join(line for line in script.splitlines() if "export.py" not in line)


def code_block(first_line: str, page: str = "README.md") -> str:
    """The fenced code block of `page` (README.md or docs/NAME.md) that starts with `first_line`."""
    blocks = re.findall(r"```(?:python|bash)\n(.*?)```", (REPO / page).read_text(encoding="utf-8"), re.S)
    found = [b for b in blocks if b.startswith(first_line)]
    assert len(found) == 1, f"{page} has {len(found)} code blocks starting with {first_line!r}"
    return found[0]


def heading_anchors(text: str) -> set[str]:
    """The anchors GitHub gives a page's headings: lowercase, punctuation dropped, spaces as hyphens, -1, -2, ... on
    repeats."""
    anchors: set[str] = set()
    for title in re.findall(r"^#{1,6} +(.+?) *#* *$", re.sub(r"```.*?```", "", text, flags=re.S), re.M):
        slug = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        anchor, n = slug, 0
        while anchor in anchors:
            n += 1
            anchor = f"{slug}-{n}"
        anchors.add(anchor)
    return anchors


def broken_links(page: Path) -> list[str]:
    """The relative links and images of a markdown page whose file or heading does not exist (code is skipped)."""
    text = page.read_text(encoding="utf-8")
    prose = re.sub(r"`[^`\n]*`", "", re.sub(r"```.*?```", "", text, flags=re.S))
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", prose):
        if re.match(r"[a-z]+:", target):
            continue                                  # https:, mailto:
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists() or anchor and anchor not in heading_anchors(file.read_text(encoding="utf-8")):
            broken.append(f"{page.name}: {target}")
    return broken


# the default preset's recipe at the tiny preset's size: `python train.py` as written, in seconds
TINY_SIZE = ["--model.d_model=32", "--model.n_heads=4", "--model.d_ff=64", "--model.n_encoder_layers=1",
             "--model.n_decoder_layers=1", "--model.max_len=64", "--data.max_train_len=61"]


def quick_flags(args: list[str]) -> list[str]:
    """What makes a README command quick: the tiny preset where it names one, else the default's recipe made tiny."""
    if args[0] != "train.py":
        return []
    if "--preset" in args:
        return ["--preset", "tiny", "--data.units=subword", "--train.max_steps=3"]
    return [*TINY_SIZE, "--train.max_steps=3", "--train.time_budget=0"]


def run_train_and_translate(first_line: str, tmp_path, page: str = "README.md") -> list[str]:
    """The train.py and translate.py lines of a code block, as a user types them (from the repo, here from a
    copy's directory), on a synthetic corpus with a few training steps added; -> their stdout."""
    commands = [line for line in code_block(first_line, page).splitlines() if line]
    assert [c.split()[1] for c in commands] == ["train.py"] + ["translate.py"] * (len(commands) - 1) and commands[1:]
    env = offline_env(tmp_path / "cache", write_corpus(tmp_path / "data", {"train": 200, "val": 20}))
    outputs = []
    for command in commands:
        args = __import__("shlex").split(command, comments=True)[1:]
        args = [str(REPO / args[0]), *args[1:], *quick_flags(args)]
        proc = subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, timeout=240)
        assert proc.returncode == 0, proc.stderr.decode()[-2000:]
        outputs.append(proc.stdout.decode())
    return outputs


def test_attention_page_example_trains_and_translates(tmp_path):
    code = code_block("# cubed.py\n", "docs/ATTENTION.md")
    (tmp_path / "cubed.py").write_text(code, encoding="utf-8")
    outputs = run_train_and_translate("python train.py --user-module cubed.py", tmp_path, "docs/ATTENTION.md")
    assert '"attention": "cubed"' in outputs[0]
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


def test_readme_english_to_german_example_trains_and_translates(tmp_path):
    """The en→de block as written, on a synthetic corpus with a few steps: the run is en→de and translates a line."""
    outputs = run_train_and_translate("python train.py --preset cpu --data.src_lang=en", tmp_path)
    assert '"src_lang": "en"' in outputs[0] and '"tgt_lang": "de"' in outputs[0]
    assert len(outputs[1].splitlines()) == 1


def test_readme_set_up_trains_a_model_of_both_directions_with_no_flags_and_translates_each_way(tmp_path):
    """README's first commands as written (the default preset at a tiny size, a few steps): `python train.py` trains
    one model of both directions, and translate.py writes a line each way with it."""
    outputs = run_train_and_translate("python train.py   ", tmp_path)
    assert '"preset": "30min"' in outputs[0] and '"directions": "both"' in outputs[0]
    assert [len(out.splitlines()) for out in outputs[1:]] == [1, 1]


def test_readme_both_directions_example_trains_one_model_that_writes_either_language(tmp_path):
    """The both-directions block as written, on a synthetic corpus with a few steps: one run, a line out each way."""
    outputs = run_train_and_translate("python train.py --out runs/both", tmp_path)
    assert '"directions": "both"' in outputs[0] and "en→de" in outputs[0]
    assert [len(out.splitlines()) for out in outputs[1:]] == [1, 1, 1]


def test_every_relative_link_in_readme_and_docs_reaches_an_existing_file_and_heading():
    assert [broken for page in PAGES for broken in broken_links(page)] == []


def test_the_link_check_finds_a_missing_file_and_a_missing_heading(tmp_path):
    (tmp_path / "other.md").write_text("# Results\n\n## GPU (H200)\n\n## Runs\n\n## Runs\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[a](other.md) [b](other.md#gpu-h200) [c](other.md#runs-1) [d](#top) `[e](gone.md)`\n"
                    "# Top\n[f](gone.md) [g](other.md#machines) ![h](gone.png) [i](https://example.org/x)\n",
                    encoding="utf-8")
    assert broken_links(page) == ["page.md: gone.md", "page.md: other.md#machines", "page.md: gone.png"]


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


def test_readme_everyday_commands_run_as_written_on_a_trained_run(tiny_run, synthetic_env, tmp_path):
    """README's Use block as a user types it (bash, from a directory with a run in runs/ and the files the commands
    name), each line at a time; the lines that train, average or serve are the train, average and serve tests'."""
    import shutil
    shutil.copytree(tiny_run, tmp_path / "runs" / "tiny")
    files = {"sentences.de": "Ein Hund rennt.\nZwei Männer sitzen.\n", "refs.en": "A dog runs.\nTwo men sit.\n",
             "terms.tsv": "Hund\tdog\n", "my.de": "Ein Hund rennt.\n", "my.en": "A dog runs.\n",
             "film.de.srt": "1\n00:00:01,000 --> 00:00:02,500\nEin Hund\nrennt.\n\n2\n00:00:03,000 --> 00:00:04,000\n"
                            "Zwei Männer sitzen.\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    lines = [line.replace("runs/<run>", "runs/tiny") for line in code_block('python translate.py "Ein Mann fährt '
                                                                             'Fahrrad."').splitlines()]
    skipped = ("python train.py", "python average.py", "python serve.py")
    script = "\n".join(line for line in lines if not line.startswith(skipped))
    for name in ("translate", "evaluate", "export"):
        script = script.replace(f"python {name}.py", f"{sys.executable} {REPO / (name + '.py')}")
    proc = subprocess.run(["bash", "-e", "-c", as_installed(script)], cwd=tmp_path, env=synthetic_env,
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=240)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    if not CT2:             # README's export line without the extra: one line that says what to install, exit 2
        export = next(line for line in script.splitlines() if "export.py" in line)
        failed = subprocess.run(["bash", "-c", export], cwd=tmp_path, env=synthetic_env, capture_output=True,
                                stdin=subprocess.DEVNULL, timeout=240)
        assert failed.returncode == 2 and failed.stderr.decode().strip().endswith("pip install ctranslate2")
    assert len((tmp_path / "sentences.en").read_text(encoding="utf-8").splitlines()) == 2
    assert (tmp_path / "film.en.srt").read_text(encoding="utf-8").startswith("1\n00:00:01,000 --> 00:00:02,500\n")
    assert (tmp_path / "attn.png").stat().st_size > 0 and (tmp_path / "hyp.en").is_file()
    assert (tmp_path / "exported" / "model.bin").is_file() == CT2 and "- machine: CPU" in proc.stdout.decode()
    assert len([line for line in lines if line.startswith(skipped)]) == 3
