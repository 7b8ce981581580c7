"""training/card.py: a run writes its model card beside best.pt (MODEL.md) and inside it, with each direction's val
BLEU."""
import shlex

import torch

import translate
from models.checkpoint import load_checkpoint
from tests.runs import copy_run, records_of, resume


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


def test_the_card_inside_best_pt_says_why_its_run_ended_as_model_md_does(both_run, capsys):
    from training.card import render
    card = load_checkpoint(both_run / "best.pt").card      # best.pt was written at an epoch's end, before the end
    assert card["trained"]["finished"] == "6 epochs"
    assert card["trained"]["steps"] == records_of(both_run, "final")[-1]["step"]
    assert render(card) == (both_run / "MODEL.md").read_text(encoding="utf-8")
    assert translate.main(["--info", "--checkpoint", str(both_run / "best.pt")]) == 0
    assert "; ended: 6 epochs" in capsys.readouterr().out


def test_a_card_of_a_run_that_ended_inside_its_first_epoch_says_so_not_0_epochs(both_run):
    from training.card import render
    card = load_checkpoint(both_run / "best.pt").card
    text = render({**card, "trained": {**card["trained"], "steps": 300, "epochs": 0}})
    assert "- trained: 300 steps, within its first epoch, " in text and "0 epochs" not in text


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
