"""training/card.py: a run writes its model card beside best.pt (MODEL.md) and inside it, with each direction's val
BLEU; `translate.py --info` prints it."""
import shlex

import pytest
import torch

import translate
from models.checkpoint import load_checkpoint
from tests.runs import copy_run, records_of, resume
from tests.tiny_checkpoints import save
from util.errors import UserError


def test_a_run_of_both_directions_writes_a_card_with_each_directions_val_bleu_beside_and_inside_best_pt(both_run):
    info = load_checkpoint(both_run / "best.pt").raw["info"]
    card = info["card"]
    made_best = [r for r in records_of(both_run, info["kind"]) if r["step"] == info["step"]][-1]
    assert card["best"]["by_direction"] == made_best["val_bleu_by_direction"]
    assert card["best"]["val_bleu"] == info["val_bleu"] == made_best["val_bleu"]
    assert card["directions"] == ["de-en", "en-de"] and card["preset"] == "tiny"
    assert shlex.split(card["commands"][0])[:4] == ["python", "train.py", "--preset", "tiny"]
    assert "--data.directions=both" in card["commands"][0]
    text = (both_run / "MODEL.md").read_text(encoding="utf-8")
    for direction, bleu in made_best["val_bleu_by_direction"].items():
        assert f"{direction.replace('-', '→')} {bleu:.2f}" in text
    assert f"- command: `{card['commands'][0]}`" in text
    from util.ledger import this_machine
    assert f"torch {torch.__version__}" in text and f"- machine: CPU {this_machine().cpu} (" in text
    assert (card["machine"]["isa"], card["machine"]["cores"]) == (this_machine().isa, this_machine().cores)
    assert f"- precision: {card['precision']}" in text
    final = records_of(both_run, "final")[-1]      # rewritten at the end, with all of it
    assert f"- trained: {final['step']:,} steps" in text and "ended: 6 epochs" in text
    assert "captions" in text and "docs/CONFIDENCE.md" in text
    assert f'python translate.py --checkpoint {both_run}/best.pt "Ein Mann fährt Fahrrad."' in text
    assert f'python translate.py --checkpoint {both_run}/best.pt --to de "A man rides a bike."' in text


def test_a_resumed_run_names_the_command_that_resumed_it(root, two_epoch_run, tmp_path, train_main):
    run = copy_run(two_epoch_run, tmp_path)
    assert resume(train_main, root, run, "--train.max_epochs=3") == 0
    text = (run / "MODEL.md").read_text(encoding="utf-8")
    assert "- command: `python train.py --preset tiny " in text
    assert f"- resumed: `python train.py --resume {run} --data-dir {root / 'data'} --train.max_epochs=3`" in text
    assert "ended: 3 epochs" in text and f"{run}/best.pt" in text


def test_the_card_names_the_code_the_run_started_with_not_a_commit_made_while_it_trained(root, two_epoch_run, tmp_path,
                                                                                          train_main, monkeypatch):
    run = copy_run(two_epoch_run, tmp_path)
    monkeypatch.setattr("training.run.current_commit", lambda: "aaaaaaa")           # the code the run starts with
    monkeypatch.setattr("training.card.current_commit", lambda: "bbbbbbb", raising=False)   # HEAD, committed since
    assert resume(train_main, root, run, "--train.max_epochs=3") == 0
    assert "code at commit aaaaaaa" in (run / "MODEL.md").read_text(encoding="utf-8")      # rewritten at the end


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


def test_the_card_inside_best_pt_says_why_its_run_ended_as_model_md_does(both_run, capsys):
    from training.card import render
    card = load_checkpoint(both_run / "best.pt").card      # best.pt was written at an epoch's end, before the end
    assert card["trained"]["finished"] == "6 epochs"
    assert card["trained"]["steps"] == records_of(both_run, "final")[-1]["step"]
    assert render(card) == (both_run / "MODEL.md").read_text(encoding="utf-8")
    assert translate.main(["--info", "--checkpoint", str(both_run / "best.pt")]) == 0
    assert "; ended: 6 epochs" in capsys.readouterr().out


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


def test_a_card_of_a_run_that_ended_inside_its_first_epoch_says_so_not_0_epochs(both_run):
    from training.card import render
    card = load_checkpoint(both_run / "best.pt").card
    text = render({**card, "trained": {**card["trained"], "steps": 300, "epochs": 0}})
    assert "- trained: 300 steps, within its first epoch, " in text and "0 epochs" not in text


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


def test_a_validation_in_the_runs_bf16_says_so_in_the_cards_measure(tmp_path):
    """A run without a final validation (--train.final_beam=0) is measured by its validations, which decode in the
    run's precision: in bf16 the card says so, as evaluate.py's fp32 figure can differ in the last digits."""
    from types import SimpleNamespace
    from config.presets import make_config
    from training.card import model_card
    from training.resume import TrainState
    state = TrainState()
    run = SimpleNamespace(cfg=make_config("tiny"), state=state, model=SimpleNamespace(num_parameters=lambda: 1),
                          dir=tmp_path, device=torch.device("cpu"), dist=SimpleNamespace(world_size=1), commit="")
    measures = {}
    for state.precision in ("fp32", "bf16"):
        measures[state.precision] = model_card(run, {"step": 1, "val_bleu": 1.0})["best"]["measure"]
    assert measures == {"fp32": "all of val at beam 1",
                        "bf16": "all of val at beam 1, decoded in bf16 as the run trains (evaluate.py decodes in fp32)"}
