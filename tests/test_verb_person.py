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


@pytest.mark.parametrize("source, output, expected", [
    ("I sit on the bench and wait.", "Ich warte auf der Bank und wartet.", "Ich warte auf der Bank und warte."),
    ("I read a book and listen to music.", "Ich lese ein Buch und hören Musik.", "Ich lese ein Buch und höre Musik."),
    ("He comes home and eats.", "Er kommt nach Hause und essen.", "Er kommt nach Hause und isst."),
    ("My name is Tom and I live here.", "Ich heiße Tom und wohnt hier.", "Ich heiße Tom und wohne hier."),
    ("I sit and I wait.", "Ich sitze und ich wartet.", "Ich sitze und ich warte."),
    ("My wife and I come from Canada.", "Meine Frau und Ich komme aus Kanada.",
     "Meine Frau und ich kommen aus Kanada."),                                    # "X and I": "wir"'s person
    ("I am married and have two children.", "Ich bin verheiratet und haben zwei Kinder.",
     "Ich bin verheiratet und habe zwei Kinder."),
    ("I fall in love with her.", "Ich verliebt mich in sie.", "Ich verliebe mich in sie."),   # "fall": its verb
])
def test_the_verb_after_und_takes_the_person_its_and_gives(source, output, expected):
    step = VerbPerson()
    assert step.reverse(output, step.apply(source)[1]) == expected


@pytest.mark.parametrize("source, output", [
    ("I eat an apple and she eats a banana.", "Ich esse einen Apfel und isst eine Banane."),   # another subject
    ("I cook and she washes up.", "Ich koche und sie spült ab."),
    ("I live with big and small dogs.", "Ich lebe mit großen und kleinen Hunden."),            # adjectives
    ("I am tired and ready.", "Ich bin müde und bereit."),                                     # "I am": listed only
    ("I buy apples and oranges.", "Ich kaufe Äpfel und Orangen."),
    ("I work and she works.", "Ich arbeite und arbeitet."),                                    # "and" + "she"
    ("I feel in love.", "Ich verliebt."),                       # an adjective where the English has no such verb
    ("I look excited.", "Ich aufgeregt."),                      # a separable verb's participle
    ("I worked and lived here.", "Ich arbeitete und lebten hier."),                          # a past
])
def test_an_und_of_another_subject_or_no_verb_stays(source, output):
    step = VerbPerson()
    assert step.reverse(output, step.apply(source)[1]) == output


def test_a_masked_opening_pronoun_before_and_i_is_no_subject_of_two():
    pipeline = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"))
    applied = pipeline.apply("It rains and I stay at home.")        # "It": a placeholder, "and I": "ich" alone
    assert pipeline.reverse_sentence("\ue000 regnet und Ich bleiben zu Hause.", applied.states[0]).text == \
        "Es regnet und ich bleibe zu Hause."
