"""The CUDA path: a model gives on a GPU what it gives on the CPU (every attention type), cached = full decoding and
beam 1 = greedy there, a bf16-autocast training step stays close to fp32, and a run trained on the GPU translates
on the CPU with the GPU's tokens. Skipped where there is no GPU; the suite hides GPUs (conftest) unless asked:

    EINSUM_NMT_CUDA_TESTS=1 python -m pytest tests/test_cuda.py
"""
import pytest
import torch

from data.batching import collate
from data.vocab import BOS, EOS
from decoding.search import beam_search, greedy_search
from decoding.torch_engine import TorchEngine
from models.masks import padding_mask
from training.precision import autocast
from training.step import loss_sum, make_optimizer, train_step
from tests.commands import run
from tests.ties import assert_greedy_alike
from tests.tiny_models import PAD, V, build, pairs, tiny_trainable, variants

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(),
                                reason="no CUDA device (on a GPU machine: EINSUM_NMT_CUDA_TESTS=1)")
CUDA = torch.device("cuda")


@pytest.fixture(autouse=True)
def exact_fp32():
    """TF32 rounds fp32 matrix products to 10 bits of mantissa: the comparisons below are of fp32 with fp32."""
    saved = torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
    yield
    torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = saved


def tokens(b, n, seed):
    return torch.randint(1, V, (b, n), generator=torch.Generator().manual_seed(seed))


def padded_batch():
    src, tgt = tokens(3, 7, 1), tokens(3, 6, 2)
    src[1, 4:] = tgt[1, 3:] = PAD
    return src, tgt


@pytest.mark.parametrize("attention,position", variants())
@torch.no_grad()
def test_a_model_gives_on_the_gpu_what_it_gives_on_the_cpu(attention, position):
    model = build(attention, position)
    src, tgt = padded_batch()
    on_cpu = model(src, tgt)
    on_gpu = model.to(CUDA)(src.to(CUDA), tgt.to(CUDA)).cpu()
    keep = tgt != PAD
    torch.testing.assert_close(on_gpu[keep], on_cpu[keep], atol=2e-4, rtol=2e-4)


@pytest.mark.parametrize("attention", ["full", "sdpa", "linear", "local"])
@torch.no_grad()
def test_step_by_step_decoding_equals_full_decoding_on_the_gpu(attention):
    model = build(attention, "sinusoidal-add").to(CUDA)
    src, tgt = padded_batch()[0].to(CUDA), tokens(3, 6, 2).to(CUDA)     # padding in the source only
    src_mask = padding_mask(src, PAD)
    memory = model.encode(src, src_mask)
    full = model.decoder_logits(tgt, memory, src_mask)
    cache = model.new_cache()
    steps = [model.decoder_logits(tgt[:, t:t + 1], memory, src_mask, cache=cache) for t in range(tgt.size(1))]
    torch.testing.assert_close(torch.cat(steps, dim=1), full, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("attention", ["full", "sdpa"])
def test_beam_one_equals_greedy_and_the_cpu_on_the_gpu(attention):
    """On the GPU beam 1 is greedy exactly; the CPU's greedy tokens are the GPU's, but for near ties (the two sum in
    other orders: where they part, both choices must score within tests/ties.TIE on each device)."""
    model, cfg = tiny_trainable(seed=3, attention=attention)
    model.eval()
    src_ids = [s for s, _ in pairs(6, seed=4)]
    src = collate([(s, []) for s in src_ids]).src
    lens = torch.full((6,), 12)
    on_cpu = greedy_search(model, src, padding_mask(src), lens, BOS, EOS)
    cpu_engine = TorchEngine(tiny_trainable(seed=3, attention=attention)[0], cfg.model.max_len)    # the same weights
    model.to(CUDA)
    src, lens = src.to(CUDA), lens.to(CUDA)
    greedy = greedy_search(model, src, padding_mask(src), lens, BOS, EOS)
    beam = beam_search(model, src, padding_mask(src), lens, BOS, EOS, beam=1)
    assert [n_best[0].tokens for n_best in beam] == [hyp.tokens for hyp in greedy]
    assert_greedy_alike([cpu_engine, TorchEngine(model, cfg.model.max_len, CUDA)], src_ids,
                        [hyp.tokens for hyp in greedy], [h.tokens for h in on_cpu])
    assert [n_best[0].score for n_best in beam] == pytest.approx([hyp.score for hyp in greedy], abs=1e-4)
    assert any(len(hyp.tokens) > 0 for hyp in greedy)


@pytest.mark.parametrize("attention", ["full", "sdpa", "linear"])
def test_a_bf16_autocast_step_on_the_gpu_is_close_to_fp32(attention):
    batch = collate(pairs(16, seed=2)).to(CUDA)
    losses, grads = {}, {}
    for precision in ("fp32", "bf16"):
        model, cfg = tiny_trainable(seed=1, attention=attention)
        cfg.train.precision = precision
        model.to(CUDA).train()
        loss = loss_sum(model, batch, cfg.train.label_smoothing, autocast(CUDA, cfg))
        loss.backward()
        losses[precision] = loss.item()
        grads[precision] = torch.cat([p.grad.flatten() for p in model.parameters()])
    assert torch.isfinite(grads["bf16"]).all()
    assert losses["bf16"] == pytest.approx(losses["fp32"], rel=2e-2)
    cosine = torch.nn.functional.cosine_similarity(grads["bf16"], grads["fp32"], dim=0)
    assert cosine > 0.99


def test_training_steps_on_the_gpu_lower_the_loss_with_the_fused_optimizer():
    model, cfg = tiny_trainable(seed=0)
    model.to(CUDA).train()
    optimizer, schedule = make_optimizer(model, cfg)      # fused AdamW: its CUDA kernel
    assert optimizer.defaults["fused"]
    batch = collate(pairs(16, seed=2)).to(CUDA)
    first = train_step(model, optimizer, schedule, [batch], cfg, autocast(CUDA, cfg))[0]
    for _ in range(30):
        last = train_step(model, optimizer, schedule, [batch], cfg, autocast(CUDA, cfg))[0]
    assert last < first * 0.7


def test_a_run_trained_on_the_gpu_translates_alike_on_the_cpu(synthetic_env, tmp_path):
    """train.py with device auto takes the GPU (and bf16); its checkpoint decodes on either device to one output."""
    out = tmp_path / "run"
    env = {**synthetic_env}
    trained = run(["train.py", "--preset", "tiny", "--out", str(out), "--train.max_epochs=12",
                   "--train.max_steps=0", "--train.average_last=3", "--train.precision=fp32"], env)
    assert "cuda" in trained.stdout.decode() + trained.stderr.decode()
    lines = b"Der Hund l\xc3\xa4uft im Park.\nDie Katze schl\xc3\xa4ft heute im Haus.\n"
    outputs = [run(["translate.py", "--checkpoint", str(out / "best.pt"), "--device", device], env,
                   stdin=lines).stdout for device in ("cuda", "cpu")]
    assert outputs[0] == outputs[1]
    assert outputs[0].decode().splitlines()[0] == "The dog runs in the park."
