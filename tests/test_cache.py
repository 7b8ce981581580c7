"""Incremental decoding with a DecoderCache gives what full decoding gives, also after beam reordering."""
import pytest
import torch

from models.attention import registered_attentions
from models.masks import padding_mask

from tests.tiny_models import PAD, V, build, variants


def source(b=3, j=6):
    src = torch.randint(1, V, (b, j), generator=torch.Generator().manual_seed(1))
    src[1, 4:] = PAD
    return src, padding_mask(src, PAD)


def target(b=3, i=6):
    return torch.randint(1, V, (b, i), generator=torch.Generator().manual_seed(2))


VARIANTS = variants()


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
    full = model.decoder_logits(tgt, memory, src_mask)
    cache = model.new_cache()
    steps = [model.decoder_logits(tgt[:, t:t + 1], memory, src_mask, cache=cache) for t in range(tgt.size(1))]
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
        model.decoder_logits(tgt[:, t:t + 1], memory, src_mask, cache=cache)
    beams = torch.tensor([2, 0, 0, 1])  # permuted and duplicated, and one row more
    cache.reorder(beams)
    tgt, src_mask = tgt[beams], src_mask[beams]
    # memory is not read again: the cross-attention keys/values are cached and were reordered
    steps = [model.decoder_logits(tgt[:, t:t + 1], memory=None, src_mask=src_mask, cache=cache) for t in range(3, 6)]
    full = model.decoder_logits(tgt, memory[beams], src_mask)
    torch.testing.assert_close(torch.cat(steps, dim=1), full[:, 3:], **tolerance(attention))


@pytest.mark.parametrize("attention", registered_attentions())
@torch.no_grad()
def test_several_new_tokens_at_once_continue_the_cache(attention):
    model = build(attention, "learned-add")
    src, src_mask = source()
    tgt = target()
    memory = model.encode(src, src_mask)
    cache = model.new_cache()
    first = model.decoder_logits(tgt[:, :2], memory, src_mask, cache=cache)
    rest = model.decoder_logits(tgt[:, 2:], memory, src_mask, cache=cache)
    torch.testing.assert_close(torch.cat([first, rest], dim=1), model.decoder_logits(tgt, memory, src_mask),
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
        model.decoder_logits(target()[:, t:t + 1], memory, src_mask, cache=cache)
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
    copies = model.decoder_logits(tgt, memory.repeat_interleave(g, 0), src_mask.repeat_interleave(g, 0))
    shared = model.decoder_logits(tgt, memory, src_mask)
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
        model.decoder_logits(tgt[:, t:t + 1], memory, src_mask, cache=cache)
    assert cache.source_rows == 3
    rows = torch.tensor(beams)
    cache.reorder(rows)
    sources = rows[::g] // g if shared else rows // g
    assert cache.source_rows == len(sources)
    steps = [model.decoder_logits(tgt[rows, t:t + 1], None, src_mask[sources], cache=cache) for t in range(3, 8)]
    full = model.decoder_logits(tgt[rows], memory[rows // g], src_mask[rows // g])
    torch.testing.assert_close(torch.cat(steps, dim=1), full[:, 3:], atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("attention", ["full", "sdpa"])
@torch.no_grad()
def test_a_reorder_before_every_step_continues_like_full_decoding_of_the_reordered_histories(attention):
    """Beam search reorders before every step: each row's history is then that of the row it continues."""
    model = build(attention, "learned-add")
    src, src_mask = source()
    memory = model.encode(src, src_mask)
    g = torch.Generator().manual_seed(5)
    cache, history, rows = model.new_cache(), torch.empty(3, 0, dtype=torch.long), torch.arange(3)
    for t in range(12):
        tokens = torch.randint(1, V, (3, 1), generator=g)
        last = model.decoder_logits(tokens, None if t else memory, src_mask[rows], cache=cache)
        history = torch.cat([history, tokens], dim=1)
        if t < 11:
            order = torch.randint(0, 3, (3,), generator=g)          # rows continued, repeats allowed
            cache.reorder(order)
            history, rows = history[order], rows[order]
    full = model.decoder_logits(history, memory[rows], src_mask[rows])
    torch.testing.assert_close(last[:, -1], full[:, -1], atol=1e-5, rtol=1e-5)


@torch.no_grad()
def test_a_row_expanded_into_beams_keeps_one_cross_attention_copy_per_sentence():
    """Beam search runs its first step once per sentence, then expands each row into its beams."""
    model = build("sdpa", "sinusoidal-add")
    src, src_mask = source()
    memory = model.encode(src, src_mask)
    tgt = target(b=3, i=5)
    cache = model.new_cache()
    model.decoder_logits(tgt[:, :1], memory, src_mask, cache=cache)
    rows = torch.arange(3).repeat_interleave(4)
    cache.reorder(rows)
    assert cache.source_rows == 3
    steps = [model.decoder_logits(tgt[rows, t:t + 1], None, src_mask, cache=cache) for t in range(1, 5)]
    full = model.decoder_logits(tgt[rows], memory[rows], src_mask[rows])
    torch.testing.assert_close(torch.cat(steps, dim=1), full[:, 1:], atol=1e-5, rtol=1e-5)


@torch.no_grad()
def test_local_self_attention_keeps_only_its_window_of_keys_and_decodes_as_full_decoding():
    model = build("local", "learned-add")                       # window=2 (tests/tiny_models.py)
    src, src_mask = source()
    tgt = target(i=8)
    memory = model.encode(src, src_mask)
    cache = model.new_cache()
    first = model.decoder_logits(tgt[:, :3], memory, src_mask, cache=cache)
    steps = [model.decoder_logits(tgt[:, t:t + 1], memory, src_mask, cache=cache) for t in range(3, 6)]
    assert cache.layers[0].self_attn.k.size(2) == 2 and len(cache) == 6
    rest = model.decoder_logits(tgt[:, 6:], memory, src_mask, cache=cache)     # two at once, after trimming
    torch.testing.assert_close(torch.cat([first, *steps, rest], dim=1), model.decoder_logits(tgt, memory, src_mask),
                               atol=1e-5, rtol=1e-5)
