"""The training step and its parts: optimizer and schedule, loss (the precision it runs in: training/precision.py)."""
from __future__ import annotations

from contextlib import nullcontext

import torch

from config import Config
from data.vocab import PAD
from models.dropout import Dropout
from training.parts import PartThreads, backward_passes
from training.schedule import Schedule, plan_of


# AdamW's implementations (all give the same updates up to rounding); bench/step_options.py times them.
ADAMW_KINDS = {"fused": {"fused": True}, "foreach": {"foreach": True}, "for-loop": {"foreach": False}}


def make_optimizer(model, cfg: Config, kind: str = "fused"):
    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": cfg.train.weight_decay},
                                   {"params": no_decay, "weight_decay": 0.0}],
                                  lr=cfg.train.lr, betas=(0.9, cfg.train.beta2), eps=1e-8, **ADAMW_KINDS[kind])
    return optimizer, Schedule(optimizer, plan_of(cfg.train))


class SmoothedCrossEntropy(torch.autograd.Function):
    """F.cross_entropy(logits.float(), targets, label_smoothing=s, reduction="sum"), computed in row chunks
    small enough to stay in cache, with its gradient made in the same pass, in the logits' dtype:

        loss_r = logsumexp(z_r) - (1 - s) z_r[y_r] - s/V sum_v z_rv,   dloss_r/dz_r = softmax(z_r) - (1 - s) onehot(y_r) - s/V

    F.cross_entropy of bf16 logits makes (n, V) fp32 copies, log-probabilities and gradients, about ten passes over
    memory of the size of the logits; this reads them once and writes the gradient once."""

    CHUNK = 64                       # rows: 64 x 8,000 fp32 logits are 2 MB, the L2 cache of a core or two

    @staticmethod
    def forward(ctx, logits: torch.Tensor, targets: torch.Tensor, smoothing: float) -> torch.Tensor:
        n, vocab = logits.shape
        total = torch.zeros((), dtype=torch.float32, device=logits.device)
        # fp32 logits are needed by nothing else (the projection's gradient reads its input and weight), so their
        # memory becomes the gradient; lower precisions get an fp32 pass per chunk and a gradient of their dtype
        in_place = logits.dtype == torch.float32 and ctx.needs_input_grad[0]
        grad = logits if in_place else torch.empty_like(logits) if ctx.needs_input_grad[0] else None
        # a GPU has no such cache to stay in, and each chunk's dozen kernel launches would cost more than its work
        chunk = SmoothedCrossEntropy.CHUNK if logits.device.type == "cpu" else max(n, 1)
        for start in range(0, n, chunk):
            rows = slice(start, start + chunk)
            z, y = logits[rows], targets[rows, None]                                 # (c, V), (c, 1)
            picked, z_sum = z.gather(1, y).float(), z.sum(-1, keepdim=True, dtype=torch.float32)
            top = z.amax(-1, keepdim=True).float()                                    # (c, 1)
            e = (z.sub_(top) if in_place else z - top).exp_()                         # exp(z - top), (c, V) fp32
            e_sum = e.sum(-1, keepdim=True)
            lse = top + e_sum.log()                                                   # logsumexp(z), (c, 1)
            total += (lse - (1 - smoothing) * picked - smoothing / vocab * z_sum).sum()
            if grad is not None:
                e = e.div_(e_sum).sub_(smoothing / vocab)                             # softmax - s/V, in place
                e.scatter_add_(1, y, torch.full_like(picked, smoothing - 1))
                if not in_place:
                    grad[rows] = e
        ctx.save_for_backward(grad)
        return total

    @staticmethod
    def backward(ctx, grad_total: torch.Tensor):
        grad, = ctx.saved_tensors          # scaled in place: a training loss is differentiated once
        return grad.mul_(grad_total.to(grad.dtype)), None, None


def scored_targets(model, batch) -> torch.Tensor:
    """The target positions the loss counts, bool (b, i): non-pad tokens that the output layer scores. A piece it does
    not score (one that val uses and training never did) has no logit, so it has no finite loss: left out."""
    return (batch.tgt_out != PAD) & getattr(model, "module", model).scores(batch.src, batch.tgt_out)


def loss_sum(model, batch, label_smoothing: float, amp, consistency: float = 0.0) -> torch.Tensor:
    """Summed label-smoothed cross-entropy over the batch's non-pad target tokens that the model scores. With
    `consistency` > 0 while dropout is on (R-Drop, Liang et al. 2021): the batch runs twice in one forward pass, with
    two dropout masks, and the loss is the two passes' mean cross-entropy plus `consistency` times the symmetric KL
    divergence of their output distributions (the mean of KL(p1||p2) and KL(p2||p1)), summed over tokens."""
    inner = getattr(model, "module", model)                              # DDP wraps the model
    keep = scored_targets(inner, batch)                                 # (b, i)
    twice = consistency > 0 and model.training and dropout_on(model)
    src, tgt_in, kept = ((torch.cat([batch.src] * 2), torch.cat([batch.tgt_in] * 2), torch.cat([keep] * 2))
                         if twice else (batch.src, batch.tgt_in, keep))
    with amp:
        groups = model(src, tgt_in, kept)          # [(n_g, K_g)]: the scored pieces of each direction (one for one)
    total = torch.zeros((), device=batch.src.device)
    for logits, targets in zip(groups, inner.target_index(batch.src, batch.tgt_out, keep)):
        if not len(targets):
            continue
        if not twice:
            total = total + SmoothedCrossEntropy.apply(logits, targets, label_smoothing)
            continue
        kl = symmetric_kl(*logits.float().log_softmax(-1).chunk(2))     # first: the loss below reuses fp32 logits
        total = total + SmoothedCrossEntropy.apply(logits, torch.cat([targets] * 2), label_smoothing) / 2 + \
            consistency * kl
    return total


def symmetric_kl(logp: torch.Tensor, logq: torch.Tensor) -> torch.Tensor:
    """(KL(p||q) + KL(q||p)) / 2 summed over rows, from log-probabilities (n, K) = sum((p - q)(log p - log q)) / 2."""
    return ((logp.exp() - logq.exp()) * (logp - logq)).sum() / 2


def step_loss(cfg: Config):
    """loss_of(model, batch, amp): the summed training loss of the config's settings."""
    return lambda model, batch, amp: loss_sum(model, batch, cfg.train.label_smoothing, amp, cfg.train.consistency)


def loss_label(cfg: Config) -> str:
    """What step_loss computes, in words: the train loss curve's label (curves.png)."""
    train = cfg.train
    parts = ["cross-entropy"] + [f"label smoothing {train.label_smoothing:g}"] * bool(train.label_smoothing)
    parts += [f"+ {train.consistency:g} × KL while dropout is on (R-Drop)"] * bool(train.consistency)
    return f"train loss ({', '.join(parts)})"


def dropout_on(model) -> bool:
    return any(isinstance(m, Dropout) and m.rate > 0 for m in model.modules())


def train_step(model, optimizer, schedule, batches, cfg: Config, amp,
               threads: PartThreads | None = None) -> tuple[float, int]:
    """One optimizer step over `batches` (gradient accumulation), each in parts side by side when `threads` is given
    (training/parts.py). Returns (mean loss per token, tokens)."""
    model.train()
    tokens = sum(b.n_tgt_tokens for b in batches)
    total = torch.zeros((), device=batches[0].tgt_out.device)
    for n, batch in enumerate(batches):
        sync = n == len(batches) - 1 or not hasattr(model, "no_sync")
        with nullcontext() if sync else model.no_sync():
            # the loss is read once at the end: on a GPU each .item() waits for the device
            total += backward_passes(model, batch, tokens, step_loss(cfg), amp, threads)
    if cfg.train.clip_norm > 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.train.clip_norm)
    optimizer.step()
    schedule.step()
    optimizer.zero_grad(set_to_none=True)
    return total.item() / max(tokens, 1), tokens
