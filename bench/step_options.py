"""Options for the training step, side by side in one process: AdamW implementations, set_to_none, backend flags,
and the step's own loss (chunked), dropout mask and sdpa against torch's (--set torch-ops).

    python -m bench.step_options --data-dir ../shared/data/multi30k --preset cpu --steps 8 --rounds 5
    python -m bench.step_options --data-dir ../shared/data/multi30k --preset cpu --set torch-ops --steps 4 --rounds 8

Every variant starts from the same weights and trains on the same real batches (the sampler's epoch 0, in order),
keeping its own RNG stream, so its dropout masks are the other variants' and the losses after the last round say
whether an option changes the result (rounding aside). The variants take turns within a round, in a rotating
order; each figure is the median over rounds of non-pad target tokens per second. Then the model FLOP utilization
of the step: FLOPs by torch.utils.flop_counter over FLOP/s of a large fp32 matmul on the same threads.
"""
from __future__ import annotations

import contextlib
import copy
import statistics
import time

from util.kernels import keep_kernels
from util.threads import share_cores

share_cores()                    # before torch starts its threads, as the commands do
keep_kernels()                   # before torch's first oneDNN product

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import models.attention as attention_module  # noqa: E402
import models.dropout as dropout_module  # noqa: E402
import training.step as step_module  # noqa: E402
from bench.throughput import matmul_peak, our_model, step_flops  # noqa: E402
from config.presets import make_config  # noqa: E402
from data.batching import TokenBatchSampler, collate  # noqa: E402
from data.prepare import prepare_data  # noqa: E402
from training.precision import autocast, resolve_precision  # noqa: E402
from training.run import score_pieces  # noqa: E402
from training.step import make_optimizer, train_step  # noqa: E402
from cli import CommandParser, run_main, whole_number  # noqa: E402


@contextlib.contextmanager
def mkldnn_off():
    with torch.backends.mkldnn.flags(enabled=False):
        yield


def torch_cross_entropy(logits, targets, smoothing):
    return F.cross_entropy(logits.float(), targets, label_smoothing=smoothing, reduction="sum")


def torch_sdpa(self, q, k, v, mask=None, causal=False, bias=None, need_weights=False):
    """SdpaAttention.forward as torch's sdpa with its own dropout (its math path on a CPU)."""
    keep = mask.any(dim=-1, keepdim=True) if mask is not None else None
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=None if mask is None else mask | ~keep,
                                         dropout_p=self.dropout.p if self.training else 0.0)
    return (out if keep is None else out * keep), None


@contextlib.contextmanager
def replaced(*changes):
    """(object, attribute, value) triples set for the duration."""
    saved = [(obj, name, getattr(obj, name)) for obj, name, _ in changes]
    for obj, name, value in changes:
        setattr(obj, name, value)
    try:
        yield
    finally:
        for obj, name, value in saved:
            setattr(obj, name, value)


# the step's own loss, dropout and sdpa, each replaced by torch's alone and all together
LOSS = (step_module.SmoothedCrossEntropy, "apply", torch_cross_entropy)
DROPOUT = (dropout_module, "dropout", lambda x, p: F.dropout(x, p, training=True))
SDPA = (attention_module.SdpaAttention, "forward", torch_sdpa)


class Variant:
    """A model, its optimizer and RNG stream, trained with one option changed."""

    def __init__(self, cfg, weights, rng, scored, adamw: str = "fused", keep_grads: bool = False,
                 flags=contextlib.nullcontext):
        self.cfg, self.flags, self.rng = cfg, flags, rng.clone()
        self.model = our_model(cfg, scored)
        self.model.load_state_dict(weights)
        self.optimizer, self.schedule = make_optimizer(self.model, cfg, adamw)
        if keep_grads:              # zero the gradients in place instead of freeing them
            zero = self.optimizer.zero_grad
            self.optimizer.zero_grad = lambda set_to_none=True: zero(set_to_none=False)
        self.amp = autocast(torch.device("cpu"), cfg)
        self.losses: list[float] = []

    def train(self, batches) -> tuple[float, int]:
        """(seconds, tokens) over batches."""
        torch.set_rng_state(self.rng)
        tokens = 0
        with self.flags():
            start = time.perf_counter()
            for batch in batches:
                loss, n = train_step(self.model, self.optimizer, self.schedule, [batch], self.cfg, self.amp)
                self.losses.append(loss)
                tokens += n
            seconds = time.perf_counter() - start
        self.rng = torch.get_rng_state()
        return seconds, tokens


def main(argv=None) -> None:
    parser = CommandParser(prog="-m bench.step_options", description=__doc__)
    parser.add_argument("--data-dir", default=None)
    parser.add_argument("--preset", default="cpu")
    parser.add_argument("--steps", type=whole_number(1), default=8, help="batches per variant per round")
    parser.add_argument("--rounds", type=whole_number(1), default=5)
    parser.add_argument("--threads", type=whole_number(0), default=0, help="0 = torch's default, as train.py")
    parser.add_argument("--set", choices=("optimizer", "torch-ops"), default="optimizer",
                        help="optimizer: AdamW kinds, set_to_none, mkldnn; torch-ops: torch's loss, dropout, sdpa")
    args, overrides = parser.parse_known_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    torch.set_flush_denormal(True)            # as build_run
    cfg = make_config(args.preset, overrides)
    data = prepare_data(cfg.data, args.data_dir, splits=(cfg.data.train_split,), progress=False)
    train = data.splits[cfg.data.train_split]
    cfg.model.src_vocab_size, cfg.model.tgt_vocab_size = len(data.src_vocab), len(data.tgt_vocab)
    sampler = TokenBatchSampler([len(s) for s in train.src], [len(t) for t in train.tgt], cfg.data.max_tokens,
                                seed=cfg.train.seed)
    order = sampler.batches(0)
    segments = [[collate([(train.src[n], train.tgt[n]) for n in idx])
                 for idx in order[(r + 1) * args.steps:(r + 2) * args.steps]] for r in range(args.rounds)]
    warmup = [collate([(train.src[n], train.tgt[n]) for n in idx]) for idx in order[:2]]
    def scored(model):                        # the pieces the output scores, as train.py sets them
        score_pieces(model, train, data, cfg, fine_tuning=False)

    torch.manual_seed(cfg.train.seed)
    weights = copy.deepcopy(our_model(cfg, scored).state_dict())
    rng = torch.get_rng_state()               # one dropout stream for all: building a variant draws nothing from it
    if args.set == "optimizer":
        variants = {"fused AdamW (train.py)": Variant(cfg, weights, rng, scored),
                    "foreach AdamW": Variant(cfg, weights, rng, scored, "foreach"),
                    "for-loop AdamW": Variant(cfg, weights, rng, scored, "for-loop"),
                    "zero_grad(set_to_none=False)": Variant(cfg, weights, rng, scored, keep_grads=True),
                    "mkldnn off": Variant(cfg, weights, rng, scored, flags=mkldnn_off)}
    else:
        variants = {"train.py": Variant(cfg, weights, rng, scored),
                    "F.cross_entropy loss": Variant(cfg, weights, rng, scored, flags=lambda: replaced(LOSS)),
                    "torch dropout and sdpa": Variant(cfg, weights, rng, scored, flags=lambda: replaced(DROPOUT, SDPA)),
                    "all three as before": Variant(cfg, weights, rng, scored, flags=lambda: replaced(LOSS, DROPOUT, SDPA))}
    print(f"threads {torch.get_num_threads()}; precision {resolve_precision(cfg.train.precision, torch.device('cpu'))}"
          f"; dropout {cfg.model.dropout}/{cfg.model.attention_dropout}; {args.rounds} rounds x {args.steps} "
          "steps per variant", flush=True)
    for v in variants.values():               # first-call allocations and kernel choices, not timed
        v.train(warmup)
    rates: dict[str, list[float]] = {name: [] for name in variants}
    names = list(variants)
    for r, batches in enumerate(segments):
        for name in names[r % len(names):] + names[:r % len(names)]:
            seconds, tokens = variants[name].train(batches)
            rates[name].append(tokens / seconds)
        print(f"  round {r + 1}: " + ", ".join(f"{rates[n][-1]:.0f}" for n in names), flush=True)

    base = names[0]
    print(f"\n{'variant':30s} {'tok/s':>7s} {'vs ' + 'train.py':>12s} {'last loss':>10s}")
    for name in names:
        ratios = [a / b for a, b in zip(rates[name], rates[base])]
        print(f"{name:30s} {statistics.median(rates[name]):7.0f} {statistics.median(ratios):11.3f}x "
              f"{variants[name].losses[-1]:10.5f}")

    flops = sum(step_flops(cfg, b, scored) for b in segments[0]) / len(segments[0])
    tokens = sum(b.n_tgt_tokens for b in segments[0]) / len(segments[0])
    peak = matmul_peak(torch.float32)
    achieved = flops * statistics.median(rates[base]) / tokens
    print(f"\nMFU of train.py's step: {achieved / 1e9:.1f} GFLOP/s of a {peak / 1e9:.1f} GFLOP/s fp32 matmul peak "
          f"= {achieved / peak:.0%} ({flops / tokens / 1e6:.1f} MFLOP per target token, matmuls only)")


if __name__ == "__main__":
    run_main(main)         # a UserError (a missing --data-dir, a bad checkpoint): one line, exit status 2
