"""Validation on the val split: teacher-forced loss and the BLEU of search output, the figure best.pt is chosen by.
A model of both directions (--data.directions=both) is scored on the val split both ways; its figures are the
means of the two directions' (each is logged and recorded too)."""
from __future__ import annotations

import time
from contextlib import nullcontext
from dataclasses import replace
from typing import NamedTuple

import torch

from config import Config
from data.batching import collate
from decoding.scoring import corpus_scores
from decoding.translator import Translator
from training.step import loss_sum, scored_targets


class ValScores(NamedTuple):
    val_loss: float
    val_bleu: float
    seconds: float
    improved: bool = False  # best.pt became these weights (or their EMA)
    ema_bleu: float | None = None    # the val BLEU of the EMA of these weights, validated beside them (--train.ema)
    ema_best: bool = False           # best.pt became the EMA
    by_direction: dict[str, float] | None = None    # a model of both directions: each one's val BLEU ("de-en": ...)

    def note(self) -> str:
        """How a log line reports them: 'val BLEU 31.20 | EMA 31.90 (best)', '(best)' after the one best.pt holds;
        a model of both directions: 'val BLEU 31.20 (de→en 32.00, en→de 30.40)'."""
        each = ", ".join(f"{direction.replace('-', '→')} {bleu:.2f}" for direction, bleu in (self.by_direction or {}).items())
        each = f" ({each})" if each else ""
        raw = f"val BLEU {self.val_bleu:.2f}{each}{' (best)' if self.improved and not self.ema_best else ''}"
        return raw if self.ema_bleu is None else f"{raw} | EMA {self.ema_bleu:.2f}{' (best)' if self.ema_best else ''}"


def score_on_val(run, full: bool = False) -> ValScores:
    """Val scores of the run's current weights, their seconds counted in its time budget; not `improved`: the save
    policy decides that from them. `full`: the whole val split at --train.final_beam, else the validation during the
    run."""
    start = time.perf_counter()
    found = {f"{t.cfg.data.src_lang}-{t.cfg.data.tgt_lang}": val_split_scores(run.model, t, split, run.cfg, run.device,
                                                                              run.amp, full)
             for t, split in run.validations()}
    seconds = time.perf_counter() - start
    run.state.elapsed += seconds
    loss, bleu = (sum(values) / len(found) for values in zip(*found.values()))
    return ValScores(loss, bleu, seconds, by_direction={k: b for k, (_, b) in found.items()} if len(found) > 1 else None)


def record_scores(run, kind: str, scores: ValScores, **record) -> None:
    """A validation's record in metrics.jsonl, as `kind`, at the run's step, epoch and time."""
    each = {"val_bleu_by_direction": scores.by_direction} if scores.by_direction else {}
    run.record(kind, step=run.state.step, epoch=run.state.epoch, elapsed=run.state.elapsed, **record,
               val_loss=scores.val_loss, val_bleu=scores.val_bleu, val_seconds=scores.seconds, **each)


@torch.no_grad()
def val_split_scores(model, translator: Translator, split, cfg: Config, device, amp,
                     full: bool = False) -> tuple[float, float]:
    """(teacher-forced loss per target token the model scores, BLEU of search output: detokenized, cased sacreBLEU)
    on a split: its first --train.val_max_sentences at --train.val_beam in the run's precision (`amp`), or with `full`
    all of it at --train.final_beam in fp32, as evaluate.py decodes (bf16 decoding gives other translations)."""
    model.eval()
    amp = nullcontext() if full else amp      # the final figure (the card's, best.pt's choice) in fp32: evaluate.py's
    n = len(split.src) if full else cfg.train.val_max_sentences or len(split.src)
    longest = cfg.model.max_len          # the position table: a pair longer than it is no loss to score (its
    pairs = [(x, y) for x, y in zip(split.src[:n], split.tgt[:n])         # translation is cut as translate.py cuts)
             if len(x) <= longest and len(y) + 1 <= longest]
    loss, tokens = 0.0, 0
    for start in range(0, len(pairs), 128):
        batch = collate(pairs[start:start + 128]).to(device)
        loss += loss_sum(model, batch, 0.0, amp).item()
        tokens += int(scored_targets(model, batch).sum())
    decode = replace(cfg.decode, beam=cfg.train.final_beam if full else cfg.train.val_beam, n_best=1)
    with amp:
        if split.src_text is not None:          # as translate.py would: through the text pipeline
            texts = translator.translate(split.src_text[:n], decode)
        else:
            texts = [translator.codec.text(hyps[0].tokens)
                     for hyps in translator.search([x[:longest] for x in split.src[:n]], decode)]
    return loss / max(tokens, 1), corpus_scores(texts, split.tgt_text[:n])["bleu"]
