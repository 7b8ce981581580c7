"""Train a German→English Transformer on Multi30K.

    python train.py                                   # the base preset
    python train.py --preset cpu --data-dir ../shared/data/multi30k
    python train.py --resume runs/20261122-150000-base   # continue where it stopped
    torchrun --nproc_per_node=2 train.py ...          # data-parallel, one shard of batches per rank
"""
from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
from tqdm import tqdm

from config import Config, apply_overrides, help_text, make_config
from data.batching import TokenBatchSampler, collate
from data.prepare import prepare_data
from data.vocab import PAD
from models.attention import attention_class
from util import distributed
from util.checkpoint import average_state_dicts, load_checkpoint, save_checkpoint
from util.cli import import_user_module, pick_device, run_main, split_overrides
from util.plotting import plot_curves
from util.training import autocast, make_optimizer, train_step, validate
from util.translator import Translator, build_model


@dataclass
class TrainState:
    """Everything besides weights and optimizer that a resumed run needs to continue the same curve."""
    step: int = 0
    epoch: int = 0
    batch_in_epoch: int = 0        # batches of `epoch` already trained on
    elapsed: float = 0.0           # training seconds over all sessions of this run
    best_bleu: float = -1.0
    bad_epochs: int = 0            # epochs since val BLEU last improved


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=help_text())
    parser.add_argument("--preset", default="base")
    parser.add_argument("--data-dir", default=None, help="Multi30K files (default: $MULTI30K_DIR or a user cache)")
    parser.add_argument("--out", default=None, help="run directory (default: runs/<time>-<preset>)")
    parser.add_argument("--resume", default=None, metavar="RUN_DIR", help="continue the run in RUN_DIR")
    parser.add_argument("--user-module", default=None, help="a .py file to import first (custom attentions)")
    return split_overrides(argv, parser)


def resolve_config(args, overrides) -> tuple[Config, Path, dict | None]:
    if not args.resume:
        cfg = make_config(args.preset, overrides)
        out = Path(args.out or f"runs/{time.strftime('%Y%m%d-%H%M%S')}-{cfg.preset}")
        return cfg, out, None
    run_dir = Path(args.resume)
    ckpt = load_checkpoint(run_dir / "last.pt")
    cfg = apply_overrides(Config.from_dict(ckpt["config"]), overrides, ("train", "decode"), "when resuming")
    return cfg, run_dir, ckpt


def install_stop_handlers() -> dict:
    """Ctrl-C / SIGTERM ask the loop to stop after the current step; a second Ctrl-C aborts at once."""
    flag = {"stop": False}

    def handler(signum, frame):
        if flag["stop"] and signum == signal.SIGINT:
            raise KeyboardInterrupt
        flag["stop"] = True
    signal.signal(signal.SIGINT, handler)
    signal.signal(signal.SIGTERM, handler)
    return flag


class Run:
    """What the loop's small functions share: config, data, model, optimizer, state and the run directory."""

    def __init__(self, args, overrides):
        import_user_module(args.user_module)
        cfg, self.dir, resume = resolve_config(args, overrides)
        for name in (cfg.model.attention, cfg.model.cross_attention or cfg.model.attention):
            attention_class(name)          # an unknown name fails now, not after the data is prepared
        self.cfg, self.dist = cfg, distributed.setup(cfg.train.device)
        self.device = pick_device(cfg.train.device)
        if self.device.type == "cuda" and self.dist.enabled:
            self.device = torch.device("cuda", self.dist.local_rank)
        if cfg.train.threads > 0:
            torch.set_num_threads(cfg.train.threads)
        torch.set_flush_denormal(True)     # denormal floats (tiny early gradients) slow CPU math 10-100x
        torch.manual_seed(cfg.train.seed)
        random.seed(cfg.train.seed)

        # rank 0 tokenizes and caches, the others then load the cache
        if not self.dist.is_main:
            distributed.barrier(self.dist)
        self.data = prepare_data(cfg.data, args.data_dir, splits=(cfg.data.train_split, cfg.data.val_split),
                                 progress=self.dist.is_main)
        if self.dist.is_main:
            distributed.barrier(self.dist)
        self.train, self.val = self.data.splits[cfg.data.train_split], self.data.splits[cfg.data.val_split]
        cfg.model.src_vocab_size, cfg.model.tgt_vocab_size = len(self.data.src_vocab), len(self.data.tgt_vocab)
        cfg.model.pad_id = PAD

        self.model = build_model(cfg).to(self.device)
        self.optimizer, self.schedule = make_optimizer(self.model, cfg)
        self.state = TrainState()
        if resume is not None:
            self.restore(resume["model"], resume["train_state"])
        self.ddp_model = self.model
        if self.dist.enabled:
            self.ddp_model = torch.nn.parallel.DistributedDataParallel(
                self.model, device_ids=[self.device.index] if self.device.type == "cuda" else None)
        self.amp = autocast(self.device, cfg)
        self.translator = Translator(self.model, cfg, self.data.src_vocab, self.data.tgt_vocab, self.device)
        self.sampler = TokenBatchSampler([len(s) for s in self.train.src], [len(t) for t in self.train.tgt],
                                         cfg.data.max_tokens, shuffle=True, seed=cfg.train.seed,
                                         rank=self.dist.rank, world_size=self.dist.world_size)
        self.metrics = None
        if self.dist.is_main:
            self.dir.mkdir(parents=True, exist_ok=True)
            (self.dir / "config.json").write_text(cfg.to_json() + "\n")
            self.metrics = (self.dir / "metrics.jsonl").open("a")
            self.log(cfg.to_json())
            self.log(f"model: {self.model.num_parameters():,} parameters on {self.device}; vocab "
                     f"{cfg.model.src_vocab_size}/{cfg.model.tgt_vocab_size}; {len(self.train.src)} training "
                     f"pairs; run {self.dir}" + (f"; resuming at step {self.state.step}" if resume else ""))

    def restore(self, model_state: dict, saved: dict) -> None:
        self.model.load_state_dict(model_state)
        self.optimizer.load_state_dict(saved["optimizer"])
        self.schedule.load_state_dict(saved["schedule"])
        self.state = TrainState(**saved["state"])
        torch.set_rng_state(saved["rng"]["torch"])
        random.setstate(saved["rng"]["python"])

    def log(self, text: str) -> None:
        if self.dist.is_main:
            print(text, flush=True)

    def record(self, kind: str, **values) -> None:
        if self.metrics:
            self.metrics.write(json.dumps({"kind": kind, **values}) + "\n")
            self.metrics.flush()

    def checkpoint(self, name: str) -> None:
        if not self.dist.is_main:
            return
        train_state = {"state": asdict(self.state), "optimizer": self.optimizer.state_dict(),
                       "schedule": self.schedule.state_dict(),
                       "rng": {"torch": torch.get_rng_state(), "python": random.getstate()}}
        save_checkpoint(self.dir / name, model_state=self.model.state_dict(), config=self.cfg.to_dict(),
                        src_vocab=self.data.src_vocab.to_dict(), tgt_vocab=self.data.tgt_vocab.to_dict(),
                        train_state=train_state)

    def out_of_budget(self) -> str | None:
        train = self.cfg.train
        if train.max_steps and self.state.step >= train.max_steps:
            return f"reached --train.max_steps={train.max_steps}"
        if train.time_budget and self.state.elapsed >= train.time_budget:
            return f"reached --train.time_budget={train.time_budget:g}s"
        return None

    def validate(self) -> tuple[dict, float]:
        """Val scores, and the seconds they took (counted in the wall-clock time budget)."""
        start = time.perf_counter()
        scores = validate(self.model, self.translator, self.val, self.cfg, self.device, self.amp)
        seconds = time.perf_counter() - start
        self.state.elapsed += seconds
        return scores, seconds


def train_epoch(run: Run, stop: dict) -> tuple[str | None, float]:
    """Train from the run's position to the end of its epoch, or until a stop. -> (stop reason, mean loss)."""
    state, cfg, world = run.state, run.cfg, run.dist.world_size
    batches = run.sampler.batches(state.epoch)
    bar = tqdm(total=len(batches), initial=state.batch_in_epoch, desc=f"epoch {state.epoch + 1}",
               disable=not run.dist.is_main, leave=False, mininterval=1.0, file=sys.stderr)
    epoch_loss, epoch_tokens, reason = 0.0, 0, None
    while state.batch_in_epoch < len(batches) and reason is None:
        start = time.perf_counter()
        group = batches[state.batch_in_epoch:state.batch_in_epoch + cfg.train.accum_steps]
        group = [collate([(run.train.src[n], run.train.tgt[n]) for n in idx], pad_id=PAD).to(run.device)
                 for idx in group]
        loss, tokens = train_step(run.ddp_model, run.optimizer, run.schedule, group, cfg, run.amp)
        seconds = time.perf_counter() - start
        state.step, state.batch_in_epoch, state.elapsed = state.step + 1, state.batch_in_epoch + len(group), \
            state.elapsed + seconds
        epoch_loss, epoch_tokens = epoch_loss + loss * tokens, epoch_tokens + tokens
        lr = run.schedule.get_last_lr()[0]
        bar.update(len(group))
        bar.set_postfix(loss=f"{loss:.3f}", lr=f"{lr:.2e}", tok_s=f"{tokens * world / seconds:.0f}")
        if state.step % cfg.train.log_every == 0:
            run.record("step", step=state.step, epoch=state.epoch, loss=loss, lr=lr, elapsed=state.elapsed,
                       tokens_per_s=tokens * world / seconds)
        reason = "stopped by signal" if stop["stop"] else run.out_of_budget()
    bar.close()
    return reason, epoch_loss / max(epoch_tokens, 1)


def end_epoch(run: Run, train_loss: float) -> str | None:
    """Validate, keep last/best (and epoch checkpoints for averaging); -> a stop reason from early stopping."""
    state, cfg = run.state, run.cfg
    state.epoch, state.batch_in_epoch = state.epoch + 1, 0
    scores, seconds = run.validate()
    improved = scores["val_bleu"] > state.best_bleu
    state.best_bleu = max(state.best_bleu, scores["val_bleu"])
    state.bad_epochs = 0 if improved else state.bad_epochs + 1
    run.record("epoch", epoch=state.epoch, step=state.step, elapsed=state.elapsed, train_loss=train_loss, **scores)
    run.log(f"epoch {state.epoch} | step {state.step} | train loss {train_loss:.3f} | val loss "
            f"{scores['val_loss']:.3f} | val BLEU {scores['val_bleu']:.2f}{' (best)' if improved else ''} | "
            f"{state.elapsed:.0f}s (val {seconds:.0f}s)")
    run.checkpoint("last.pt")
    if improved:
        run.checkpoint("best.pt")
    if cfg.train.average_last:
        run.checkpoint(f"epoch{state.epoch}.pt")
        old = run.dir / f"epoch{state.epoch - cfg.train.average_last}.pt"
        if run.dist.is_main and old.exists():
            old.unlink()
    if cfg.train.patience and state.bad_epochs >= cfg.train.patience:
        return f"val BLEU did not improve for {cfg.train.patience} epochs"
    return None


def validate_last_steps(run: Run) -> None:
    """A run that stopped inside an epoch: validate the model it ended with, keep it if it is the best."""
    scores, _ = run.validate()
    state = run.state
    run.record("epoch", epoch=state.epoch, step=state.step, elapsed=state.elapsed, train_loss=None, **scores)
    run.log(f"final | step {state.step} | val loss {scores['val_loss']:.3f} | val BLEU {scores['val_bleu']:.2f}")
    if scores["val_bleu"] > state.best_bleu:
        state.best_bleu = scores["val_bleu"]
        run.checkpoint("best.pt")
    run.checkpoint("last.pt")


def average_last_epochs(run: Run) -> None:
    """Average the last N epoch checkpoints into averaged.pt; it becomes best.pt if its val BLEU is higher."""
    paths = sorted(run.dir.glob("epoch*.pt"), key=lambda p: int(p.stem[5:]))[-run.cfg.train.average_last:]
    if len(paths) < 2:
        return
    run.model.load_state_dict(average_state_dicts(paths))
    scores, _ = run.validate()
    run.checkpoint("averaged.pt")
    run.log(f"averaged the last {len(paths)} epochs: val BLEU {scores['val_bleu']:.2f}")
    if scores["val_bleu"] > run.state.best_bleu:
        run.state.best_bleu = scores["val_bleu"]
        run.checkpoint("best.pt")


def main(argv) -> int:
    args, overrides = parse_args(argv)
    run = Run(args, overrides)
    state, cfg = run.state, run.cfg
    stop = install_stop_handlers()
    reason = run.out_of_budget()
    while reason is None and state.epoch < cfg.train.max_epochs:
        reason, train_loss = train_epoch(run, stop)
        if reason is None:
            reason = end_epoch(run, train_loss)

    if stop["stop"]:
        run.checkpoint("last.pt")
        run.log(f"stopped at step {state.step}; nothing is lost. Resume with: python train.py --resume {run.dir}")
    else:
        if state.batch_in_epoch:
            validate_last_steps(run)
        run.log(f"done: {reason or f'{cfg.train.max_epochs} epochs'}; best val BLEU {state.best_bleu:.2f}")
        weights_sum = sum(float(p.detach().double().sum()) for p in run.model.parameters())
        in_sync = distributed.ranks_agree(run.dist, weights_sum)
        if cfg.train.average_last and run.dist.is_main:
            average_last_epochs(run)
        run.record("final", step=state.step, best_bleu=state.best_bleu, world_size=run.dist.world_size,
                   ranks_in_sync=in_sync)
        if run.metrics:
            plot_curves(run.dir / "metrics.jsonl", run.dir / "curves.png")
            run.log(f"checkpoints and curves.png in {run.dir}")
    if run.metrics:
        run.metrics.close()
    distributed.cleanup(run.dist)
    return 0


if __name__ == "__main__":
    run_main(main)
