"""Decoding: from source ids or text to translations. Greedy and beam search (→ Hypothesis), the Translator (the
text↔ids pipeline around a model), ensembles, the CTranslate2 engine behind the same interface, the one loader for
whatever `--checkpoint` names, and corpus metrics (sacreBLEU)."""
