"""text/steps/verb_person.py: into German, the verb after the source's opening subject pronoun takes its person."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.verb_person import VerbPerson


@pytest.mark.parametrize("source, output, expected", [
    ("I work in an office.", "Ich arbeitet in einem Büro.", "Ich arbeite in einem Büro."),
    ("I drink coffee.", "Ich trinken Kaffee.", "Ich trinke Kaffee."),
    ("I often play chess.", "Ich spielen Schach.", "Ich spiele Schach."),            # an adverb between
    ("I am waiting.", "Ich wartet.", "Ich warte."),                                  # "am" + "-ing": the present
    ("I am tired.", "Ich ist müde.", "Ich bin müde."),                               # "sein" after "am"
    ("We need help.", "Wir braucht Hilfe.", "Wir brauchen Hilfe."),                  # "need": no past
    ("She reads.", "Sie lesen.", "Sie liest."), ("He plays.", "Er spielen.", "Er spielt."),
    ('"I read a lot."', '"Ich liest viel."', '"Ich lese viel."'),                    # after an opening quote
])
def test_the_verb_after_the_pronoun_takes_its_person(source, output, expected):
    step = VerbPerson()
    text, state = step.apply(source)
    assert text == source and step.reverse(output, state) == expected


@pytest.mark.parametrize("source, output", [
    ("I lost my bag.", "Ich verloren meine Tasche."),          # a past: "verloren" may be a participle
    ("I worked a lot.", "Ich arbeitet viel."),
    ("I am married.", "Ich verheiratet."),                     # "am" before no "-ing": only a form of "sein"
    ("The man works.", "Der Mann arbeiten."),                  # no pronoun
    ("I work.", "Er arbeitet."),                               # another pronoun in the translation
    ("I like this song.", "Ich dieses Lied."),                 # no verb after it
    ("They play.", "Sie spielen."),                            # "they" is not read
])
def test_anything_else_stays_as_the_model_wrote_it(source, output):
    step = VerbPerson()
    assert step.reverse(output, step.apply(source)[1]) == output


def test_only_a_pipeline_from_english_into_german_has_the_step():
    into = {(s, t): Pipeline.from_config(DataConfig(src_lang=s, tgt_lang=t)) for s, t in (("en", "de"), ("de", "en"))}
    assert any(isinstance(step, VerbPerson) for step in into["en", "de"].steps)
    assert not any(isinstance(step, VerbPerson) for step in into["de", "en"].steps)
    pipeline = into["en", "de"]
    applied = pipeline.apply("I'm waiting in an office.")                           # "I'm": "I am" for the step
    assert pipeline.reverse_sentence("Ich wartet in einem Büro.", applied.states[0]).text == \
        "Ich warte in einem Büro."
