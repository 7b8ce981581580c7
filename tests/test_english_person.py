"""text/steps/english_person.py: into English, the verb after the opening subject takes its German verb's person."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.english_person import EnglishPerson

P0 = "\ue000"


@pytest.mark.parametrize("source, output, expected", [
    ("Meine Schwester wohnt seit drei Jahren in Köln.", "My sister live for 3 years in Cologne.",
     "My sister lives for 3 years in Cologne."),
    ("Sie hat ihren Geldbeutel verloren.", "They has her purse.", "She has her purse."),     # "Sie" + "hat": she
    ("Sie trinkt Kaffee.", "They are drinking coffee.", "She is drinking coffee."),
    (f"Die {P0} funktioniert nicht.", f"The {P0} doesn't working.", f"The {P0} doesn't work."),
    ("Der Drucker geht nicht.", "The printer doesn't works.", "The printer doesn't work."),
    ("Der Drucker druckt nicht.", "The printer don't print.", "The printer doesn't print."),
    ("Er spielt jeden Samstag.", "He often play on Saturdays.", "He often plays on Saturdays."),   # an adverb
    ("Der Mann hat Hunger.", "The man have hunger.", "The man has hunger."),
    ("Er studiert Physik.", "He study physics.", "He studies physics."),
    ("Sie wäscht das Auto.", "She wash the car.", "She washes the car."),
    ("Meine Oma geht nach Hause.", "My old grandma go home.", "My old grandma goes home."),
    ("Es regnet.", "It rain.", "It rains."),
    (f"{P0} wohnt in Köln.", f"{P0} live in Cologne.", f"{P0} lives in Cologne."),            # a name
    ("Sie haben zwei Hunde.", "They has two dogs.", "They have two dogs."),                   # a plural
    ("Er ist müde.", "He are tired.", "He is tired."),
    ("Sie hat eine Erkältung.", "She have had a cold.", "She has had a cold."),     # "have" before a finite verb
])
def test_the_verb_after_the_subject_takes_the_german_verbs_person(source, output, expected):
    step = EnglishPerson()
    text, state = step.apply(source)
    assert text == source and step.reverse(output, state) == expected


@pytest.mark.parametrize("source, output", [
    ("Ein Mann geht die Straße entlang.", "A man is walking down the street."),     # "is" + "-ing"
    ("Ein Mann geht die Straße entlang.", "A man walking down the street."),        # a caption's fragment
    ("Die Kinder spielen im Garten.", "The children play in the garden."),          # a German plural
    ("Die Bushaltestelle ist dort.", "The bus stop is there."),                     # a noun before the verb
    ("Die Brille ist kaputt.", "The glasses are broken."),                          # an English plural
    ("Meine Mutter kocht heute.", "My people are cooking today."),
    ("Meine Lehrerin spricht drei Sprachen.", "My teacher talks three language."),  # the verb has its "-s"
    ("Er hat sein Handy verloren.", "He lose his cellphone."),                      # a perfect: maybe a past
    ("Er hat das Buch gelesen.", "He read the book."),
    ("Er kann schwimmen.", "He swim."),                                             # a modal
    ("Er spielt Fußball.", "They play soccer."),                                    # "They" is no "er"
    ("Sie spielen Fußball.", "They play soccer."),
    ("Sie hat einen Bruder.", "They people are playing."),                         # no verb after "They"
    (f"{P0} wohnt in Köln.", "\ue001 live in Cologne."),                           # another placeholder
    ("Die Frau mit dem Hut lacht.", "The woman with the hat laugh."),               # no verb after the noun
    ("Gestern war ich im Kino.", "Yesterday I go to the cinema."),
    ("Ein Radfahrer vollführt einen Sprung.", "A bicyclist performing a jump."),   # no finite verb
])
def test_other_sentences_stay(source, output):
    step = EnglishPerson()
    assert step.reverse(output, step.apply(source)[1]) == output


def test_the_step_runs_into_english_only():
    steps = Pipeline.from_config(DataConfig(src_lang="de", tgt_lang="en")).steps
    assert any(isinstance(s, EnglishPerson) for s in steps)
    assert not any(isinstance(s, EnglishPerson)
                   for s in Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de")).steps)
