"""data/everyday.py: everyday pairs are sentence frames with the same placeholder on both sides, the same for the
same seed, German-English or mirrored; --data.everyday adds them to the training pairs and to the cache key."""
import re

from config import make_config
from data.augment import training_pairs
from data.everyday import PEOPLE, SAYINGS, THINGS, everyday_pairs
from data.prepare import cache_key
from text.forms.masking import PLACEHOLDERS

HOLDS = re.compile("|".join(PLACEHOLDERS))


def test_each_pair_holds_one_placeholder_the_same_on_both_sides_and_reads_as_a_sentence():
    pairs = list(everyday_pairs(500))
    assert len(pairs) == 500 and len(set(pairs)) > 300
    for de, en in pairs:
        assert HOLDS.findall(de) == HOLDS.findall(en) and len(HOLDS.findall(de)) == 1
        assert not re.search(r"\s[.,:]|\s{2}", de + " " + en), (de, en)
    words = {w for de, _ in pairs for w in de.split()}
    assert {"kostet", "kosten", "bezahlt", "sagt", "fragt"} <= words


def test_the_same_seed_gives_the_same_pairs_and_mirrored_pairs_are_turned_round():
    assert list(everyday_pairs(50, seed=3)) == list(everyday_pairs(50, seed=3)) != list(everyday_pairs(50, seed=4))
    assert list(everyday_pairs(20, mirrored=True)) == [(en, de) for de, en in everyday_pairs(20)]


def test_a_plural_subject_takes_a_plural_verb_in_both_languages():
    pairs = list(everyday_pairs(2000))
    for person in (p for p in PEOPLE if p.plural):
        said = [(de, en) for de, en in pairs if de.startswith(person.de + " ") and ":" in de]
        assert said and all(de.split()[len(person.de.split())].rstrip(":") in {f[1] for f in SAYINGS}
                            for de, _ in said)
        assert all(en.split()[len(person.en.split())].rstrip(":") in {f[3] for f in SAYINGS} for _, en in said)
    cost = [(de, en) for de, en in pairs if any(de.startswith(t.de + " kosten") for t in THINGS if t.plural)]
    assert cost and all(" cost " in en or " cost only " in en for _, en in cost)


def test_training_pairs_add_the_share_of_everyday_pairs_after_the_corpus():
    corpus = [("Ein Hund rennt.", "A dog runs.")] * 100
    out = list(training_pairs(corpus, None, 0.0, everyday=0.1))
    assert out[:100] == corpus and out[100:] == list(everyday_pairs(10))
    assert list(training_pairs(corpus, None, 0.0)) == corpus


def test_the_cache_key_changes_with_everyday_and_stays_as_it_was_without_it():
    cfg = make_config("30min", ["--data.everyday=0"])
    files = {"train": {}}
    plain = cache_key(cfg.data, ("train",), files)
    cfg.data.everyday = 0.05
    assert cache_key(cfg.data, ("train",), files) != plain
