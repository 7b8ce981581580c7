"""Data parallelism inside one process: a step's batch is cut into parts (Batch.parts), whose forward and backward
passes run side by side, one Python thread each, the CPU threads shared among them; the step's gradient is the sum of
theirs, the batch's gradient.

Why: on 2 cores one pass over a batch with 2 CPU threads keeps them busy only part of the time (the small matrix
products of a 2,048-token batch split poorly, and element-wise work hardly at all), while two passes over half the
batch each, one CPU thread each, keep both busy. torch releases the GIL inside its operations, and a backward pass on
a CPU runs on the thread that asked for it. `python -m bench.loop ... --against OLD_CHECKOUT` measures the
ratio against a checkout before this on the machine at hand (docs/TRAINING.md).

Exactness: each part's dropout masks come from its own generator, seeded per step from torch's default one (so a
seed, and a resumed run's restored RNG state, give the same masks again), and the parts' gradients are added in part
order, never in the order the threads finish.
"""
from __future__ import annotations

import copy
from concurrent.futures import ThreadPoolExecutor

import torch

from models.dropout import drawing_from


def parts_of(setting: int, device: torch.device, ranks: int) -> int:
    """How many parts a step's batch is cut into: --train.parts, or for 0 (auto) one per CPU thread up to 2, on a CPU
    with 2 threads or more in a run of one process (ranks of torchrun and GPUs run each batch whole)."""
    if setting > 0:
        return setting
    return min(2, torch.get_num_threads()) if device.type == "cpu" and ranks == 1 else 1


class PartThreads:
    """Runs `pass_of(part)` for a step's parts side by side: part k on thread k (the calling thread takes part 0),
    each with its own dropout generator and autocast context, with the CPU threads divided among the parts."""

    def __init__(self, parts: int, threads: int):
        self.parts, self.threads = parts, threads
        self.pool = ThreadPoolExecutor(parts - 1, thread_name_prefix="part")
        self.generators = [torch.Generator() for _ in range(parts)]

    def run(self, pass_of, parts: list, amp) -> list:
        """[pass_of(part, amp)] in part order, amp copied per thread (autocast's state belongs to a thread)."""
        seeds = torch.randint(0, 2 ** 62, (len(parts),)).tolist()      # from the default generator: reproducible
        torch.set_num_threads(max(1, self.threads // len(parts)))

        def one(k: int):
            with drawing_from(self.generators[k].manual_seed(seeds[k])):
                return pass_of(parts[k], copy.copy(amp))

        try:
            futures = [self.pool.submit(one, k) for k in range(1, len(parts))]
            try:
                first = one(0)
            finally:
                rest = [f.result() for f in futures]      # every part ends before anything else goes on
            return [first, *rest]
        finally:
            torch.set_num_threads(self.threads)


def backward_passes(model, batch, tokens: int, loss_of, amp, threads: PartThreads | None) -> torch.Tensor:
    """The summed loss of `batch` (loss_of(model, batch, amp)), its gradient divided by `tokens` added to the
    parameters' .grad: in one pass, or with `threads` in parts side by side whose gradients are added in part order."""
    if threads is None:
        loss = loss_of(model, batch, amp)
        (loss / tokens).backward()
        return loss.detach()
    params = [p for p in model.parameters() if p.requires_grad]

    def pass_of(part, part_amp):
        loss = loss_of(model, part, part_amp)
        return loss.detach(), torch.autograd.grad(loss / tokens, params, allow_unused=True)

    total = torch.zeros(())
    for loss, grads in threads.run(pass_of, batch.parts(threads.parts), amp):
        total += loss
        for p, g in zip(params, grads):
            if g is not None:
                p.grad = g if p.grad is None else p.grad.add_(g)
    return total
