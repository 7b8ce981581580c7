"""training/ema.py and the runs that keep one: the average is bias-corrected (the init never weighs in), is validated
beside the raw weights, and best.pt is whichever of them scores higher on val, also at the final validation."""

import pytest
import torch

import training.validation
from models.checkpoint import load_checkpoint
from tests.runs import TINY, records_of
from training.ema import EMA, weights_in


def test_the_average_is_bias_corrected_so_its_first_value_is_the_weights_and_not_the_init():
    model = torch.nn.Linear(2, 1, bias=False)
    ema, d, seen = EMA(model, 0.9), 0.9, []
    with torch.no_grad():
        for value in (1.0, 2.0, 4.0):
            model.weight.fill_(value)
            seen.append(value)
            ema.update(model)
            t = len(seen)
            expected = sum((1 - d) * d ** (t - i) * w for i, w in enumerate(seen, 1)) / (1 - d ** t)
            assert ema.weights["weight"] == pytest.approx(torch.full((1, 2), expected))
    assert seen[0] == 1.0 and ema.updates == 3
    assert expected == pytest.approx((0.81 * 1 + 0.9 * 2 + 4) / (0.81 + 0.9 + 1))   # not pulled towards the init


def test_weights_in_lends_the_model_other_weights_and_gives_its_own_back_and_the_state_round_trips():
    model = torch.nn.Linear(2, 2)
    own = {k: v.clone() for k, v in model.state_dict().items()}
    ema = EMA(model, 0.5)
    with torch.no_grad():
        model.weight.add_(1.0)
    ema.update(model)
    ema.update(model)
    with weights_in(model, ema.weights):
        torch.testing.assert_close(model.weight, own["weight"] + 1.0)
    torch.testing.assert_close(model.bias, own["bias"])
    other = EMA(torch.nn.Linear(2, 2), 0.5)
    other.load_state_dict(ema.state_dict())
    assert other.updates == 2 and all(torch.equal(other.weights[k], ema.weights[k]) for k in ema.weights)


@pytest.mark.parametrize("winner", ["raw", "ema"])
def test_best_pt_is_whichever_of_the_raw_weights_and_their_ema_scores_higher(root, tmp_path, train_main,
                                                                             monkeypatch, winner):
    # the val BLEU of each validation in its order: the epoch's raw and EMA weights, then the final ones on all of val
    bleus = iter([10.0, 20.0] + ([15.0, 5.0] if winner == "raw" else [5.0, 15.0]))
    real = training.validation.val_split_scores
    monkeypatch.setattr(training.validation, "val_split_scores", lambda *a, **k: (real(*a, **k)[0], next(bleus)))
    run = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(run), "--train.max_epochs=1",
                "--train.ema=0.9", "--train.final_beam=2", "--train.val_max_sentences=5"])
    records = records_of(run)
    val = {r["kind"]: r for r in records if "val_bleu" in r}
    assert [val[k]["val_bleu"] for k in ("epoch", "epoch-ema", "final-val", "final-val-ema")] == \
        ([10.0, 20.0, 15.0, 5.0] if winner == "raw" else [10.0, 20.0, 5.0, 15.0])
    best, last = load_checkpoint(run / "best.pt").raw, load_checkpoint(run / "last.pt").raw["train_state"]
    assert best["info"]["val_bleu"] == 15.0 and best["info"]["kind"] == ("final-val" if winner == "raw" else
                                                                          "final-val-ema")
    chosen = last["ema"]["weights"] if winner == "ema" else load_checkpoint(run / "last.pt").raw["model"]
    for name, value in chosen.items():
        assert torch.equal(best["model"][name], value), name


def test_an_older_best_pt_that_scores_higher_on_all_of_val_stays_best_pt(root, tmp_path, train_main, monkeypatch):
    # epoch 1's weights and EMA, epoch 2's, then on all of val: best.pt (epoch 1's weights), the final weights, EMA
    bleus = iter([30.0, 20.0, 9.0, 8.0, 40.0, 35.0, 36.0])
    real = training.validation.val_split_scores
    monkeypatch.setattr(training.validation, "val_split_scores", lambda *a, **k: (real(*a, **k)[0], next(bleus)))
    run = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(run), "--train.max_epochs=2",
                "--train.ema=0.9", "--train.final_beam=2"])
    records = records_of(run)
    epoch1 = next(r for r in records if r["kind"] == "epoch")
    best = load_checkpoint(run / "best.pt").raw
    assert best["info"]["step"] == epoch1["step"] and best["info"]["val_bleu"] == 40.0
    assert [r["val_bleu"] for r in records if r["kind"].startswith("final-val")] == [40.0, 35.0, 36.0]
