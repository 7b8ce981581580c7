"""data/augment.py: the training corpus as the model learns it — through the text pipeline, with copy pairs."""
from config import DataConfig
from data.augment import copy_pairs, shared_names, training_pairs
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline

P0 = PLACEHOLDERS[0]


def test_training_pairs_go_through_the_pipeline_before_copy_pairs_are_added():
    pairs = [("Ein Mann mit 3 Hunden.", "A man with 3 dogs."), ("Ein Hund.", "A dog.")]
    assert list(training_pairs(pairs, Pipeline.from_config(DataConfig()), 0.0)) == \
        [(f"Ein Mann mit {P0} Hunden.", f"A man with {P0} dogs."), ("Ein Hund.", "A dog.")]
    assert list(training_pairs(pairs, None, 0.0)) == pairs


def test_copy_pairs_swap_shared_names_put_placeholders_where_names_stand_and_make_number_words_placeholders():
    src = ["Ein Mann trinkt Coca-Cola in Berlin.", "Zwei Hunde rennen.", "Ein Hund schläft."] * 50
    tgt = ["A man drinks Coca-Cola in Berlin.", "Two dogs run.", "A dog sleeps."] * 50
    extra_src, extra_tgt = copy_pairs(src, tgt, share=0.5, seed=3)
    assert (extra_src, extra_tgt) == copy_pairs(src, tgt, share=0.5, seed=3)      # seeded: the cache stays valid
    assert len(extra_src) == 75                                                    # a third of each kind
    numeric = [(s, t) for s, t in zip(extra_src, extra_tgt) if "Hunde" in s]
    assert len(numeric) == 25 and all(s[0] in PLACEHOLDERS and t[0] == s[0] for s, t in numeric)
    swapped = [(s, t) for s, t in zip(extra_src, extra_tgt) if "trinkt" in s and s.startswith("Ein Mann")]
    assert len(swapped) == 25 and len({s for s, _ in swapped}) > 5
    for s, t in swapped:            # Coca-Cola or Berlin replaced on both sides, mostly by a placeholder
        new = s[len("Ein Mann trinkt "):].split(" in ")[0] if "Coca-Cola" not in s else s.split(" in ")[1][:-1]
        assert new in t and new not in ("Coca-Cola", "Berlin")
    assert sum(any(c in PLACEHOLDERS for c in s) for s, _ in swapped) > 10
    named = [(s, t) for s, t in zip(extra_src, extra_tgt) if "trinkt" in s and not s.startswith("Ein Mann")]
    assert len(named) == 25
    for s, t in named:              # a placeholder for the subject, never an invented name
        assert s[0] in PLACEHOLDERS and t == f"{s[0]} drinks Coca-Cola in Berlin."


def test_shared_names_are_capitalized_words_on_both_sides():
    assert shared_names("Anna und der Mann in Rot mit Tom.", "Anna and the man in red with Tom.") == ["Anna", "Tom"]
    assert shared_names("Ein Hund.", "A dog.") == []
    assert shared_names(f"Ein Hund in {P0}.", f"A dog in {P0}.") == [P0]


def test_english_german_pairs_get_the_mirror_image_of_the_german_english_copy_pairs():
    src = ["Ein Mann trinkt Coca-Cola in Berlin.", "Zwei Hunde rennen."] * 30
    tgt = ["A man drinks Coca-Cola in Berlin.", "Two dogs run."] * 30
    german_english = list(training_pairs(zip(src, tgt), None, 0.5, seed=2))
    english_german = list(training_pairs(zip(tgt, src), None, 0.5, seed=2, mirrored=True))
    assert english_german == [(t, s) for s, t in german_english]
