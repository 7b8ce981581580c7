"""text/steps/possessives.py: a German translation's opening possessive takes the ending of the noun after it."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.possessives import PossessiveEnding

STEP = PossessiveEnding({"katze": "f", "hund": "m", "haus": "n", "kinder": "f"})


@pytest.mark.parametrize("output, mended", [
    ("Sein Katze schläft.", "Seine Katze schläft."), ("Meine Hund bellt.", "Mein Hund bellt."),
    ("Unsere Haus ist groß.", "Unser Haus ist groß."), ("Ihr Kinder spielen.", "Ihre Kinder spielen."),
    ("„Ihr Großmutter backt.“", "„Ihre Großmutter backt.“"),            # an everyday noun, inside quotes
    ("Mein Eltern wohnen hier.", "Meine Eltern wohnen hier."), ("Euer Eltern.", "Eure Eltern."),
    ("Eure Hund.", "Euer Hund."), ("sein Katze.", "seine Katze."),
    ("Was macht ihr Schwester?", "Was macht ihre Schwester?"),            # inside: a bare form before a feminine
    ("Mein Katze und sein Kinder.", "Meine Katze und seine Kinder."), ("Mit euer Katze.", "Mit eure Katze."),
])
def test_the_possessive_takes_the_nominative_ending_of_its_nouns_gender(output, mended):
    assert STEP.reverse(output, None) == mended


@pytest.mark.parametrize("output", [
    "Seinen Hund sieht er.", "Seiner Katze gehört es.",      # no nominative form: as written
    "Mein kleiner Hund bellt.", "Ihre Xylophone klingen.",   # an adjective between, a noun of no known gender
    "Die Katze schläft.", "Er sieht seine Katze.",           # no possessive first
    "Er sieht meine Hund.", "Er liebt sein Haus.",           # inside: "meine Hund" may be meant as "meinem Hund"
    "Er gibt ihr Blumen.", "Er kauft ihr Kinder.",           # "to her": "ihr" inside only before an everyday noun
])
def test_anything_else_stays_as_written(output):
    assert STEP.reverse(output, None) == output
    assert STEP.apply(output) == (output, None) and STEP.apply_pair(output, output) == (output, output)


def test_only_a_pipeline_into_german_has_the_step():
    into = {lang: Pipeline.from_config(DataConfig(src_lang=src, tgt_lang=lang))
            for src, lang in (("en", "de"), ("de", "en"))}
    assert any(isinstance(step, PossessiveEnding) for step in into["de"].steps)
    assert not any(isinstance(step, PossessiveEnding) for step in into["en"].steps)
    assert into["de"].reverse_sentence("Sein Katze schläft.", into["de"].apply("His cat sleeps.").states[0]).text \
        == "Seine Katze schläft."
