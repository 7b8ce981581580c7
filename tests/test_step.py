"""The training step and decoding on a real (tiny) Transformer."""
import pytest
import torch

from data.batching import collate
from data.vocab import BOS, EOS
from models.masks import padding_mask
from decoding.search import beam_search, greedy_search
from training.precision import autocast
from training.step import make_optimizer, train_step

from tests.tiny_models import pairs, tiny_trainable as tiny_model


@pytest.mark.parametrize("precision, tolerance", [("fp32", 1e-6), ("bf16", 2e-3)])
def test_gradient_accumulation_equals_one_step_on_the_joined_batch(precision, tolerance):
    """Both precisions on every machine: bf16 is forced, not left to what `auto` finds on this CPU."""
    data = pairs(12, seed=1)
    grads = []
    for batches in ([collate(data[:5]), collate(data[5:])], [collate(data)]):
        model, cfg = tiny_model()
        cfg.train.precision = precision
        optimizer, schedule = make_optimizer(model, cfg)
        cfg.train.clip_norm = 0.0
        optimizer.step = lambda: None            # keep the gradients, skip the update
        optimizer.zero_grad = lambda set_to_none=True: None
        train_step(model, optimizer, schedule, batches, cfg, autocast(torch.device("cpu"), cfg))
        grads.append([p.grad.clone() for p in model.parameters()])
    for a, b in zip(*grads):
        assert torch.isfinite(a).all()
        torch.testing.assert_close(a, b, atol=tolerance, rtol=1e-5 if precision == "fp32" else 2e-2)


def test_a_training_step_lowers_the_loss_on_its_batch():
    model, cfg = tiny_model()
    optimizer, schedule = make_optimizer(model, cfg)
    batch = collate(pairs(16, seed=2))
    amp = autocast(torch.device("cpu"), cfg)
    first = train_step(model, optimizer, schedule, [batch], cfg, amp)[0]
    for _ in range(30):
        last = train_step(model, optimizer, schedule, [batch], cfg, amp)[0]
    assert last < first * 0.7


@pytest.mark.parametrize("attention", ["full", "sdpa", "linear"])
def test_beam_one_equals_greedy_on_a_transformer(attention):
    model, _ = tiny_model(seed=3, attention=attention)
    model.eval()
    src = collate([(s, []) for s, _ in pairs(6, seed=4)]).src
    mask = padding_mask(src)
    lens = torch.full((6,), 12)
    greedy = greedy_search(model, src, mask, lens, BOS, EOS)
    beam = beam_search(model, src, mask, lens, BOS, EOS, beam=1)
    assert [n_best[0].tokens for n_best in beam] == [hyp.tokens for hyp in greedy]
    assert [n_best[0].score for n_best in beam] == pytest.approx([hyp.score for hyp in greedy], abs=1e-4)
    assert any(len(hyp.tokens) > 0 for hyp in greedy)


def test_sentences_of_a_batch_are_decoded_as_if_alone():
    """Rows of one batch must not leak into each other: a real model reads its source, so mixed-up rows show."""
    model, _ = tiny_model(seed=5)
    model.eval()
    sources = [s for s, _ in pairs(5, seed=6)]
    lens = torch.full((1,), 12)

    def decode(batch):
        src = collate([(s, []) for s in batch]).src
        return beam_search(model, src, padding_mask(src), lens.expand(len(batch)), BOS, EOS, beam=3, n_best=2)

    together = decode(sources)
    alone = [decode([s])[0] for s in sources]
    assert [[h.tokens for h in n_best] for n_best in together] == [[h.tokens for h in n_best] for n_best in alone]
    scores = [[h.score for h in n_best] for n_best in alone]
    assert [[h.score for h in n_best] for n_best in together] == [pytest.approx(s, abs=1e-4) for s in scores]
    assert len({round(s[0], 3) for s in scores}) == len(sources)     # each source scores its output differently


ON_GPU = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device (tests/test_cuda.py says how)")


@pytest.mark.parametrize("device", ["cpu", pytest.param("cuda", marks=ON_GPU)])     # in chunks / in one piece
@pytest.mark.parametrize("dtype, smoothing", [(torch.float32, 0.1), (torch.float32, 0.0), (torch.bfloat16, 0.1)])
def test_the_chunked_loss_and_its_gradient_equal_cross_entropy(dtype, smoothing, device):
    import torch.nn.functional as F
    from training.step import SmoothedCrossEntropy
    g = torch.Generator().manual_seed(0)
    n = 2 * SmoothedCrossEntropy.CHUNK + 5                     # two whole chunks and a part
    logits = (torch.randn(n, 50, generator=g) * 3).to(dtype).to(device)
    targets = torch.randint(0, 50, (n,), generator=g).to(device)
    ours, theirs = logits.clone().requires_grad_(), logits.clone().requires_grad_()
    loss = SmoothedCrossEntropy.apply(ours, targets, smoothing)
    reference = F.cross_entropy(theirs.float(), targets, label_smoothing=smoothing, reduction="sum")
    (loss / 7).backward()
    (reference / 7).backward()
    torch.testing.assert_close(loss, reference, rtol=1e-6, atol=1e-3)
    assert ours.grad.dtype == dtype
    tolerance = dict(rtol=1e-5, atol=1e-7) if dtype == torch.float32 else dict(rtol=1e-2, atol=1e-3)
    torch.testing.assert_close(ours.grad.float(), theirs.grad.float(), **tolerance)
    before = logits.clone()
    with torch.no_grad():
        torch.testing.assert_close(SmoothedCrossEntropy.apply(logits, targets, smoothing), reference.detach(),
                                   rtol=1e-6, atol=1e-3)
    assert torch.equal(logits, before)          # only logits whose gradient it makes become that gradient


def test_symmetric_kl_is_the_mean_of_both_kl_divergences_and_zero_for_equal_distributions():
    import torch.nn.functional as F
    from training.step import symmetric_kl
    g = torch.Generator().manual_seed(3)
    logp, logq = (torch.randn(7, 11, generator=g).log_softmax(-1) for _ in range(2))
    expected = (F.kl_div(logq, logp, log_target=True, reduction="sum")
                + F.kl_div(logp, logq, log_target=True, reduction="sum")) / 2
    torch.testing.assert_close(symmetric_kl(logp, logq), expected)
    assert symmetric_kl(logp, logp) == 0


def test_consistency_runs_the_batch_twice_only_while_dropout_is_on_and_adds_the_weighted_kl():
    import torch.nn.functional as F
    from contextlib import nullcontext
    from data.vocab import PAD
    from models.dropout import pause_dropout
    from training.step import loss_sum
    model, cfg = tiny_model(seed=4, dropout=0.3)
    model.train()
    batch = collate(pairs(6, seed=8))
    pause_dropout(model, True)
    torch.manual_seed(0)
    assert loss_sum(model, batch, 0.1, nullcontext(), consistency=2.0) == loss_sum(model, batch, 0.1, nullcontext())
    pause_dropout(model, False)
    torch.manual_seed(0)
    got = loss_sum(model, batch, 0.1, nullcontext(), consistency=2.0)
    torch.manual_seed(0)                                   # the same masks, by hand
    keep = batch.tgt_out != PAD
    logits, = model(torch.cat([batch.src] * 2), torch.cat([batch.tgt_in] * 2), torch.cat([keep] * 2))
    logits = logits.float()
    targets = torch.cat([model.target_index(batch.src, batch.tgt_out, keep)[0]] * 2)
    ce = F.cross_entropy(logits, targets, label_smoothing=0.1, reduction="sum") / 2
    p, q = logits.log_softmax(-1).chunk(2)
    kl = (F.kl_div(q, p, log_target=True, reduction="sum") + F.kl_div(p, q, log_target=True, reduction="sum")) / 2
    assert kl > 0
    expected = ce + 2.0 * kl
    torch.testing.assert_close(got, expected, rtol=1e-5, atol=1e-4)
    grads = []
    for loss in (got, expected):                           # and the same gradients
        model.zero_grad()
        loss.backward()
        grads.append([p.grad.clone() for p in model.parameters() if p.grad is not None])
    for a, b in zip(*grads):
        torch.testing.assert_close(a, b, rtol=1e-4, atol=1e-5)


def test_a_target_piece_the_model_does_not_score_is_left_out_of_the_loss():
    from contextlib import nullcontext
    from data.vocab import PAD
    from training.step import loss_sum
    model, _ = tiny_model(seed=5, output_pieces="seen")
    model.eval()
    model.score_only(torch.arange(0, 20))          # ids 20-29 are never scored: the highest one used to index past K
    data = [([5, 6, 7], [8, 29, 9]), ([10, 11], [25, 12])]
    batch, without = collate(data), collate(data)
    without.tgt_out[(without.tgt_out == 29) | (without.tgt_out == 25)] = PAD
    with torch.no_grad():
        got = loss_sum(model, batch, 0.0, nullcontext())
        expected = loss_sum(model, without, 0.0, nullcontext())
    assert torch.isfinite(got)
    torch.testing.assert_close(got, expected)
