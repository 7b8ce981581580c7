"""The training step and decoding on a real (tiny) Transformer."""
import pytest
import torch

from config import make_config
from data.batching import collate
from data.vocab import BOS, EOS, PAD
from models.masks import padding_mask
from util.search import beam_search, greedy_search
from util.training import autocast, make_optimizer, train_step
from util.translator import build_model


def tiny_model(seed=0, **model):
    torch.manual_seed(seed)
    cfg = make_config("tiny", [f"model.{k}={v}" for k, v in model.items()])
    cfg.model.src_vocab_size = cfg.model.tgt_vocab_size = 30
    return build_model(cfg), cfg


def pairs(n, seed):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randint(4, 30, (int(torch.randint(2, 9, (1,), generator=g)),), generator=g).tolist(),
             torch.randint(4, 30, (int(torch.randint(2, 9, (1,), generator=g)),), generator=g).tolist())
            for _ in range(n)]


def test_gradient_accumulation_equals_one_step_on_the_joined_batch():
    data = pairs(12, seed=1)
    grads = []
    for batches in ([collate(data[:5]), collate(data[5:])], [collate(data)]):
        model, cfg = tiny_model()
        optimizer, schedule = make_optimizer(model, cfg)
        cfg.train.clip_norm = 0.0
        optimizer.step = lambda: None            # keep the gradients, skip the update
        optimizer.zero_grad = lambda set_to_none=True: None
        train_step(model, optimizer, schedule, batches, cfg, autocast(torch.device("cpu"), cfg))
        grads.append([p.grad.clone() for p in model.parameters()])
    for a, b in zip(*grads):
        torch.testing.assert_close(a, b, atol=1e-6, rtol=1e-5)


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
    mask = padding_mask(src, PAD)
    lens = torch.full((6,), 12)
    greedy = greedy_search(model, src, mask, lens, BOS, EOS)
    beam = beam_search(model, src, mask, lens, BOS, EOS, beam=1)
    assert [h[0][0] for h in beam] == greedy
    assert any(len(g) > 0 for g in greedy)
