"""training/parts.py: a step's batch in parts side by side gives the batch's gradient, reproducibly; Batch.parts."""
import pytest
import torch

from data.batching import collate
from data.vocab import PAD
from training.parts import PartThreads, backward_passes, parts_of
from training.precision import autocast
from training.step import step_loss

from tests.tiny_models import pairs, tiny_trainable as tiny_model


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_parts_keep_every_row_in_order_trimmed_to_their_own_lengths(n):
    batch = collate(sorted(pairs(6, seed=3), key=lambda p: len(p[0]) + len(p[1])))
    parts = batch.parts(n)
    assert 1 <= len(parts) <= min(n, len(batch))
    assert sum(p.n_tgt_tokens for p in parts) == batch.n_tgt_tokens
    rows = [row for p in parts for row in range(len(p))]
    assert len(rows) == len(batch)
    start = 0
    for part in parts:
        for name in ("src", "tgt_in", "tgt_out"):
            whole, cut = getattr(batch, name)[start:start + len(part)], getattr(part, name)
            assert torch.equal(whole[:, :cut.size(1)], cut)
            assert (whole[:, cut.size(1):] == PAD).all()           # only padding was cut off
            assert (cut[:, -1] != PAD).any()                       # and all of it: the last column holds a token
        start += len(part)


def test_two_parts_take_about_equal_work():
    short, long = ([4, 5], [6, 7]), ([4] * 8, [6] * 8)
    parts = collate([short] * 6 + [long] * 2).parts(2)          # work 6 x 5 = 30 and 2 x 17 = 34
    assert [len(p) for p in parts] == [6, 2]


def grads_after(parts: int, dropout: float, seed: int = 0, precision: str = "fp32") -> tuple[list, torch.Tensor]:
    """The gradients of one batch's passes (in `parts` parts side by side), and the default generator's next draw."""
    model, cfg = tiny_model(seed=4, dropout=dropout)
    cfg.train.precision = precision
    model.train()
    batch = collate(pairs(12, seed=5))
    threads = PartThreads(parts, 2) if parts > 1 else None
    torch.manual_seed(seed)
    total = backward_passes(model, batch, batch.n_tgt_tokens, step_loss(cfg), autocast(torch.device("cpu"), cfg),
                            threads)
    assert torch.isfinite(total)
    return [p.grad.clone() for p in model.parameters()], torch.rand(1)


@pytest.mark.parametrize("precision, tolerance", [("fp32", 1e-6), ("bf16", 2e-3)])
def test_parts_side_by_side_give_the_gradient_of_one_pass(precision, tolerance):
    whole, _ = grads_after(1, dropout=0.0, precision=precision)
    in_parts, _ = grads_after(2, dropout=0.0, precision=precision)
    for a, b in zip(whole, in_parts):
        torch.testing.assert_close(a, b, atol=tolerance, rtol=1e-5 if precision == "fp32" else 2e-2)


def test_parts_with_dropout_are_reproducible_from_the_seed_whichever_thread_draws_first():
    runs = [grads_after(3, dropout=0.3, seed=7) for _ in range(3)]
    for grads, after in runs[1:]:
        assert torch.equal(after, runs[0][1])                   # the default generator moved on alike
        for a, b in zip(grads, runs[0][0]):
            assert torch.equal(a, b)
    other, _ = grads_after(3, dropout=0.3, seed=8)
    assert any(not torch.equal(a, b) for a, b in zip(other, runs[0][0]))     # the masks do follow the seed


def test_the_cpu_threads_are_shared_among_the_parts_and_given_back():
    torch.set_num_threads(2)
    seen = []
    threads = PartThreads(2, 2)
    threads.run(lambda part, amp: seen.append(torch.get_num_threads()), [0, 1], amp=None)
    assert seen == [1, 1] and torch.get_num_threads() == 2


def test_a_failing_part_raises_after_every_part_has_ended():
    ended = []

    def pass_of(part, amp):
        if part == 0:
            raise ValueError("part 0")
        ended.append(part)
    with pytest.raises(ValueError, match="part 0"):
        PartThreads(3, 3).run(pass_of, [0, 1, 2], amp=None)
    assert sorted(ended) == [1, 2]


def test_auto_cuts_a_batch_in_two_on_a_cpu_of_two_threads_and_otherwise_runs_it_whole():
    cpu, gpu = torch.device("cpu"), torch.device("cuda")
    torch.set_num_threads(2)
    assert parts_of(0, cpu, ranks=1) == 2
    assert parts_of(0, cpu, ranks=2) == 1 and parts_of(0, gpu, ranks=1) == 1
    assert parts_of(3, cpu, ranks=1) == 3
    torch.set_num_threads(1)
    assert parts_of(0, cpu, ranks=1) == 1


def test_parts_under_torchrun_or_on_a_gpu_are_refused_with_what_to_do(monkeypatch):
    from config.presets import make_config
    from training.run import check_usable
    from util.errors import UserError
    cfg = make_config("tiny", ["--train.parts=2"])
    check_usable(cfg)                                          # one process on a CPU: fine
    monkeypatch.setenv("WORLD_SIZE", "2")
    with pytest.raises(UserError, match="--train.parts=2 cuts a batch among the threads of one process"):
        check_usable(cfg)
