"""Token <-> id tables. The four specials always come first, so their ids are fixed across vocabularies."""
from __future__ import annotations

from collections import Counter
from typing import Iterable

PAD, UNK, BOS, EOS = 0, 1, 2, 3
SPECIALS = ("<pad>", "<unk>", "<bos>", "<eos>")


class Vocab:
    def __init__(self, itos: list[str]):
        if tuple(itos[:len(SPECIALS)]) != SPECIALS:
            raise ValueError(f"a vocabulary must start with {SPECIALS}")
        self.itos = list(itos)
        self.stoi = {token: i for i, token in enumerate(self.itos)}

    @classmethod
    def build(cls, token_lists: Iterable[list[str]], min_freq: int = 1, max_size: int = 0) -> "Vocab":
        """Tokens seen at least min_freq times, most frequent first, ties by token (so the order is deterministic).

        max_size is the whole table, specials included (= the embedding rows); 0 = no limit.
        """
        counts = Counter(token for tokens in token_lists for token in tokens)
        for special in SPECIALS:
            counts.pop(special, None)
        kept = sorted((t for t, c in counts.items() if c >= min_freq), key=lambda t: (-counts[t], t))
        if max_size:
            kept = kept[:max(0, max_size - len(SPECIALS))]
        return cls(list(SPECIALS) + kept)

    def __len__(self) -> int:
        return len(self.itos)

    def encode(self, tokens: Iterable[str]) -> list[int]:
        """Unknown tokens -> UNK; no BOS/EOS are added."""
        return [self.stoi.get(token, UNK) for token in tokens]

    def tokens_of(self, ids: Iterable[int]) -> list[str]:
        """Stops at the first EOS, skips PAD and BOS; ids outside the table read as <unk>."""
        out = []
        for i in ids:
            i = int(i)
            if i == EOS:
                break
            if i not in (PAD, BOS):
                out.append(self.itos[i] if 0 <= i < len(self.itos) else SPECIALS[UNK])
        return out

    def to_dict(self) -> dict:
        """Plain lists and strings only, so it loads with torch.load(weights_only=True)."""
        return {"itos": list(self.itos)}

    @classmethod
    def from_dict(cls, d: dict) -> "Vocab":
        return cls(list(d["itos"]))

    def difference(self, other: "Vocab") -> str:
        """How this vocabulary first differs from `other`, in a few words ("" when they are equal)."""
        if len(self) != len(other):
            return f"{len(self)} tokens, not {len(other)}"
        for n, (mine, theirs) in enumerate(zip(self.itos, other.itos)):
            if mine != theirs:
                return f"id {n} is {mine!r}, not {theirs!r}"
        return ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vocab) and self.itos == other.itos

    def __repr__(self) -> str:
        return f"Vocab({len(self)} tokens)"
