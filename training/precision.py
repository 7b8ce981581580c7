"""Which precision a run trains in: fp32, or bf16 autocast where it is faster.

`--train.precision=auto` on a CPU without native bf16 (no AVX512-BF16, no AMX), or where ONEDNN_MAX_CPU_ISA keeps
oneDNN below those instructions (`ONEDNN_MAX_CPU_ISA=AVX2`: a laptop's kernels), is fp32: torch emulates bf16 there,
many times slower. Where bf16 is native (and on CUDA), whether it is faster depends on the model's shapes and the
kernels torch picks, so auto times a few steps of the run's own model in each precision on its own batches, each
batch twice: fresh, its shape new to the model, and again at once, its kernels made. Where bf16 runs through oneDNN a
new shape costs it kernels compiled for that shape, so the two timings weighed by the share of the first epoch's
batches whose shape is new to it (about a third for the cpu recipe) give the epoch's step, and auto takes bf16 only
when that step is clearly faster. The answer is kept per machine (and cap on its kernels) and model shape in the data
cache (`precision.json`), so the same command on the same machine trains the same way, and a resumed run keeps the
precision it began with (exact resume).
$EINSUM_NMT_AUTO_PRECISION=fp32|bf16 fixes auto's choice without timing.
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import time
from contextlib import nullcontext
from pathlib import Path

import torch

from config import PRECISIONS
from data.batching import collate
from data.cache_key import resolve_cache_dir
from util import distributed
from util.errors import UserError
from util.kernels import kernels_kept
from util.ledger import cpu_info
from util.textio import write_text_atomic

AUTO_PRECISION_ENV = "EINSUM_NMT_AUTO_PRECISION"     # fp32 or bf16: what auto picks, whatever the machine
AUTO_CHOICES = ("fp32", "bf16")      # what auto may choose: all a kept answer or a run's saved state may name
BF16_MARGIN = 0.9          # bf16 is taken when its step takes at most this share of an fp32 step's time
# oneDNN's instruction sets below AVX512-BF16: with ONEDNN_MAX_CPU_ISA at one of them a bf16 product is emulated
BELOW_BF16 = {"SSE41", "AVX", "AVX2", "AVX2_VNNI", "AVX2_VNNI_2", "AVX512_CORE", "AVX512_CORE_VNNI"}
ISA_VARIABLES = ("ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA", "ATEN_CPU_CAPABILITY")    # the kernels a timing meets
TIMED_BATCHES = 5          # per precision, each timed fresh and again, after one untimed step each


def bf16_missing() -> str:
    """Why a bf16 matrix product would be emulated on this CPU (about 30x slower than fp32); "" where AVX512-BF16 or
    AMX runs it."""
    cap = next((name for name in ("ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA") if os.environ.get(name)), None)
    if cap and os.environ[cap].strip().upper() in BELOW_BF16:
        return f"{cap}={os.environ[cap]} keeps oneDNN below bf16 instructions"
    if not cpu_info()[1] & {"avx512_bf16", "amx_bf16"}:
        return "this CPU has no native bf16 (avx512_bf16/amx)"
    return ""


def check_precision(precision: str) -> None:
    if precision not in PRECISIONS:
        raise UserError(f"--train.precision={precision} is not one of {', '.join(PRECISIONS)}")


def forced_auto() -> str:
    """$EINSUM_NMT_AUTO_PRECISION, checked: '' when unset."""
    forced = os.environ.get(AUTO_PRECISION_ENV, "")
    if forced and forced not in AUTO_CHOICES:
        raise UserError(f"{AUTO_PRECISION_ENV}={forced} is not fp32 or bf16; unset it to let auto choose")
    return forced


def resolve_precision(precision: str, device) -> str:
    """The precision a setting gives without timing anything: auto is bf16 on CUDA and on CPUs with native bf16, else
    fp32 (what decoding and the benchmarks use; a training run times the two instead, `choose_precision`)."""
    check_precision(precision)
    if precision == "auto":
        precision = forced_auto() or ("bf16" if device.type == "cuda" or not bf16_missing() else "fp32")
    elif precision == "bf16" and device.type == "cpu" and (missing := bf16_missing()):
        print(f"warning: {missing}, so bf16 runs emulated, ~30x slower than fp32; use --train.precision=auto or fp32",
              file=sys.stderr)
    return precision


def autocast_of(precision: str, device):
    """The context a step runs in: bf16 autocast, or nothing (fp32)."""
    return torch.autocast(device.type, dtype=torch.bfloat16) if precision == "bf16" else nullcontext()


def autocast(device, cfg):
    """The context of the precision cfg's setting gives without timing (benchmarks and tests)."""
    return autocast_of(resolve_precision(cfg.train.precision, device), device)


class Choice:
    """auto's answer for a run and the one line that says why."""

    def __init__(self, precision: str, why: str):
        self.precision, self.why = precision, why


class Timing:
    """Seconds of one precision's steps over the timed batches: `fresh`, each batch's shape new to the model, and
    `again`, the same batches once more."""

    def __init__(self):
        self.fresh, self.again = 0.0, 0.0

    def epoch(self, new_share: float) -> float:
        """The timed batches' seconds in an epoch where `new_share` of the steps meet a shape new to the model."""
        return self.again + new_share * (self.fresh - self.again)


def choose_precision(setting: str, device, step, shape: dict, cache_dir: Path | None, new_share: float = 1.0) -> Choice:
    """The run's precision. `step(precision, k)` runs one forward and backward pass of the run's model on its k-th
    timed batch, k = 0 .. TIMED_BATCHES (leaving its weights, gradients and the random state as they were); `shape`
    names what the answer depends on besides the machine (the model's config, the timed batches' sizes);
    `new_share` is the share of the first epoch's steps whose batch shape is new to the model."""
    check_precision(setting)
    if setting != "auto":
        return Choice(resolve_precision(setting, device), f"--train.precision={setting}")
    forced = forced_auto()
    if forced:
        return Choice(forced, f"${AUTO_PRECISION_ENV}={forced}")
    if device.type == "cpu" and (missing := bf16_missing()):
        return Choice("fp32", f"auto: {missing}")
    key, choices = machine_key(device, shape), read_choices(cache_dir)
    known = kept_choice(choices.get(key))
    if key in choices and known is None:
        print(f"warning: {cache_dir / 'precision.json'} keeps an answer for this machine and model that auto could "
              "not have written; timing both precisions again to replace it", file=sys.stderr)
    if known:
        return Choice(known["precision"], f"auto: {known['why']} (measured {known['date']}, kept in "
                                          f"{cache_dir / 'precision.json'})")
    timings = time_steps(step, device)
    ratio = timings["bf16"].epoch(new_share) / max(timings["fp32"].epoch(new_share), 1e-9)
    precision = "bf16" if ratio <= BF16_MARGIN else "fp32"
    ms = {p: f"{t.fresh / TIMED_BATCHES * 1e3:.0f} ms fresh, {t.again / TIMED_BATCHES * 1e3:.0f} ms again"
          for p, t in timings.items()}
    why = (f"a bf16 step takes {ratio:.2f}x the time of an fp32 step in this model's first epoch on this machine "
           f"({new_share:.0%} of its steps at a new shape; bf16 {ms['bf16']}, fp32 {ms['fp32']}; bf16 is taken "
           f"at {BF16_MARGIN}x or less)")
    if cache_dir is not None:
        remember(cache_dir, key, {"precision": precision, "why": why, "date": time.strftime("%Y-%m-%d")})
    return Choice(precision, f"auto: {why}")


def time_steps(step, device) -> dict[str, Timing]:
    """Each precision's Timing over batches 1 .. TIMED_BATCHES (batch 0: first-call allocations, not counted), the
    two precisions taking turns on each batch so that load from elsewhere hits both alike."""

    def seconds(precision: str, k: int) -> float:
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        start = time.perf_counter()
        step(precision, k)
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        return time.perf_counter() - start

    timings = {precision: Timing() for precision in AUTO_CHOICES}
    for precision in AUTO_CHOICES:
        seconds(precision, 0)
    for k in range(1, TIMED_BATCHES + 1):
        for precision, timing in timings.items():
            timing.fresh += seconds(precision, k)
        for precision, timing in timings.items():
            timing.again += seconds(precision, k)
    return timings


def machine_key(device, shape: dict) -> str:
    """What the timing depends on: the processor (or GPU) and the kernels it may run, torch, threads, the model and
    batch."""
    if device.type == "cuda":
        chip = torch.cuda.get_device_name(device)
    else:
        chip = cpu_name() + f"; threads {torch.get_num_threads()}" + \
            "".join(f"; {name}={os.environ[name]}" for name in ISA_VARIABLES if os.environ.get(name))
    text = json.dumps({"chip": chip, "torch": torch.__version__, "python": platform.python_version(), **shape},
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "flags")):
                return line            # the first of them: the model's name where the kernel gives one
    except OSError:
        pass
    return platform.processor() or platform.machine()


def read_choices(cache_dir: Path | None) -> dict:
    if cache_dir is None:
        return {}
    try:
        choices = json.loads((cache_dir / "precision.json").read_text())
    except (OSError, ValueError):
        return {}                       # none yet, or unreadable: timed again and written anew
    return choices if isinstance(choices, dict) else {}


def kept_choice(entry) -> dict | None:
    """A precision.json entry when it is one auto writes, {"precision": fp32 or bf16, "why": text, "date": text};
    None for anything else (a hand edit, another version's, a damaged file): then auto times again."""
    if (isinstance(entry, dict) and entry.get("precision") in AUTO_CHOICES and isinstance(entry.get("why"), str)
            and isinstance(entry.get("date"), str)):
        return entry
    return None


def remember(cache_dir: Path, key: str, answer: dict) -> None:
    choices = read_choices(cache_dir)
    choices[key] = answer
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        write_text_atomic(cache_dir / "precision.json", json.dumps(choices, indent=1) + "\n")
    except OSError:
        pass                            # a read-only cache: the next run times again


def batch_shape(rows: list[int], train_data) -> tuple[int, int, int]:
    """What a batch's kernels are made for: (sentences, longest source, longest target)."""
    return len(rows), max(len(train_data.src[k]) for k in rows), max(len(train_data.tgt[k]) for k in rows)


def new_share(batches: list[list[int]], train_data) -> float:
    """The share of an epoch's batches whose shape no batch before them in it had; 1.0 where oneDNN does not keep
    a run's kernels (util/kernels.py), so that every step makes its kernels again."""
    if not kernels_kept():
        return 1.0
    batches = [rows for rows in batches if rows]
    return len({batch_shape(rows, train_data) for rows in batches}) / max(1, len(batches))


def new_shapes(batches: list[list[int]], n: int, train_data) -> list[list[int]]:
    """Up to n of the epoch's batches, spread over it, each of a shape the others do not have."""
    chosen, seen = [], set()
    for rows in batches[::max(1, len(batches) // (4 * n))]:
        if not rows:
            continue
        shape = batch_shape(rows, train_data)
        if shape not in seen:
            chosen.append(rows)
            seen.add(shape)
        if len(chosen) == n:
            break
    return chosen or [[]]


def run_precision(cfg, device, model, train_data, sampler, resume_state: dict | None, dist, threads=None) -> Choice:
    """A training run's precision: a resumed run's own (exactness), else `choose_precision` timing `model` on
    batches of the first epoch of `sampler`, each of a new shape, fresh and again: where bf16 runs through oneDNN a
    new shape costs kernels compiled for it, and a run's first epoch meets hundreds (one batch timed over and over
    said bf16 was faster on a Xeon with AMX while it trained fewer steps than fp32 when oneDNN kept 1,024 kernels;
    with them kept, timing new shapes alone landed on either side of the margin from run to run there, while bf16
    runs trained more steps than fp32 runs in 30 minutes: docs/TRAINING.md, "Precision and threads on a CPU").
    Under torchrun rank 0's choice holds on every rank."""
    if resume_state is not None:
        began = resume_state.get("precision") if isinstance(resume_state, dict) else None
        if began in AUTO_CHOICES:
            return Choice(began, "the precision the run began with")
        if began:                   # not one a run saves: a damaged or edited last.pt
            print(f"warning: last.pt's training state names the precision {str(began)[:20]!r}, not fp32 or bf16; "
                  f"the run continues in what --train.precision={cfg.train.precision} gives", file=sys.stderr)
            return Choice(resolve_precision(cfg.train.precision, device), f"--train.precision={cfg.train.precision} "
                                                                          "(last.pt named none that is valid)")
        return Choice(resolve_precision(cfg.train.precision, device), "the rule of the release that began the run")
    from training.parts import backward_passes
    from training.step import step_loss     # the step's own loss and passes (in parts: `threads`), timed as they run
    first_epoch = sampler.batches(0)
    batches = [collate([(train_data.src[k], train_data.tgt[k]) for k in rows]).to(device)
               for rows in new_shapes(first_epoch, TIMED_BATCHES + 1, train_data)]

    def step(precision: str, k: int) -> None:
        batch = batches[k % len(batches)]
        with torch.random.fork_rng(devices=[device] if device.type == "cuda" else []):
            backward_passes(model, batch, batch.n_tgt_tokens, step_loss(cfg), autocast_of(precision, device), threads)
        model.zero_grad(set_to_none=True)

    share = round(new_share(first_epoch, train_data), 2)
    shape = {"model": dict(vars(cfg.model)), "device": str(device), "timing": "fresh and again", "new": share,
             **({"parts": threads.parts} if threads else {}),
             "batches": [[*b.src.shape, *b.tgt_in.shape] for b in batches]}
    choice = choose_precision(cfg.train.precision, device, step, shape, resolve_cache_dir() if dist.is_main else None,
                              share)
    return distributed.from_main(dist, choice)
