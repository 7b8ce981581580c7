"""README's code runs as written (each example is extracted verbatim and run), and every relative link between
README.md and docs/*.md reaches an existing file and heading; the docs' own examples: test_docs_examples.py."""
import subprocess
import sys

from tests.page_code import CT2, PAGES, REPO, as_installed, broken_links, code_block, run_train_and_translate


def test_readme_english_to_german_example_trains_and_translates(tmp_path):
    """The en→de block as written, on a synthetic corpus with a few steps: the run is en→de and translates a line."""
    outputs = run_train_and_translate("python train.py --preset cpu --data.src_lang=en", tmp_path)
    assert "): en→de, until" in outputs[0] and " --data.src_lang=en --data.tgt_lang=de " in outputs[0]
    assert len(outputs[1].splitlines()) == 1


def test_readme_set_up_trains_a_model_of_both_directions_with_no_flags_and_translates_each_way(tmp_path):
    """README's first commands as written (the default preset at a tiny size, a few steps): `python train.py` trains
    one model of both directions, and translate.py writes a line each way with it."""
    outputs = run_train_and_translate("python train.py   ", tmp_path)
    assert "training (preset 30min): one model of de→en and en→de," in outputs[0]
    assert "config: --preset 30min " in outputs[0]
    assert [len(out.splitlines()) for out in outputs[1:]] == [1, 1]


def test_readme_both_directions_example_trains_one_model_that_writes_either_language(tmp_path):
    """The both-directions block as written, on a synthetic corpus with a few steps: one run, a line out each way."""
    outputs = run_train_and_translate("python train.py --out runs/both", tmp_path)
    assert "one model of de→en and en→de" in outputs[0]
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
    script = script.replace("python -m ", f"{sys.executable} -m ")          # run from the checkout, as from its root
    proc = subprocess.run(["bash", "-e", "-c", as_installed(script)], cwd=tmp_path, capture_output=True,
                          env={**synthetic_env, "PYTHONPATH": str(REPO)}, stdin=subprocess.DEVNULL, timeout=240)
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
    assert '"preset": "long"' in proc.stdout.decode() and '"lr": 0.001,' in proc.stdout.decode()    # python -m config
    assert len([line for line in lines if line.startswith(skipped)]) == 3
