"""Training throughput on real Multi30K batches, as ratios measured in one process (machines are noisy).

(a) our model with each built-in attention vs torch.nn.Transformer: same size, same token batches, fp32;
(b) our whole pipeline (token-bucketed batches, the preset's precision) vs the tutorial's (128 random sentences,
    nn.Transformer, fp32), both at our model's size;
(c) model FLOP utilization: FLOP/s of our training step / FLOP/s of a large matmul, fp32, and bf16 where the CPU
    has it natively (elsewhere torch emulates bf16, about 30x slower: skipped, and said so);
(d) with --compile: the same step under torch.compile (compile time excluded, reported) vs eager, and its loss.

    python -m bench.throughput --data-dir ../shared/data/multi30k --preset cpu --batches 8 --rounds 3
    python -m bench.throughput --data-dir ../shared/data/multi30k --preset cpu --only-mfu --threads 2   # (c) alone
    python -m bench.throughput --data-dir ../shared/data/multi30k --preset 30min --only-mfu --threads 2 --record

--record adds (c)'s utilization of each precision to the results ledger (results/ledger.jsonl), with the machine.

Throughput counts non-pad target tokens per second. Each figure is the median over rounds; the models take
turns within a round, so load from elsewhere hits them alike.
"""
from __future__ import annotations

import copy
import random
import shlex
import statistics
import sys
import time

from util.kernels import keep_kernels
from util.threads import share_cores

share_cores()                    # before torch starts its threads, as the commands do
keep_kernels()                   # before torch's first oneDNN product

import torch  # noqa: E402
from torch.utils.flop_counter import FlopCounterMode  # noqa: E402

import bench.baseline as baseline  # noqa: E402
from config.presets import make_config, recipe_of  # noqa: E402
from data.batching import TokenBatchSampler, collate  # noqa: E402
from data.prepare import prepare_data  # noqa: E402
from models.attention import attention_class, registered_attentions  # noqa: E402
from training.precision import autocast, bf16_missing  # noqa: E402
from training.run import score_pieces  # noqa: E402
from training.step import make_optimizer, train_step  # noqa: E402
from models.transformer import build_model  # noqa: E402
from util.ledger import Record, append  # noqa: E402
from cli import CommandParser, run_main, whole_number  # noqa: E402


def our_model(cfg, scored):
    """The model train.py builds: with model.output_pieces=seen, `scored(model)` sets the pieces it scores (each
    direction's apart in a model of both), as training does."""
    model = build_model(cfg.model)
    if model.scored is not None and scored is not None:
        scored(model)
    return model


def our_trainer(cfg, precision: str, attention: str | None = None, compile: bool = False, losses=None,
                scored=None):
    cfg = copy.deepcopy(cfg)
    cfg.model.attention = attention or cfg.model.attention
    torch.manual_seed(0)
    model = our_model(cfg, scored)
    optimizer, schedule = make_optimizer(model, cfg)
    cfg.train.precision = precision
    amp = autocast(torch.device("cpu"), cfg)
    stepped = torch.compile(model, dynamic=True) if compile else model

    def step(batch):
        loss, tokens = train_step(stepped, optimizer, schedule, [batch], cfg, amp)
        if losses is not None:
            losses.append(loss)
        return tokens
    return step


def baseline_trainer(cfg):
    m = cfg.model
    model = baseline.BaselineModel(m.src_vocab_size, m.tgt_vocab_size, m.d_model, m.n_heads, m.n_encoder_layers,
                                   m.d_ff, m.dropout)
    optimizer = torch.optim.Adam(model.parameters(), lr=5e-4, betas=(0.9, 0.98), eps=1e-9)
    return lambda batch: baseline.train_step(model, optimizer, batch)[1]


def to_baseline_ids(batch):
    """Our batches in the baseline's id convention (its <pad> is 1, its <unk> 0)."""
    def swap(t):
        return torch.where(t == 0, 1, torch.where(t == 1, 0, t))
    return swap(batch.src), swap(batch.tgt_in), swap(batch.tgt_out)


def tokens_per_second(runs: dict, rounds: int) -> dict[str, float]:
    """runs: name -> (train_fn, batches). Every name trains on all its batches once per round, in turn."""
    for fn, batches in runs.values():              # warm-up: first-call allocations, oneDNN kernel choice
        fn(batches[0])
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(rounds):
        for name, (fn, batches) in runs.items():
            start = time.perf_counter()
            tokens = sum(fn(b) for b in batches)
            rates[name].append(tokens / (time.perf_counter() - start))
    return {name: statistics.median(r) for name, r in rates.items()}


def matmul_peak(dtype, n: int = 2048, repeats: int = 5) -> float:
    a, b = torch.randn(n, n, dtype=dtype), torch.randn(n, n, dtype=dtype)
    a @ b
    best = min(_timed(lambda: a @ b) for _ in range(repeats))
    return 2 * n ** 3 / best


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def step_flops(cfg, batch, scored) -> int:
    """FLOPs of the training step's forward and backward (non-pad positions, scored pieces: as training runs)."""
    model = our_model(cfg, scored)
    with FlopCounterMode(display=False) as counter:
        sum(group.sum() for group in model(batch.src, batch.tgt_in, batch.tgt_out != 0)).backward()
    return counter.get_total_flops()


def main(argv=None) -> None:
    parser = CommandParser(prog="-m bench.throughput", description=__doc__)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--preset", default="cpu")
    parser.add_argument("--batches", type=whole_number(1), default=8, help="training batches per model per round")
    parser.add_argument("--rounds", type=whole_number(1), default=3)
    parser.add_argument("--threads", type=whole_number(0), default=0)
    parser.add_argument("--compile", action="store_true", help="only (d): torch.compile vs eager")
    parser.add_argument("--only-mfu", action="store_true", help="only (c): FLOP utilization")
    parser.add_argument("--record", action="store_true", help="add (c)'s utilization to the results ledger")
    args, overrides = parser.parse_known_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    torch.set_flush_denormal(True)
    torch.manual_seed(0)
    cfg = make_config(args.preset, overrides)
    data = prepare_data(cfg.data, args.data_dir, splits=("train",), progress=False)
    train = data.splits["train"]
    cfg.model.src_vocab_size, cfg.model.tgt_vocab_size = len(data.src_vocab), len(data.tgt_vocab)

    def scored(model):
        score_pieces(model, train, data, cfg, fine_tuning=False)

    sampler = TokenBatchSampler([len(s) for s in train.src], [len(t) for t in train.tgt], cfg.data.max_tokens,
                                seed=0)
    picked = random.Random(0).sample(sampler.batches(0), args.batches)
    ours = [collate([(train.src[n], train.tgt[n]) for n in idx]) for idx in picked]
    print(f"threads {torch.get_num_threads()}; model d_model {cfg.model.d_model}, {cfg.model.n_encoder_layers}+"
          f"{cfg.model.n_decoder_layers} layers, d_ff {cfg.model.d_ff}; vocab {cfg.model.src_vocab_size}/"
          f"{cfg.model.tgt_vocab_size}; {args.batches} batches x {args.rounds} rounds")

    if args.compile:
        compare_compile(cfg, ours, args.rounds, scored)
        return

    if not args.only_mfu:
        compare_attentions_and_pipelines(cfg, ours, scored, args)
    utilization(cfg, ours, scored, args.record)


def compare_attentions_and_pipelines(cfg, ours, scored, args) -> None:
    # (a) same batches, fp32: each attention vs nn.Transformer
    # the types that can fill every role (the zoo's encoder-only ones: bench/attention_zoo.py)
    everywhere = [name for name in registered_attentions()
                  if not any(attention_class(name).why_not(role, {}) for role in ("encoder", "decoder", "cross"))]
    runs = {f"ours[{name}]": (our_trainer(cfg, "fp32", name, scored=scored), ours) for name in everywhere}
    runs["nn.Transformer"] = (baseline_trainer(cfg), [to_baseline_ids(b) for b in ours])
    rates = tokens_per_second(runs, args.rounds)
    print("\n(a) training step, same token batches, fp32")
    for name, rate in rates.items():
        print(f"  {name:16s} {rate:8.0f} tok/s   {rate / rates['nn.Transformer']:.2f}x nn.Transformer")

    # (b) whole pipelines: ours (token batches, preset precision) vs the tutorial's (random 128 sentences, fp32)
    base = baseline.load_baseline_data(args.data_dir)
    sentences = sum(len(b) for b in ours)
    tutorial = baseline.baseline_batches(base["train"]["pairs"], batch_size=128, seed=0)[:max(1, sentences // 128)]
    base_cfg = copy.deepcopy(cfg)
    base_cfg.model.src_vocab_size, base_cfg.model.tgt_vocab_size = len(base["src_itos"]), len(base["tgt_itos"])
    pipelines = {f"ours ({cfg.train.precision})": (our_trainer(cfg, cfg.train.precision, scored=scored), ours),
                 "tutorial": (baseline_trainer(base_cfg), tutorial)}
    rates_b = tokens_per_second(pipelines, args.rounds)
    pad = sum(int((b[2] == baseline.PAD).sum()) for b in tutorial) / sum(b[2].numel() for b in tutorial)
    print(f"\n(b) whole pipeline (tutorial target padding {pad:.0%})")
    for name, rate in rates_b.items():
        print(f"  {name:16s} {rate:8.0f} tok/s   {rate / rates_b['tutorial']:.2f}x tutorial")


def utilization(cfg, ours, scored, record: bool = False) -> None:
    """(c) FLOP utilization of our step against the machine's matmul peak; `record`: each precision's in the ledger."""
    flops = sum(step_flops(cfg, b, scored) for b in ours) / len(ours)
    tokens = sum(b.n_tgt_tokens for b in ours) / len(ours)
    print(f"\n(c) model FLOP utilization ({flops / tokens / 1e6:.1f} MFLOP per target token)")
    for precision, dtype in (("fp32", torch.float32), ("bf16", torch.bfloat16)):
        if precision == "bf16" and (missing := bf16_missing()):
            print(f"  bf16: skipped, {missing}: torch would emulate it")
            continue
        rate = tokens_per_second({"x": (our_trainer(cfg, precision, scored=scored), ours)}, 1)["x"]
        achieved = flops * rate / tokens
        peak = matmul_peak(dtype)
        print(f"  {precision}: {achieved / 1e9:6.1f} GFLOP/s of a {peak / 1e9:6.1f} GFLOP/s matmul peak = "
              f"{achieved / peak:.0%} MFU ({rate:.0f} tok/s)")
        if record:
            append(Record(topic="speed", metric="model_flop_utilization", value=round(achieved / peak, 3),
                          recipe=recipe_of(cfg), precision=precision, batch_tokens=cfg.data.max_tokens,
                          command=" ".join(["python -m bench.throughput", *map(shlex.quote, sys.argv[1:])]),
                          note=f"the training step's FLOP/s (its matmuls') over a large {precision} matmul's on the "
                               f"same {torch.get_num_threads()} threads"))
    if record:
        print("recorded in the ledger; `python -m results --write` regenerates the tables")


def compare_compile(cfg, batches, rounds: int, scored) -> None:
    """(d) eager vs torch.compile on the same batches from the same initial weights: speed and loss.
    Dropout is off here: compiled and eager dropout draw different masks, which would hide a real loss gap."""
    cfg = copy.deepcopy(cfg)
    cfg.model.dropout = cfg.model.attention_dropout = 0.0
    losses = {"eager": [], "compiled": []}
    eager = our_trainer(cfg, cfg.train.precision, losses=losses["eager"], scored=scored)
    compiled = our_trainer(cfg, cfg.train.precision, compile=True, losses=losses["compiled"], scored=scored)
    start = time.perf_counter()
    for batch in batches:                          # compiles for the shapes seen (dynamic=True: few recompiles)
        compiled(batch)
    compile_seconds = time.perf_counter() - start
    for batch in batches:
        eager(batch)
    first = {name: values[:len(batches)] for name, values in losses.items()}
    rates = tokens_per_second({"eager": (eager, batches), "compiled": (compiled, batches)}, rounds)
    print(f"\n(d) torch.compile, {cfg.train.precision} (first pass incl. compilation: {compile_seconds:.0f} s)")
    for name, rate in rates.items():
        print(f"  {name:10s} {rate:8.0f} tok/s   {rate / rates['eager']:.2f}x eager")
    gap = max(abs(a - b) for a, b in zip(first["eager"], first["compiled"]))
    print(f"  largest loss difference over the first {len(batches)} steps: {gap:.2e}")


if __name__ == "__main__":
    run_main(main)         # a UserError (a missing --data-dir, a bad checkpoint): one line, exit status 2
