"""Corpus metrics with sacreBLEU: cased detokenized BLEU (the reported figure), chrF, and the tutorials' BLEU.

The tutorials (torchtext's bleu_score) score lowercased spaCy tokens; `bleu_lowercased_tokens` reproduces that
number for comparison only: it is not comparable to sacreBLEU across papers.
"""
from __future__ import annotations

import sacrebleu

from data.tokenizer import JOINER


def corpus_scores(hypotheses: list[str], references: list[str]) -> dict:
    """Cased sacreBLEU (13a tokenization) and chrF on detokenized text, with sacreBLEU's signature."""
    bleu = sacrebleu.metrics.BLEU()
    score = bleu.corpus_score(hypotheses, [references])
    chrf = sacrebleu.metrics.CHRF().corpus_score(hypotheses, [references])
    return {"bleu": score.score, "chrf": chrf.score, "signature": str(bleu.get_signature()),
            "bleu_line": str(score)}


def bleu_lowercased_tokens(hypotheses: list[str], references: list[str], tokenizer) -> float:
    """BLEU on lowercased spaCy tokens joined by spaces, as torchtext's bleu_score computes it."""
    def tokens(text: str) -> str:
        words = (t.lstrip(JOINER) for t in tokenizer.tokenize(text.lower()))
        return " ".join(w for w in words if w.strip())
    bleu = sacrebleu.metrics.BLEU(tokenize="none", force=True)
    return bleu.corpus_score([tokens(h) for h in hypotheses], [[tokens(r) for r in references]]).score
