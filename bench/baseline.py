"""The tutorial recipe, as a baseline to measure the project against.

What users copy from the PyTorch/torchtext translation tutorial and bentrevett's pytorch-seq2seq, written afresh:
nn.Transformer (3+3 layers, d_model 256, 8 heads, FFN 512, post-LN), lowercased spaCy tokens, min_freq-2 vocabularies,
128 randomly ordered sentences a batch padded to the longest, and greedy decoding one sentence at a time that re-runs
the whole decoder on the whole prefix at every step. The slow parts are kept on purpose; the tutorials' mask bugs
are not (masks here are boolean and complete), so the comparison is about speed and recipe, not about errors.

    python -m bench.baseline --data-dir ../shared/data/multi30k --epochs 10 --threads 2
"""
from __future__ import annotations

import json
import math
import time
import warnings
from collections import Counter
from pathlib import Path

import spacy
import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader

from data.multi30k import read_parallel
from models.position import sinusoids
from decoding.scoring import token_bleu
from cli import CommandParser, run_main, whole_number
from util.errors import UserError

REPO = Path(__file__).resolve().parents[1]
SPECIALS = ("<unk>", "<pad>", "<bos>", "<eos>")   # the tutorial's order
UNK, PAD, BOS, EOS = range(4)
# nn.Transformer's encoder takes its nested-tensor fast path in eval, as it does for tutorial users; the notice is noise
warnings.filterwarnings("ignore", message="The PyTorch API of nested tensors")

# Einsum legend: b batch, i target positions, j source positions, m model width, V vocabulary.


# ---- data -----------------------------------------------------------------------------------------------------------

def tokenize(lines: list[str], lang: str) -> list[list[str]]:
    tokenizer = spacy.blank(lang).tokenizer
    return [[t.text for t in tokenizer(s.lower()) if t.text.strip()] for s in lines]


def build_vocab(token_lists: list[list[str]], min_freq: int = 2) -> list[str]:
    """itos: the specials, then tokens seen at least min_freq times, most frequent first (ties alphabetical)."""
    counts = Counter(t for tokens in token_lists for t in tokens)
    kept = sorted((t for t, c in counts.items() if c >= min_freq and t not in SPECIALS), key=lambda t: (-counts[t], t))
    return list(SPECIALS) + kept


def numericalize(tokens: list[str], stoi: dict[str, int]) -> list[int]:
    return [BOS] + [stoi.get(t, UNK) for t in tokens] + [EOS]


def load_baseline_data(data_dir) -> dict:
    """Vocabularies built on train; each split as raw lines, lowercased tokens and (src_ids, tgt_ids) pairs."""
    data = {}
    for split in ("train", "val", "test_2016_flickr"):
        de, en = read_parallel(split, data_dir)
        data[split] = {"de": de, "en": en, "de_tokens": tokenize(de, "de"), "en_tokens": tokenize(en, "en")}
    src_itos, tgt_itos = build_vocab(data["train"]["de_tokens"]), build_vocab(data["train"]["en_tokens"])
    src_stoi, tgt_stoi = {t: k for k, t in enumerate(src_itos)}, {t: k for k, t in enumerate(tgt_itos)}
    for split in data.values():
        split["pairs"] = [(numericalize(s, src_stoi), numericalize(t, tgt_stoi))
                          for s, t in zip(split["de_tokens"], split["en_tokens"])]
    return {"src_itos": src_itos, "tgt_itos": tgt_itos, "src_stoi": src_stoi, "tgt_stoi": tgt_stoi,
            "train": data["train"], "val": data["val"], "test": data["test_2016_flickr"]}


def _collate(pairs):
    src = pad_sequence([torch.tensor(s) for s, _ in pairs], batch_first=True, padding_value=PAD)
    tgt = pad_sequence([torch.tensor(t) for _, t in pairs], batch_first=True, padding_value=PAD)
    return src, tgt[:, :-1], tgt[:, 1:]


def baseline_batches(pairs, batch_size: int = 128, seed: int = 0) -> list[tuple[torch.Tensor, ...]]:
    """(src (b, j), tgt_in (b, i), tgt_out (b, i)) in random order, each padded to its own longest sentence."""
    loader = DataLoader(pairs, batch_size=batch_size, shuffle=True, collate_fn=_collate,
                        generator=torch.Generator().manual_seed(seed))
    return list(loader)


# ---- model ----------------------------------------------------------------------------------------------------------

class BaselineModel(nn.Module):
    def __init__(self, src_vocab_size: int, tgt_vocab_size: int, d_model: int = 256, n_heads: int = 8,
                 n_layers: int = 3, d_ff: int = 512, dropout: float = 0.1, max_positions: int = 512):
        super().__init__()
        self.d_model = d_model
        self.src_embed, self.tgt_embed = nn.Embedding(src_vocab_size, d_model), nn.Embedding(tgt_vocab_size, d_model)
        self.register_buffer("positions", sinusoids(max_positions, d_model), persistent=False)
        self.dropout = nn.Dropout(dropout)
        self.transformer = nn.Transformer(d_model, n_heads, n_layers, n_layers, d_ff, dropout, batch_first=True)
        self.generator = nn.Linear(d_model, tgt_vocab_size)
        for p in self.parameters():   # as the tutorial does; the embeddings are then scaled up by sqrt(d_model)
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)

    def embed(self, table: nn.Embedding, ids: torch.Tensor) -> torch.Tensor:
        return self.dropout(table(ids) * math.sqrt(self.d_model) + self.positions[: ids.size(1)])   # (b, i, m)

    def encode(self, src: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """src (b, j) -> memory (b, j, m) and the source padding mask (b, j), True = padding."""
        src_pad = src == PAD
        return self.transformer.encoder(self.embed(self.src_embed, src), src_key_padding_mask=src_pad), src_pad

    def decode(self, tgt_in: torch.Tensor, memory: torch.Tensor, src_pad: torch.Tensor) -> torch.Tensor:
        """tgt_in (b, i) -> decoder states (b, i, m), every position recomputed from scratch."""
        n = tgt_in.size(1)
        causal = torch.triu(torch.ones(n, n, dtype=torch.bool, device=tgt_in.device), diagonal=1)  # True = hidden
        out = self.transformer.decoder(self.embed(self.tgt_embed, tgt_in), memory, tgt_mask=causal,
                                       tgt_key_padding_mask=tgt_in == PAD, memory_key_padding_mask=src_pad)
        return out

    def forward(self, src: torch.Tensor, tgt_in: torch.Tensor) -> torch.Tensor:
        """src (b, j), tgt_in (b, i) -> logits (b, i, V)."""
        memory, src_pad = self.encode(src)
        return self.generator(self.decode(tgt_in, memory, src_pad))


# ---- training, decoding, scoring ------------------------------------------------------------------------------------

def train_step(model: BaselineModel, optimizer, batch, clip: float | None = 1.0) -> tuple[float, int]:
    """One update; returns the mean loss per non-pad target token and how many there were.
    Gradients are clipped at 1.0 as in bentrevett's notebook: post-LN at lr 5e-4 with no warm-up needs it."""
    src, tgt_in, tgt_out = batch
    model.train()
    logits = model(src, tgt_in)
    loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tgt_out.reshape(-1), ignore_index=PAD)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    if clip:
        nn.utils.clip_grad_norm_(model.parameters(), clip)
    optimizer.step()
    return loss.item(), int((tgt_out != PAD).sum())


@torch.no_grad()
def evaluate_loss(model: BaselineModel, batches) -> float:
    model.eval()
    total, tokens = 0.0, 0
    for src, tgt_in, tgt_out in batches:
        logits = model(src, tgt_in)
        total += F.cross_entropy(logits.reshape(-1, logits.size(-1)), tgt_out.reshape(-1), ignore_index=PAD,
                                 reduction="sum").item()
        tokens += int((tgt_out != PAD).sum())
    return total / tokens


@torch.no_grad()
def greedy_translate(model: BaselineModel, src_ids: list[int], max_len: int = 50) -> list[int]:
    """Target ids for one sentence (no <bos>/<eos>), at most max_len. Each step re-runs the decoder on the
    whole prefix: no cache, no batching, as in the tutorials."""
    model.eval()
    memory, src_pad = model.encode(torch.tensor([src_ids]))
    ys = [BOS]
    for _ in range(max_len):
        state = model.decode(torch.tensor([ys]), memory, src_pad)[:, -1]   # the tutorial projects only the last
        next_id = int(model.generator(state)[0].argmax())
        if next_id == EOS:
            break
        ys.append(next_id)
    return ys[1:]


# ---- the command ----------------------------------------------------------------------------------------------------

def main(argv: list[str]) -> int:
    parser = CommandParser(prog="-m bench.baseline", description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", default=None, help="Multi30K directory (default: $MULTI30K_DIR or the cache)")
    parser.add_argument("--epochs", type=whole_number(1), default=10)
    parser.add_argument("--time-budget", type=float, default=None, help="stop training after this many seconds")
    parser.add_argument("--threads", type=whole_number(0), default=None)
    parser.add_argument("--decode-sentences", type=whole_number(1), default=1000, help="first K test_2016_flickr sentences")
    parser.add_argument("--batch-size", type=whole_number(1), default=128)
    parser.add_argument("--seed", type=whole_number(0), default=0)
    parser.add_argument("--save", default=None, help="save state dict + vocabularies here (outside the repo)")
    args = parser.parse_args(argv)
    if args.save and REPO in Path(args.save).resolve().parents:
        raise UserError(f"--save {args.save} is inside the repository; save elsewhere, e.g. /tmp/baseline.pt")
    if args.threads:
        torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)

    start = time.perf_counter()
    data = load_baseline_data(args.data_dir)
    print(f"data: {len(data['train']['pairs'])} train pairs, vocab de {len(data['src_itos'])} "
          f"en {len(data['tgt_itos'])}, {time.perf_counter() - start:.1f}s, {torch.get_num_threads()} threads")
    model = BaselineModel(len(data["src_itos"]), len(data["tgt_itos"]))
    optimizer = torch.optim.Adam(model.parameters(), lr=5e-4, betas=(0.9, 0.98), eps=1e-9)
    val_batches = baseline_batches(data["val"]["pairs"], args.batch_size, seed=args.seed)

    budget = args.time_budget if args.time_budget is not None else math.inf
    train_s, tokens, slots, pad_slots, src_slots, src_pad_slots = 0.0, 0, 0, 0, 0, 0
    history = []
    for epoch in range(1, args.epochs + 1):
        loss_sum, epoch_tokens, epoch_s = 0.0, 0, 0.0
        for batch in baseline_batches(data["train"]["pairs"], args.batch_size, seed=args.seed + epoch):
            if train_s >= budget:
                break
            t0 = time.perf_counter()
            loss, n = train_step(model, optimizer, batch)
            dt = time.perf_counter() - t0
            train_s, epoch_s = train_s + dt, epoch_s + dt
            loss_sum, epoch_tokens = loss_sum + loss * n, epoch_tokens + n
            src, _, tgt_out = batch
            slots, pad_slots = slots + tgt_out.numel(), pad_slots + tgt_out.numel() - n
            src_slots, src_pad_slots = src_slots + src.numel(), src_pad_slots + int((src == PAD).sum())
        if epoch_tokens == 0:
            break
        tokens += epoch_tokens
        val_loss = evaluate_loss(model, val_batches)
        history.append({"epoch": epoch, "train_loss": loss_sum / epoch_tokens, "val_loss": val_loss,
                        "tokens_per_s": epoch_tokens / epoch_s})
        print(f"epoch {epoch}: train loss {loss_sum / epoch_tokens:.3f}  val loss {val_loss:.3f} "
              f"(ppl {math.exp(val_loss):.1f})  {epoch_tokens / epoch_s:,.0f} tgt tokens/s  {epoch_s:.0f}s")
        if train_s >= budget:
            print(f"time budget of {budget:.0f}s reached")
            break

    test = data["test"]
    k = min(args.decode_sentences, len(test["pairs"]))
    t0 = time.perf_counter()
    hyps = [[data["tgt_itos"][t] for t in greedy_translate(model, src)] for src, _ in test["pairs"][:k]]
    decode_s = time.perf_counter() - t0
    bleu = token_bleu(hyps, test["en_tokens"][:k]) if k else float("nan")
    print(f"greedy decoding: {k} sentences in {decode_s:.1f}s, {k / max(decode_s, 1e-9):.2f} sentences/s")
    print(f"BLEU (lowercased tokens, tokenize=none) on the first {k} test_2016_flickr: {bleu:.2f}")
    if args.save:
        torch.save({"state_dict": model.state_dict(), "src_itos": data["src_itos"], "tgt_itos": data["tgt_itos"]},
                   args.save)
    print(json.dumps({
        "threads": torch.get_num_threads(), "epochs": len(history), "train_seconds": round(train_s, 2),
        "train_tokens": tokens, "tokens_per_s": round(tokens / max(train_s, 1e-9), 1),
        "tgt_pad_fraction": round(pad_slots / max(slots, 1), 4),
        "src_pad_fraction": round(src_pad_slots / max(src_slots, 1), 4),
        "train_loss": round(history[-1]["train_loss"], 4) if history else None,
        "val_loss": round(history[-1]["val_loss"], 4) if history else None,
        "decode_sentences": k, "decode_seconds": round(decode_s, 2),
        "sentences_per_s": round(k / max(decode_s, 1e-9), 3), "bleu": round(bleu, 2)}))
    return 0


if __name__ == "__main__":
    run_main(main)
