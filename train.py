"""Train a German→English Transformer on Multi30K.

    python train.py                                   # the base preset
    python train.py --preset cpu --data-dir ../shared/data/multi30k
    python train.py --resume runs/20261122-150000-base   # continue where it stopped
    torchrun --nproc_per_node=2 train.py ...          # data-parallel, one shard of batches per rank
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch
from tqdm import tqdm

from config import Config, apply_overrides, help_text, make_config, validate
from data.batching import TokenBatchSampler, collate
from data.prepare import Prepared, SplitData, prepare_data
from models.attention import attention_class
from models.transformer import Transformer, build_model
from translation.checkpoints import (ModelCheckpoint, best_checkpoint_info, check_vocabularies, load_weights,
                                     read_checkpoint)
from translation.training import autocast, make_optimizer, train_step, validation_scores
from translation.translator import Translator
from util import distributed
from util.checkpoint import average_state_dicts, save_checkpoint
from util.cli import import_user_module, pick_device, run_main, split_overrides
from util.errors import UserError
from util.plotting import plot_curves
from util.rundir import RunDirLock, claim_run_dir, open_log


@dataclass
class TrainState:
    """Everything besides weights and optimizer that a resumed run needs to continue the same curve."""
    step: int = 0
    epoch: int = 0                 # epochs completed
    batch_in_epoch: int = 0        # batches of the current epoch already trained on
    elapsed: float = 0.0           # training and validation seconds over all sessions of this run
    best_bleu: float = -1.0        # val BLEU of best.pt
    bad_epochs: int = 0            # epochs since val BLEU last improved
    epoch_loss: float = 0.0        # summed training loss of the current epoch so far
    epoch_tokens: int = 0
    metrics_bytes: int = -1        # length of metrics.jsonl when saved; a resumed run drops the records after it


@dataclass
class Run:
    """What the loop's small functions share."""
    cfg: Config
    dir: Path
    dist: distributed.DistInfo
    device: torch.device
    data: Prepared
    train_data: SplitData
    val_data: SplitData
    model: Transformer
    ddp_model: torch.nn.Module       # the model, wrapped for data-parallel training when there are ranks
    optimizer: torch.optim.Optimizer
    schedule: torch.optim.lr_scheduler.LRScheduler
    amp: object                      # the autocast context of the configured precision
    translator: Translator
    sampler: TokenBatchSampler
    state: TrainState = field(default_factory=TrainState)
    metrics: object = None           # metrics.jsonl, open on rank 0
    saved_step: int | None = None    # the step last.pt on disk holds
    best_on_disk: tuple | None = None  # (step, kind) of best.pt when it is ahead of last.pt (a kill between them)

    def log(self, text: str) -> None:
        if self.dist.is_main:
            print(text, flush=True)

    def record(self, kind: str, **values) -> None:
        if self.metrics:
            try:
                self.metrics.write(json.dumps({"kind": kind, **values}) + "\n")
                self.metrics.flush()
            except OSError as e:
                raise UserError(f"cannot append to {self.dir / 'metrics.jsonl'} ({e.strerror}); {self.kept()}") from None

    def kept(self) -> str:
        """What a failed write leaves: every file is whole (atomic writes), last.pt says where a resume starts."""
        if self.saved_step is None:
            return "there is no last.pt yet, so start again (with another --out) once that is fixed"
        return f"last.pt holds step {self.saved_step}; once that is fixed: python train.py --resume {self.dir}"

    def checkpoint(self, name: str, training: bool = False, **info) -> None:
        """Write a checkpoint on rank 0: weights, config, vocabularies and `info`; with `training` also the
        optimizer, schedule, RNG and TrainState that a resume needs (only last.pt; the others stay small)."""
        if not self.dist.is_main:
            return
        train_state = None
        if training:
            self.state.metrics_bytes = os.fstat(self.metrics.fileno()).st_size if self.metrics else -1
            train_state = {"state": asdict(self.state), "optimizer": self.optimizer.state_dict(),
                           "schedule": self.schedule.state_dict(),
                           "rng": {"torch": torch.get_rng_state(), "python": random.getstate()}}
        try:
            save_checkpoint(self.dir / name, model_state=self.model.state_dict(), config=self.cfg.to_dict(),
                            src_vocab=self.data.src_vocab.to_dict(), tgt_vocab=self.data.tgt_vocab.to_dict(),
                            subwords=self.translator.subword_models(), train_state=train_state,
                            info={"step": self.state.step, **info})
        except OSError as e:
            raise UserError(f"cannot write {self.dir / name} ({e.strerror}); {self.kept()}") from None
        if name == "last.pt":
            self.saved_step = self.state.step

    def out_of_budget(self) -> str | None:
        train = self.cfg.train
        if train.max_steps and self.state.step >= train.max_steps:
            return f"reached --train.max_steps={train.max_steps}"
        if train.time_budget and self.state.elapsed >= train.time_budget:
            return f"reached --train.time_budget={train.time_budget:g}s"
        return None


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=help_text())
    parser.add_argument("--preset", default="base")
    parser.add_argument("--data-dir", default=None, help="Multi30K files (default: $MULTI30K_DIR or a user cache)")
    parser.add_argument("--out", default=None, help="run directory (default: runs/<time>-<preset>)")
    parser.add_argument("--resume", default=None, metavar="RUN_DIR", help="continue the run in RUN_DIR")
    parser.add_argument("--user-module", default=None, help="a .py file to import first (custom attentions)")
    return split_overrides(argv, parser)


def setup(args, overrides) -> tuple[Run, RunDirLock | None]:
    """Config (checked first), the run directory (locked before any data work), devices, data, model and
    optimizer; the saved state when resuming."""
    import_user_module(args.user_module)
    if args.resume:
        run_dir = Path(args.resume)
        if not (run_dir / "last.pt").is_file():
            raise UserError(f"--resume {run_dir}: no last.pt there; pass the directory of a run that train.py "
                            "wrote (e.g. runs/<time>-<preset>)")
    else:
        cfg = make_config(args.preset, overrides)
        run_dir = Path(args.out or f"runs/{time.strftime('%Y%m%d-%H%M%S')}-{cfg.preset}")
        check_usable(cfg)
    lock = claim_run_dir(run_dir, resuming=bool(args.resume)) if distributed.is_main_process() else None
    try:
        resume = None
        if args.resume:      # read once the directory is ours: another run cannot be writing last.pt meanwhile
            resume = read_checkpoint(run_dir / "last.pt")
            if not resume.raw.get("train_state"):
                raise UserError(f"{run_dir / 'last.pt'} holds weights only, no training state, so the run cannot "
                                "continue from it")
            cfg = validate(apply_overrides(resume.cfg, overrides, ("train", "decode"), "when resuming"))
            check_usable(cfg)
        dist = distributed.setup(cfg.train.device)
        device = pick_device(cfg.train.device)
        if device.type == "cuda" and dist.enabled:
            device = torch.device("cuda", dist.local_rank)
        return build_run(args, cfg, run_dir, resume, dist, device), lock
    except BaseException:
        if lock:
            lock.release()
        raise


def check_usable(cfg: Config) -> None:
    """What the config alone cannot know: registered attention names, an available device."""
    for name in (cfg.model.attention, cfg.model.cross_attention or cfg.model.attention):
        attention_class(name)
    pick_device(cfg.train.device)


def build_run(args, cfg: Config, run_dir: Path, resume: ModelCheckpoint | None, dist, device) -> Run:
    if cfg.train.threads > 0:
        torch.set_num_threads(cfg.train.threads)
    torch.set_flush_denormal(True)     # denormal floats (tiny early gradients) slow CPU math 10-100x
    torch.manual_seed(cfg.train.seed)
    random.seed(cfg.train.seed)

    if not dist.is_main:               # rank 0 tokenizes and caches, the others then load the cache
        distributed.barrier(dist)
    data = prepare_data(cfg.data, args.data_dir, splits=(cfg.data.train_split, cfg.data.val_split),
                        progress=dist.is_main)
    if dist.is_main:
        distributed.barrier(dist)
    train_data, val_data = data.splits[cfg.data.train_split], data.splits[cfg.data.val_split]
    if not len(train_data) or not len(val_data):
        raise UserError(f"nothing to train on: {len(train_data)} usable {cfg.data.train_split} pairs (empty ones and "
                        f"those over --data.max_train_len={cfg.data.max_train_len} tokens are dropped), "
                        f"{len(val_data)} {cfg.data.val_split} pairs; check the data")
    if resume is not None:
        check_vocabularies(resume, data.src_vocab, data.tgt_vocab, run_dir / "last.pt")
    cfg.model.src_vocab_size, cfg.model.tgt_vocab_size = len(data.src_vocab), len(data.tgt_vocab)

    model = build_model(cfg.model).to(device)
    optimizer, schedule = make_optimizer(model, cfg)
    ddp_model = model
    if dist.enabled:
        ddp_model = torch.nn.parallel.DistributedDataParallel(
            model, device_ids=[device.index] if device.type == "cuda" else None)
    sampler = TokenBatchSampler([len(s) for s in train_data.src], [len(t) for t in train_data.tgt],
                                cfg.data.max_tokens, shuffle=True, seed=cfg.train.seed,
                                rank=dist.rank, world_size=dist.world_size)
    run = Run(cfg, run_dir, dist, device, data, train_data, val_data, model, ddp_model, optimizer, schedule,
              autocast(device, cfg), Translator(model, cfg, data.src_vocab, data.tgt_vocab, device,
                                                data.src_subwords, data.tgt_subwords), sampler)
    if resume is not None:
        restore(run, resume)
    if dist.is_main:
        try:
            (run.dir / "config.json").write_text(cfg.to_json() + "\n")
            run.metrics = open_log(run.dir / "metrics.jsonl", run.state.metrics_bytes if resume else 0)
        except OSError as e:
            raise UserError(f"cannot write to the run directory {run.dir} ({e.strerror}); {run.kept()}") from None
        run.log(cfg.to_json())
        run.log(f"model: {model.num_parameters():,} parameters on {device}; vocab "
                f"{cfg.model.src_vocab_size}/{cfg.model.tgt_vocab_size}; {len(train_data.src)} training "
                f"pairs; run {run.dir}" + (f"; resuming at step {run.state.step}" if resume else ""))
    return run


def restore(run: Run, ckpt: ModelCheckpoint) -> None:
    """Continue from last.pt; the best val BLEU comes from best.pt, the file a later improvement must beat."""
    path, saved = run.dir / "last.pt", ckpt.raw["train_state"]
    load_weights(run.model, ckpt.raw["model"], path)
    try:
        run.optimizer.load_state_dict(saved["optimizer"])
        run.schedule.load_state_dict(saved["schedule"])
        run.state = TrainState(**saved["state"])
        torch.set_rng_state(saved["rng"]["torch"])
        random.setstate(saved["rng"]["python"])
    except (KeyError, TypeError, ValueError, RuntimeError) as e:
        raise UserError(f"{path}: its training state is damaged ({str(e).splitlines()[0] if str(e) else e!r}); "
                        "the run cannot continue from it") from None
    run.saved_step = run.state.step
    best = best_checkpoint_info(run.dir / "best.pt")
    run.state.best_bleu = best["val_bleu"] if best else -1.0
    if best and best["step"] > run.state.step:     # killed after best.pt was written and before last.pt
        run.best_on_disk = (best["step"], best["kind"])


def install_stop_handlers() -> dict:
    """Ctrl-C / SIGTERM ask the loop to stop after the current step; a second Ctrl-C aborts at once.
    flag["previous"] holds the handlers to put back."""
    flag = {"stop": False}

    def handler(signum, frame):
        if flag["stop"] and signum == signal.SIGINT:
            raise KeyboardInterrupt
        flag["stop"] = True
    flag["previous"] = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    return flag


def train_epoch(run: Run, stop: dict) -> str | None:
    """Train from the run's position to the end of its epoch, then end the epoch; -> a stop reason or None."""
    state, cfg, world = run.state, run.cfg, run.dist.world_size
    batches = run.sampler.batches(state.epoch)
    bar = tqdm(total=len(batches), initial=state.batch_in_epoch, desc=f"epoch {state.epoch + 1}",
               disable=not run.dist.is_main, leave=False, mininterval=1.0, file=sys.stderr)
    reason = None
    while state.batch_in_epoch < len(batches) and reason is None:
        start = time.perf_counter()
        group = batches[state.batch_in_epoch:state.batch_in_epoch + cfg.train.accum_steps]
        group = [collate([(run.train_data.src[n], run.train_data.tgt[n]) for n in idx]).to(run.device)
                 for idx in group]
        loss, tokens = train_step(run.ddp_model, run.optimizer, run.schedule, group, cfg, run.amp)
        seconds = time.perf_counter() - start
        state.step, state.batch_in_epoch, state.elapsed = state.step + 1, state.batch_in_epoch + len(group), \
            state.elapsed + seconds
        state.epoch_loss, state.epoch_tokens = state.epoch_loss + loss * tokens, state.epoch_tokens + tokens
        lr = run.schedule.get_last_lr()[0]
        bar.update(len(group))
        bar.set_postfix(loss=f"{loss:.3f}", lr=f"{lr:.2e}", tok_s=f"{tokens * world / seconds:.0f}")
        if state.step % cfg.train.log_every == 0:
            run.record("step", step=state.step, epoch=state.epoch, loss=loss, lr=lr, elapsed=state.elapsed,
                       tokens_per_s=tokens * world / seconds)
        reason = "stopped by signal" if stop["stop"] else run.out_of_budget()
    bar.close()
    # an epoch whose last batch is trained ends here, whatever stopped the loop; after a signal, when resumed
    if state.batch_in_epoch >= len(batches) and not stop["stop"]:
        reason = end_epoch(run) or reason
    return reason


def validate_and_keep_best(run: Run, kind: str, **record) -> dict:
    """Val scores of the current weights, recorded; best.pt becomes these weights when their BLEU is the best."""
    start = time.perf_counter()
    scores = validation_scores(run.model, run.translator, run.val_data, run.cfg, run.device, run.amp)
    scores["seconds"] = time.perf_counter() - start
    run.state.elapsed += scores["seconds"]      # validation counts in the wall-clock budget
    # the same step, kind and BLEU as best.pt: the improvement a kill interrupted before last.pt, now redone
    redo = run.best_on_disk == (run.state.step, kind) and scores["val_bleu"] == run.state.best_bleu
    scores["improved"] = scores["val_bleu"] > run.state.best_bleu or redo
    if scores["improved"]:
        run.state.best_bleu, run.best_on_disk = scores["val_bleu"], None
        run.checkpoint("best.pt", val_bleu=scores["val_bleu"], epoch=run.state.epoch, kind=kind)
    run.record(kind, step=run.state.step, epoch=run.state.epoch, elapsed=run.state.elapsed, **record,
               val_loss=scores["val_loss"], val_bleu=scores["val_bleu"])
    return scores


def end_epoch(run: Run) -> str | None:
    """Validate, keep best/last (and the epoch's weights for averaging); -> a stop reason from early stopping.

    last.pt is written last: a kill before it leaves the previous last.pt, and the resumed run redoes the epoch."""
    state, cfg = run.state, run.cfg
    train_loss = state.epoch_loss / state.epoch_tokens if state.epoch_tokens else None
    state.epoch, state.batch_in_epoch, state.epoch_loss, state.epoch_tokens = state.epoch + 1, 0, 0.0, 0
    scores = validate_and_keep_best(run, "epoch", train_loss=train_loss)
    state.bad_epochs = 0 if scores["improved"] else state.bad_epochs + 1
    run.log(f"epoch {state.epoch} | step {state.step} | train loss "
            f"{'-' if train_loss is None else f'{train_loss:.3f}'} | val loss {scores['val_loss']:.3f} | "
            f"val BLEU {scores['val_bleu']:.2f}{' (best)' if scores['improved'] else ''} | "
            f"{state.elapsed:.0f}s (val {scores['seconds']:.0f}s)")
    if cfg.train.average_last:
        run.checkpoint(f"epoch{state.epoch}.pt", epoch=state.epoch)
        old = run.dir / f"epoch{state.epoch - cfg.train.average_last}.pt"
        if run.dist.is_main and old.exists():
            old.unlink()
    run.checkpoint("last.pt", training=True)
    if cfg.train.patience and state.bad_epochs >= cfg.train.patience:
        return f"val BLEU did not improve for {cfg.train.patience} epochs"
    return None


def average_last_epochs(run: Run) -> None:
    """Average the last N epoch checkpoints into averaged.pt; it becomes best.pt if its val BLEU is higher."""
    paths = sorted(run.dir.glob("epoch*.pt"), key=lambda p: int(p.stem[5:]))[-run.cfg.train.average_last:]
    if len(paths) < 2:
        return
    run.model.load_state_dict(average_state_dicts(paths))
    scores = validate_and_keep_best(run, "averaged", epochs=len(paths))
    run.checkpoint("averaged.pt", val_bleu=scores["val_bleu"], epochs=len(paths))
    run.log(f"averaged the last {len(paths)} epochs: val BLEU {scores['val_bleu']:.2f}"
            f"{' (best)' if scores['improved'] else ''}")


def finish(run: Run, reason: str | None) -> None:
    """After the loop: validate a partial epoch, average, record the end, draw the curves."""
    state, cfg = run.state, run.cfg
    if state.batch_in_epoch:
        scores = validate_and_keep_best(run, "partial")
        run.log(f"final | step {state.step} | val loss {scores['val_loss']:.3f} | val BLEU {scores['val_bleu']:.2f}")
        run.checkpoint("last.pt", training=True)
    run.log(f"done: {reason or f'{cfg.train.max_epochs} epochs'}; best val BLEU {state.best_bleu:.2f}")
    weights_sum = sum(float(p.detach().double().sum()) for p in run.model.parameters())
    in_sync = distributed.ranks_agree(run.dist, weights_sum)
    if cfg.train.average_last and run.dist.is_main:
        average_last_epochs(run)
    run.record("final", step=state.step, best_bleu=state.best_bleu, world_size=run.dist.world_size,
               ranks_in_sync=in_sync)
    if run.metrics:
        try:
            plot_curves(run.dir / "metrics.jsonl", run.dir / "curves.png")
            run.log(f"checkpoints and curves.png in {run.dir}")
        except OSError as e:
            print(f"warning: could not draw {run.dir / 'curves.png'} ({e.strerror}); the checkpoints are complete",
                  file=sys.stderr)


def main(argv) -> int:
    args, overrides = parse_args(argv)
    run, lock = setup(args, overrides)
    stop = install_stop_handlers()
    try:
        reason = run.out_of_budget()
        while reason is None and run.state.epoch < run.cfg.train.max_epochs:
            reason = train_epoch(run, stop)
        if stop["stop"]:
            run.checkpoint("last.pt", training=True)
            run.log(f"stopped at step {run.state.step}; nothing is lost. Resume with: "
                    f"python train.py --resume {run.dir}")
        else:
            finish(run, reason)
    finally:
        for sig, previous in stop["previous"].items():
            signal.signal(sig, previous)
        if run.metrics:
            run.metrics.close()
        if lock:
            lock.release()
    distributed.cleanup(run.dist)
    return 0


if __name__ == "__main__":
    run_main(main, needs_stdout=False)
