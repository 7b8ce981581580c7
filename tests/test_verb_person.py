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
    ("They play.", "Sie spielen."),                            # "they": the plural already
])
def test_anything_else_stays_as_the_model_wrote_it(source, output):
    step = VerbPerson()
    assert step.reverse(output, step.apply(source)[1]) == output


@pytest.mark.parametrize("source, output, expected", [
    ("They work in an office.", "Sie arbeitet in einem Büro.", "Sie arbeiten in einem Büro."),   # "they": plural
    ("They are tired.", "Sie ist müde.", "Sie sind müde."),
    ("You work a lot.", "Du arbeitet viel.", "Du arbeitest viel."),          # "you": the model's pronoun's person
    ("You drive a lot.", "Du fährt viel.", "Du fährst viel."), ("You are tired.", "Du ist müde.", "Du bist müde."),
    ("You work a lot.", "Ihr arbeiten viel.", "Ihr arbeitet viel."),
    ("You work a lot.", "Sie arbeitet viel.", "Sie arbeiten viel."),         # the formal "Sie": a plural's form
])
def test_they_and_you_give_the_verb_the_german_pronouns_person(source, output, expected):
    step = VerbPerson()
    assert step.reverse(output, step.apply(source)[1]) == expected


@pytest.mark.parametrize("source, output, expected", [
    ("I lost my bag.", "Ich hat meine Tasche verloren.", "Ich habe meine Tasche verloren."),
    ("We went home.", "Wir ist nach Hause gegangen.", "Wir sind nach Hause gegangen."),
])
def test_after_an_english_past_only_the_auxiliary_of_its_perfect_takes_the_person(source, output, expected):
    step = VerbPerson()
    assert step.reverse(output, step.apply(source)[1]) == expected


@pytest.mark.parametrize("source, output, expected", [
    ("We are meeting at the station.", "Wir treffen sich am Bahnhof.", "Wir treffen uns am Bahnhof."),
    ("I am looking forward to it.", "Ich freut sich darauf.", "Ich freue mich darauf."),
    ("You sit down.", "Du setzt sich hin.", "Du setzt dich hin."), ("I met him.", "Ich traf sich.", "Ich traf mich."),
    ("We wash our hands.", "Wir waschen sich die Hände.", "Wir waschen uns die Hände."),   # "uns": dative too
    ("You meet here.", "Ihr trefft hier sich.", "Ihr trefft hier euch."),   # a word later
])
def test_a_reflexive_sich_takes_the_opening_pronouns_person(source, output, expected):
    step = VerbPerson()
    assert step.reverse(output, step.apply(source)[1]) == expected


@pytest.mark.parametrize("source, output", [
    ("I wash my hands.", "Ich wasche sich die Hände."),        # an object after it: dative "mir", left
    ("They meet at noon.", "Sie treffen sich mittags."), ("He sits down.", "Er setzt sich hin."),
    ("We see that he is happy.", "Wir sehen, dass er sich freut."),      # not after the verb
])
def test_a_sich_of_the_third_person_or_before_an_object_stays(source, output):
    step = VerbPerson()
    assert step.reverse(output, step.apply(source)[1]) == output


def test_a_plural_subjects_verb_of_a_statement_is_plural():
    step = VerbPerson()
    state = step.apply("The tickets cost $12.50 each at the door.")[1]
    assert step.reverse("Die Karten kostet 12,50 $ an der Tür.", state) == "Die Karten kosten 12,50 $ an der Tür."


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
