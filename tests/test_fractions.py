"""text/finders/fractions.py: a German fraction in words, with its count and its "of", is one English placeholder."""
import pytest

from config import DataConfig
from text.finders.fractions import Fractions
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline

P0 = PLACEHOLDERS[0]


@pytest.mark.parametrize("text, masked, fills", [
    ("Ein Drittel der Kinder spielt.", f"{P0} Kinder spielt.", ("A third of the",)),
    ("Zwei Drittel der Kinder spielen.", f"{P0} Kinder spielen.", ("Two thirds of the",)),
    ("Die Hälfte der Zeit schläft er.", f"{P0} schläft er.", ("Half of the time",)),  # "Half of the is sleeping."
    ("Ein Achtel der Pizza.", f"{P0} Pizza.", ("An eighth of the",)),        # not "A eighth"
    ("Er isst die Hälfte von dem Kuchen.", f"Er isst {P0} dem Kuchen.", ("half of",)),
    ("Drei Viertel aller Menschen lachen.", f"{P0} Menschen lachen.", ("Three quarters of all",)),
    ("Er läuft in einem belebten Viertel der Stadt.", "Er läuft in einem belebten Viertel der Stadt.", ()),
    ("Die Drittel der Kinder, eine Hälfte des Apfels.", "Die Drittel der Kinder, eine Hälfte des Apfels.", ()),
    ("3/4 der Kinder und ½ des Kuchens", f"{P0} Kinder und {PLACEHOLDERS[1]} Kuchens", ("3/4 of the", "½ of the")),
    ("12/3 der Kinder, 1/2/2025 des Jahres", "12/3 der Kinder, 1/2/2025 des Jahres", ()),
])
def test_a_fraction_with_its_count_before_a_genitive_is_its_english_words_with_of(text, masked, fills):
    assert Fractions().apply(text) == (masked, fills)


def test_a_pipelines_fraction_is_no_name():
    """"Ein Drittel der Kinder spielt." -> "Drittel the children play.": the names finder kept "Drittel"."""
    pipeline = Pipeline.from_config(DataConfig(src_lang="de", tgt_lang="en"))
    assert pipeline.fills(pipeline.apply("Ein Drittel der Kinder spielt.").states[0]) == ("A third of the",)
    assert pipeline.fills(pipeline.apply("3/4 der Kinder spielen.").states[0]) == ("3/4 of the",)   # not "3/4"


@pytest.mark.parametrize("text, fills", [
    ("Half of the children play.", ("Die Hälfte der",)),            # "Ein Pilot spielt die Kinder."
    ("A third of the people and two thirds of all dogs.", ("Ein Drittel der", "zwei Drittel aller")),
    ("Half the children and half of all dogs.", ("Die Hälfte der", "die Hälfte aller")),      # without "of" too
    ("He ate half of the cake, a half of the apples, a third the kids.", ()),    # a singular's article: its gender
])
def test_an_english_fraction_before_a_plural_is_its_german_words_with_the_genitive(text, fills):
    assert Fractions("en", "de").apply(text)[1] == fills
    assert Fractions("en", "fr").apply(text)[1] == ()
