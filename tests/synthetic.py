"""A tiny rule-based German→English corpus, so end-to-end tests can show that the model really learns."""
from __future__ import annotations

import gzip
import os
import random
import subprocess
import sys
from pathlib import Path

# (German with its article per case, English)
NOUNS = [({"nom": "Der Mann", "dat": "dem Mann"}, "the man"), ({"nom": "Die Frau", "dat": "der Frau"}, "the woman"),
         ({"nom": "Das Kind", "dat": "dem Kind"}, "the child"), ({"nom": "Der Hund", "dat": "dem Hund"}, "the dog"),
         ({"nom": "Die Katze", "dat": "der Katze"}, "the cat"), ({"nom": "Das Mädchen", "dat": "dem Mädchen"},
                                                                 "the girl")]
VERBS = [("spielt", "plays"), ("läuft", "runs"), ("sitzt", "sits"), ("schläft", "sleeps"), ("wartet", "waits")]
PLACES = [("im Park", "in the park"), ("am Strand", "on the beach"), ("auf der Straße", "on the street"),
          ("im Haus", "in the house")]
ADVERBS = [("heute", "today"), ("schnell", "quickly"), ("oft", "often")]


def sentence_pair(rng: random.Random) -> tuple[str, str]:
    noun_de, noun_en = rng.choice(NOUNS)
    verb_de, verb_en = rng.choice(VERBS)
    place_de, place_en = rng.choice(PLACES)
    de, en = [noun_de["nom"], verb_de], [noun_en.capitalize(), verb_en]
    if rng.random() < 0.5:
        adv_de, adv_en = rng.choice(ADVERBS)
        de.append(adv_de)
        en.append(adv_en)
    de.append(place_de)
    en.append(place_en)
    if rng.random() < 0.4:
        other_de, other_en = rng.choice(NOUNS)
        de.append(f"mit {other_de['dat']}")
        en.append(f"with {other_en}")
    return " ".join(de) + ".", " ".join(en) + "."


def write_pairs(directory: Path, splits: dict[str, list[tuple[str, str]]], langs=("de", "en")) -> Path:
    """Write {split}.{lang}.gz for each split's (source, target) pairs, as Multi30K's files are laid out."""
    directory.mkdir(parents=True, exist_ok=True)
    for split, pairs in splits.items():
        for side, lang in enumerate(langs):
            with gzip.open(directory / f"{split}.{lang}.gz", "wt", encoding="utf-8") as f:
                f.write("".join(p[side] + "\n" for p in pairs))
    return directory


def write_corpus(directory: Path, sizes: dict[str, int], seed: int = 0) -> Path:
    """Write {split}.de.gz / {split}.en.gz for each split; pairs are distinct across splits where possible."""
    rng = random.Random(seed)
    return write_pairs(directory, {split: [sentence_pair(rng) for _ in range(n)] for split, n in sizes.items()})


ENV_KEYS = ("MULTI30K_DIR", "EINSUM_NMT_CACHE", "MULTI30K_BASE_URL")     # what offline_env sets but OMP_NUM_THREADS


def offline_env(cache: Path, data: Path) -> dict:
    """The environment a command runs in on a test corpus: its own cache, nothing downloaded, one thread."""
    return {**os.environ, "EINSUM_NMT_CACHE": str(cache), "MULTI30K_DIR": str(data),
            "MULTI30K_BASE_URL": "http://127.0.0.1:9/", "OMP_NUM_THREADS": "1"}


def use_offline_env(monkeypatch, env: dict) -> None:
    """Set offline_env's corpus, cache and download address in this process, for a command run in-process."""
    for name in ENV_KEYS:
        monkeypatch.setenv(name, env[name])


def run_train(args: list[str], env: dict, timeout: float = 240) -> subprocess.CompletedProcess:
    """train.py ARGS in a process of its own, from the repository, in `env`: its output captured."""
    return subprocess.run([sys.executable, "train.py", *args], cwd=Path(__file__).resolve().parents[1], env=env,
                          capture_output=True, timeout=timeout)
