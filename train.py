"""Train a German→English Transformer on Multi30K.

    python train.py                                   # the base preset
    python train.py --preset cpu --data-dir ../shared/data/multi30k
    python train.py --resume runs/20261122-150000-base   # continue where it stopped
    torchrun --nproc_per_node=2 train.py ...          # data-parallel, one shard of batches per rank
"""
from __future__ import annotations

import argparse
import json
import math
import random
import signal
import sys
import time
from contextlib import nullcontext
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
import torch.nn.functional as F
from tqdm import tqdm

from config import Config, help_text, make_config, set_value
from data.batching import TokenBatchSampler, collate
from data.prepare import prepare_data
from data.vocab import PAD
from models.attention import attention_class
from util import distributed
from util.bleu import corpus_scores
from util.checkpoint import average_state_dicts, load_checkpoint, save_checkpoint
from util.cli import import_user_module, pick_device, run_main, split_overrides
from util.errors import UserError
from util.plotting import plot_curves
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
    cfg = Config.from_dict(ckpt["config"])
    for item in overrides:
        key, _, value = item.removeprefix("--").partition("=")
        if not key.startswith(("train.", "decode.")):
            raise UserError(f"--{key} cannot change when resuming; only --train.* and --decode.* can")
        set_value(cfg, key, value)
    return cfg, run_dir, ckpt


def make_optimizer(model, cfg: Config):
    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": cfg.train.weight_decay},
                                   {"params": no_decay, "weight_decay": 0.0}],
                                  lr=cfg.train.lr, betas=(0.9, cfg.train.beta2), eps=1e-8)
    warmup = max(1, cfg.train.warmup_steps)
    # Linear warmup to the peak, then inverse-square-root decay (Vaswani et al. 2017).
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: min((step + 1) / warmup, math.sqrt(warmup / (step + 1))))
    return optimizer, schedule


def autocast(device, cfg: Config):
    precision = cfg.train.precision
    if precision == "auto":
        precision = "bf16" if device.type == "cuda" else "fp32"
    if precision not in ("fp32", "bf16"):
        raise UserError(f"--train.precision={precision} is not one of auto, fp32, bf16")
    return torch.autocast(device.type, dtype=torch.bfloat16) if precision == "bf16" else nullcontext()


def loss_sum(model, batch, label_smoothing: float, amp) -> torch.Tensor:
    """Summed label-smoothed cross-entropy over the batch's non-pad target tokens."""
    with amp:
        logits = model(batch.src, batch.tgt_in)                          # (b, i, V)
    return F.cross_entropy(logits.float().flatten(0, 1), batch.tgt_out.flatten(), ignore_index=PAD,
                           label_smoothing=label_smoothing, reduction="sum")


def train_step(model, optimizer, schedule, batches, cfg: Config, amp) -> tuple[float, int]:
    """One optimizer step over `batches` (gradient accumulation). Returns (mean loss per token, tokens)."""
    model.train()
    tokens = sum(b.n_tgt_tokens for b in batches)
    total = 0.0
    for n, batch in enumerate(batches):
        sync = n == len(batches) - 1 or not hasattr(model, "no_sync")
        with nullcontext() if sync else model.no_sync():
            loss = loss_sum(model, batch, cfg.train.label_smoothing, amp)
            (loss / tokens).backward()
        total += loss.item()
    if cfg.train.clip_norm > 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.train.clip_norm)
    optimizer.step()
    schedule.step()
    optimizer.zero_grad(set_to_none=True)
    return total / max(tokens, 1), tokens


@torch.no_grad()
def validate(model, translator: Translator, split, cfg: Config, device, amp) -> dict:
    """Teacher-forced loss and BLEU of search output (detokenized, cased sacreBLEU) on a split."""
    model.eval()
    n = cfg.train.val_max_sentences or len(split.src)
    pairs = list(zip(split.src[:n], split.tgt[:n]))
    loss, tokens = 0.0, 0
    for start in range(0, n, 128):
        batch = collate(pairs[start:start + 128], pad_id=PAD).to(device)
        loss += loss_sum(model, batch, 0.0, amp).item()
        tokens += batch.n_tgt_tokens
    decode = type(cfg.decode)(**{**asdict(cfg.decode), "beam": cfg.train.val_beam})
    with amp:
        hyps = translator.search_ids(split.src[:n], decode)
    texts = [translator.ids_to_text(h[0][0]) for h in hyps]
    return {"val_loss": loss / max(tokens, 1), "val_bleu": corpus_scores(texts, split.tgt_text[:n])["bleu"]}


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


def main(argv) -> int:
    args, overrides = parse_args(argv)
    import_user_module(args.user_module)
    cfg, run_dir, resume_ckpt = resolve_config(args, overrides)
    for name in (cfg.model.attention, cfg.model.cross_attention or cfg.model.attention):
        attention_class(name)          # an unknown name fails now, not after the data is prepared
    dist = distributed.setup(cfg.train.device)
    device = pick_device(cfg.train.device)
    if device.type == "cuda" and dist.enabled:
        device = torch.device("cuda", dist.local_rank)
    if cfg.train.threads > 0:
        torch.set_num_threads(cfg.train.threads)
    torch.set_flush_denormal(True)     # denormal floats (tiny early gradients) slow CPU math 10-100x
    torch.manual_seed(cfg.train.seed)
    random.seed(cfg.train.seed)
    log = print if dist.is_main else (lambda *a, **k: None)

    # Data: rank 0 tokenizes and caches, the others then load the cache.
    if not dist.is_main:
        distributed.barrier(dist)
    data = prepare_data(cfg.data, args.data_dir, splits=(cfg.data.train_split, cfg.data.val_split),
                        progress=dist.is_main)
    if dist.is_main:
        distributed.barrier(dist)
    train, val = data.splits[cfg.data.train_split], data.splits[cfg.data.val_split]
    cfg.model.src_vocab_size, cfg.model.tgt_vocab_size = len(data.src_vocab), len(data.tgt_vocab)
    cfg.model.pad_id = PAD

    model = build_model(cfg).to(device)
    optimizer, schedule = make_optimizer(model, cfg)
    state = TrainState()
    if resume_ckpt is not None:
        model.load_state_dict(resume_ckpt["model"])
        saved = resume_ckpt["train_state"]
        optimizer.load_state_dict(saved["optimizer"])
        schedule.load_state_dict(saved["schedule"])
        state = TrainState(**saved["state"])
        torch.set_rng_state(saved["rng"]["torch"])
        random.setstate(saved["rng"]["python"])
        log(f"resuming {run_dir} at epoch {state.epoch + 1}, step {state.step}")
    ddp_model = model
    if dist.enabled:
        ddp_model = torch.nn.parallel.DistributedDataParallel(
            model, device_ids=[device.index] if device.type == "cuda" else None)
    amp = autocast(device, cfg)
    translator = Translator(model, cfg, data.src_vocab, data.tgt_vocab, device)
    sampler = TokenBatchSampler([len(s) for s in train.src], [len(t) for t in train.tgt], cfg.data.max_tokens,
                                shuffle=True, seed=cfg.train.seed, rank=dist.rank, world_size=dist.world_size)

    if dist.is_main:
        run_dir.mkdir(parents=True, exist_ok=True)
        (run_dir / "config.json").write_text(cfg.to_json() + "\n")
        log(cfg.to_json())
        log(f"model: {sum(p.numel() for p in model.parameters()):,} parameters on {device}; "
            f"vocab {len(data.src_vocab)}/{len(data.tgt_vocab)}; {len(train.src)} training pairs; run {run_dir}")
    metrics = (run_dir / "metrics.jsonl").open("a") if dist.is_main else None

    def record(kind: str, **values) -> None:
        if metrics:
            metrics.write(json.dumps({"kind": kind, **values}) + "\n")
            metrics.flush()

    def checkpoint(name: str) -> None:
        if not dist.is_main:
            return
        train_state = {"state": asdict(state), "optimizer": optimizer.state_dict(),
                       "schedule": schedule.state_dict(),
                       "rng": {"torch": torch.get_rng_state(), "python": random.getstate()}}
        save_checkpoint(run_dir / name, model_state=model.state_dict(), config=cfg.to_dict(),
                        src_vocab=data.src_vocab.to_dict(), tgt_vocab=data.tgt_vocab.to_dict(),
                        train_state=train_state)

    def out_of_budget() -> str | None:
        if cfg.train.max_steps and state.step >= cfg.train.max_steps:
            return f"reached --train.max_steps={cfg.train.max_steps}"
        if cfg.train.time_budget and state.elapsed >= cfg.train.time_budget:
            return f"reached --train.time_budget={cfg.train.time_budget:g}s"
        return None

    def end_of_training_validation() -> None:
        scores = validate(model, translator, val, cfg, device, amp)
        record("epoch", epoch=state.epoch, step=state.step, elapsed=state.elapsed, train_loss=None, **scores)
        log(f"final | step {state.step} | val loss {scores['val_loss']:.3f} | val BLEU {scores['val_bleu']:.2f}")
        if scores["val_bleu"] > state.best_bleu:
            state.best_bleu = scores["val_bleu"]
            checkpoint("best.pt")

    stop = install_stop_handlers()
    reason = out_of_budget()
    while reason is None and state.epoch < cfg.train.max_epochs:
        batches = sampler.batches(state.epoch)
        bar = tqdm(total=len(batches), initial=state.batch_in_epoch, desc=f"epoch {state.epoch + 1}",
                   disable=not dist.is_main, leave=False, mininterval=1.0, file=sys.stderr)
        epoch_loss, epoch_tokens = 0.0, 0
        while state.batch_in_epoch < len(batches):
            start = time.perf_counter()
            group = batches[state.batch_in_epoch:state.batch_in_epoch + cfg.train.accum_steps]
            group = [collate([(train.src[n], train.tgt[n]) for n in idx], pad_id=PAD).to(device) for idx in group]
            loss, tokens = train_step(ddp_model, optimizer, schedule, group, cfg, amp)
            seconds = time.perf_counter() - start
            state.step += 1
            state.batch_in_epoch += len(group)
            state.elapsed += seconds
            epoch_loss, epoch_tokens = epoch_loss + loss * tokens, epoch_tokens + tokens
            lr = schedule.get_last_lr()[0]
            bar.update(len(group))
            bar.set_postfix(loss=f"{loss:.3f}", lr=f"{lr:.2e}", tok_s=f"{tokens * dist.world_size / seconds:.0f}")
            if state.step % cfg.train.log_every == 0:
                record("step", step=state.step, epoch=state.epoch, loss=loss, lr=lr, elapsed=state.elapsed,
                       tokens_per_s=tokens * dist.world_size / seconds)
            reason = "stopped by signal" if stop["stop"] else out_of_budget()
            if reason:
                break
        bar.close()
        if reason:
            break
        state.epoch, state.batch_in_epoch = state.epoch + 1, 0
        start = time.perf_counter()
        scores = validate(model, translator, val, cfg, device, amp)
        val_seconds = time.perf_counter() - start
        state.elapsed += val_seconds      # the time budget is wall-clock: validation counts
        improved = scores["val_bleu"] > state.best_bleu
        state.best_bleu = max(state.best_bleu, scores["val_bleu"])
        state.bad_epochs = 0 if improved else state.bad_epochs + 1
        train_loss = epoch_loss / max(epoch_tokens, 1)
        record("epoch", epoch=state.epoch, step=state.step, elapsed=state.elapsed, train_loss=train_loss, **scores)
        log(f"epoch {state.epoch} | step {state.step} | train loss {train_loss:.3f} | "
            f"val loss {scores['val_loss']:.3f} | val BLEU {scores['val_bleu']:.2f}"
            f"{' (best)' if improved else ''} | {state.elapsed:.0f}s (val {val_seconds:.0f}s)")
        checkpoint("last.pt")
        if improved:
            checkpoint("best.pt")
        if cfg.train.average_last:
            checkpoint(f"epoch{state.epoch}.pt")
            old = run_dir / f"epoch{state.epoch - cfg.train.average_last}.pt"
            if dist.is_main and old.exists():
                old.unlink()
        if cfg.train.patience and state.bad_epochs >= cfg.train.patience:
            reason = f"val BLEU did not improve for {cfg.train.patience} epochs"

    if stop["stop"]:
        checkpoint("last.pt")
        log(f"stopped at step {state.step}; nothing is lost. Resume with: python train.py --resume {run_dir}")
        distributed.cleanup(dist)
        return 0
    if state.batch_in_epoch:           # stopped inside an epoch: this model has not been validated yet
        end_of_training_validation()
        checkpoint("last.pt")
    log(f"done: {reason or f'{cfg.train.max_epochs} epochs'}; best val BLEU {state.best_bleu:.2f}")
    if cfg.train.average_last and dist.is_main:
        average_checkpoints(model, translator, val, cfg, device, amp, run_dir, state, checkpoint, log)
    in_sync = distributed.ranks_agree(dist, sum(float(p.detach().double().sum()) for p in model.parameters()))
    record("final", step=state.step, best_bleu=state.best_bleu, world_size=dist.world_size, ranks_in_sync=in_sync)
    if dist.is_main:
        metrics.close()
        plot_curves(run_dir / "metrics.jsonl", run_dir / "curves.png")
        log(f"checkpoints and curves.png in {run_dir}")
    distributed.cleanup(dist)
    return 0


def average_checkpoints(model, translator, val, cfg, device, amp, run_dir, state, checkpoint, log) -> None:
    """Average the last N epoch checkpoints into averaged.pt; it becomes best.pt if its val BLEU is higher."""
    paths = sorted(run_dir.glob("epoch*.pt"), key=lambda p: int(p.stem[5:]))[-cfg.train.average_last:]
    if len(paths) < 2:
        return
    model.load_state_dict(average_state_dicts(paths))
    scores = validate(model, translator, val, cfg, device, amp)
    checkpoint("averaged.pt")
    log(f"averaged {len(paths)} checkpoints: val BLEU {scores['val_bleu']:.2f}")
    if scores["val_bleu"] > state.best_bleu:
        state.best_bleu = scores["val_bleu"]
        checkpoint("best.pt")


if __name__ == "__main__":
    run_main(main)
