"""util/distributed.py: the ranks of a torchrun run decide together, on one clock, whether they go on after a step."""
import torch.distributed as dist
import torch.multiprocessing as mp

from util.distributed import DistInfo, agree_step, any_rank


def _rank(rank: int, store: str, said) -> None:
    dist.init_process_group("gloo", init_method=f"file://{store}", rank=rank, world_size=2)
    info = DistInfo(rank, 2)
    # rank 0 has run 10 s, rank 1 (its own clock) 20 s; only rank 1 got the stop signal
    said[rank] = (agree_step(info, 10.0 * (rank + 1), stop=rank == 1), any_rank(info, rank == 0),
                  any_rank(info, False))
    dist.destroy_process_group()


def test_after_a_step_every_rank_takes_rank_zeros_seconds_and_any_ranks_stop_signal(tmp_path):
    said = mp.Manager().dict()
    mp.start_processes(_rank, args=(str(tmp_path / "store"), said), nprocs=2, start_method="fork")
    assert said[0] == said[1] == ((10.0, True), True, False)


def test_a_run_of_one_process_keeps_its_own_values():
    assert agree_step(DistInfo(), 3.5, False) == (3.5, False) and any_rank(DistInfo(), True)
