"""training/run.py: a diverging run stops in one line with advice and leaves no NaN model; building a run leaves the
config it is given as it was."""
import contextlib
import copy
import random
from dataclasses import replace
from types import SimpleNamespace

import pytest
import torch
from tqdm import tqdm

from config import Config, TrainConfig
from config.presets import make_config
from tests.runs import TINY
from tests.synthetic import sentence_pair
from training.divergence import check_finite_loss
from training.run import build_run
from util.distributed import DistInfo
from util.errors import UserError


def test_resuming_after_your_corpus_was_edited_says_the_corpus_changed_and_how_to_go_on(root, tmp_path, train_main):
    # before: "...another source vocabulary...; resume with the --data-dir the run started with" (none was given)
    rng = random.Random(0)
    train, val = tmp_path / "my data/train.tsv", tmp_path / "my data/val.tsv"
    train.parent.mkdir()
    train.write_text("".join(f"{de}\t{en}\n" for de, en in (sentence_pair(rng) for _ in range(40))))
    val.write_text("".join(f"{de}\t{en}\n" for de, en in (sentence_pair(rng) for _ in range(5))))
    out = tmp_path / "run"
    train_main([*TINY, f"--data.train={train}", f"--data.val={val}", "--train.max_steps=2", "--out", str(out)])
    with train.open("a") as f:
        f.write("Ein Zebra tanzt.\tA zebra dances.\n")
    with pytest.raises(UserError, match=rf"--data.train={train} has changed since the run started: put back the files "
                                        rf"it started with, or .* python train.py --init {out}/last.pt "
                                        rf"'--data.train={train}' '--data.val={val}' --out NEW_RUN$"):
        train_main(["--resume", str(out), "--train.max_steps=3"])


def test_resuming_after_an_edit_that_keeps_the_vocabularies_still_says_the_corpus_changed(tmp_path, train_main):
    # before: two targets swapped (the same words, so the same vocabularies) resumed silently on the edited corpus
    rng = random.Random(0)
    pairs = [sentence_pair(rng) for _ in range(40)]
    train, val = tmp_path / "train.tsv", tmp_path / "val.tsv"
    train.write_text("".join(f"{de}\t{en}\n" for de, en in pairs))
    val.write_text("".join(f"{de}\t{en}\n" for de, en in (sentence_pair(rng) for _ in range(5))))
    out = tmp_path / "run"
    train_main([*TINY, f"--data.train={train}", f"--data.val={val}", "--train.max_steps=2", "--out", str(out)])
    pairs[0], pairs[1] = (pairs[0][0], pairs[1][1]), (pairs[1][0], pairs[0][1])
    train.write_text("".join(f"{de}\t{en}\n" for de, en in pairs))
    with pytest.raises(UserError, match=rf"^--data.train={train} has changed since the run started: put back"):
        train_main(["--resume", str(out), "--train.max_steps=3"])


def test_a_diverging_run_stops_with_advice_and_writes_no_nan_model(root, tmp_path, train_main):
    out = tmp_path / "run"
    with pytest.raises(UserError) as error:
        train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.lr=1e9",
                    "--train.clip_norm=0"])
    message = str(error.value)
    assert message.startswith("training diverged at step ") and "\n" not in message
    assert "lower --train.lr (now 1e+09)" in message and "enable --train.clip_norm" in message
    assert not list(out.glob("*.pt")) and not (out / ".lock").exists()
    # the epoch's progress bar is closed before the error is printed: its line was glued to the bar's
    assert not [bar for bar in tqdm._instances if str(bar.desc).startswith("epoch")]


@pytest.mark.parametrize("weight_decay, named", [(5.0, True), (0.3, False)])
def test_a_divergence_names_an_unusually_high_weight_decay_first(weight_decay, named):
    run = SimpleNamespace(cfg=Config(train=TrainConfig(weight_decay=weight_decay)), state=SimpleNamespace(step=9),
                          checkpoints=SimpleNamespace(kept=lambda: "there is no last.pt yet"))
    with pytest.raises(UserError) as error:
        check_finite_loss(run, float("nan"))
    advice = str(error.value).split("; ", 1)[1]
    assert advice.startswith("lower --train.weight_decay (now 5, unusually high: ") == named
    assert ("weight_decay" in advice) == named and "lower --train.lr (now 0.001)" in advice


def test_a_nan_loss_before_any_update_names_the_users_attention_not_the_learning_rate(monkeypatch):
    """A --user-module attention returning NaN stopped the run with 'training diverged at step 1 ... lower
    --train.lr': the first loss comes from the starting weights, so no optimizer flag could help."""
    import models.attention.registry as registry
    from config import ModelConfig
    from models.attention import Attention, register_attention
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))

    @register_attention("gives-nan")
    class GivesNan(Attention):
        __module__ = "mine"

        def forward(self, q, k, v, mask=None, **_):
            return v * float("nan")

    run = SimpleNamespace(cfg=Config(model=ModelConfig(attention="gives-nan", cross_attention="full")),
                          state=SimpleNamespace(step=0),
                          checkpoints=SimpleNamespace(kept=lambda: "there is no last.pt yet"))
    with pytest.raises(UserError) as error:
        check_finite_loss(run, float("nan"))
    message = str(error.value)
    assert "\n" not in message and "before any weight update" in message and "--train.lr (now" not in message
    assert "check that attention 'gives-nan' (from --user-module) returns finite values" in message


def test_building_a_run_gives_it_the_data_vocabulary_sizes_and_leaves_the_given_config_as_it_was(root, tmp_path):
    cfg = make_config("tiny", ["--train.threads=1"])
    given = copy.deepcopy(cfg)
    threads = torch.get_num_threads()
    (tmp_path / "run").mkdir()
    try:
        with contextlib.redirect_stdout(None):             # build_run prints the config
            run = build_run(str(root / "data"), cfg, tmp_path / "run", None, DistInfo(), torch.device("cpu"))
    finally:                                               # its process-wide settings, as train_main leaves them
        torch.set_num_threads(threads)
        torch.set_flush_denormal(False)
    run.close()
    assert cfg == given and cfg.model.src_vocab_size == 0
    assert run.cfg.model.src_vocab_size == len(run.data.src_vocab) > 0
    assert run.cfg.model.tgt_vocab_size == len(run.data.tgt_vocab) > 0
    assert replace(run.cfg, model=given.model) == given


def test_a_torchrun_run_resumed_in_one_process_goes_on_where_its_epoch_was(root, tmp_path, train_main, capsys):
    """2 ranks 2 batches into an epoch have trained 4 of its batches; one process went on at the 3rd, training 2
    of them again."""
    from models.checkpoint import atomic_torch_save, load_checkpoint
    from tests.runs import resume
    out = tmp_path / "run"
    train_main([*TINY, "--data-dir", str(root / "data"), "--out", str(out), "--train.max_steps=2"])
    raw = load_checkpoint(out / "last.pt").raw
    assert raw["train_state"]["state"]["ranks"] == 1
    raw["train_state"]["state"]["ranks"] = 2                # as torchrun --nproc_per_node=2 would have left it
    atomic_torch_save(raw, out / "last.pt")
    resume(train_main, root, out, "--train.max_steps=3")
    state = load_checkpoint(out / "last.pt").raw["train_state"]["state"]
    assert (state["batch_in_epoch"], state["ranks"]) == (5, 1)
    assert "resuming with 1 rank(s) where 2 trained" in capsys.readouterr().out
