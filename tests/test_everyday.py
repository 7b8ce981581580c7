"""data/everyday.py: everyday pairs are sentence frames with the same placeholder on both sides, the same for the
same seed, German-English or mirrored; --data.everyday adds them to the training pairs and to the cache key."""
import random
import re

import pytest

from config.presets import make_config
from data.augment import training_pairs
from data.everyday import (DOINGS, PEOPLE, POSSESSIVES, SAYINGS, THINGS, article_opener, everyday_pairs,
                           possessive_opener, questions)
from data.cache_key import cache_key
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
    # a date or a time of day opens a sentence or ends it after the verb ("Ein Mann wartet <P>." / "A man waits <P>.")
    for at in (0, -1):
        placed = [(de, en) for de, en in pairs if HOLDS.fullmatch(de.split()[at].rstrip("."))]
        assert any(de.split()[at - 1 if at else 1] in {f[0] for f in DOINGS} for de, en in placed)
        assert all(HOLDS.fullmatch(en.split()[at].rstrip(".")) for de, en in placed)


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
    assert out[:100] == corpus and out[104:114] == list(everyday_pairs(10)) and out[114:119] == list(questions(5))
    stems = {(f"{de} Hund rennt.", f"{en} dog runs.") for de, en in POSSESSIVES}
    assert len(out) == 129 and set(out[100:104]) <= stems       # 0.4 possessive openers, 0.5 questions a frame
    assert list(training_pairs(corpus, None, 0.0)) == corpus


@pytest.mark.parametrize("de, en, article", [
    ("Ein kleiner Junge rennt.", "A little boy runs.", "Ein"), ("Eine Frau singt.", "An old woman sings.", "Eine"),
    ("Die Kinder spielen.", "The children play.", "Die"), ("Der Hund bellt.", "The dog barks.", "Der"),
    ("Das Kind lacht.", "The child laughs.", "Das")])
def test_a_pair_that_opens_with_an_article_on_both_sides_gets_a_possessive_with_the_right_ending(de, en, article):
    assert article_opener(de, en) == [article]
    for seed in range(12):
        poss_de, poss_en = possessive_opener(de, en, article, random.Random(seed))
        stem, english = next((d, e) for d, e in POSSESSIVES if poss_en.startswith(e + " ") and poss_de.startswith(d))
        ending = "e" if article in ("Eine", "Die") else ""
        assert poss_de == f"{stem}{ending} {de.split(' ', 1)[1]}" and poss_en == f"{english} {en.split(' ', 1)[1]}"


@pytest.mark.parametrize("de, en", [
    ("Der kleine Junge rennt.", "The little boy runs."),     # sein kleiner Junge: the adjective would change
    ("Das ist ein Hund.", "That is a dog."), ("Ein Mann rennt.", "The man runs."), ("Zwei Hunde.", "Two dogs."),
    ("Eine Frau singt.", "Woman sings.")])
def test_no_possessive_where_another_word_would_have_to_change(de, en):
    assert article_opener(de, en) == []


def test_the_cache_key_changes_with_everyday_and_stays_as_it_was_without_it():
    cfg = make_config("30min", ["--data.everyday=0"])
    files = {"train": {}}
    plain = cache_key(cfg.data, ("train",), files)
    cfg.data.everyday = 0.05
    assert cache_key(cfg.data, ("train",), files) != plain


def test_questions_ask_alike_in_both_languages_with_the_verb_of_their_subjects_number():
    pairs = list(questions(600))
    assert list(questions(30, seed=2)) == list(questions(30, seed=2)) != list(questions(30, seed=3))
    assert list(questions(20, mirrored=True)) == [(en, de) for de, en in questions(20)]
    for de, en in pairs:
        assert de.endswith("?") and en.endswith("?") and de[0].isupper() and en[0].isupper(), (de, en)
        assert HOLDS.findall(de) == HOLDS.findall(en) and len(HOLDS.findall(de)) <= 1
    plural = [(de, en) for de, en in pairs if de.startswith("Wo sind ")]
    assert plural and all(en.startswith("Where are ") for _, en in plural)
    assert {de.split()[0] for de, _ in pairs} >= {"Wo", "Was", "Wie", "Hast", "Warum"}
    assert any(HOLDS.search(de) for de, _ in pairs) and any(not HOLDS.search(de) for de, _ in pairs)
