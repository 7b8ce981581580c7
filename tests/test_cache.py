"""Incremental decoding with a DecoderCache gives what full decoding gives, also after beam reordering."""
import pytest
import torch

from models.attention import registered_attentions
from models.masks import padding_mask
from models.transformer import POSITIONS

from tests.tiny_models import PAD, V, build


def source(b=3, j=6):
    src = torch.randint(1, V, (b, j), generator=torch.Generator().manual_seed(1))
    src[1, 4:] = PAD
    return src, padding_mask(src, PAD)


def target(b=3, i=6):
    return torch.randint(1, V, (b, i), generator=torch.Generator().manual_seed(2))


VARIANTS = [(a, p) for a in registered_attentions() for p in POSITIONS]


def tolerance(attention):
    # square's weight (q·k)² / ((q·k)² + eps) amplifies rounding when a row's only visible key has small q·k
    return dict(atol=1e-4, rtol=1e-4) if attention == "square" else dict(atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("attention,position", VARIANTS)
@torch.no_grad()
def test_step_by_step_decoding_equals_full_decoding(attention, position):
    model = build(attention, position)
    src, src_mask = source()
    tgt = target()
    memory = model.encode(src, src_mask)
    full = model.decode(tgt, memory, src_mask)
    cache = model.new_cache()
    steps = [model.decode(tgt[:, t:t + 1], memory, src_mask, cache=cache) for t in range(tgt.size(1))]
    assert len(cache) == cache.length == tgt.size(1)
    torch.testing.assert_close(torch.cat(steps, dim=1), full, **tolerance(attention))


@pytest.mark.parametrize("attention,position", VARIANTS)
@torch.no_grad()
def test_reordered_cache_continues_like_full_decoding_of_the_reordered_batch(attention, position):
    model = build(attention, position)
    src, src_mask = source()
    tgt = target()
    memory = model.encode(src, src_mask)
    cache = model.new_cache()
    for t in range(3):
        model.decode(tgt[:, t:t + 1], memory, src_mask, cache=cache)
    beams = torch.tensor([2, 0, 0, 1])  # permuted and duplicated, and one row more
    cache.reorder(beams)
    tgt, src_mask = tgt[beams], src_mask[beams]
    # memory is not read again: the cross-attention keys/values are cached and were reordered
    steps = [model.decode(tgt[:, t:t + 1], memory=None, src_mask=src_mask, cache=cache) for t in range(3, 6)]
    full = model.decode(tgt, memory[beams], src_mask)
    torch.testing.assert_close(torch.cat(steps, dim=1), full[:, 3:], **tolerance(attention))


@pytest.mark.parametrize("attention", registered_attentions())
@torch.no_grad()
def test_several_new_tokens_at_once_continue_the_cache(attention):
    model = build(attention, "learned-add")
    src, src_mask = source()
    tgt = target()
    memory = model.encode(src, src_mask)
    cache = model.new_cache()
    first = model.decode(tgt[:, :2], memory, src_mask, cache=cache)
    rest = model.decode(tgt[:, 2:], memory, src_mask, cache=cache)
    torch.testing.assert_close(torch.cat([first, rest], dim=1), model.decode(tgt, memory, src_mask),
                               **tolerance(attention))
    assert len(cache) == 6


@torch.no_grad()
def test_returned_attention_is_the_same_with_a_cache():
    model = build("full", "sinusoidal-add")
    src, src_mask = source()
    tgt = target()
    memory = model.encode(src, src_mask)
    full = model.cross_attention(tgt, memory, src_mask)
    cache = model.new_cache()
    steps = [model.cross_attention(tgt[:, t:t + 1], memory, src_mask, cache) for t in range(6)]
    torch.testing.assert_close(torch.cat(steps, dim=1), full, atol=1e-6, rtol=1e-5)


def test_linear_self_attention_keeps_a_constant_size_state():
    model = build("linear", "sinusoidal-add")
    src, src_mask = source()
    memory = model.encode(src, src_mask)
    cache = model.new_cache()
    sizes = []
    for t in range(4):
        model.decode(target()[:, t:t + 1], memory, src_mask, cache=cache)
        self_cache = cache.layers[0].self_attn
        assert self_cache.k is None
        sizes.append(tuple(s.shape for s in self_cache.state))
    assert sizes == [((3, 4, 8, 8), (3, 4, 8))] * 4


@pytest.mark.parametrize("attention", registered_attentions())
@torch.no_grad()
def test_beams_sharing_one_source_row_decode_as_with_a_copy_per_beam(attention):
    """Beam search passes one memory row per sentence for its g beams (consecutive target rows)."""
    model = build(attention, "sinusoidal-add")
    src, src_mask = source()
    g, tgt = 2, target(b=6)
    memory = model.encode(src, src_mask)
    copies = model.decode(tgt, memory.repeat_interleave(g, 0), src_mask.repeat_interleave(g, 0))
    shared = model.decode(tgt, memory, src_mask)
    torch.testing.assert_close(shared, copies, **tolerance(attention))
    if model.decoder[-1].cross_attn.provides_weights:
        torch.testing.assert_close(model.cross_attention(tgt, memory, src_mask),
                                   model.cross_attention(tgt, memory.repeat_interleave(g, 0),
                                                         src_mask.repeat_interleave(g, 0)))


@pytest.mark.parametrize("beams, shared", [([1, 0, 1, 1, 4, 5], True),      # reordered within sentences
                                           ([2, 3, 4, 5], True),            # the first sentence dropped
                                           ([1, 2, 0, 4], False)])          # rows of two sentences mixed
@torch.no_grad()
def test_a_shared_source_stays_shared_while_beams_stay_in_their_sentence(beams, shared):
    model = build("sdpa", "sinusoidal-add")
    src, src_mask = source()
    g, tgt = 2, target(b=6, i=8)
    memory = model.encode(src, src_mask)
    cache = model.new_cache()
    for t in range(3):
        model.decode(tgt[:, t:t + 1], memory, src_mask, cache=cache)
    assert cache.source_rows == 3
    rows = torch.tensor(beams)
    cache.reorder(rows)
    sources = rows[::g] // g if shared else rows // g
    assert cache.source_rows == len(sources)
    steps = [model.decode(tgt[rows, t:t + 1], None, src_mask[sources], cache=cache) for t in range(3, 8)]
    full = model.decode(tgt[rows], memory[rows // g], src_mask[rows // g])
    torch.testing.assert_close(torch.cat(steps, dim=1), full[:, 3:], atol=1e-5, rtol=1e-5)


@torch.no_grad()
def test_the_self_attention_cache_grows_past_its_first_capacity_and_reorders():
    from models.cache import FIRST_CAPACITY
    model = build("full", "learned-add", max_len=64)
    src, src_mask = source()
    n = 2 * FIRST_CAPACITY + 3
    tgt = torch.randint(1, V, (3, n), generator=torch.Generator().manual_seed(4))
    memory = model.encode(src, src_mask)
    cache = model.new_cache()
    steps = []
    for t in range(n):
        steps.append(model.decode(tgt[:, t:t + 1], memory, src_mask, cache=cache))
        if t == FIRST_CAPACITY:                 # a reorder that keeps every row where it is, between growths
            cache.reorder(torch.arange(3))
    torch.testing.assert_close(torch.cat(steps, dim=1), model.decode(tgt, memory, src_mask), atol=1e-5, rtol=1e-5)
