"""Inference beyond one checkpoint: ensembles, forced-decoding scores, averaging, the interactive terminal."""
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from data.vocab import Vocab
from decoding.engines import load_translator
from models.checkpoint import average_checkpoints, load_checkpoint, save_checkpoint
from util.errors import UserError

from tests.tiny_models import tiny_trainable

REPO = Path(__file__).resolve().parents[1]
WORDS = Vocab(["<pad>", "<unk>", "<bos>", "<eos>", *"Ein Hund Mann Frau läuft spielt im Park \uffed. A dog man "
               "woman runs plays in the park".split()])


def save(path, seed: int, vocab: Vocab = WORDS) -> str:
    model, cfg = tiny_trainable(seed=seed, vocab=len(vocab), d_model=32, n_heads=4)
    with torch.no_grad():
        for p in model.parameters():
            p.mul_(3.0)
    save_checkpoint(path, model_state=model.state_dict(), config=cfg.to_dict(), src_vocab=vocab.to_dict(),
                    tgt_vocab=vocab.to_dict())
    return str(path)


SOURCES = ["Ein Hund läuft im Park.", "Ein Mann spielt.", "Frau Hund Park.", "Ein Ein Hund."]


def test_an_ensemble_of_a_model_with_itself_decodes_as_the_model(tmp_path):
    one = save(tmp_path / "a.pt", 1)
    single, double = load_translator(one), load_translator(f"{one},{one}")
    ids = single.encode_texts(SOURCES)
    for hyps_a, hyps_b in zip(single.search(ids, n_best=2), double.search(ids, n_best=2)):
        assert [h.tokens for h in hyps_a] == [h.tokens for h in hyps_b]
        assert [h.score for h in hyps_a] == pytest.approx([h.score for h in hyps_b], abs=1e-4)


def test_an_ensemble_of_two_models_averages_their_log_probabilities(tmp_path):
    a, b = save(tmp_path / "a.pt", 1), save(tmp_path / "b.pt", 2)
    ta, tb, both = load_translator(a), load_translator(b), load_translator(f"{a},{b}")
    src, tgt = ta.encode_texts(SOURCES), [[5, 6, 7, 12]] * len(SOURCES)
    per_model = torch.tensor([[sum(s) for s in t.score_ids(src, tgt)] for t in (ta, tb)])
    ensemble = torch.tensor([sum(s) for s in both.score_ids(src, tgt)])
    assert (ensemble >= per_model.min(0).values - 1e-3).all() and not torch.allclose(ensemble, per_model[0])
    assert len(both.translate(SOURCES)) == len(SOURCES)


def test_an_ensemble_of_different_vocabularies_is_refused(tmp_path):
    other = Vocab([*WORDS.itos[:-1], "garden"])
    with pytest.raises(UserError, match="their source vocabularies differ"):
        load_translator(f"{save(tmp_path / 'a.pt', 1)},{save(tmp_path / 'b.pt', 2, other)}")


def test_scores_equal_the_log_probabilities_of_step_by_step_decoding(tmp_path):
    translator = load_translator(save(tmp_path / "a.pt", 3))
    model, ids = translator.model, translator.encode_texts(SOURCES)
    targets = [[5, 6, 7], [12, 13], [14, 15, 16, 17], [4]]
    forced = translator.score_ids(ids, targets)
    with torch.no_grad():
        for src_ids, tgt_ids, scores in zip(ids, targets, forced):
            src = torch.tensor([src_ids])
            memory, cache = model.encode(src, None), model.new_cache()
            expected = []
            for prev, nxt in zip([2, *tgt_ids], [*tgt_ids, 3]):            # <bos> y -> y <eos>
                logits = model.decode(torch.tensor([[prev]]), memory, None, cache)[0, -1]
                expected.append(float(logits.log_softmax(-1)[nxt]))
            assert scores == pytest.approx(expected, abs=1e-4)


def test_translate_score_prints_one_line_per_reference(tmp_path, capsys):
    import translate
    (tmp_path / "ref.en").write_text("A dog runs in the park.\nA man plays.\n")
    translate.main(["--checkpoint", save(tmp_path / "a.pt", 3), "--score", str(tmp_path / "ref.en"),
                    "Ein Hund läuft im Park.", "Ein Mann spielt."])
    rows = [line.split("\t") for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 2 and all(float(r[0]) < 0 and float(r[1]) < float(r[0]) for r in rows)
    with pytest.raises(UserError, match="one reference line per input line"):
        translate.main(["--checkpoint", str(tmp_path / "a.pt"), "--score", str(tmp_path / "ref.en"), "Nur einer."])


def test_average_command_writes_the_mean_of_the_weights(tmp_path, capsys):
    import average
    paths = [save(tmp_path / f"{n}.pt", n) for n in (1, 2, 3)]
    average.main([*paths, "--out", str(tmp_path / "avg.pt")])
    averaged = load_checkpoint(tmp_path / "avg.pt").raw
    expected = average_checkpoints(paths)
    for key, value in averaged["model"].items():
        torch.testing.assert_close(value, expected[key])
    first, second = load_checkpoint(paths[0]).raw["model"], load_checkpoint(paths[1]).raw["model"]
    key = "encoder.0.ffn.0.weight"
    third = load_checkpoint(paths[2]).raw["model"][key]
    torch.testing.assert_close(averaged["model"][key], (first[key] + second[key] + third) / 3)
    assert averaged["train_state"] is None and len(load_translator(tmp_path / "avg.pt").translate(SOURCES)) == 4


def test_a_terminal_gets_each_translation_as_soon_as_enter_is_pressed(tmp_path):
    checkpoint = save(tmp_path / "a.pt", 1)
    controller, terminal = pty.openpty()
    proc = subprocess.Popen([sys.executable, "translate.py", "--checkpoint", checkpoint], cwd=REPO, stdin=terminal,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "OMP_NUM_THREADS": "1"})
    os.close(terminal)
    try:
        prompt = b""
        while b"> " not in prompt:                            # the model is loaded when the prompt appears
            assert select.select([proc.stderr], [], [], 60)[0], "no prompt"
            prompt += os.read(proc.stderr.fileno(), 1000)
        # each answer arrives while the terminal stays open and before the next line is typed: no speed is
        # assumed (the 60 s only ends a hang), so a slow or busy machine passes as a fast one does
        for line in SOURCES[:3]:
            os.write(controller, line.encode() + b"\n")
            assert select.select([proc.stdout], [], [], 60)[0], "no translation while the terminal is open"
            answer = proc.stdout.readline()
            assert answer.endswith(b"\n") and answer.strip() and proc.poll() is None
        os.write(controller, b"\x04")                          # Ctrl-D ends the session
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        os.close(controller)
