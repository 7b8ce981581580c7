"""Validation: teacher-forced loss and the BLEU of search output on the val split, the figure best.pt is chosen by."""
from __future__ import annotations

from dataclasses import replace

import torch

from config import Config
from data.batching import collate
from decoding.metrics import corpus_scores
from decoding.translator import Translator
from training.step import loss_sum


@torch.no_grad()
def validation_scores(model, translator: Translator, split, cfg: Config, device, amp) -> dict:
    """Teacher-forced loss and BLEU of search output (detokenized, cased sacreBLEU) on a split."""
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
    return {"val_loss": loss / max(tokens, 1), "val_bleu": corpus_scores(texts, split.tgt_text[:n])["bleu"]}
