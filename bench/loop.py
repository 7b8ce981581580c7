"""The training loop against its step alone, in one process on the same batches.

(a) step: training.step.train_step on batches collated beforehand (what bench/throughput.py times);
(b) loop: training.loop.train_epoch itself, run for the same batches (collate, step, tqdm, metrics records, budget
checks).

    python -m bench.loop --data-dir ../shared/data/multi30k --preset cpu --steps 20 --rounds 6
    python -m bench.loop --data-dir ../shared/data/multi30k --preset cpu --profile 10   # torch.profiler table
    python -m bench.loop --data-dir ../shared/data/multi30k --preset cpu --fresh --steps 30 --rounds 4

--fresh times the step alone on each round's batches, new to the model, then on the same batches again at once:
fresh / repeated says what batch shapes never seen before cost (oneDNN primitives and kernels are made per shape).

--against TREE trains two runs side by side, one with TREE's code (another checkout, e.g. an older commit) and one
with this checkout's, each in its own process (bench/step_worker.py), built as train.py builds it, each on its own
sampler's epoch-0 batches; they take turns every --steps batches, so a busy machine slows both alike:

    python -m bench.loop --data-dir ../shared/data/multi30k --preset cpu --against /tmp/old --steps 10 --rounds 25

Its steps have dropout on; `--dropout as-run` pauses it as train.py's first epoch does (the 30-minute recipes start
dropout with their fifth epoch, so most of a 30-minute run's steps are those).

Both train one model, built as train.py builds it (build_run: threads, flush-denormal, seed, the preset's dropout
and precision), on the sampler's real epoch-0 batches in order. Each round takes the next --steps batches; (a) and
(b) run them in turn, and which goes first alternates, so fresh batch shapes and load from elsewhere hit both alike.
Rates are non-pad target tokens over the summed wall-clock of the steps; train.py's logged tok/s is per step (the
median of those is shown too, it differs from the aggregate).
"""
from __future__ import annotations

import contextlib
import os
import shlex
import statistics
import sys
import tempfile
import time
from pathlib import Path

from util.kernels import keep_kernels
from util.threads import share_cores

share_cores()                    # before torch starts its threads, as the commands do
keep_kernels()                   # before torch's first oneDNN product

import torch  # noqa: E402

from bench.step_worker import DROPOUT  # noqa: E402
from bench.time_shares import where_time_goes  # noqa: E402
from cli import CommandParser, run_main, whole_number  # noqa: E402
from config.presets import make_config, recipe_of  # noqa: E402
from data.batching import collate  # noqa: E402
from training import loop  # noqa: E402
from training.run import build_run  # noqa: E402
from training.step import train_step  # noqa: E402
from training.stop import StopSignal  # noqa: E402
from util import distributed  # noqa: E402
from util.ledger import Record, append  # noqa: E402


class Timed:
    """Wraps a function the training loop calls (training/loop.py) and sums its wall-clock seconds."""

    def __init__(self, name: str):
        self.name, self.inner, self.seconds, self.calls, self.results = name, getattr(loop, name), 0.0, [], []

    def __call__(self, *args, **kwargs):
        start = time.perf_counter()
        result = self.inner(*args, **kwargs)
        self.calls.append(time.perf_counter() - start)
        self.seconds += self.calls[-1]
        self.results.append(result)
        return result


def step_alone(run, batches) -> tuple[float, int]:
    """(seconds, tokens) of train_step over pre-collated batches."""
    start = time.perf_counter()
    tokens = sum(train_step(run.ddp_model, run.optimizer, run.schedule, [b], run.cfg, run.amp, run.threads)[1]
                 for b in batches)
    return time.perf_counter() - start, tokens


def real_loop(run, n: int) -> tuple[float, int]:
    """(seconds, tokens) of training.loop.train_epoch over the run's next n batches (stopped by max_steps)."""
    state = run.state
    first = state.batch_in_epoch
    run.cfg.train.max_steps = state.step + n
    start = time.perf_counter()
    loop.train_epoch(run, StopSignal())          # never entered: no handlers, never requested
    seconds = time.perf_counter() - start
    tokens = state.epoch_tokens
    state.epoch_tokens, state.epoch_loss = 0, 0.0
    assert state.batch_in_epoch == first + n, "the loop ended the epoch: use fewer --steps or --rounds"
    return seconds, tokens


def main(argv=None) -> None:
    parser = CommandParser(prog="-m bench.loop", description=__doc__)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--preset", default="cpu")
    parser.add_argument("--steps", type=whole_number(1), default=20, help="batches per round")
    parser.add_argument("--rounds", type=whole_number(1), default=6)
    parser.add_argument("--warmup", type=whole_number(0), default=5, help="steps before timing (first-call allocations)")
    parser.add_argument("--profile", type=whole_number(0), default=0, metavar="N", help="torch.profiler over N loop steps")
    parser.add_argument("--fresh", action="store_true", help="step on new batches vs the same batches repeated")
    parser.add_argument("--against", default=None, metavar="TREE", help="this checkout's step vs TREE's, in turns")
    parser.add_argument("--dropout", choices=DROPOUT, default="on", help="with --against: the workers' dropout, on or "
                        "paused as in the run's first epoch (bench/step_worker.py)")
    parser.add_argument("--record", action="store_true", help="with --against: add the ratio of tokens a second to "
                        "the results ledger (results/ledger.jsonl)")
    args, overrides = parser.parse_known_args(argv)
    if args.against:
        against(args, overrides)
        return
    cfg = make_config(args.preset, [*overrides, "--train.time_budget=0"])
    out = Path(tempfile.mkdtemp(prefix="bench-loop-"))
    with contextlib.redirect_stdout(None):      # build_run prints the config
        run = build_run(args.data_dir, cfg, out, None, distributed.DistInfo(), torch.device("cpu"))
    batches = run.sampler.batches(0)
    print(f"threads {torch.get_num_threads()}; precision {run.state.precision}; "
          f"dropout {cfg.model.dropout}/{cfg.model.attention_dropout}; {len(batches)} batches in epoch 0; "
          f"{args.rounds} rounds x {args.steps} steps after {args.warmup} warm-up steps", flush=True)
    print(padding(run, batches))
    real_loop(run, args.warmup)

    if args.profile:
        profile(run, args.profile)
        return
    if args.fresh:
        fresh_vs_repeated(run, batches, args.steps, args.rounds)
        return

    timers = {name: Timed(name) for name in ("collate", "train_step")}
    for name, timer in timers.items():
        setattr(loop, name, timer)
    rates = {"step": [], "loop": []}
    seconds = {"step": 0.0, "loop": 0.0}
    for r in range(args.rounds):
        begin = run.state.batch_in_epoch
        group = [collate([(run.train_data.src[n], run.train_data.tgt[n]) for n in idx])
                 for idx in batches[begin:begin + args.steps]]
        order = ("step", "loop") if r % 2 == 0 else ("loop", "step")
        for name in order:
            if name == "step":
                s, tokens = step_alone(run, group)
            else:
                s, tokens = real_loop(run, args.steps)
                run.state.batch_in_epoch = begin + args.steps   # the next round takes new batches
            rates[name].append(tokens / s)
            seconds[name] += s
        print(f"  round {r + 1}: step {rates['step'][-1]:6.0f} tok/s, loop {rates['loop'][-1]:6.0f} tok/s "
              f"({order[0]} first)", flush=True)
    for name, timer in timers.items():
        setattr(loop, name, timer.inner)

    ratios = [b / a for a, b in zip(rates["step"], rates["loop"])]
    loop_total, inner, col = seconds["loop"], timers["train_step"].seconds, timers["collate"].seconds
    print(f"\nstep alone {statistics.median(rates['step']):.0f} tok/s, real loop {statistics.median(rates['loop']):.0f}"
          f" tok/s (medians over rounds); loop/step {seconds['step'] / loop_total:.3f} over all rounds, per round "
          f"median {statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f})")
    print(f"loop time: train_step {inner / loop_total:.1%}, collate {col / loop_total:.1%} "
          f"({1000 * col / len(timers['collate'].calls):.2f} ms a batch), the rest (tqdm, records, budget checks, "
          f"Python; the bar is opened and closed once a round) {(loop_total - inner - col) / loop_total:.1%}")
    print(f"train_step inside the loop vs alone (same batches): {seconds['step'] / inner:.3f}x the speed")
    collated, stepped = timers["collate"].calls, timers["train_step"]
    loop_rate = sum(tokens for _, tokens in stepped.results) / loop_total
    per_step = [tokens / (collated[k] + s)
                for k, ((_, tokens), s) in enumerate(zip(stepped.results, stepped.calls))]
    print(f"one step's tok/s, collate included (what train.py once logged), median over steps: "
          f"{statistics.median(per_step):.0f} = {statistics.median(per_step) / loop_rate:.2f}x the loop's aggregate; "
          "train.py now logs the aggregate since its last record")


def against(args, overrides) -> None:
    """This checkout's step against another's, in two worker processes taking turns (see the module docstring)."""
    import subprocess
    worker = Path(__file__).resolve().parent / "step_worker.py"
    trees = {"other": Path(args.against).resolve(), "this": Path(__file__).resolve().parents[1]}

    def env(tree: Path) -> dict:                 # the worker imports the tree's code first (and, -P, not bench/'s)
        return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")]))}
    procs = {name: subprocess.Popen([sys.executable, "-P", str(worker), "--preset", args.preset,
                                     "--dropout", args.dropout,
                                     *(["--data-dir", args.data_dir] if args.data_dir else []), *overrides],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env(tree))
             for name, tree in trees.items()}
    for proc in procs.values():
        assert proc.stdout.readline().strip() == "ready", "a worker failed to start"

    def step(name: str, n: int) -> tuple[int, float]:
        procs[name].stdin.write(f"{n}\n")
        procs[name].stdin.flush()
        tokens, seconds = procs[name].stdout.readline().split()[:2]
        return int(tokens), float(seconds)
    for name in procs:                                       # first-call allocations and kernel choices
        step(name, args.warmup)
    totals = {name: [0, 0.0] for name in procs}
    ratios = []
    for r in range(args.rounds):
        rates = {}
        for name in (("other", "this") if r % 2 == 0 else ("this", "other")):
            tokens, seconds = step(name, args.steps)
            totals[name][0] += tokens
            totals[name][1] += seconds
            rates[name] = tokens / seconds
        ratios.append(rates["this"] / rates["other"])
        print(f"  round {r + 1}: {trees['other'].name} {rates['other']:6.0f} tok/s, this {rates['this']:6.0f} tok/s, "
              f"{ratios[-1]:.3f}", flush=True)
    for proc in procs.values():
        proc.stdin.write("\n")
        proc.stdin.close()
        proc.wait()
    other, this = (tokens / seconds for tokens, seconds in totals.values())
    print(f"\n{trees['other']}: {other:.0f} tok/s, this checkout: {this:.0f} tok/s over {args.rounds} x {args.steps} "
          f"steps each after {args.warmup}: {this / other:.3f}x (per round median {statistics.median(ratios):.3f}, "
          f"min {min(ratios):.3f}, max {max(ratios):.3f})")
    if args.record:
        cfg = make_config(args.preset, [*overrides, "--train.time_budget=0"])
        base = tree_commit(trees["other"]) or trees["other"].name
        append(Record(topic="speed", metric="tokens_per_second_ratio", value=round(this / other, 3),
                      recipe=recipe_of(cfg), precision=cfg.train.precision, batch_tokens=cfg.data.max_tokens,
                      command=" ".join(["python -m bench.loop", *map(shlex.quote, sys.argv[1:])]),
                      note=f"against {base}: {args.rounds} rounds of {args.steps} steps, turn about, "
                           f"{torch.get_num_threads()} threads, dropout {args.dropout}; per round {min(ratios):.3f} to "
                           f"{max(ratios):.3f}"))
        print("recorded the ratio in the ledger; `python -m results --write` regenerates the tables")


def tree_commit(tree: Path) -> str:
    """The commit a checkout (or `git archive` of one, which has none) is at; "" when git cannot tell."""
    import subprocess
    found = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short=7", "HEAD"], capture_output=True,
                           text=True)
    return found.stdout.strip() if found.returncode == 0 and (tree / ".git").exists() else ""


def padding(run, batches) -> str:
    """What the epoch's batches, as collated, hold beyond the real tokens: source and target slots."""
    src = sum(len(run.train_data.src[k]) for idx in batches for k in idx)
    tgt = sum(len(run.train_data.tgt[k]) + 1 for idx in batches for k in idx)
    src_slots = tgt_slots = 0
    shapes = set()
    for idx in batches:
        batch = collate([(run.train_data.src[n], run.train_data.tgt[n]) for n in idx])
        src_slots, tgt_slots = src_slots + batch.src.numel(), tgt_slots + batch.tgt_out.numel()
        shapes.add((*batch.src.shape, batch.tgt_out.size(1)))
    return (f"padding of the epoch's batches: source {1 - src / src_slots:.1%}, target {1 - tgt / tgt_slots:.1%}, "
            f"both {1 - (src + tgt) / (src_slots + tgt_slots):.1%}; {len(shapes)} batch shapes in {len(batches)}")


def fresh_vs_repeated(run, batches, steps: int, rounds: int) -> None:
    """Each round: the step alone on `steps` batches the model has not seen, then on the same batches again."""
    begin = run.state.batch_in_epoch
    totals = {"fresh": [0.0, 0], "repeated": [0.0, 0]}
    ratios = []
    for r in range(rounds):
        idx = batches[begin + r * steps:begin + (r + 1) * steps]
        group = [collate([(run.train_data.src[n], run.train_data.tgt[n]) for n in k]) for k in idx]
        rates = {}
        for name in ("fresh", "repeated"):
            seconds, tokens = step_alone(run, group)
            totals[name][0] += seconds
            totals[name][1] += tokens
            rates[name] = tokens / seconds
        ratios.append(rates["fresh"] / rates["repeated"])
        print(f"  round {r + 1}: fresh {rates['fresh']:6.0f} tok/s, repeated {rates['repeated']:6.0f} tok/s, "
              f"{ratios[-1]:.3f}", flush=True)
    fresh, repeated = (tokens / seconds for seconds, tokens in totals.values())
    print(f"\nfresh {fresh:.0f} tok/s, repeated {repeated:.0f} tok/s: fresh/repeated {fresh / repeated:.3f} over all "
          f"rounds, per round median {statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f})")


def profile(run, n: int) -> None:
    from torch.profiler import ProfilerActivity, profile as torch_profile, record_function
    inner = {name: getattr(loop, name) for name in ("collate", "train_step")}

    def labelled(name):
        def call(*a, **k):
            with record_function(f"## {name}"):
                return inner[name](*a, **k)
        return call
    for name in inner:
        setattr(loop, name, labelled(name))
    with torch_profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
        real_loop(run, n)
    for name, fn in inner.items():
        setattr(loop, name, fn)
    print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=25))
    scored = run.model.scored_ids()            # model.output_pieces=seen: the output's operand has K rows, not V
    shares = where_time_goes(prof, run.cfg.model.tgt_vocab_size if scored is None else len(scored))
    total = sum(shares.values())
    print(f"where the time goes ({n} steps, self CPU time of each op, {total / 1e6:.1f} s):")
    for part, us in sorted(shares.items(), key=lambda kv: -kv[1]):
        print(f"  {part:34s} {us / total:6.1%}")


if __name__ == "__main__":
    run_main(main)         # a UserError (a missing --data-dir, a bad checkpoint): one line, exit status 2
