"""A training run's state: what the loop's functions share, how it is built (fresh or resumed from last.pt), how its
checkpoints are written, and how val BLEU picks best.pt. The loop itself reads top to bottom in train.py."""
from __future__ import annotations

import json
import math
import os
import random
import signal
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch

from config import Config
from data.batching import TokenBatchSampler
from data.codec import Codec
from data.prepare import Prepared, SplitData, prepare_data
from decoding.translator import Translator
from models.attention import attention_class
from models.checkpoint import (ModelCheckpoint, average_checkpoints, best_checkpoint_info, check_vocabularies,
                               load_weights, save_checkpoint)
from models.transformer import Transformer, build_model, check_size
from training.rundir import open_log
from training.step import autocast, make_optimizer
from training.tensorboard import TensorBoardLog, check_tensorboard_installed
from training.validation import validation_scores
from util import distributed
from util.cli import pick_device
from util.errors import UserError


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
    partial_step: int = -1         # the step whose partial epoch was validated (once, however often resumed)


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
    metrics_log: object = None       # metrics.jsonl, open on rank 0
    tensorboard: TensorBoardLog | None = None   # with --train.tensorboard=true, on rank 0
    saved_step: int | None = None    # the step last.pt on disk holds
    best_on_disk: tuple | None = None  # (step, kind) of best.pt when it is ahead of last.pt (a kill between them)

    def log(self, text: str) -> None:
        if self.dist.is_main:
            print(text, flush=True)

    def record(self, kind: str, **values) -> None:
        if self.metrics_log:
            try:
                self.metrics_log.write(json.dumps({"kind": kind, **values}) + "\n")
                self.metrics_log.flush()
            except OSError as e:
                raise UserError(f"cannot append to {self.dir / 'metrics.jsonl'} ({e.strerror}); {self.kept()}") from None
        if self.tensorboard:
            self.tensorboard.record(kind, values)

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
            self.state.metrics_bytes = os.fstat(self.metrics_log.fileno()).st_size if self.metrics_log else -1
            train_state = {"state": asdict(self.state), "optimizer": self.optimizer.state_dict(),
                           "schedule": self.schedule.state_dict(),
                           "rng": {"torch": torch.get_rng_state(), "python": random.getstate()}}
        try:
            save_checkpoint(self.dir / name, model_state=self.model.state_dict(), config=self.cfg.to_dict(),
                            src_vocab=self.data.src_vocab.to_dict(), tgt_vocab=self.data.tgt_vocab.to_dict(),
                            subwords=self.translator.codec.subword_models(), train_state=train_state,
                            lexicon=self.data.lexicon.to_dict() if self.data.lexicon else None,
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


def check_finite_loss(run: Run, loss: float) -> None:
    """A NaN or infinite training loss means the weights are lost: stop before anything is written from them
    (a Python float, so the check costs nothing per step)."""
    if math.isfinite(loss):
        return
    train = run.cfg.train
    advice = [f"lower --train.lr (now {train.lr:g})"]
    advice.append("enable --train.clip_norm (e.g. --train.clip_norm=1)" if not train.clip_norm else
                  f"lower --train.clip_norm (now {train.clip_norm:g})")
    if train.warmup_steps < 100:
        advice.append(f"raise --train.warmup_steps (now {train.warmup_steps})")
    raise UserError(f"training diverged at step {run.state.step + 1}: the loss is {loss}; {', '.join(advice)}. "
                    f"Nothing was saved from the diverged weights; {run.kept()} (add the changed --train.* flags)")


def check_usable(cfg: Config) -> None:
    """What the config alone cannot know: registered attention names, a model of a sane size, an available device,
    optional packages."""
    for name in (cfg.model.attention, cfg.model.cross_attention or cfg.model.attention):
        attention_class(name)
    check_size(cfg.model)
    pick_device(cfg.train.device)
    if cfg.train.tensorboard:
        check_tensorboard_installed()


def build_run(data_dir, cfg: Config, run_dir: Path, resume: ModelCheckpoint | None, dist, device) -> Run:
    if cfg.train.threads > 0:
        torch.set_num_threads(cfg.train.threads)
    torch.set_flush_denormal(True)     # denormal floats (tiny early gradients) slow CPU math 10-100x
    torch.manual_seed(cfg.train.seed)
    random.seed(cfg.train.seed)

    if not dist.is_main:               # rank 0 tokenizes and caches, the others then load the cache
        distributed.barrier(dist)
    data = prepare_data(cfg.data, data_dir, splits=(cfg.data.train_split, cfg.data.val_split),
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
              autocast(device, cfg), Translator.of_model(model, cfg, Codec(cfg, data.src_vocab, data.tgt_vocab,
                                                                            data.src_subwords, data.tgt_subwords),
                                                         device, data.lexicon), sampler)
    if resume is not None:
        restore(run, resume)
    if dist.is_main:
        try:
            (run.dir / "config.json").write_text(cfg.to_json() + "\n")
            run.metrics_log = open_log(run.dir / "metrics.jsonl", run.state.metrics_bytes if resume else 0)
            if cfg.train.tensorboard:
                run.tensorboard = TensorBoardLog(run.dir, run.state.step if resume else None)
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
    apply_schedule_overrides(run, ckpt.raw["config"].get("train", {}))
    try:
        best = best_checkpoint_info(run.dir / "best.pt")
    except UserError as e:
        raise UserError(f"{str(e).split(';')[0]}; move it away and resume again: the run writes a new best.pt at its "
                        "next validation") from None
    run.state.best_bleu = best["val_bleu"] if best else -1.0
    if best and best["step"] > run.state.step:     # killed after best.pt was written and before last.pt
        run.best_on_disk = (best["step"], best["kind"])


def apply_schedule_overrides(run: Run, saved: dict) -> None:
    """The optimizer state last.pt holds carries the old lr, weight decay and betas: this run's --train.* values
    replace them (warmup_steps is in the schedule make_optimizer built), so config.json says what runs."""
    train, schedule = run.cfg.train, run.schedule
    schedule.base_lrs = [train.lr] * len(run.optimizer.param_groups)
    for n, group in enumerate(run.optimizer.param_groups):
        group["initial_lr"] = train.lr
        group["lr"] = train.lr * schedule.lr_lambdas[n](schedule.last_epoch)
        group["betas"] = (group["betas"][0], train.beta2)
        if n == 0:                     # the matrices; biases and norms (group 1) never decay
            group["weight_decay"] = train.weight_decay
    changed = [f"--train.{k}={getattr(train, k)} (was {saved[k]})" for k in ("lr", "warmup_steps", "weight_decay",
               "beta2") if k in saved and saved[k] != getattr(train, k)]
    if changed:
        run.log(f"resuming with {', '.join(changed)}: in effect from step {run.state.step + 1}")


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


def average_last_epochs(run: Run) -> None:
    """Average the last N epoch checkpoints into averaged.pt; it becomes best.pt if its val BLEU is higher.
    N is at most half the epochs trained (at least 2): a short run's first epochs would drag the average down."""
    n = min(run.cfg.train.average_last, max(2, run.state.epoch // 2))
    paths = sorted(run.dir.glob("epoch*.pt"), key=lambda p: int(p.stem[5:]))[-n:]
    if len(paths) < 2:
        return
    run.model.load_state_dict(average_checkpoints(paths))
    scores = validate_and_keep_best(run, "averaged", epochs=len(paths))
    run.checkpoint("averaged.pt", val_bleu=scores["val_bleu"], epochs=len(paths))
    run.log(f"averaged the last {len(paths)} epochs: val BLEU {scores['val_bleu']:.2f}"
            f"{' (best)' if scores['improved'] else ''}")


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
