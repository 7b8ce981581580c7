"""torch.distributed set-up for `torchrun --nproc_per_node=N train.py`: nccl on CUDA, gloo on CPU."""
from __future__ import annotations

import hashlib
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass

import torch
import torch.distributed as dist

from util.errors import UserError


@dataclass
class DistInfo:
    rank: int = 0
    world_size: int = 1
    local_rank: int = 0

    @property
    def is_main(self) -> bool:
        return self.rank == 0

    @property
    def enabled(self) -> bool:
        return self.world_size > 1


def is_main_process() -> bool:
    """Rank 0 (or no torchrun), known from the environment before the process group exists."""
    return int(os.environ.get("RANK", "0")) == 0


def launched_ranks() -> int:
    """How many ranks torchrun started (1: a plain `python train.py`), known before the process group exists."""
    return int(os.environ.get("WORLD_SIZE", "1"))


def launcher(ranks: int) -> list[str]:
    """The words before `train.py` in a command that starts it as a run of `ranks` ranks on this machine."""
    return ["python"] if ranks <= 1 else ["torchrun", "--standalone", f"--nproc_per_node={ranks}"]


def setup(device_name: str) -> DistInfo:
    """Join the process group torchrun describes in the environment; a plain `python train.py` is rank 0 of 1."""
    world_size = launched_ranks()
    if world_size == 1:
        return DistInfo()
    info = DistInfo(int(os.environ["RANK"]), world_size, int(os.environ.get("LOCAL_RANK", "0")))
    use_cuda = torch.cuda.is_available() and device_name in ("auto", "cuda")
    if use_cuda:
        torch.cuda.set_device(info.local_rank)
    dist.init_process_group("nccl" if use_cuda else "gloo")
    return info


def _tensor(values: list[float]) -> torch.Tensor:
    """Values to reduce, on the device the group's backend reduces on (nccl: the rank's GPU)."""
    on = torch.device("cuda", torch.cuda.current_device()) if dist.get_backend() == "nccl" else torch.device("cpu")
    return torch.tensor(values, dtype=torch.float64, device=on)


def ranks_agree(info: DistInfo, value: float) -> bool:
    """True when every rank holds the same value (e.g. a checksum of the weights)."""
    if not info.enabled:
        return True
    t = _tensor([value, -value])
    dist.all_reduce(t, op=dist.ReduceOp.MAX)    # max(v) == -max(-v) == min(v) only if all are equal
    return bool(t[0] == -t[1])


def agree_step(info: DistInfo, elapsed: float, stop: bool, sums: tuple = ()) -> tuple[float, bool, tuple]:
    """After each step, what decides whether the ranks go on, the same on every rank: rank 0's seconds of the run
    (each rank's own clock differs, and the time budget, the lr's decay and the forecast follow it) and whether a
    stop signal reached any rank (each gets its own, a step apart at times). Ranks that decided apart would wait
    for each other's step forever. With them, in the same reduction, `sums` summed over the ranks (the step's loss
    and tokens: what the run records is all ranks' step, not rank 0's batch). -> (elapsed, stop, sums)."""
    if not info.enabled:
        return elapsed, stop, tuple(sums)
    t = _tensor([elapsed if info.is_main else 0.0, float(stop), *sums])
    dist.all_reduce(t)
    return float(t[0]), bool(t[1] > 0), tuple(t[2:].tolist())


def any_rank(info: DistInfo, flag: bool) -> bool:
    """Whether `flag` is true on any rank (on every rank the same answer)."""
    return agree_step(info, 0.0, flag)[1]


def seed_step(info: DistInfo, seed: int, step: int) -> None:
    """Under torchrun, before each step: this rank's random numbers for it (dropout's masks) from the seed, the rank
    and the step alone. last.pt holds one rank's generator, so a resumed rank drew other masks than the run never
    stopped would have; and every rank started from the same seed, so the ranks drew alike. A run of one process
    keeps its one generator, which last.pt holds."""
    if info.enabled:
        digest = hashlib.blake2b(f"{seed}/{info.rank}/{step}".encode(), digest_size=8).digest()
        torch.manual_seed(int.from_bytes(digest, "little") >> 1)


def main_first(info: DistInfo, work):
    """work() on rank 0, then on the other ranks (rank 0 prepares and caches the data, they load the cache). A
    UserError on rank 0 ends the others with it too (rank 0 alone prints it), where they waited for rank 0 and
    printed a lost connection's traceback."""
    if not info.enabled:
        return work()
    if info.is_main:
        try:
            done = work()
        except UserError as e:
            from_main(info, str(e))
            raise
        from_main(info, None)
        return done
    failed = from_main(info, None)
    if failed is not None:
        raise UserError(failed)
    return work()


def from_main(info: DistInfo, value):
    """Rank 0's value on every rank (any picklable value)."""
    if not info.enabled:
        return value
    box = [value]
    dist.broadcast_object_list(box, src=0)
    return box[0]


def place_in_epoch(ranks_then: int, ranks: int, batch: int, last_pt, again: str) -> int:
    """Where `ranks` ranks go on in an epoch that `ranks_then` left at `batch` of each one's share: the ranks take
    turns through one list of batches (data/batching.py), so they had trained its first ranks_then * batch. A place
    the new number cannot share out evenly is refused (one line, with `again`: the command that resumes the run with
    ranks_then ranks), as it would train batches twice or skip them."""
    trained = batch * ranks_then
    if trained % ranks:
        raise UserError(f"{last_pt} was written by {ranks_then} rank(s), {trained} batches into its epoch, which "
                        f"{ranks} ranks cannot share out evenly; resume it with `{again}`, or with a number of ranks "
                        f"that divides {trained}")
    return trained // ranks


# what a gloo collective raises when another rank's process has ended (on an error of its own, or killed)
RANK_GONE = ("Connection closed by peer", "Connection reset by peer", "Broken pipe")


@contextmanager
def ending_with_the_others(kept=lambda: None):
    """Under torchrun, a collective that finds another rank gone ends this rank too, with a one-line UserError that
    rank 0 alone prints (cli.run_main), after `kept()` (what the run's files hold, or None): the rank that failed has
    said why, and each other rank added a gloo traceback. A run of one process has no other ranks."""
    try:
        yield
    except RuntimeError as e:
        if launched_ranks() == 1 or not any(words in str(e) for words in RANK_GONE):
            raise
        said = kept()
        raise UserError("another rank of this torchrun run ended (its own output says why), and this one with it"
                        + (f"; {said}" if said else "")) from None


def exit_rank(info: DistInfo) -> None:
    """The end of a run that went well. A rank of torchrun leaves the process group together with the others (rank 0
    may still be writing), then its process ends at once, without the interpreter's teardown: a model once wrapped in
    DistributedDataParallel keeps the gloo group's threads alive past destroy_process_group (torch 2.13), and the
    teardown that destroys what they use can abort a finished rank ("terminate called without an active exception").
    A plain run returns."""
    if not info.enabled:
        return
    dist.barrier()
    dist.destroy_process_group()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os._exit(0)
