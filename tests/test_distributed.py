"""util/distributed.py: the ranks of a torchrun run decide together, on one clock, whether they go on after a step."""
import torch.distributed as dist
import torch.multiprocessing as mp

from util.distributed import DistInfo, agree_step, any_rank, ending_with_the_others, main_first
from util.errors import UserError


def _rank(rank: int, store: str, said) -> None:
    dist.init_process_group("gloo", init_method=f"file://{store}", rank=rank, world_size=2)
    info = DistInfo(rank, 2)
    # rank 0 has run 10 s, rank 1 (its own clock) 20 s; only rank 1 got the stop signal; their steps' loss and tokens
    said[rank] = (agree_step(info, 10.0 * (rank + 1), rank == 1, (2.5 * (rank + 1), 10 * (rank + 1))),
                  any_rank(info, rank == 0),
                  any_rank(info, False), main_first(info, lambda: f"cache read by rank {rank}"), refused(info))
    dist.destroy_process_group()


def refused(info: DistInfo) -> str:
    """What a rank meets when rank 0's data preparation fails (rank 1's work never runs)."""
    def work():
        if info.rank == 1:
            raise AssertionError("rank 1 prepared data that rank 0 refused")
        raise UserError("the data directory /nowhere does not exist")
    try:
        main_first(info, work)
    except UserError as e:
        return str(e)
    return "no error"


def test_after_a_step_every_rank_takes_rank_zeros_seconds_any_ranks_stop_signal_and_all_ranks_loss(tmp_path):
    """Also: rank 0 does the shared work first, and its one-line error ends the others too."""
    said = mp.Manager().dict()
    mp.start_processes(_rank, args=(str(tmp_path / "store"), said), nprocs=2, start_method="fork")
    assert said[0][:3] == said[1][:3] == ((10.0, True, (7.5, 30.0)), True, False)
    assert (said[0][3], said[1][3]) == ("cache read by rank 0", "cache read by rank 1")
    assert said[0][4] == said[1][4] == "the data directory /nowhere does not exist"


def test_a_run_of_one_process_keeps_its_own_values():
    assert agree_step(DistInfo(), 3.5, False, (1.5, 4)) == (3.5, False, (1.5, 4)) and any_rank(DistInfo(), True)


def test_a_ranks_random_numbers_for_a_step_follow_from_the_seed_the_rank_and_the_step_alone():
    import torch
    from util.distributed import seed_step

    def draws(rank, step, seed=1):
        torch.rand(5)                                   # whatever was drawn before does not matter
        seed_step(DistInfo(rank, 2), seed, step)
        return torch.rand(3).tolist()
    assert draws(1, 7) == draws(1, 7)
    assert len({tuple(draws(r, s, seed)) for r, s, seed in [(0, 7, 1), (1, 7, 1), (1, 8, 1), (1, 7, 2)]}) == 4


def test_another_number_of_ranks_goes_on_where_the_epoch_was_or_is_refused_in_one_line(tmp_path):
    import pytest
    from util.distributed import place_in_epoch
    from util.errors import UserError
    again = "python train.py --resume run"
    assert place_in_epoch(2, 1, 8, "last.pt", again) == 16 and place_in_epoch(1, 2, 6, "last.pt", again) == 3
    assert place_in_epoch(3, 2, 4, "last.pt", again) == 6
    with pytest.raises(UserError) as error:
        place_in_epoch(1, 2, 5, tmp_path / "last.pt", again)
    assert str(error.value) == (f"{tmp_path / 'last.pt'} was written by 1 rank(s), 5 batches into its epoch, which 2 "
                                "ranks cannot share out evenly; resume it with `python train.py --resume run`, or "
                                "with a number of ranks that divides 5")


def _rank_fails(rank: int, store: str, said) -> None:
    import os
    os.environ["WORLD_SIZE"] = "2"              # as torchrun sets it (a forked process: the test's is untouched)
    dist.init_process_group("gloo", init_method=f"file://{store}", rank=rank, world_size=2)
    try:
        with ending_with_the_others(lambda: "last.pt holds step 3"):
            if rank == 0:
                raise UserError("cannot write last.pt (No space left on device)")
            agree_step(DistInfo(rank, 2), 1.0, False)        # the next step's, which rank 0 never reaches
    except UserError as e:
        said[rank] = str(e)
    # rank 0's process ends without leaving the group, as one that failed does


def test_a_rank_that_finds_another_rank_gone_ends_with_one_line_not_a_gloo_traceback(tmp_path):
    """rank 0 failed to write last.pt and said so; rank 1, waiting for it, printed gloo's 'Connection closed by peer'
    traceback. Now its error is a UserError, which rank 0 alone would print."""
    said = mp.Manager().dict()
    mp.start_processes(_rank_fails, args=(str(tmp_path / "store"), said), nprocs=2, start_method="fork")
    assert said[0] == "cannot write last.pt (No space left on device)"
    assert said[1] == ("another rank of this torchrun run ended (its own output says why), and this one with it; "
                       "last.pt holds step 3")


def test_other_errors_and_a_run_of_one_process_keep_their_traceback(monkeypatch):
    import pytest
    for ranks, error in [("1", "Connection closed by peer"), ("2", "mat1 and mat2 shapes cannot be multiplied")]:
        monkeypatch.setenv("WORLD_SIZE", ranks)
        with pytest.raises(RuntimeError, match=error), ending_with_the_others():
            raise RuntimeError(error)
