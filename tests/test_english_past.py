"""text/steps/english_past.py (forms: text/forms/participles.py's INTO_ENGLISH): into English, a German perfect's
auxiliary without its verb becomes the English simple past."""
import pytest

from config import DataConfig
from text.forms.participles import BASES, INTO_ENGLISH
from text.pipeline import Pipeline
from text.steps.english_past import EnglishPast, german_perfect


@pytest.mark.parametrize("source, output, expected", [
    ("Ich habe meinen Schlüssel im Büro vergessen.", "I have my key in office.", "I forgot my key in office."),
    ("Sie hat ihren Geldbeutel verloren.", "They has her purse.", "They lost her purse."),      # any person
    ("Sie hat ihren Geldbeutel verloren.", "She has her purse.", "She lost her purse."),
    ("Meine Schwester hat ihr Fahrrad verkauft.", "My sister have her bike.", "My sister sold her bike."),
    ("Wir sind am Wochenende nach Berlin gefahren.", "We are on weekends for Berlin.",
     "We went on weekends for Berlin."),                                   # "gefahren" after "sein"
    ("Mein Bruder ist nach London geflogen.", "My brother is about London.", "My brother flew about London."),
    ("Gestern habe ich einen Brief geschrieben.", "Yesterday I have a letter.", "Yesterday I wrote a letter."),
    ("Wir haben den Film gesehen.", "We have the movie.", "We saw the movie."),     # "saw" or "watched": one
    ("Ich habe die Rechnung bezahlt, danke.", "I have the bill, thanks.", "I paid the bill, thanks."),
    ("Der Mann hat die Küche geputzt.", "The man is cleaning the kitchen.", "The man cleaned the kitchen."),
    ("Die Kinder haben im Park gespielt.", "The children are playing.", "The children played."),
    ("Ich habe meine Tasche im \ue000 gefunden.", "I have my bag in the \ue000.", "I found my bag in the \ue000."),
])
def test_the_auxiliary_without_its_verb_becomes_the_past(source, output, expected):
    step = EnglishPast()
    text, state = step.apply(source)
    assert text == source and step.reverse(output, state) == expected


@pytest.mark.parametrize("source, output", [
    ("Wir haben gestern eine Pizza bestellt.", "We have yesterday a pizza is ordering."),   # the verb's own form
    ("Er hat ein neues Auto gekauft.", "He has new car buying a new car."),
    ("Ich habe die Rechnung bezahlt.", "I have the bill pays."),
    ("Ich habe gut geschlafen.", "I have asleep."),
    ("Er hat die Tür geöffnet.", "He has his door open."),
    ("Er hat seine Freunde getroffen.", "He has his friend getting hit."),   # another "-ing" verb
    ("Der Hund hat den Ball gebracht.", "The dog has caught the ball."),     # a past there
    ("Das Kind ist ins Wasser gefallen.", "The child is fallen into the water."),
    ("Ich habe dir eine E-Mail geschickt.", "I have to send an email."),    # "have to"
    ("Gestern habe ich einen Apfel gegessen.", "Yesterday have I an apple."),   # no subject before it
    ("Ich habe meinen Schlüssel nicht gefunden.", "I have my key."),         # a negation
    ("Ich habe keinen Schlüssel gefunden.", "I have no key."),
    ("Die Tür ist geschlossen.", "The door is shut."),                        # a state: "schließen" takes "haben"
    ("Das Auto wird repariert.", "The car is repair."),                      # "werden"
    ("Ich muss meinen Schlüssel finden.", "I have my key."),                 # a modal, no participle
    ("Ich habe gekocht und er hat gespült.", "I have cooking and he has."),   # two auxiliaries
    ("Sie hat das Buch gelesen und ist eingeschlafen.", "She has the book."),   # two participles
    ("Ich bin nach Hause gelaufen.", "I am home."),                          # "ran" or "walked"
    ("Ich habe den Bus verpasst.", "I have the bus and it is late."),        # two auxiliaries in the English
    ("Ich habe einen Hund.", "I have a dog."),                               # no perfect
    ("Er hat das Auto gefahren.", "He has the car."),                        # "drove" or "rode"
    ("Ich habe im Park gespielt.", "There is a park."),
    ("Hast du meinen Schlüssel gesehen?", "Do you have my key?"),           # a question
    ("Sie hat ihre Hausaufgaben gemacht.", "She has her homework done."),    # a participle outside the table
    ("Wir sind nach Berlin gefahren.", "People are Berlin."),                # "Wir": no pronoun's sentence
    ("Mein Bruder ist nach London geflogen.", "Three people are London."),   # a plural for "ist"
    ("Ich habe am Morgen Kaffee getrunken.", "I haven't coffee."),
])
def test_anything_else_stays_as_the_model_wrote_it(source, output):
    step = EnglishPast()
    assert step.reverse(output, step.apply(source)[1]) == output


def test_the_inverse_table_gives_each_participle_its_english_verbs():
    assert INTO_ENGLISH["vergessen"] == [("forgot", "haben", None)]
    assert INTO_ENGLISH["bestellt"] == [("ordered", "haben", "order")]
    assert {past for past, _, _ in INTO_ENGLISH["gelaufen"]} == {"ran", "walked"}
    irregular = {past for entries in INTO_ENGLISH.values() for past, _, base in entries if base is None}
    assert irregular <= set(BASES)                  # every irregular past has its infinitive
    assert german_perfect("Er ist Arzt geworden.") == ("became", "sein", ("become",), True, False)
    assert german_perfect("Der Mann ist Arzt geworden.") == ("became", "sein", ("become",), False, False)
    assert german_perfect("Er hat ein Auto, das ich gekauft habe.") is None     # the auxiliary after it
    assert german_perfect("Ich habe es gestern gekauft und gegessen.") is None
    assert german_perfect("Ein Mann ist in einem Baum hängen geblieben.") is None     # "got stuck", no "stayed"


def test_only_a_pipeline_into_english_writes_the_past():
    into = {(s, t): Pipeline.from_config(DataConfig(src_lang=s, tgt_lang=t)) for s, t in (("en", "de"), ("de", "en"))}
    assert not any(isinstance(step, EnglishPast) for step in into["en", "de"].steps)
    pipeline = into["de", "en"]
    applied = pipeline.apply("Ich habe mein Handy verloren.")
    assert pipeline.reverse_sentence("I have my phone.", applied.states[0]).text == "I lost my phone."
    assert pipeline.apply_pair("Ich habe es verloren.", "I have it.") == ("Ich habe es verloren.", "I have it.")
