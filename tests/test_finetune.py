"""train.py --init: a new run from a trained model's weights, with its vocabulary and subword model byte for byte, a
fresh optimizer and schedule, the checkpoint recorded; what cannot work is refused in one line before any data work."""
import json
import shutil
from pathlib import Path

import pytest
import torch

from models.checkpoint import load_checkpoint
from models.lineage import runs_of
from tests.runs import TINY, records_of
from text.forms.lexicon import Lexicon
from util.errors import UserError


@pytest.fixture(scope="module")
def base(root, train_main, tmp_path_factory) -> Path:
    """A subword model trained for a few steps on the small corpus."""
    out = tmp_path_factory.mktemp("base") / "run"
    train_main([*TINY, "--data.units=subword", "--data-dir", str(root / "data"), "--out", str(out),
                "--train.max_steps=20"])
    return out


@pytest.fixture(scope="module")
def own(tmp_path_factory) -> dict[str, str]:
    """A corpus of another domain, with words and characters the base model never saw."""
    folder = tmp_path_factory.mktemp("own")
    rows = [("Die Datei %s wurde nicht gefunden.", "The file %s was not found."),
            ("Verbindung zu Zürich-Kloten fehlgeschlagen.", "Connection to Zurich-Kloten failed."),
            ("Ungültige Option: -q", "Invalid option: -q"), ("Speicher voll (ÆØÅ)", "Memory full (ÆØÅ)")]
    (folder / "train.tsv").write_text("".join(f"{de}\t{en}\n" for de, en in rows * 5), encoding="utf-8")
    (folder / "dev.tsv").write_text("".join(f"{de}\t{en}\n" for de, en in rows[:2]), encoding="utf-8")
    return {"train": f"--data.train={folder / 'train.tsv'}", "val": f"--data.val={folder / 'dev.tsv'}"}


def test_init_starts_from_the_weights_keeps_the_units_byte_for_byte_and_records_the_checkpoint(base, own, tmp_path,
                                                                                             train_main):
    out = tmp_path / "ft"
    # a learning rate so small that one step leaves the weights where they started: the base model's
    train_main(["--init", str(base / "best.pt"), own["train"], own["val"], "--out", str(out), "--train.max_steps=1",
                "--train.lr=1e-12", "--train.weight_decay=0"])
    start, tuned = load_checkpoint(base / "best.pt").raw, load_checkpoint(out / "last.pt").raw
    for key in ("subwords", "src_vocab", "tgt_vocab"):
        assert tuned[key] == start[key], key
    # the lexicon: the base's words with the new corpus's (a base word read as an unknown name was copied through)
    base_words, tuned_words = (set(Lexicon.from_dict(c["lexicon"]).forms) for c in (start, tuned))
    assert base_words < tuned_words and {"datei", "verbindung"} <= tuned_words - base_words
    for name, weights in start["model"].items():
        if name != "scored":
            torch.testing.assert_close(tuned["model"][name], weights, atol=1e-9, rtol=0, msg=name)
    # the output layer scores the pieces of both corpora's targets: the base's and the new domain's
    before, after = start["model"]["scored"], tuned["model"]["scored"]
    assert after[before].all() and after.sum() > before.sum()
    assert tuned["train_state"]["state"]["step"] == 1                         # a new schedule, from its step 1
    assert len(runs_of(start)) == 1 and runs_of(tuned)[:-1] == runs_of(start) != runs_of(tuned)[-1:]    # a new run
    recorded = json.loads((out / "config.json").read_text())["train"]
    assert recorded["init_from"] == str((base / "best.pt").resolve())
    assert recorded["init_sha256"] == start["checksum"]["sha256"]
    assert load_checkpoint(out / "best.pt").raw["config"]["train"]["init_from"] == recorded["init_from"]
    assert recorded["lr"] == 1e-12 and json.loads((out / "config.json").read_text())["preset"] == "finetune"


def test_a_fine_tuned_run_learns_its_new_corpus_and_resumes(base, own, tmp_path, train_main, root):
    out = tmp_path / "ft"
    train_main(["--init", str(base / "best.pt"), own["train"], own["val"], "--out", str(out), "--train.max_steps=30",
                "--train.lr=3e-3"])
    epochs = records_of(out)
    losses = [r["val_loss"] for r in epochs if r["kind"] in ("epoch", "partial")]
    assert losses[-1] < losses[0]
    runs = runs_of(load_checkpoint(out / "last.pt").raw)
    train_main(["--resume", str(out), "--train.max_steps=32"])
    assert load_checkpoint(out / "last.pt").raw["train_state"]["state"]["step"] == 32
    assert runs_of(load_checkpoint(out / "last.pt").raw) == runs and len(runs) == 2    # the same run goes on


@pytest.mark.parametrize("flags, message", [
    (["--model.d_model=64"], r"^--model.d_model cannot change when fine-tuning: the model's shape is that of "),
    (["--data.src_lang=en", "--data.tgt_lang=de"], r"^--data.src_lang cannot change when fine-tuning: .* translates "
                                                   r"de→en; train a new model for another direction$"),
    (["--data.subword_vocab=100"], r"^--data.subword_vocab cannot change when fine-tuning: the data is prepared with "
                                   r"the tokenizer settings, subword model and vocabulary of "),
    (["--preset", "cpu"], r"^--preset cpu cannot be combined with --init"),
    (["--train.init_from=x.pt"], r"^--train.init_from is set by --init CHECKPOINT"),
    (["--resume", "runs/x"], r"^--resume continues a run, --init starts a new one"),
])
def test_init_refuses_what_cannot_work_in_one_line_before_any_work(flags, message, base, tmp_path, train_main):
    with pytest.raises(UserError, match=message) as error:
        train_main(["--init", str(base / "best.pt"), *flags, "--out", str(tmp_path / "ft")])
    assert "\n" not in str(error.value) and not (tmp_path / "ft").exists()


def test_the_finetune_preset_without_init_is_refused_in_one_line(tmp_path, train_main):
    with pytest.raises(UserError, match=r"^--preset finetune is the recipe of --init CHECKPOINT"):
        train_main(["--preset", "finetune", "--out", str(tmp_path / "run")])


def test_init_refuses_a_directory_and_names_the_checkpoint_inside(base, tmp_path, train_main):
    with pytest.raises(UserError, match=rf"^--init {base} is a directory .*: e.g. --init {base / 'best.pt'}$"):
        train_main(["--init", str(base), "--out", str(tmp_path / "ft")])
    (tmp_path / "exported").mkdir()
    with pytest.raises(UserError, match="needs a .pt checkpoint written by train.py: the .pt checkpoint it was exported"):
        train_main(["--init", str(tmp_path / "exported"), "--out", str(tmp_path / "ft")])
    with pytest.raises(UserError, match=rf"^--init {tmp_path / 'typo.pt'}: no such file; pass the .pt checkpoint"):
        train_main(["--init", str(tmp_path / "typo.pt"), "--out", str(tmp_path / "ft")])     # not "--checkpoint"


def test_init_of_a_model_with_an_attention_not_registered_here_names_user_module(base, tmp_path, train_main):
    ckpt = torch.load(base / "best.pt", weights_only=True)
    ckpt["config"]["model"]["attention"] = "cubed"            # as a checkpoint trained with a user's attention
    torch.save(ckpt, tmp_path / "cubed.pt")
    with pytest.raises(UserError, match=r"^--init .*cubed.pt was trained with the attention 'cubed', which is not "
                                        r"registered here; pass the file that registers it: --user-module FILE.py$"):
        train_main(["--init", str(tmp_path / "cubed.pt"), "--out", str(tmp_path / "ft")])


def test_resuming_a_run_of_an_attention_not_registered_here_names_user_module(base, tmp_path, train_main):
    """It was 'unknown attention 'cubed'; registered: ... (register your own with @register_attention)': no word of
    the --user-module the run needs again."""
    run = tmp_path / "run"
    shutil.copytree(base, run)
    ckpt = torch.load(run / "last.pt", weights_only=True)
    ckpt["config"]["model"]["attention"] = "cubed"            # as a run trained with a user's attention
    torch.save(ckpt, run / "last.pt")
    with pytest.raises(UserError, match=rf"^--resume {run} was trained with the attention 'cubed', which is not "
                                        r"registered here; pass the file that registers it: --user-module FILE.py$"):
        train_main(["--resume", str(run), "--train.max_steps=25"])


def test_a_word_unit_model_fine_tunes_with_unseen_words_as_unk_and_says_how_many(two_epoch_run, own, tmp_path,
                                                                                   train_main, capsys):
    train_main(["--init", str(two_epoch_run / "best.pt"), own["train"], own["val"], "--out", str(tmp_path / "ft"),
                "--train.max_steps=1"])
    note = [line for line in capsys.readouterr().out.splitlines() if line.startswith("note: this model has word")]
    assert len(note) == 1 and "words of your corpus it never saw are <unk>: " in note[0]
    share = float(note[0].split("<unk>: ")[1].split("%")[0])
    assert 30 < share < 100


def test_a_checkpoint_fine_tuned_with_mix_original_passes_on_its_model_not_its_recipe(base, own, capsys):
    from config import Config
    from training.finetune import finetune_config
    init = load_checkpoint(base / "best.pt")
    mixed = Config.from_dict(init.cfg.to_dict())
    mixed.data.train, mixed.data.val, mixed.data.mix_original = "old.tsv", "old-dev.tsv", 0.5
    tuned = init._replace(cfg=mixed)            # as a run fine-tuned with --data.mix_original=0.5 stores it
    cfg = finetune_config(tuned, "tuned.pt", None, [own["train"], own["val"]])
    assert cfg.data.mix_original == 0          # it would need Multi30K's train files, which this run never asked for
    assert "note: tuned.pt was fine-tuned with --data.mix_original=0.5; this run does not inherit it" in \
        capsys.readouterr().out
    again = finetune_config(tuned, "tuned.pt", None, [own["train"], own["val"], "--data.mix_original=0.25"])
    assert again.data.mix_original == 0.25 and "note:" not in capsys.readouterr().out


def test_init_takes_the_checkpoints_own_settings_said_again_and_says_how_a_model_of_both_directions_fine_tunes():
    from types import SimpleNamespace
    from config.presets import make_config
    from training.finetune import finetune_config

    init = SimpleNamespace(cfg=make_config("30min"), raw={"checksum": {"sha256": "0" * 64}})
    same = ["--data.src_lang=de", "--data.tgt_lang=en", "--data.units=subword", "--model.d_model=256"]
    cfg = finetune_config(init, "base.pt", None, same)       # was: "--data.src_lang cannot change"
    assert (cfg.data.src_lang, cfg.data.tgt_lang, cfg.data.directions) == ("de", "en", "both")
    with pytest.raises(UserError, match=r"^--data.src_lang cannot change when fine-tuning: base.pt is a model of both "
                                        r"directions, trained as de→en; give your corpus as de→en \(PATH.de \+ "
                                        r"PATH.en, or de TAB en lines\) and it learns both ways$"):
        finetune_config(init, "base.pt", None, ["--data.src_lang=en", "--data.tgt_lang=de"])
