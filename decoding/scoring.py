"""Scoring translations against references with sacreBLEU: cased detokenized BLEU (the reported figure), chrF, and
the tutorials' BLEU (evaluate.py, validation during training; evaluation.py keeps the ledger records of them).

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


def sentence_chrf(hypotheses: list[str], references: list[str]) -> list[float]:
    """chrF (0-100) of each hypothesis against its reference, as sacreBLEU scores one sentence."""
    chrf = sacrebleu.metrics.CHRF()
    return [chrf.sentence_score(h, [r]).score for h, r in zip(hypotheses, references)]


def token_bleu(hypotheses: list[list[str]], references: list[list[str]]) -> float:
    """Corpus BLEU (0-100) on the given tokens as they are, one reference each: torchtext's bleu_score, x100."""
    bleu = sacrebleu.metrics.BLEU(tokenize="none", force=True)
    return bleu.corpus_score([" ".join(h) for h in hypotheses], [[" ".join(r) for r in references]]).score


def bleu_lowercased_tokens(hypotheses: list[str], references: list[str], tokenizer) -> float:
    """BLEU on lowercased spaCy tokens, as the tutorials compute it with torchtext's bleu_score."""
    def tokens(text: str) -> list[str]:
        words = (t.lstrip(JOINER) for t in tokenizer.tokenize(text.lower()))
        return [w for w in words if w.strip()]
    return token_bleu([tokens(h) for h in hypotheses], [tokens(r) for r in references])
