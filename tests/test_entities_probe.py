"""The entity probe: its sentences are sound and new, and its scoring needs no model."""
import gzip

import pytest

from bench.entities import contains, score_numbers, score_probe
from bench.entities_probe import PROBES, Probe, probe

HAND_MADE = [
    probe("Angela trifft Thomas um 14:30 Uhr in Köln.", "Angela", "Thomas", ("14:30", "2:30"), ("Köln", "Cologne")),
    probe("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", ("3.5",), ("12",)),
]
PERFECT = ["Angela meets Thomas at 2:30 pm in Cologne.", "The woman buys 3.5 kg of apples for 12 euros."]


def test_the_probe_has_at_least_160_sentences_each_with_an_entity_and_none_twice():
    assert len(PROBES) >= 160
    assert all(isinstance(p, Probe) and p.must_contain for p in PROBES)
    assert all(alternatives and all(a.strip() == a and a for a in alternatives)
               for p in PROBES for alternatives in p.must_contain)
    assert len({p.source for p in PROBES}) == len(PROBES)


def test_the_probe_mixes_names_places_and_numbers():
    numeric = sum(any(c.isdigit() for c in e[0]) for p in PROBES for e in p.must_contain)
    total = sum(len(p.must_contain) for p in PROBES)
    assert 0.2 < numeric / total < 0.45
    assert sum(len(p.must_contain) > 1 for p in PROBES) >= 10


def test_no_probe_sentence_occurs_in_multi30k(multi30k_dir):
    def normal(line):
        return " ".join(line.lower().split()).rstrip(" .")

    seen = set()
    for split in ("train", "val", "test_2016_flickr"):
        with gzip.open(multi30k_dir / f"{split}.de.gz", "rt", encoding="utf-8") as f:
            seen |= {normal(line) for line in f}
    assert [p.source for p in PROBES if normal(p.source) in seen] == []


def test_a_perfect_output_scores_one():
    score = score_probe(PERFECT, HAND_MADE)
    assert (score.kept, score.entities, score.sentences_all_kept, score.invented) == (6, 6, 2, 0)
    assert score.kept_share == score.all_kept_share == 1.0
    assert score.failures == []


def test_a_dropped_name_lowers_the_score_and_is_listed():
    outputs = ["A woman meets Thomas at 2:30 pm in Cologne.", PERFECT[1]]
    score = score_probe(outputs, HAND_MADE)
    assert (score.kept, score.sentences_all_kept, score.numbers_kept) == (5, 1, 3)
    assert [f.missing for f in score.failures] == [(("Angela",),)]


@pytest.mark.parametrize("output", ["Angela meets Thomas at 14:30 in Köln.", "Angela meets Thomas at 2:30 in Cologne."])
def test_any_alternative_keeps_an_entity(output):
    assert score_probe([output, PERFECT[1]], HAND_MADE).kept == 6


def test_an_invented_number_is_counted_and_its_entity_lost():
    outputs = [PERFECT[0], "The woman buys 3 apples for apples."]
    score = score_probe(outputs, HAND_MADE)
    assert (score.invented, score.number_entities, score.numbers_kept) == (1, 3, 1)
    assert score.failures[0].invented == ("3",)


@pytest.mark.parametrize("output, alternative, found", [
    ("for 12 euros.", "12", True),
    ("for €12", "12", True),
    ("for 120 euros", "12", False),
    ("for 12.5 euros", "12", False),
    ("for 1.12 euros", "12", False),
    ("Anna's dog runs.", "Anna", True),
    ("Annabelle runs.", "Anna", False),
    ("in cologne", "Cologne", False),
])
def test_an_alternative_counts_only_as_a_whole_word_or_number(output, alternative, found):
    assert contains(output, alternative) is found


def test_a_split_counts_outputs_with_invented_numbers():
    score = score_numbers(["Zwei Hunde.", "Ein Hund mit 3 Beinen."], ["2 dogs.", "A dog with 4 legs and 3 ears."])
    assert (score.sentences, score.invented) == (2, 1)
    assert score.failures[0].invented == ("4",)
