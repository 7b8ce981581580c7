"""Training pairs that teach the model to carry placeholders (names, numbers, codes) and to copy what it cannot
translate.

Each pair goes through the text pipeline's steps first (numbers, names and codes shared by both sides become
placeholders, as at translation time). Multi30K has only ~800 such pairs, too few for a model to learn to carry a
placeholder wherever a name or number may stand, so extra pairs are added:

- entity substitution (as in data-augmentation work on copying, e.g. Currey et al. 2017's copied data): in a pair
  whose sides share a capitalized word or a placeholder, it is replaced on both sides by another placeholder (most
  often), a made-up word or a sampled name, so the model sees many different things carried through;
- placeholders where names stand: a caption that starts "Ein Mann" / "A man" (a woman, a boy, a girl) gets a
  placeholder in their place on both sides, and "in einer Stadt" / "in a city" one for the city — placeholders,
  not names, so the model never learns to put a name where its source has none;
- everyday pairs (--data.everyday, data/everyday.py): sentence frames captions lack, around a placeholder,
  questions, corpus pairs that open with a possessive where they opened with an article, and sentences with a
  pronoun for subject (data/pronouns.py: "Ich bin krank." / "I am sick.");
- placeholders for number words: in a pair whose German number word matches the English one ("zwei" / "two"),
  both become the same placeholder.

The names and made-up words are this project's own lists; pairs are drawn with a seeded generator, so the same
settings give the same data (and the prepared-data cache stays valid).
"""
from __future__ import annotations

import random
import re
from typing import Iterable, Iterator

from text.forms.masking import PLACEHOLDER, PLACEHOLDERS
from data.everyday import (POSSESSIVE_SHARE, QUESTION_SHARE, article_opener, everyday_pairs, possessive_opener,
                           questions)
from data.pronouns import PRONOUN_SHARE, pronoun_pairs
from text.forms.number_forms import NUMBER_WORDS
from text.forms.places import PLACE_NAMES
from text.pipeline import Pipeline

FIRST_NAMES = ("Anna Lukas Sophie Jonas Marie Felix Emma Paul Mia Leon Hannah Elias Lea Noah Clara Jürgen Ingrid "
               "Günther Björn Søren Astrid Fatima Mehmet Ayşe Kemal Giulia Marco Lorenzo Chiara Pierre Amélie "
               "Camille Jean Lucía Javier Carmen Diego Olga Dmitri Natascha Piotr Agnieszka Tomáš Zoltán Kenji "
               "Yuki Hiroshi Mei Wei Jun Priya Arjun Ravi Amara Kwame Chidi Oluwaseun Santiago Valentina Liam "
               "Olivia Ethan Chloe Siobhan Declan Aoife Henrik Ingeborg Matteo Ines Rafael Beatriz").split()
SURNAMES = ("Müller Schmidt Schneider Fischer Weber Becker Hoffmann Schäfer Koch Wagner Zimmermann Krüger Hartmann "
            "Lehmann Kowalski Nowak Rossi Bianchi Dubois Lefèvre García Fernández Silva Costa Yilmaz Öztürk "
            "Tanaka Suzuki Nakamura Wang Zhang Patel Sharma Okafor Mensah Johansson Lindqvist Novák Horváth "
            "Ivanova Petrov O'Brien MacLeod Andersen Virtanen").split()
BRANDS = ("Adidas Puma Nike Siemens Bosch Miele Lufthansa Porsche Audi Volkswagen Mercedes Lego Ikea Nivea Haribo "
          "Samsung Sony Nintendo Canon Nikon Yamaha Toyota Honda Volvo Ferrari Heineken Starbucks Google Apple "
          "Netflix Spotify Facebook Twitter Pepsi Fanta Milka Ritter Playmobil Tchibo Rossmann Aldi Lidl").split()
SYLLABLES = ("ka ro mi tu le sa vo ne bri sto gar lin dor mek pa shi zu wen fal ter ols und ra ki ve ba "
             "ko hal mir tas quin jo ber ze ny ri lu").split()
SUBJECTS = {"Ein Mann ": "A man ", "Eine Frau ": "A woman ", "Ein Junge ": "A boy ", "Ein Mädchen ": "A girl ",
            "Ein kleiner Junge ": "A little boy ", "Ein kleines Mädchen ": "A little girl "}
CITY = ("in einer Stadt", "in a city")
WORD = re.compile(r"[^\W\d_][\w'-]*")


POOL = 50_000          # candidates kept per kind (a uniform sample of them in corpora larger than that)
SLOTS = 8              # copy pairs use the first SLOTS placeholders (a sentence rarely has more names and numbers)


def training_pairs(pairs: Iterable[tuple[str, str]], pipeline: Pipeline | None, share: float,
                   seed: int = 0, mirrored: bool = False, everyday: float = 0.0) -> Iterator[tuple[str, str]]:
    """The training corpus as the model learns from it, streamed: each pair through the text pipeline's steps (its
    numbers as placeholders, ...), then about `share` times as many copy pairs: a third number placeholders, a third
    entity substitutions, a third placeholders where names stand (fewer where the corpus has fewer candidates); then
    `everyday` times as many everyday pairs (data/everyday.py: prices, sayings, a date first), POSSESSIVE_SHARE
    times that of corpus pairs with a possessive opener (everyday.possessive_opener), QUESTION_SHARE times that of
    questions (everyday.questions) and PRONOUN_SHARE times that of pairs with a pronoun for subject
    (data/pronouns.py). The copy pairs are made from German-English pairs; `mirrored` pairs
    (English-German) are made as their mirror image."""
    copies = ((matching_number_words, number_placeholder), (shared_names, substitute), (named_slots, name_in_slot))
    kinds = (*copies, (article_opener, possessive_opener))
    pools: list[list] = [[] for _ in kinds]
    seen = [0] * len(kinds)
    sampler = random.Random(seed + 1)
    n = 0
    for source, target in pairs:
        if pipeline is not None:
            source, target = pipeline.apply_pair(source, target)
        n += 1
        yield source, target
        if mirrored:
            source, target = target, source
        if not (share or everyday):
            continue
        for k, (find, _) in enumerate(kinds):
            found = find(source, target)
            if found:                           # reservoir sampling keeps a uniform sample of at most POOL
                seen[k] += 1
                slot = len(pools[k]) if len(pools[k]) < POOL else sampler.randrange(seen[k])
                if slot < POOL:
                    pools[k][slot:slot + 1] = [(source, target, found[0])]
    counts = [int(share * n) // len(copies)] * len(copies) + [int(POSSESSIVE_SHARE * everyday * n)]
    rng = random.Random(seed)
    for pool, (_, make), count in zip(pools, kinds, counts):
        for _ in range(min(count, 4 * len(pool))):
            source, target = make(*rng.choice(pool), rng)
            yield (target, source) if mirrored else (source, target)
    yield from frame_pairs(n, everyday, seed, mirrored)


def frame_pairs(n: int, everyday: float, seed: int = 0, mirrored: bool = False) -> Iterator[tuple[str, str]]:
    """The pairs of the project's own frames that a corpus of `n` pairs gets: `everyday` times n everyday pairs,
    then the questions and the pairs with a pronoun for subject."""
    yield from everyday_pairs(int(everyday * n), seed, mirrored)
    yield from questions(int(QUESTION_SHARE * everyday * n), seed, mirrored)
    yield from pronoun_pairs(int(PRONOUN_SHARE * everyday * n), seed, mirrored)


def copy_pairs(src_lines: list[str], tgt_lines: list[str], share: float,
               seed: int = 0) -> tuple[list[str], list[str]]:
    """Only the extra pairs training_pairs adds to these (no placeholders applied), as (sources, targets)."""
    extra = list(training_pairs(zip(src_lines, tgt_lines), None, share, seed))[len(src_lines):]
    return [s for s, _ in extra], [t for _, t in extra]


def shared_names(source: str, target: str) -> list[str]:
    """Capitalized words (two letters or more) and placeholders that appear, as written, on both sides."""
    src_words = set(WORD.findall(source)) | set(PLACEHOLDER.findall(source))
    return sorted({w for w in [*WORD.findall(target), *PLACEHOLDER.findall(target)]
                   if w in src_words and (w in PLACEHOLDERS or (w[0].isupper() and len(w) > 1))})


def named_slots(source: str, target: str) -> list[tuple[str, str]]:
    """(German, English) phrases of the pair that a name could stand in for: its subject, or "in a city"."""
    slots = [(de, en) for de, en in SUBJECTS.items() if source.startswith(de) and target.startswith(en)]
    return slots + ([CITY] if CITY[0] in source and CITY[1] in target else [])


def name_in_slot(source: str, target: str, slot: tuple[str, str], rng: random.Random) -> tuple[str, str]:
    """A placeholder where a name could stand, the subject or "in a city", on both sides: the model learns to carry
    a name's placeholder there, and cannot learn to put a name where the source has none."""
    de, en = slot
    name = free_placeholder(source, rng)
    if slot == CITY:
        return source.replace(de, f"in {name}", 1), target.replace(en, f"in {name}", 1)
    return name + " " + source[len(de):], name + " " + target[len(en):]


def matching_number_words(source: str, target: str) -> list[str]:
    """German number words whose English word appears once in the target (and themselves once in the source)."""
    src_words = [w.lower() for w in WORD.findall(source)]
    tgt_words = [w.lower() for w in WORD.findall(target)]
    return [w for w, e in NUMBER_WORDS.items() if src_words.count(w) == 1 and tgt_words.count(e) == 1]


def _replace(text: str, word: str, new: str) -> str:
    return re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", lambda _: new, text)


def free_placeholder(source: str, rng: random.Random) -> str:
    """One of the first SLOTS placeholders that the source does not hold yet."""
    return rng.choice([p for p in PLACEHOLDERS[:SLOTS] if p not in source] or PLACEHOLDERS[:SLOTS])


def substitute(source: str, target: str, word: str, rng: random.Random) -> tuple[str, str]:
    """The shared word (or placeholder) replaced on both sides: mostly by another placeholder (names travel as
    placeholders, text/finders/names.py), else by a made-up word or a name (for names the name step does not catch)."""
    roll = rng.random()
    if roll < 0.6:
        new = free_placeholder(source, rng)
    elif roll < 0.8:
        new = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
    else:
        new = rng.choice(rng.choice((FIRST_NAMES, SURNAMES, PLACE_NAMES, BRANDS)))
        if rng.random() < 0.3:
            new = f"{new} {rng.choice(SURNAMES)}"
    return _replace(source, word, new), _replace(target, word, new)


def number_placeholder(source: str, target: str, word: str, rng: random.Random) -> tuple[str, str]:
    """The German number word and its English one replaced by one placeholder (any case)."""
    placeholder = PLACEHOLDERS[rng.randrange(4)]
    swap = lambda text, w: re.sub(rf"(?<!\w){w}(?!\w)", placeholder, text, flags=re.IGNORECASE)
    return swap(source, word), swap(target, NUMBER_WORDS[word])
