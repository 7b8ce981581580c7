"""text/steps/apostrophes.py: English contractions typed without their apostrophe reach the model with it."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.apostrophes import Apostrophes


@pytest.mark.parametrize("typed, written", [
    ("We cant come today, they arent here.", "We can't come today, they aren't here."),
    ("Im hungry and i dont know.", "I'm hungry and i don't know."),
    ("Dont go! DONT GO! Whats up?", "Don't go! DON'T GO! What's up?"),
    ("Its time, lets go, we were ill.", "Its time, lets go, we were ill."),       # words spelled so: left
    ("I don't know, you're right.", "I don't know, you're right."),              # already written with it
])
def test_a_contraction_gets_back_its_apostrophe(typed, written):
    """"We cant come today." came back as "Wir kommen heute." from a 30-minute model: the negation was lost."""
    assert Apostrophes().apply(typed) == (written, None)


@pytest.mark.parametrize("typed", ["Mail im@wont.org or cant@doesnt.net today.", "See /home/dont/wont.txt now.",
                                   "Read dont.pdf first."])
def test_what_is_copied_through_keeps_its_letters(typed):
    """"Mail me at im@wont.org" reached the model as "I'm@won't.org": an address that is not the user's."""
    assert Apostrophes().apply(typed) == (typed, None)


def test_only_an_english_source_has_the_step_and_training_pairs_are_left_as_they_are():
    names = {lang: [type(s).__name__ for s in Pipeline.from_config(DataConfig(src_lang=lang, tgt_lang=other)).steps]
             for lang, other in (("en", "de"), ("de", "en"))}
    assert "Apostrophes" in names["en"] and "Apostrophes" not in names["de"]
    assert Apostrophes().apply_pair("I dont know.", "Ich weiß nicht.") == ("I dont know.", "Ich weiß nicht.")
