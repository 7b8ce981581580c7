"""Nothing lost, nothing crashes, in-process: bad values are refused before any work, damaged checkpoints and failed
writes are one line, slim checkpoints translate and resume. (Kills and the run-directory lock: test_run_dir.py.)"""
import io
import json
import re
import resource
import shutil
import signal
import sys
from pathlib import Path

import pytest
import torch

import evaluate
import translate
from config import make_config
from tests.synthetic import write_corpus
from models.checkpoint import best_checkpoint_info
from decoding.translator import Translator
from models.checkpoint import load_checkpoint
from models.transformer import check_size
from util.cli import run_main
from util.errors import UserError

TINY = ["--preset", "tiny", "--train.threads=1", "--train.warmup_steps=10"]


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    root = tmp_path_factory.mktemp("reliability")
    write_corpus(root / "data", {"train": 300, "val": 20, "test_2016_flickr": 10})
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EINSUM_NMT_CACHE", str(root / "cache"))
        mp.setenv("MULTI30K_BASE_URL", "http://127.0.0.1:9/")
        mp.delenv("MULTI30K_DIR", raising=False)
        yield root


@pytest.fixture(scope="module")
def trained(train_main, root) -> Path:
    """A finished two-epoch run with averaging: best.pt, last.pt, averaged.pt, epoch1.pt, epoch2.pt."""
    out = root / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.max_epochs=2",
                "--train.average_last=2"])
    return out


def copy_run(trained: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(trained, tmp_path / "run"))


# 1. what the kill test (test_run_dir.py) relies on: best.pt says which BLEU it holds, also in the older format

def test_best_pt_records_its_val_bleu_and_old_full_checkpoints_still_say_it(trained, tmp_path):
    info = best_checkpoint_info(trained / "best.pt")
    bleus = [json.loads(line).get("val_bleu") for line in (trained / "metrics.jsonl").read_text().split("\n")
             if line and json.loads(line)["kind"] in ("epoch", "averaged")]
    assert info["val_bleu"] == max(bleus)
    old = load_checkpoint(trained / "last.pt").raw      # the old format: a full TrainState in best.pt, no info
    del old["info"]
    old["train_state"]["state"]["best_bleu"] = 12.5
    torch.save(old, tmp_path / "best.pt")
    assert best_checkpoint_info(tmp_path / "best.pt")["val_bleu"] == 12.5
    assert best_checkpoint_info(tmp_path / "missing.pt") is None


# 2. evaluate.py pairs lines split at "\n" only

def test_a_line_with_u2028_is_one_sentence_for_evaluate(trained, tmp_path, capsys):
    sources = ["Der Hund läuft im Park.", "Die Katze\u2028schläft.", "Das Kind spielt.", "Die Frau wartet."]
    references = ["The dog runs in the park.", "The cat\u2028sleeps.", "The child plays.", "The woman waits."]
    (tmp_path / "src.de").write_text("".join(s + "\n" for s in sources), encoding="utf-8")
    (tmp_path / "ref.en").write_text("".join(r + "\n" for r in references), encoding="utf-8")
    evaluate.main(["--checkpoint", str(trained / "best.pt"), "--src", str(tmp_path / "src.de"), "--ref",
                   str(tmp_path / "ref.en"), "--output", str(tmp_path / "hyp.en"), "--json", "--greedy"])
    assert json.loads(capsys.readouterr().out.split("\n")[-2])["sentences"] == 4
    assert len((tmp_path / "hyp.en").read_text(encoding="utf-8").split("\n")) == 4 + 1   # 4 lines, each ended


# 3 and 7. every config value is checked when the config is built, before any directory or data work

@pytest.mark.parametrize("override, message", [
    ("train.accum_steps=0", "--train.accum_steps=0 must be at least 1"),
    ("train.lr=-1", "--train.lr=-1.0 must be above 0"),
    ("train.lr=nan", "--train.lr=nan must be a finite number"),
    ("model.dropout=2", "--model.dropout=2.0 must be in [0, 1)"),
    ("train.log_every=0", "--train.log_every=0 must be at least 1"),
    ("decode.batch_sentences=0", "--decode.batch_sentences=0 must be at least 1"),
    ("train.device=foo", "--train.device=foo must be auto, cpu, cuda or cuda:N"),
    ("model.position=absolute", "--model.position=absolute must be one of sinusoidal-add"),
])
def test_a_bad_config_value_is_refused_before_anything_is_created(override, message, root, tmp_path, train_main):
    with pytest.raises(UserError) as error:
        make_config("tiny", [override])
    assert str(error.value).startswith(message) and "\n" not in str(error.value)
    with pytest.raises(UserError, match=re.escape(message)):
        train_main([*TINY, f"--{override}", "--out", str(tmp_path / "run"), "--data-dir", str(root / "data")])
    assert not (tmp_path / "run").exists()


def test_a_model_far_too_large_is_refused_before_anything_is_created(root, tmp_path, train_main):
    message = "the model.* sizes describe about 1.9e+14 parameters"
    with pytest.raises(UserError, match=re.escape(message)):
        check_size(make_config("tiny", ["model.d_model=4000000"]).model)
    with pytest.raises(UserError, match=re.escape(message)):
        train_main([*TINY, "--model.d_model=4000000", "--out", str(tmp_path / "run"), "--data-dir", str(root / "data")])
    assert not (tmp_path / "run").exists()


def test_the_config_choices_are_the_ones_the_model_builds():
    from config import ACTIVATIONS, POSITIONS
    from models.layers import ACTIVATIONS as BUILT_ACTIVATIONS
    from models.transformer import POSITIONS as BUILT_POSITIONS
    assert set(ACTIVATIONS) == set(BUILT_ACTIVATIONS) and set(POSITIONS) == set(BUILT_POSITIONS)


@pytest.mark.parametrize("flags, message", [
    (["--beam", "0"], "--beam 0 must be at least 1"),
    (["--max-len", "0"], "--max-len 0 must be at least 1"),
    (["--max-len", "-5"], "--max-len -5 must be at least 1"),
    (["--length-penalty", "nan"], "--length-penalty nan must be a finite number"),
    (["--device", "foo"], "--device=foo is not a device; use auto, cpu, cuda or cuda:N"),
])
def test_translate_and_evaluate_refuse_the_same_bad_flags_alike(flags, message):
    for command in (translate, evaluate):
        with pytest.raises(UserError) as error:
            command.parse_args(flags)
        assert str(error.value) == message, command.__name__


def test_evaluate_refuses_an_empty_source_file(trained, tmp_path):
    (tmp_path / "empty.de").write_text("")
    (tmp_path / "empty.en").write_text("")
    with pytest.raises(UserError, match="has no lines, so there is nothing to score"):
        evaluate.main(["--checkpoint", str(trained / "best.pt"), "--src", str(tmp_path / "empty.de"),
                       "--ref", str(tmp_path / "empty.en")])


def test_a_training_set_without_usable_pairs_is_refused(root, tmp_path, train_main):
    data = write_corpus(tmp_path / "data", {"train": 0, "val": 5})
    with pytest.raises(UserError, match="nothing to train on: 0 usable train pairs"):
        train_main([*TINY, "--data-dir", str(data), "--out", str(tmp_path / "run")])
    assert not (tmp_path / "run").exists()


# 5. resuming on other data

def test_resume_refuses_data_whose_vocabulary_differs_even_at_the_same_size(root, trained, tmp_path, train_main):
    other = write_corpus(tmp_path / "other", {"train": 300, "val": 20}, seed=5)   # same words, other frequencies
    run = copy_run(trained, tmp_path)
    with pytest.raises(UserError, match=r"another source vocabulary than .*last.pt was trained with \(id \d+ is"):
        train_main(["--resume", str(run), "--data-dir", str(other)])


# 6. failed writes: one line, what was kept, checked before the work

def test_a_write_that_fails_midway_is_one_line_and_keeps_the_last_checkpoint(root, trained, tmp_path, train_main):
    run = copy_run(trained, tmp_path)
    step = load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"]
    limit = (run / "last.pt").stat().st_size // 2     # best.pt fits, last.pt does not: a real failed write (EFBIG)
    previous_signal = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    previous_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, previous_limit[1]))
    try:
        with pytest.raises(UserError) as error:
            train_main(["--resume", str(run), "--data-dir", str(root / "data"), "--train.max_epochs=3"])
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, previous_limit)
        signal.signal(signal.SIGXFSZ, previous_signal)
    message = str(error.value)
    assert message.startswith(f"cannot write {run / 'last.pt'} (File too large); last.pt holds step {step}")
    assert f"python train.py --resume {run}" in message
    assert load_checkpoint(run / "last.pt").raw["train_state"]["state"]["step"] == step
    assert not list(run.glob(".*.tmp")) and not (run / ".lock").exists()


def test_an_unwritable_out_is_refused_before_the_data_is_prepared(tmp_path, train_main):
    (tmp_path / "file").write_text("")
    (tmp_path / "no-data").mkdir()              # preparing data here would fail with a missing-file error
    with pytest.raises(UserError, match=r"^cannot write to the run directory .*file/run \(Not a directory\)"):
        train_main([*TINY, "--out", str(tmp_path / "file" / "run"), "--data-dir", str(tmp_path / "no-data")])


def test_evaluate_checks_its_output_path_before_translating(tmp_path):
    with pytest.raises(UserError, match="--output .*: there is no directory"):
        evaluate.parse_args(["--split", "val", "--output", str(tmp_path / "missing" / "hyp.en")])


# 8. checkpoints that pass the format check but are malformed

def damaged(trained: Path, tmp_path: Path, change) -> Path:
    ckpt = load_checkpoint(trained / "best.pt").raw
    change(ckpt)
    ckpt.pop("checksum", None)      # as a foreign or older writer's file: the checks behind the checksum still hold
    torch.save(ckpt, tmp_path / "damaged.pt")
    return tmp_path / "damaged.pt"


@pytest.mark.parametrize("change, message", [
    (lambda c: c["config"]["model"].update(d_ff=128), "the weights do not fit the model its config describes: "
                                                      "6 of another shape (e.g. encoder.0.ffn.0.weight (64, 32) "
                                                      "where the config gives (128, 32))"),
    (lambda c: c["model"].pop("encoder_norm.weight"), "1 missing (e.g. encoder_norm.weight)"),
    (lambda c: c.pop("model"), "is damaged: its 'model' entry is missing"),
    (lambda c: c["src_vocab"]["itos"].__setitem__(0, "<s>"), "holds an unusable src vocabulary"),
    (lambda c: c["tgt_vocab"]["itos"].append("extra"), "is inconsistent: its config says model.tgt_vocab_size"),
    (lambda c: c["config"]["model"].update(d_model=4_000_000), "holds a config that cannot be used: the model.* "
                                                               "sizes describe about"),
    (lambda c: c["config"]["model"].update(n_heads="8"), "--model.n_heads='8' is not a int"),
])
def test_a_malformed_checkpoint_is_one_line(change, message, trained, tmp_path):
    with pytest.raises(UserError) as error:
        Translator.from_checkpoint(damaged(trained, tmp_path, change))
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_text_file_is_not_a_checkpoint_rather_than_code(tmp_path):
    (tmp_path / "notes.pt").write_text("Ein Mann fährt Fahrrad.\n")
    with pytest.raises(UserError, match="not a checkpoint") as error:
        load_checkpoint(tmp_path / "notes.pt")
    assert "code" not in str(error.value)


# 9. small things

def test_a_closed_stdout_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "argv", ["translate.py", "Hallo"])
    with pytest.raises(SystemExit) as exit:
        run_main(translate.main)
    assert exit.value.code == 2
    assert capsys.readouterr().err == "error: stdout is closed; redirect the output to a file or a pipe\n"


def test_plot_attention_into_a_missing_directory_is_refused_first(tmp_path):
    with pytest.raises(UserError, match="--plot-attention .*: there is no directory"):
        translate.parse_args(["--plot-attention", str(tmp_path / "missing" / "a.png"), "Hallo"])


def test_the_overlong_line_warning_names_the_input_line(trained, monkeypatch, capsys):
    lines = ["Der Hund läuft.", "", "Die Katze schläft.", "Das Kind spielt.", " ".join(["Der Hund läuft."] * 30)]
    monkeypatch.setattr(translate, "CHUNK_LINES", 2)     # line 5 is the first of the third chunk
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("".join(t + "\n" for t in lines).encode())))
    translate.main(["--checkpoint", str(trained / "best.pt"), "--greedy"])
    captured = capsys.readouterr()
    assert captured.err.startswith("warning: input line 5 has 120 tokens")
    assert len(captured.out.split("\n")) == len(lines) + 1


def test_hints_name_flags_the_command_has(tmp_path, train_main, monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)     # the same on a machine with a GPU
    with pytest.raises(UserError, match=r"^--device=cuda asked for, but CUDA is not available; use --device=cpu"):
        translate.main(["--device", "cuda", "Hallo"])
    with pytest.raises(UserError) as error:
        train_main(["--resume", str(tmp_path / "nothing")])
    assert "--resume" in str(error.value) and "--checkpoint" not in str(error.value)


def test_a_mistyped_data_dir_is_an_error_and_is_not_created(tmp_path, train_main):
    with pytest.raises(UserError, match="the data directory .*typo does not exist"):
        train_main([*TINY, "--data-dir", str(tmp_path / "typo"), "--out", str(tmp_path / "run")])
    assert not (tmp_path / "typo").exists() and not (tmp_path / "run").exists()


# issue 11: slim checkpoints to share

def test_best_pt_holds_weights_only_translates_and_the_run_resumes(root, trained, tmp_path, capsys, train_main):
    best, last = load_checkpoint(trained / "best.pt").raw, load_checkpoint(trained / "last.pt").raw
    assert best["train_state"] is None and last["train_state"]["optimizer"]["state"]
    for name in ("averaged.pt", "epoch2.pt"):
        assert load_checkpoint(trained / name).raw["train_state"] is None
    assert (trained / "best.pt").stat().st_size < 0.5 * (trained / "last.pt").stat().st_size
    translate.main(["--checkpoint", str(trained / "best.pt"), "--greedy", "Der Hund läuft im Park."])
    assert len(capsys.readouterr().out.split("\n")) == 2
    run = copy_run(trained, tmp_path)
    train_main(["--resume", str(run), "--data-dir", str(root / "data"), "--train.max_epochs=3"])
    assert load_checkpoint(run / "last.pt").raw["train_state"]["state"]["epoch"] == 3

