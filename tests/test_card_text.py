"""training/card_text.py: `translate.py --info` prints a checkpoint's card, the MODEL.md beside one without, an
export's checkpoint's card, and says in one line where there is none yet or none at all."""
import pytest
import torch

import translate
from models.checkpoint import load_checkpoint
from tests.tiny_checkpoints import save
from util.errors import UserError


def test_translate_info_prints_the_card_of_a_checkpoint_and_exits_zero(both_run, capsys):
    from training.card import render
    assert translate.main(["--info", "--checkpoint", str(both_run / "best.pt")]) == 0
    out = capsys.readouterr().out
    assert out == render(load_checkpoint(both_run / "best.pt").raw["info"]["card"])
    assert "val BLEU " in out and "de→en " in out and "en→de " in out


def test_translate_info_of_a_checkpoint_without_a_card_prints_the_model_md_beside_it(both_run, tmp_path, capsys):
    save(tmp_path / "last.pt", 1)                      # as old checkpoints: no card inside
    (tmp_path / "MODEL.md").write_text((both_run / "MODEL.md").read_text(encoding="utf-8"), encoding="utf-8")
    assert translate.main(["--info", "--checkpoint", str(tmp_path / "last.pt")]) == 0
    said = capsys.readouterr()
    assert said.out == (both_run / "MODEL.md").read_text(encoding="utf-8")
    assert "holds no card of its own" in said.err


def test_translate_info_of_an_old_best_pt_whose_card_says_so_far_prints_the_model_md_of_its_runs_end(both_run,
                                                                                                  tmp_path, capsys):
    from models.checkpoint import atomic_torch_save
    raw = load_checkpoint(both_run / "best.pt").raw
    trained = {**raw["info"]["card"]["trained"], "finished": None, "minutes": 0.01}   # as best.pt were written mid-run
    old = {**raw, "info": {**raw["info"], "card": {**raw["info"]["card"], "trained": trained}}}
    atomic_torch_save(old, tmp_path / "best.pt")
    assert translate.main(["--info", "--checkpoint", str(tmp_path / "best.pt")]) == 0
    assert " so far" in capsys.readouterr().out               # alone, it shows what it holds
    ended = (both_run / "MODEL.md").read_text(encoding="utf-8")
    (tmp_path / "MODEL.md").write_text(ended, encoding="utf-8")
    assert translate.main(["--info", "--checkpoint", str(tmp_path / "best.pt")]) == 0
    assert capsys.readouterr().out == ended                   # the run's end, written beside it
    (tmp_path / "MODEL.md").write_text(ended.replace("- from step", "- from step 1"), encoding="utf-8")
    assert translate.main(["--info", "--checkpoint", str(tmp_path / "best.pt")]) == 0
    assert " so far" in capsys.readouterr().out               # another checkpoint's card: not this one's


def test_translate_info_without_a_card_or_model_md_is_a_one_line_error(tmp_path):
    save(tmp_path / "old.pt", 1)
    with pytest.raises(UserError, match=r"old.pt has no model card and there is no MODEL.md beside it") as e:
        translate.main(["--info", "--checkpoint", str(tmp_path / "old.pt")])
    assert "\n" not in str(e.value)
    ensemble = f"{tmp_path / 'old.pt'},{tmp_path / 'old.pt'}"
    with pytest.raises(UserError, match=rf"^--info describes one model; give one of {ensemble} \(each member"):
        translate.main(["--info", "--checkpoint", ensemble])


def test_translate_info_of_an_export_prints_the_card_of_the_checkpoint_it_was_exported_from(both_run, tmp_path,
                                                                                            capsys):
    pytest.importorskip("ctranslate2", reason="ctranslate2 is an optional dependency (pip install ctranslate2)")
    from exporting.ct2 import export_checkpoint
    from training.card import render
    out = export_checkpoint(both_run / "best.pt", tmp_path / "ct2")
    assert translate.main(["--info", "--checkpoint", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"{out}: a CTranslate2 export (int8) of {both_run / 'best.pt'}; that checkpoint's card")
    assert printed.endswith("\n\n" + render(load_checkpoint(both_run / "best.pt").card))


def test_translate_info_of_an_export_made_from_a_relative_path_names_its_checkpoint_wherever_it_runs(
        both_run, tmp_path, monkeypatch, capsys):
    pytest.importorskip("ctranslate2", reason="ctranslate2 is an optional dependency (pip install ctranslate2)")
    from exporting.ct2 import export_checkpoint
    monkeypatch.chdir(both_run.parent)
    export_checkpoint(f"{both_run.name}/best.pt", tmp_path / "ct2")
    monkeypatch.chdir(tmp_path)
    assert translate.main(["--info", "--checkpoint", "ct2"]) == 0
    assert capsys.readouterr().out.startswith(f"ct2: a CTranslate2 export (int8) of {both_run / 'best.pt'}; that")


def test_translate_info_of_an_export_without_a_card_says_where_to_find_one(tmp_path):
    pytest.importorskip("ctranslate2", reason="ctranslate2 is an optional dependency (pip install ctranslate2)")
    from exporting.ct2 import export_checkpoint
    save(tmp_path / "old.pt", 1)                       # as old checkpoints: no card inside
    out = export_checkpoint(tmp_path / "old.pt", tmp_path / "ct2", "float32")
    with pytest.raises(UserError, match=rf"^{out} is a CTranslate2 export without a model card .* run --info on the "
                                        rf"checkpoint it was exported from \({tmp_path / 'old.pt'}\)") as e:
        translate.main(["--info", "--checkpoint", str(out)])
    assert "\n" not in str(e.value)


def test_translate_info_of_a_runs_last_pt_before_its_first_epoch_says_when_the_card_comes(tmp_path):
    save(tmp_path / "last.pt", 1)
    raw = torch.load(tmp_path / "last.pt", weights_only=True)
    torch.save({**raw, "train_state": {"state": {"step": 762}}}, tmp_path / "last.pt")   # as a run stopped early
    with pytest.raises(UserError, match=r"last.pt is a run's training state, which holds no model card, and its run "
                       r"has no MODEL.md yet: a run writes it with best.pt at the end of its first epoch") as e:
        translate.main(["--info", "--checkpoint", str(tmp_path / "last.pt")])
    assert "\n" not in str(e.value)


def test_translate_info_of_a_run_directory_before_its_first_epoch_says_it_has_no_best_pt_yet(tmp_path):
    from config.presets import make_config
    from training.run_lock import RunDirLock
    run = tmp_path / "run"
    run.mkdir()
    (run / "config.json").write_text(make_config("tiny").to_json())       # what a run writes before its first epoch
    with RunDirLock(run):
        with pytest.raises(UserError, match=rf"^{run} is a run that has written no best.pt yet, which carries the "
                                            r"model card: .* \(it is still training: pid \d+ on .*\)$"):
            translate.main(["--info", "--checkpoint", str(run)])
    with pytest.raises(UserError, match=r"no best.pt yet, .* end of its first epoch \(it stopped before that\)$"):
        translate.main(["--info", "--checkpoint", str(run)])
