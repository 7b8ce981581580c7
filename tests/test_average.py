"""average.py: the mean of several checkpoints' weights, written where it may be."""
from pathlib import Path

import pytest
import torch

import average
import export
from data.subwords import Subwords
from decoding.load import load_translator
from models.checkpoint import average_weights, load_checkpoint
from tests.commands import file_size_limit
from tests.tiny_checkpoints import SOURCES, save as save_tiny
from text.forms.lexicon import Lexicon
from util.errors import UserError


def save(path, seed: int, runs: list[str] = ("one-run",), **fields) -> str:
    """A tiny checkpoint of random weights (of `seed`) that says it is of the run `runs` names."""
    return save_tiny(path, seed, runs=list(runs), **fields)


PAYLOAD = ("config", "src_vocab", "tgt_vocab", "subwords", "lexicon")     # what a checkpoint carries besides weights


def test_average_command_writes_the_mean_of_the_weights(tmp_path, capsys):
    import average
    paths = [save(tmp_path / f"{n}.pt", n) for n in (1, 2, 3)]
    average.main([*paths, "--out", str(tmp_path / "avg.pt")])
    averaged = load_checkpoint(tmp_path / "avg.pt").raw
    expected = average_weights([load_checkpoint(path).raw["model"] for path in paths])
    for key, value in averaged["model"].items():
        torch.testing.assert_close(value, expected[key])
    first, second = load_checkpoint(paths[0]).raw["model"], load_checkpoint(paths[1]).raw["model"]
    key = "encoder.0.ffn.0.weight"
    third = load_checkpoint(paths[2]).raw["model"][key]
    torch.testing.assert_close(averaged["model"][key], (first[key] + second[key] + third) / 3)
    assert averaged["train_state"] is None and len(load_translator(tmp_path / "avg.pt").translate(SOURCES)) == 4


def test_output_paths_are_checked_before_any_work(tmp_path):
    (tmp_path / "file").write_text("keep me")
    with pytest.raises(UserError, match=r"file is a file, not a directory; choose another OUT_DIR"):
        export.main([str(tmp_path / "missing.pt"), str(tmp_path / "file"), "--force"])
    with pytest.raises(UserError, match=r"^--out .* is a directory; give a file name"):
        average.main([str(tmp_path / "a.pt"), str(tmp_path / "b.pt"), "--out", str(tmp_path)])
    assert (tmp_path / "file").read_text() == "keep me"


def test_an_empty_checkpoint_is_refused_as_empty_not_read_as_the_current_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = save(tmp_path / "1.pt", 1)
    for checkpoints in (["", path], [path, " "]):
        with pytest.raises(UserError, match=r"^CHECKPOINTS '\s*' is empty; give a path$"):
            average.main([*checkpoints, "--out", "avg.pt"])
    assert not (tmp_path / "avg.pt").exists()


def test_average_refuses_to_write_over_a_checkpoint_it_averages(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    paths = [save(tmp_path / f"{n}.pt", n) for n in (1, 2)]
    before = (tmp_path / "1.pt").read_bytes()
    with pytest.raises(UserError, match=r"^--out ./1.pt is the same file as the input .*1.pt: writing it would "):
        average.main([*paths, "--out", "./1.pt"])
    assert (tmp_path / "1.pt").read_bytes() == before


def test_an_out_in_a_run_directory_in_use_is_refused_as_the_run_writes_its_averaged_pt_there(tmp_path):
    from training.run_lock import RunDirLock
    run = tmp_path / "run"
    run.mkdir()
    paths = [save(tmp_path / f"{n}.pt", n) for n in (1, 2)]
    with RunDirLock(run):                          # as a run that trains holds it
        with pytest.raises(UserError, match=rf"^--out {run}/averaged.pt is in the run directory {run}, which a run "
                           r"is using now \(pid \d+ on .*\): .*choose another directory, or wait for the run to end$"):
            average.main([*paths, "--out", str(run / "averaged.pt")])
        assert not (run / "averaged.pt").exists()
    average.main([*paths, "--out", str(run / "averaged.pt")])       # the run ended: its directory may be written
    assert (run / "averaged.pt").is_file()


def test_one_subword_model_stored_once_or_as_two_equal_copies_averages_and_another_is_refused(tmp_path):
    model = Subwords.learn([s.split() for s in SOURCES], 40).model_proto
    other = Subwords.learn([s.lower().split() for s in SOURCES], 40).model_proto
    shared = save(tmp_path / "base.pt", 1, subwords={"src": model, "tgt": None})
    copies = save(tmp_path / "tuned.pt", 2, subwords={"src": model, "tgt": model})    # as fine-tuned runs stored it
    average.main([shared, copies, "--out", str(tmp_path / "avg.pt")])
    assert load_checkpoint(tmp_path / "avg.pt").raw["subwords"]["src"] == model
    mixed = save(tmp_path / "mixed.pt", 3, subwords={"src": model, "tgt": other})
    with pytest.raises(UserError, match="their subword models differ"):
        average.main([shared, mixed, "--out", str(tmp_path / "avg2.pt")])


def test_averaged_models_score_every_piece_any_of_them_scores(tmp_path):
    from models.checkpoint import load_model, save_checkpoint
    paths = []
    for n, ids in enumerate(([0, 1, 2, 3, 5, 7], [0, 1, 2, 3, 7, 9])):
        model, ckpt = load_model(save(tmp_path / f"{n}.pt", n))
        model.score_only(torch.tensor(ids))
        paths.append(tmp_path / f"scored{n}.pt")
        save_checkpoint(paths[-1], model_state=model.state_dict(), config=ckpt.raw["config"],
                        src_vocab=ckpt.raw["src_vocab"], tgt_vocab=ckpt.raw["tgt_vocab"])
    scored = average_weights([load_checkpoint(path).raw["model"] for path in paths])["scored"]
    assert scored.nonzero().squeeze(1).tolist() == [0, 1, 2, 3, 5, 7, 9]


def test_an_averaged_checkpoint_carries_the_lexicon_and_translates_names_as_its_input(tmp_path, capsys):
    lexicon = Lexicon.learn([(s, "") for s in SOURCES]).to_dict()
    one = save(tmp_path / "one.pt", 1, lexicon=lexicon)
    average.main([one, one, "--out", str(tmp_path / "avg.pt")])
    mine, theirs = load_checkpoint(one).raw, load_checkpoint(tmp_path / "avg.pt").raw
    assert {k: theirs[k] for k in PAYLOAD} == {k: mine[k] for k in PAYLOAD}
    names = ["Ein Kind spielt in Köln.", "Jan Ullrich fährt durch Freiburg."]
    translations = load_translator(tmp_path / "avg.pt").translate(names)
    assert translations == load_translator(one).translate(names)
    assert "Cologne" in translations[0] and "Jan Ullrich" in translations[1] and "Freiburg" in translations[1]
    tuned = save(tmp_path / "tuned.pt", 2, lexicon=Lexicon.learn([("Ein Kind.", "")]).to_dict())   # another corpus
    average.main([one, tuned, "--out", str(tmp_path / "avg2.pt")])
    assert load_checkpoint(tmp_path / "avg2.pt").raw["lexicon"] == lexicon
    assert "note: the inputs' lexicons differ" in capsys.readouterr().err


def test_attention_full_and_sdpa_average_as_one_function_and_another_model_is_refused(tmp_path):
    full, sdpa = save(tmp_path / "full.pt", 1), save(tmp_path / "sdpa.pt", 2, attention="sdpa")
    average.main([full, sdpa, "--out", str(tmp_path / "avg.pt")])
    assert load_checkpoint(tmp_path / "avg.pt").cfg.model.attention == "full"
    linear = save(tmp_path / "linear.pt", 3, attention="linear", cross_attention="full")
    with pytest.raises(UserError, match=r"^cannot average .*full.pt and .*linear.pt: their model.attention differ; "):
        average.main([full, linear, "--out", str(tmp_path / "avg2.pt")])
    post = save(tmp_path / "post.pt", 4, norm="post")
    with pytest.raises(UserError, match=r"their model.norm differ"):
        average.main([full, post, "--out", str(tmp_path / "avg2.pt")])
    assert not (tmp_path / "avg2.pt").exists()
    farther = save(tmp_path / "farther.pt", 5, max_relative=7)      # a setting neither model's positions read
    average.main([full, farther, "--out", str(tmp_path / "avg3.pt")])
    assert (tmp_path / "avg3.pt").is_file()


@pytest.mark.parametrize("out", ["x/", "x/."])
def test_an_output_name_that_ends_as_a_directory_is_refused_before_any_work(out, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    paths = [save(tmp_path / f"{n}.pt", n) for n in (1, 2)]
    with pytest.raises(UserError, match=rf"^--out {out} names a directory \(it ends with {out[-1]}\); give a file "):
        average.main([*paths, "--out", out])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1.pt", "2.pt"]


def test_an_average_of_a_model_of_both_directions_still_writes_both(both_run, tmp_path):
    best, last = str(both_run / "best.pt"), str(both_run / "last.pt")
    average.main([best, last, "--out", str(tmp_path / "avg.pt")])
    averaged, trained = load_translator(tmp_path / "avg.pt"), load_translator(best)
    assert averaged.lexicon == trained.lexicon and averaged.lexicon.reverse is not None
    assert averaged.toward("de").translate(["The dog sleeps in the park."])[0].startswith("Der Hund ")


def test_average_replaces_a_file_only_with_force_and_never_a_runs_checkpoints_or_an_exports_files(tmp_path):
    paths = [save(tmp_path / f"{n}.pt", n) for n in (1, 2)]
    (tmp_path / "mine.pt").write_bytes(b"keep me")
    with pytest.raises(UserError, match=r"^--out .*mine.pt exists; pass --force to replace it, or choose another "
                                        r"name$"):
        average.main([*paths, "--out", str(tmp_path / "mine.pt")])
    assert (tmp_path / "mine.pt").read_bytes() == b"keep me"
    average.main([*paths, "--out", str(tmp_path / "mine.pt"), "--force"])       # asked for: replaced
    assert load_checkpoint(tmp_path / "mine.pt").raw["train_state"] is None
    run, exported = tmp_path / "run", tmp_path / "exported"
    for directory, names in ((run, ("config.json", "last.pt")), (exported, ("einsum_nmt.json", "model.bin"))):
        directory.mkdir()
        for name in names:
            (directory / name).write_text(name)
    for out, what in ((run / "last.pt", r"the run .*run's last.pt \(--resume continues from it\)"),
                      (run / "best.pt", r"the run .*run's best.pt \(a resumed run must beat it\)"),
                      (exported / "model.bin", r"a file of the export .*exported \(loading it checks each\)")):
        with pytest.raises(UserError, match=rf"^--out {out} is {what}; it is not replaced, even with --force: "):
            average.main([*paths, "--out", str(out), "--force"])
    assert sorted((p.name, p.read_text()) for d in (run, exported) for p in d.iterdir()) == [
        (name, name) for name in ("config.json", "einsum_nmt.json", "last.pt", "model.bin")]     # none written
    average.main([*paths, "--out", str(run / "mean.pt")])                       # beside them, under a new name


def test_a_write_that_fails_is_one_line_naming_the_out_and_leaves_the_file_there_as_it_was(tmp_path):
    paths = [save(tmp_path / f"{n}.pt", n) for n in (1, 2)]
    (tmp_path / "mine.pt").write_bytes(b"keep me")
    with file_size_limit(Path(paths[0]).stat().st_size // 2), pytest.raises(UserError) as error:
        average.main([*paths, "--out", str(tmp_path / "mine.pt"), "--force"])     # a full disk, as far as it goes
    assert str(error.value) == (f"cannot write {tmp_path / 'mine.pt'} (File too large); nothing was written or "
                                "replaced: fix that, or choose another --out, and run it again")
    assert (tmp_path / "mine.pt").read_bytes() == b"keep me" and not list(tmp_path.glob(".*"))


def test_average_reads_each_checkpoint_once(tmp_path, monkeypatch):
    import models.checkpoint
    paths = [save(tmp_path / f"{n}.pt", n) for n in (1, 2)]
    read, reads = models.checkpoint._read_file, []
    monkeypatch.setattr(models.checkpoint, "_read_file", lambda path: reads.append(str(path)) or read(path))
    average.main([*paths, "--out", str(tmp_path / "avg.pt")])
    assert sorted(reads) == sorted(paths)


def test_checkpoints_of_different_runs_are_refused_in_one_line_unless_other_runs_is_given(tmp_path):
    mine, theirs = save(tmp_path / "mine.pt", 1, runs=["a1"]), save(tmp_path / "theirs.pt", 2, runs=["b2"])
    with pytest.raises(UserError, match=r"^cannot average .*mine.pt and .*theirs.pt: they are checkpoints of "
                                        r"different runs \(their run ids differ\), whose mean translates nothing; "):
        average.main([mine, theirs, "--out", str(tmp_path / "avg.pt")])
    assert not (tmp_path / "avg.pt").exists()
    average.main([mine, theirs, "--out", str(tmp_path / "avg.pt"), "--other-runs"])
    assert (tmp_path / "avg.pt").is_file()


def test_checkpoints_from_before_run_ids_are_told_apart_by_their_weights(tmp_path, capsys):
    from models.checkpoint import save_checkpoint
    one = save(tmp_path / "one.pt", 1, runs=())
    raw = load_checkpoint(one).raw
    generator = torch.Generator().manual_seed(0)
    later = {k: v + 0.3 * v.std() * torch.randn(v.shape, generator=generator) if v.is_floating_point() else v
             for k, v in raw["model"].items()}                   # the same run's weights, trained on a little
    save_checkpoint(tmp_path / "later.pt", model_state=later,
                    **{k: raw[k] for k in ("config", "src_vocab", "tgt_vocab")})
    average.main([one, str(tmp_path / "later.pt"), "--out", str(tmp_path / "avg.pt")])
    assert capsys.readouterr().err == ""
    other = save(tmp_path / "other.pt", 2, runs=())               # another run's random weights
    with pytest.raises(UserError, match=r"different runs \(their weights point other ways\)"):
        average.main([one, other, "--out", str(tmp_path / "avg2.pt")])


def test_a_model_and_its_fine_tuned_copy_average_with_a_note(tmp_path, capsys):
    base, tuned = save(tmp_path / "base.pt", 1, runs=["a1"]), save(tmp_path / "tuned.pt", 2, runs=["a1", "c3"])
    average.main([base, tuned, "--out", str(tmp_path / "avg.pt")])
    assert "note: " in capsys.readouterr().err and (tmp_path / "avg.pt").is_file()


def test_an_average_of_a_runs_checkpoints_carries_the_card_of_the_newest_and_names_what_it_averaged(averaged_run,
                                                                                                  tmp_path):
    from decoding.evaluation import trained
    from training.card_text import card_text
    paths = [str(averaged_run / f"epoch{n}.pt") for n in (1, 2)]
    out = str(tmp_path / "avg.pt")
    average.main([*paths, "--out", out])
    newest = load_checkpoint(paths[1]).raw["info"]
    model = trained(out)
    assert (model.step, model.minutes) == (newest["step"], newest["card"]["trained"]["minutes"])
    assert load_checkpoint(out).card["trained"]["epochs"] == 2          # the newest input's card is of its step
    assert model.precision == newest["card"]["precision"] and model.machine
    assert model.commands == [*newest["card"]["commands"], f"python average.py {paths[0]} {paths[1]} --out {out}"]
    text = card_text(out)
    assert text.splitlines()[0].endswith(f": {out}") and "the mean of the weights of 2 checkpoints" in text
    assert "val BLEU: not measured" in text


def test_an_average_of_a_finished_runs_epoch_checkpoints_says_why_the_run_ended_not_minutes_so_far(averaged_run,
                                                                                                   tmp_path):
    from training.card_text import card_text
    out = str(tmp_path / "avg.pt")
    average.main([str(averaged_run / "epoch2.pt"), str(averaged_run / "epoch1.pt"), "--out", out])
    assert "minutes; ended: 2 epochs" in card_text(out) and " so far" not in card_text(out)
    average.main([str(averaged_run / "epoch1.pt"), str(averaged_run / "best.pt"), "--out", str(tmp_path / "b.pt")])
    steps = load_checkpoint(averaged_run / "best.pt").card["trained"]["steps"]
    assert load_checkpoint(tmp_path / "b.pt").card["trained"]["finished"] == "2 epochs" and steps == 12
    average.main([str(averaged_run / "epoch1.pt"), str(averaged_run / "epoch1.pt"), "--out", str(tmp_path / "c.pt")])
    assert load_checkpoint(tmp_path / "c.pt").card["trained"]["finished"] == f"at step {steps}, 2 epochs"


def test_an_average_of_checkpoints_without_cards_takes_the_card_of_the_best_pt_beside_them(averaged_run, tmp_path):
    from decoding.evaluation import trained
    from models.checkpoint import save_checkpoint
    best = load_checkpoint(averaged_run / "best.pt").raw
    save_checkpoint(tmp_path / "best.pt", model_state=best["model"], info=best["info"],
                    **{k: best[k] for k in PAYLOAD})
    for n in (1, 2):     # epoch checkpoints as runs wrote them before they held cards
        raw = load_checkpoint(averaged_run / f"epoch{n}.pt").raw
        save_checkpoint(tmp_path / f"epoch{n}.pt", model_state=raw["model"], **{k: raw[k] for k in PAYLOAD},
                        info={k: v for k, v in raw["info"].items() if k != "card"})
    average.main([str(tmp_path / "epoch1.pt"), str(tmp_path / "epoch2.pt"), "--out", str(tmp_path / "avg.pt")])
    model = trained(tmp_path / "avg.pt")
    assert model.step == load_checkpoint(tmp_path / "epoch2.pt").raw["info"]["step"]
    assert model.precision == best["info"]["card"]["precision"] and model.commands[0].startswith("python train.py")


def test_an_export_directory_is_refused_by_name_with_the_checkpoint_it_was_exported_from(tmp_path):
    import json
    paths = [save(tmp_path / f"{n}.pt", n) for n in (1, 2)]
    export_dir = tmp_path / "ct2"
    export_dir.mkdir()
    (export_dir / "model.bin").write_bytes(b"converted")
    (export_dir / "einsum_nmt.json").write_text(json.dumps({"checkpoint": paths[0], "files": {}}))
    with pytest.raises(UserError, match=rf"^{export_dir} is an export \(export.py's CTranslate2 directory\), not a "
                                        rf"checkpoint: average the .pt checkpoints it was exported from \({paths[0]},"):
        average.main([paths[1], str(export_dir), "--out", str(tmp_path / "avg.pt")])
    (export_dir / "einsum_nmt.json").write_text(json.dumps({"checkpoint": "1.pt", "source": {"path": paths[0]}}))
    with pytest.raises(UserError, match=rf"exported from \({paths[0]},"):     # where it is, not where export.py ran
        average.main([paths[1], str(export_dir), "--out", str(tmp_path / "avg.pt")])
    (export_dir / "einsum_nmt.json").write_text("{damaged")
    with pytest.raises(UserError, match=r"ct2 is an export .* average the .pt checkpoints it was exported from, then"):
        average.main([str(export_dir), paths[1], "--out", str(tmp_path / "avg.pt")])
    assert not (tmp_path / "avg.pt").exists()
