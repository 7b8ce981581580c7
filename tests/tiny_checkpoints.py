"""Tiny random checkpoints over a few words, saved in milliseconds, for the inference tests."""
import torch

from data.vocab import Vocab
from models.checkpoint import save_checkpoint

from tests.tiny_models import tiny_trainable

WORDS = Vocab(["<pad>", "<unk>", "<bos>", "<eos>", *"Ein Hund Mann Frau läuft spielt im Park \uffed. A dog man "
               "woman runs plays in the park".split()])
SOURCES = ["Ein Hund läuft im Park.", "Ein Mann spielt.", "Frau Hund Park.", "Ein Ein Hund."]


def save(path, seed: int, vocab: Vocab = WORDS, subwords: dict | None = None, lexicon: dict | None = None,
         runs: list[str] | None = None, **model_fields) -> str:
    """runs: the ids of the runs that wrote it (models/lineage.py), none by default (a file from before run ids)."""
    model, cfg = tiny_trainable(seed=seed, vocab=len(vocab), d_model=32, n_heads=4, **model_fields)
    with torch.no_grad():
        for p in model.parameters():
            p.mul_(3.0)
    save_checkpoint(path, model_state=model.state_dict(), config=cfg.to_dict(), src_vocab=vocab.to_dict(),
                    tgt_vocab=vocab.to_dict(), subwords=subwords, lexicon=lexicon,
                    info={"runs": runs} if runs else None)
    return str(path)
