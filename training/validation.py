"""Validation on the val split: teacher-forced loss and the BLEU of search output, the figure best.pt is chosen by."""
from __future__ import annotations

import time
from dataclasses import replace
from typing import NamedTuple

import torch

from config import Config
from data.batching import collate
from decoding.metrics import corpus_scores
from decoding.translator import Translator
from training.step import loss_sum


class ValScores(NamedTuple):
    val_loss: float
    val_bleu: float
    seconds: float
    improved: bool          # best.pt became these weights


def score_on_val(run, kind: str, **record) -> ValScores:
    """Val scores of the run's current weights, counted in its time budget, recorded as `kind`; the checkpoint policy
    keeps them as best.pt when their BLEU is the best."""
    start = time.perf_counter()
    loss, bleu = val_split_scores(run.model, run.translator, run.val_data, run.cfg, run.device, run.amp)
    seconds = time.perf_counter() - start
    run.state.elapsed += seconds
    improved = run.checkpoints.after_validation(run, kind, bleu)
    run.record(kind, step=run.state.step, epoch=run.state.epoch, elapsed=run.state.elapsed, **record,
               val_loss=loss, val_bleu=bleu)
    return ValScores(loss, bleu, seconds, improved)


@torch.no_grad()
def val_split_scores(model, translator: Translator, split, cfg: Config, device, amp) -> tuple[float, float]:
    """(teacher-forced loss per token, BLEU of search output: detokenized, cased sacreBLEU) on a split."""
    model.eval()
    n = cfg.train.val_max_sentences or len(split.src)
    pairs = list(zip(split.src[:n], split.tgt[:n]))
    loss, tokens = 0.0, 0
    for start in range(0, n, 128):
        batch = collate(pairs[start:start + 128]).to(device)
        loss += loss_sum(model, batch, 0.0, amp).item()
        tokens += batch.n_tgt_tokens
    decode = replace(cfg.decode, beam=cfg.train.val_beam, n_best=1)
    with amp:
        if split.src_text is not None:          # as translate.py would: through the text pipeline
            texts = translator.translate(split.src_text[:n], decode)
        else:
            texts = [translator.codec.text(hyps[0].tokens) for hyps in translator.search(split.src[:n], decode)]
    return loss / max(tokens, 1), corpus_scores(texts, split.tgt_text[:n])["bleu"]
