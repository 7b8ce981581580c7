"""training/precision.py: fp32 or bf16, by the rule of the machine, by timing where bf16 is native, kept per machine
and model, fixed by the environment, and a resumed run's own."""
import json
from types import SimpleNamespace

import pytest
import torch

import training.precision as precision
from training.precision import choose_precision, resolve_precision, run_precision
from util.errors import UserError

CPU, CUDA = torch.device("cpu"), torch.device("cuda")
SHAPE = {"model": {"d_model": 32}, "batch": [4, 5, 4, 6]}


@pytest.fixture
def native(monkeypatch):
    """A CPU with native bf16, and auto left to choose; time as the steps say."""
    monkeypatch.delenv("EINSUM_NMT_AUTO_PRECISION")
    monkeypatch.setattr(precision, "bf16_missing", lambda: "")
    monkeypatch.setattr(precision.time, "perf_counter", Clock())


class Clock:
    """A clock that only steps move: timings without sleeping or depending on the machine."""
    now = 0.0

    def __call__(self):
        return Clock.now


def timed_step(seconds: dict, calls: list, again: dict | None = None):
    """A step of `seconds[p]` on a batch new to precision p, of `again[p]` (or the same) on a batch it has run."""
    seen = set()

    def step(p, k):
        calls.append(p)
        Clock.now += (again or seconds)[p] if (p, k) in seen else seconds[p]
        seen.add((p, k))
    return step


def test_the_rule_without_timing_picks_bf16_only_where_it_is_native(monkeypatch):
    monkeypatch.delenv("EINSUM_NMT_AUTO_PRECISION")
    monkeypatch.setattr(precision, "bf16_missing", lambda: "this CPU has no native bf16")
    assert (resolve_precision("auto", CPU), resolve_precision("auto", CUDA)) == ("fp32", "bf16")
    monkeypatch.setattr(precision, "bf16_missing", lambda: "")
    assert resolve_precision("auto", CPU) == "bf16"
    assert resolve_precision("fp32", CUDA) == "fp32"


def test_the_environment_fixes_what_auto_picks_and_leaves_an_asked_precision_alone(monkeypatch, tmp_path):
    calls = []
    for forced in ("fp32", "bf16"):
        monkeypatch.setenv("EINSUM_NMT_AUTO_PRECISION", forced)
        assert resolve_precision("auto", CPU) == forced
        assert resolve_precision("fp32", CPU) == "fp32"
        step = timed_step({"fp32": 0, "bf16": 0}, calls)
        assert choose_precision("auto", CPU, step, SHAPE, tmp_path).precision == forced
    assert calls == []
    monkeypatch.setenv("EINSUM_NMT_AUTO_PRECISION", "fp16")
    with pytest.raises(UserError, match="EINSUM_NMT_AUTO_PRECISION=fp16"):
        resolve_precision("auto", CPU)


def test_auto_on_a_cpu_without_native_bf16_is_fp32_without_timing(monkeypatch, tmp_path):
    monkeypatch.delenv("EINSUM_NMT_AUTO_PRECISION")
    monkeypatch.setattr(precision, "bf16_missing", lambda: "this CPU has no native bf16")
    calls = []
    choice = choose_precision("auto", CPU, timed_step({"fp32": 0, "bf16": 0}, calls), SHAPE, tmp_path)
    assert (choice.precision, calls) == ("fp32", [])


@pytest.mark.parametrize("isa, native", [("AVX2", False), ("avx512_core", False), ("AVX512_CORE_AMX", True),
                                         ("", True)])
def test_a_cap_on_onednns_instructions_below_bf16_makes_auto_fp32_without_timing(monkeypatch, tmp_path, isa, native):
    """`ONEDNN_MAX_CPU_ISA=AVX2` on a CPU with AMX: a laptop's kernels, where bf16 is emulated."""
    monkeypatch.delenv("EINSUM_NMT_AUTO_PRECISION")
    monkeypatch.setattr(precision, "cpu_info", lambda: ("A CPU", {"avx2", "avx512_bf16", "amx_bf16"}))
    monkeypatch.setenv("ONEDNN_MAX_CPU_ISA", isa)
    monkeypatch.setattr(precision.time, "perf_counter", Clock())
    calls = []
    choice = choose_precision("auto", CPU, timed_step({"fp32": 0.01, "bf16": 0.002}, calls), SHAPE, tmp_path)
    assert (choice.precision, bool(calls)) == (("bf16", True) if native else ("fp32", False))
    assert resolve_precision("auto", CPU) == ("bf16" if native else "fp32")
    assert native or f"ONEDNN_MAX_CPU_ISA={isa}" in choice.why


def test_the_reason_names_the_variable_that_caps_the_kernels(monkeypatch):
    """oneDNN reads DNNL_MAX_CPU_ISA too; the reason names the one the user set."""
    monkeypatch.setattr(precision, "cpu_info", lambda: ("A CPU", {"avx2", "avx512_bf16", "amx_bf16"}))
    monkeypatch.delenv("ONEDNN_MAX_CPU_ISA", raising=False)
    monkeypatch.setenv("DNNL_MAX_CPU_ISA", "AVX2")
    assert precision.bf16_missing() == "DNNL_MAX_CPU_ISA=AVX2 keeps oneDNN below bf16 instructions"


def test_the_kept_answer_is_per_cap_on_the_kernels(monkeypatch):
    keys = set()
    for value in ("", "avx2", "avx512"):
        monkeypatch.setenv("ATEN_CPU_CAPABILITY", value)
        keys.add(precision.machine_key(CPU, SHAPE))
    assert len(keys) == 3


@pytest.mark.parametrize("bf16_seconds, expected", [(0.002, "bf16"), (0.009, "bf16"), (0.02, "fp32"), (0.0091, "fp32")])
def test_auto_times_both_and_takes_bf16_only_when_clearly_faster(native, tmp_path, bf16_seconds, expected):
    calls = []
    choice = choose_precision("auto", CPU, timed_step({"fp32": 0.01, "bf16": bf16_seconds}, calls), SHAPE, tmp_path)
    assert choice.precision == expected and "x the time of an fp32 step" in choice.why
    assert calls.count("fp32") == calls.count("bf16") == 2 * precision.TIMED_BATCHES + 1


@pytest.mark.parametrize("share, expected", [(0.3, "bf16"), (0.7, "fp32"), (1.0, "fp32")])
def test_auto_weighs_new_shapes_by_their_share_of_the_first_epoch(native, tmp_path, share, expected):
    """bf16 slower than fp32 at a new shape (its kernels made) and twice as fast once they are: the share decides."""
    step = timed_step({"fp32": 0.01, "bf16": 0.012}, [], again={"fp32": 0.01, "bf16": 0.005})
    choice = choose_precision("auto", CPU, step, SHAPE, tmp_path, new_share=share)
    assert choice.precision == expected and f"{share:.0%} of its steps at a new shape" in choice.why


def test_the_answer_is_kept_per_machine_and_model_so_a_second_run_repeats_it(native, tmp_path):
    calls = []
    first = choose_precision("auto", CPU, timed_step({"fp32": 0.01, "bf16": 0.002}, calls), SHAPE, tmp_path)
    timed = len(calls)
    again = choose_precision("auto", CPU, timed_step({"fp32": 0.002, "bf16": 0.01}, calls), SHAPE, tmp_path)
    assert first.precision == again.precision == "bf16" and len(calls) == timed
    assert "precision.json" in again.why
    other = {**SHAPE, "model": {"d_model": 64}}          # another model is timed anew
    assert choose_precision("auto", CPU, timed_step({"fp32": 0.002, "bf16": 0.01}, calls), other,
                            tmp_path).precision == "fp32"
    (tmp_path / "precision.json").write_text("{not json")                 # a damaged file: timed again
    assert choose_precision("auto", CPU, timed_step({"fp32": 0.01, "bf16": 0.002}, calls), SHAPE,
                            tmp_path).precision == "bf16"


def test_a_resumed_run_keeps_the_precision_it_began_with(native):
    cfg = SimpleNamespace(train=SimpleNamespace(precision="auto"))
    dist = SimpleNamespace(enabled=False, is_main=True)
    for began in ("fp32", "bf16"):
        choice = run_precision(cfg, CPU, None, None, None, {"precision": began}, dist)
        assert choice.precision == began
    assert run_precision(cfg, CPU, None, None, None, {}, dist).precision == "bf16"     # begun before: the old rule


@pytest.mark.parametrize("entry", ["bf16", ["bf16"], True, {"precision": "bf16"}, {"precision": "bf16", "why": "x"},
                                   {"precision": "fp64", "why": "x", "date": "2026-01-01"},
                                   {"precision": "bf16", "why": 3, "date": "2026-01-01"}])
def test_a_kept_answer_auto_could_not_have_written_is_timed_again_and_replaced(native, tmp_path, capsys, entry):
    key = precision.machine_key(CPU, SHAPE)
    (tmp_path / "precision.json").write_text(json.dumps({key: entry}))
    calls = []
    choice = choose_precision("auto", CPU, timed_step({"fp32": 0.01, "bf16": 0.002}, calls), SHAPE, tmp_path)
    assert choice.precision == "bf16" and "x the time of an fp32 step" in choice.why and calls    # timed again
    assert json.loads((tmp_path / "precision.json").read_text())[key]["precision"] == "bf16"    # and replaced
    warning = capsys.readouterr().err
    assert warning.startswith("warning: ") and warning.count("\n") == 1


@pytest.mark.parametrize("state", [{"precision": "fp64"}, {"precision": ["bf16"]}, ["not", "a", "dict"]])
def test_a_resumed_run_whose_state_names_no_valid_precision_continues_in_a_valid_one(native, capsys, state):
    cfg = SimpleNamespace(train=SimpleNamespace(precision="fp32"))
    dist = SimpleNamespace(enabled=False, is_main=True)
    assert run_precision(cfg, CPU, None, None, None, state, dist).precision == "fp32"    # --train.precision's
    assert capsys.readouterr().err.count("warning: ") == (0 if isinstance(state, list) else 1)


def test_timing_leaves_the_model_and_the_random_state_as_they_were(tmp_path, monkeypatch):
    monkeypatch.delenv("EINSUM_NMT_AUTO_PRECISION")
    monkeypatch.setattr(precision, "bf16_missing", lambda: "")     # real steps, timed by the real clock
    from data.batching import TokenBatchSampler
    from tests.tiny_models import pairs, tiny_trainable
    monkeypatch.setenv("EINSUM_NMT_CACHE", str(tmp_path))
    model, cfg = tiny_trainable(seed=1)
    data = pairs(12, seed=2)
    train_data = SimpleNamespace(src=[s for s, _ in data], tgt=[t for _, t in data])
    sampler = TokenBatchSampler([len(s) for s in train_data.src], [len(t) for t in train_data.tgt], 64,
                                shuffle=True, seed=0)
    before = {k: v.clone() for k, v in model.state_dict().items()}
    torch.manual_seed(7)
    expected = torch.rand(3)
    torch.manual_seed(7)
    choice = run_precision(cfg, CPU, model, train_data, sampler, None, SimpleNamespace(enabled=False, is_main=True))
    assert choice.precision in ("fp32", "bf16") and (tmp_path / "precision.json").exists()
    assert torch.equal(torch.rand(3), expected)
    assert all(torch.equal(before[k], v) for k, v in model.state_dict().items())
    assert all(p.grad is None for p in model.parameters())


def test_auto_times_each_step_on_a_batch_shape_new_to_it():
    """New shapes cost bf16 its kernels (oneDNN compiles them per shape): a timing that repeats one batch hides it."""
    from data.batching import TokenBatchSampler
    from tests.tiny_models import pairs
    data = pairs(60, seed=3)
    train_data = SimpleNamespace(src=[s for s, _ in data], tgt=[t for _, t in data])
    sampler = TokenBatchSampler([len(s) for s in train_data.src], [len(t) for t in train_data.tgt], 48,
                                shuffle=True, seed=0)
    chosen = precision.new_shapes(sampler.batches(0), precision.TIMED_BATCHES + 1, train_data)
    shapes = {(len(rows), max(len(train_data.src[k]) for k in rows), max(len(train_data.tgt[k]) for k in rows))
              for rows in chosen}
    assert len(chosen) == len(shapes) == precision.TIMED_BATCHES + 1
    assert precision.new_shapes([[]], 3, train_data) == [[]]


def test_the_new_shape_share_counts_an_epochs_first_batch_of_each_shape_where_kernels_are_kept(monkeypatch):
    train_data = SimpleNamespace(src=[[1], [1, 2], [1, 2, 3]], tgt=[[1], [1, 2], [1]])
    epoch = [[0], [0, 1], [1, 0], [2], [], [0]]        # shapes (1,1,1), (2,2,2) twice, (1,3,1), (1,1,1) again
    monkeypatch.setenv("ONEDNN_PRIMITIVE_CACHE_CAPACITY", "65536")
    assert precision.new_share(epoch, train_data) == 3 / 5
    monkeypatch.setenv("ONEDNN_PRIMITIVE_CACHE_CAPACITY", "1024")     # oneDNN's default: kernels made again
    assert precision.new_share(epoch, train_data) == 1.0
