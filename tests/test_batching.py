"""Token-budget batches: the budget holds, each pair comes once, epochs differ reproducibly, ranks split evenly."""
from __future__ import annotations

import random

import pytest
import torch

from data.batching import Batch, TokenBatchSampler, collate
from data.vocab import BOS, EOS, PAD

rng = random.Random(0)
SRC = [rng.randint(1, 40) for _ in range(3000)]
TGT = [max(1, s + rng.randint(-5, 5)) for s in SRC]


def cost(batch, src=SRC, tgt=TGT):
    return len(batch) * (max(src[k] for k in batch) + max(tgt[k] + 1 for k in batch))


def test_every_batch_fits_the_token_budget():
    batches = TokenBatchSampler(SRC, TGT, max_tokens=500).batches(0)
    assert max(cost(b) for b in batches) <= 500
    assert sum(cost(b) for b in batches) / len(batches) > 0.9 * 500   # and batches are nearly full


def test_every_index_comes_exactly_once_per_epoch():
    sampler = TokenBatchSampler(SRC, TGT, max_tokens=500)
    for epoch in range(3):
        assert sorted(k for b in sampler.batches(epoch) for k in b) == list(range(len(SRC)))


def test_batches_are_deterministic_from_seed_and_epoch():
    a, b = TokenBatchSampler(SRC, TGT, 500, seed=7), TokenBatchSampler(SRC, TGT, 500, seed=7)
    assert a.batches(3) == b.batches(3)
    assert a.batches(3) != TokenBatchSampler(SRC, TGT, 500, seed=8).batches(3)


def test_epochs_differ_in_order_and_in_composition():
    sampler = TokenBatchSampler(SRC, TGT, 500)
    first, second = sampler.batches(0), sampler.batches(1)
    assert first != second
    assert {tuple(sorted(b)) for b in first} != {tuple(sorted(b)) for b in second}


def test_without_shuffle_the_order_is_fixed_and_sorted_by_the_longer_side():
    sampler = TokenBatchSampler(SRC, TGT, 500, shuffle=False)
    batches = sampler.batches(0)
    assert batches == sampler.batches(9)
    longer = [max(SRC[k], TGT[k] + 1) for b in batches for k in b]
    assert longer == sorted(longer)


@pytest.mark.parametrize("world_size", [2, 3, 4])
def test_ranks_get_disjoint_equal_shares_that_cover_nearly_everything(world_size):
    everything = TokenBatchSampler(SRC, TGT, 500).batches(2)
    shares = [TokenBatchSampler(SRC, TGT, 500, rank=r, world_size=world_size).batches(2) for r in range(world_size)]
    assert len({len(s) for s in shares}) == 1
    seen = [k for share in shares for b in share for k in b]
    assert len(seen) == len(set(seen))
    assert len(everything) - len(shares[0]) * world_size < world_size
    assert len(seen) > len(SRC) * (1 - world_size / len(everything))


def test_a_pair_larger_than_the_budget_gets_a_batch_of_its_own():
    batches = TokenBatchSampler([3, 300, 4], [3, 300, 4], max_tokens=100, shuffle=False).batches(0)
    assert sorted(batches) == [[0, 2], [1]]


def padding_fraction(batches, src_lengths, tgt_lengths) -> float:
    """Pad slots / all slots over the batches, source and target (+1 for BOS/EOS) together."""
    slots = real = 0
    for batch in batches:
        src = [src_lengths[k] for k in batch]
        tgt = [tgt_lengths[k] + 1 for k in batch]
        slots += len(batch) * (max(src) + max(tgt))
        real += sum(src) + sum(tgt)
    return (slots - real) / slots if slots else 0.0


def test_padding_fraction_counts_source_and_target_slots():
    # sources 2 and 4 -> 2 pad slots of 8; targets 1+1 and 3+1 -> 2 pad slots of 8
    assert padding_fraction([[0, 1]], [2, 4], [1, 3]) == pytest.approx(4 / 16)
    assert padding_fraction([[0], [1]], [2, 4], [1, 3]) == 0.0


def test_sorted_token_batches_pad_under_eight_percent_on_real_train(prepared_multi30k):
    train = prepared_multi30k[1].splits["train"]
    src, tgt = [len(x) for x in train.src], [len(y) for y in train.tgt]
    batches = TokenBatchSampler(src, tgt, max_tokens=4096, seed=1).batches(0)
    fraction = padding_fraction(batches, src, tgt)
    print(f"padding at 4096 tokens: {fraction:.2%} over {len(batches)} batches")
    assert fraction < 0.08
    assert max(cost(b, src, tgt) for b in batches) <= 4096


def test_collate_pads_right_and_places_bos_and_eos():
    batch = collate([([5, 6, 7], [8]), ([9], [10, 11, 12])])
    assert batch.src.tolist() == [[5, 6, 7], [9, PAD, PAD]]
    assert batch.tgt_in.tolist() == [[BOS, 8, PAD, PAD], [BOS, 10, 11, 12]]
    assert batch.tgt_out.tolist() == [[8, EOS, PAD, PAD], [10, 11, 12, EOS]]
    assert batch.src.dtype == batch.tgt_in.dtype == torch.long
    assert (batch.n_tgt_tokens, len(batch)) == (6, 2)


def test_collate_accepts_empty_targets_for_translation():
    batch = collate([([5], []), ([6, 7], [])])
    assert batch.src.shape == (2, 2) and batch.tgt_in.tolist() == [[BOS], [BOS]]


def test_to_moves_every_tensor_and_keeps_the_counts():
    batch = collate([([5, 6], [7])]).to("cpu")
    assert isinstance(batch, Batch) and batch.n_tgt_tokens == 2 and batch.tgt_out.device.type == "cpu"
