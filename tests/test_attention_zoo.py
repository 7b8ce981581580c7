"""The attention zoo (models/attention/): exact limits against `full` to 1e-5 in fp32, the sparse paths against
written-out references, finite gradients. Padding invariance, causality, cached = full decoding and bf16 training
run over every registered type in tests/test_transformer.py and tests/test_cache.py (tests/tiny_models.py)."""
import pytest
import torch
import torch.nn.functional as F

from models.attention import attention_class, build_attention
from models.attention.options import parse_options
from models.masks import causal_mask, padding_mask
from tests.tiny_models import SMALL_OPTIONS

B, H, N, D = 2, 3, 7, 4
ZOO = sorted(SMALL_OPTIONS)
EXACT = dict(atol=1e-5, rtol=1e-5)


def qkv(i=N, j=N, seed=0, grad=False):
    g = torch.Generator().manual_seed(seed)
    return tuple(torch.randn(B, H, n, D, generator=g).requires_grad_(grad) for n in (i, j, j))


def keys(j=N, real=4):
    """(B, 1, 1, j): row 0 sees every key, row 1 the first `real`."""
    return padding_mask(torch.tensor([[1] * j, [1] * real + [0] * (j - real)]), 0)


def full(q, k, v, mask):
    return build_attention("full", D)(q, k, v, mask)[0]


def attend(name, options, q, k, v, mask, causal=False):
    """The attention as the multi-head layer calls it: complete masks for arbitrary-mask types, else key padding."""
    kernel = build_attention(name, D, given=parse_options(options)).eval()
    if causal and kernel.supports_arbitrary_mask:
        return kernel(q, k, v, mask & causal_mask(q.size(2), None, k.size(2)), causal=True)[0]
    result = kernel(q, k, v, mask, causal=True) if causal else kernel(q, k, v, mask)
    return result[0] if isinstance(result, tuple) else result


@pytest.mark.parametrize("name,options,causal,lengths", [
    ("exact-topk", "topk=7", False, (7, 7)), ("exact-topk", "topk=9", True, (3, 7)),
    ("local", "window=7", False, (7, 7)), ("local", "window=6", True, (7, 7)), ("local", "window=9", True, (2, 7)),
    ("clustered", "clusters=7", False, (7, 7)),
    ("improved-clustered", "clusters=7,topk=2", False, (7, 7)), ("improved-clustered", "clusters=2,topk=7", False,
                                                                 (7, 7)),
    ("conditional-full", "threshold=7", False, (7, 7)), ("conditional-full", "threshold=7", True, (2, 7)),
])
def test_exact_limits_equal_full_attention(name, options, causal, lengths):
    """k >= keys, a window >= length, a cluster per query (or topk >= keys), below the threshold: full, to 1e-5."""
    q, k, v = qkv(*lengths)
    mask = keys(lengths[1])
    expected = full(q, k, v, mask & causal_mask(lengths[0], None, lengths[1]) if causal else mask)
    got = attend(name, options, q, k, v, mask, causal)
    torch.testing.assert_close(got[0], expected[0], **EXACT)
    torch.testing.assert_close(got[1, :, :4], expected[1, :, :4], **EXACT)   # row 1's real positions


def test_exact_topk_keeps_the_k_best_visible_keys_of_each_query():
    q, k, v = qkv()
    mask = torch.rand(B, 1, N, N, generator=torch.Generator().manual_seed(3)) > 0.3
    scores = torch.einsum("bhid,bhjd->bhij", q, k).masked_fill(~mask, -1e9)
    best = scores.topk(2, dim=-1).indices
    kept = torch.zeros_like(scores, dtype=torch.bool).scatter_(-1, best, True) & mask
    torch.testing.assert_close(attend("exact-topk", "topk=2", q, k, v, mask), full(q, k, v, kept), **EXACT)


@pytest.mark.parametrize("causal", [False, True])
def test_local_attends_only_inside_its_window(causal):
    q, k, v = qkv()
    distance = torch.arange(N)[None, :] - torch.arange(N)[:, None]
    band = (distance >= -2) & (distance <= (0 if causal else 2))
    expected = full(q, k, v, keys() & band)
    torch.testing.assert_close(attend("local", "window=2", q, k, v, keys(), causal), expected, **EXACT)


def test_reformer_in_one_chunk_is_shared_qk_attention_and_its_rounds_combine_exactly():
    """One chunk holds every position: each query sees every other one, keys = queries normalized, itself hidden;
    four rounds reach the same keys four times and must count each once."""
    q, k, v = qkv()
    expected = full(q, F.normalize(q, dim=-1), v, keys() & ~torch.eye(N, dtype=torch.bool))
    for rounds in (1, 4):
        got = attend("reformer", f"rounds={rounds},buckets=2,chunk={N}", q, k, v, keys())
        torch.testing.assert_close(got[0], expected[0], **EXACT)
        torch.testing.assert_close(got[1, :, :4], expected[1, :, :4], **EXACT)


def test_aft_full_with_zero_position_biases_is_aft_simple():
    q, k, v = qkv()
    for causal in (False, True):
        torch.testing.assert_close(attend("aft-full", "max_len=16", q, k, v, keys(), causal),
                                   attend("aft-simple", "", q, k, v, keys(), causal), **EXACT)


@pytest.mark.parametrize("name", ZOO)
def test_gradients_are_finite_with_padding_and_a_single_visible_key(name):
    q, k, v = qkv(grad=True)
    causal = not attention_class(name).why_not("decoder", parse_options(SMALL_OPTIONS[name]))
    kernel = build_attention(name, D, given=parse_options(SMALL_OPTIONS[name])).train()
    mask = keys(real=1)
    if causal and kernel.supports_arbitrary_mask:
        mask = mask & causal_mask(N)
    result = kernel(q, k, v, mask, causal=causal)
    out = result[0] if isinstance(result, tuple) else result
    assert torch.isfinite(out).all()
    (out * torch.randn_like(out)).sum().backward()
    assert q.grad is not None and v.grad is not None          # k has none in reformer (keys = normalized queries)
    assert all(torch.isfinite(t.grad).all() for t in (q, k, v) if t.grad is not None)
