"""Several models of one vocabulary decoding as one: each step averages their log-probabilities.

`Ensemble` has the interface search needs (encode, decode, new_cache), so greedy and beam search run it unchanged.
"""
from __future__ import annotations

import torch
from torch import Tensor, nn


class Memories(list):
    """One encoder output per model; indexing selects the same rows of each (search reorders memory so)."""

    def __getitem__(self, index):
        if isinstance(index, (int, slice)):
            return list.__getitem__(self, index)
        return Memories(memory[index] for memory in self)


class EnsembleCache:
    def __init__(self, caches: list):
        self.caches = caches

    @property
    def length(self) -> int:
        return self.caches[0].length

    def __len__(self) -> int:
        return self.length

    def reorder(self, indices: Tensor) -> None:
        for cache in self.caches:
            cache.reorder(indices)


class Ensemble(nn.Module):
    def __init__(self, models: list[nn.Module]):
        super().__init__()
        self.members = nn.ModuleList(models)
        self.cfg = models[0].cfg

    def encode(self, src: Tensor, src_mask: Tensor | None) -> Memories:
        return Memories(model.encode(src, src_mask) for model in self.members)

    def decoder_logits(self, tgt_in: Tensor, memory: Memories | None, src_mask: Tensor | None,
               cache: EnsembleCache | None = None) -> Tensor:
        """-> the mean of the members' log-probabilities (b, i, V); search's log_softmax renormalizes it."""
        log_probs = [model.decoder_logits(tgt_in, None if memory is None else memory[n], src_mask,
                                  None if cache is None else cache.caches[n]).float().log_softmax(-1)
                     for n, model in enumerate(self.members)]
        return torch.stack(log_probs).mean(dim=0)

    def forward(self, src: Tensor, tgt_in: Tensor) -> Tensor:
        """Teacher-forced mean log-probabilities (b, i, V), for scoring."""
        return torch.stack([model(src, tgt_in).float().log_softmax(-1) for model in self.members]).mean(dim=0)

    def not_written_after(self, tag: int) -> list[int]:
        """What any member does not write after `tag`."""
        return sorted(set().union(*(model.not_written_after(tag) for model in self.members)))

    def new_cache(self) -> EnsembleCache:
        return EnsembleCache([model.new_cache() for model in self.members])

    def num_parameters(self) -> int:
        return sum(model.num_parameters() for model in self.members)
