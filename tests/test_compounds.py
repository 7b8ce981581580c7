from text.forms.lexicon import Lexicon
from text.steps.compounds import Compounds, linked

NOUNS = {"phone": "Telefon", "battery": "Batterie", "coffee": "Kaffee", "machine": "Maschine", "man": "Mann",
         "water": "Wasser", "kitchen": "Küche", "table": "Tisch", "newspaper": "Zeitung", "article": "Artikel",
         "tennis": "Tennisball", "racket": "Schläger", "crates": "Kisten", "family": "Familie", "hotel": "Hotel",
         "room": "Raum", "questions": "Fragen"}
GENDERS = {"telefon": "n", "batterie": "f", "kaffee": "m", "maschine": "f", "mann": "m", "wasser": "n", "küche": "f",
           "tisch": "m", "zeitung": "f", "artikel": "m", "schläger": "m", "kisten": "f", "zimmer": "n"}
STEP = Compounds(Lexicon({}, nouns=NOUNS, genders=GENDERS))


def compounded(source: str, output: str) -> str:
    _, state = STEP.apply(source)
    return STEP.reverse(output, state)


def test_two_nouns_of_an_english_compound_are_one_word_and_the_determiner_takes_the_last_gender():
    assert compounded("My phone battery is empty.", "Mein Telefon Batterie ist leer.") == \
        "Meine Telefonbatterie ist leer."
    assert compounded("The coffee machine is broken.", "Die Kaffee Maschine ist kaputt.") == \
        "Die Kaffeemaschine ist kaputt."
    assert compounded("He carries two milk crates.", "Er trägt zwei Milch Kisten.") == "Er trägt zwei Milchkisten."
    assert compounded("I need a tennis racket.", "Ich brauche einen Tennis Schläger.") == \
        "Ich brauche einen Tennisschläger."
    assert compounded("The hotel room was clean.", "Das Hotel Zimmer war sauber.") == "Das Hotelzimmer war sauber."


def test_a_linking_ending_only_where_the_table_says():
    assert compounded("The kitchen table is small.", "Der Küche Tisch ist klein.") == "Der Küchentisch ist klein."
    assert compounded("I read the newspaper article.", "Ich lese den Zeitung Artikel.") == \
        "Ich lese den Zeitungsartikel."
    assert linked("Kaffee") == "Kaffee" and linked("Hund") == "Hunde" and linked("Tasche") == "Taschen"


def test_nouns_whose_english_is_not_a_compound_stay_apart():
    assert compounded("I give water to the man.", "Ich gebe dem Mann Wasser.") == "Ich gebe dem Mann Wasser."
    assert compounded("I give the man water.", "Ich gebe dem Mann Wasser.") == "Ich gebe dem Mann Wasser."
    assert compounded("The machine is in the kitchen.", "Die Maschine Küche.") == "Die Maschine Küche."


def test_names_and_titles_stay_apart():
    assert compounded("The Schmidt family drinks coffee.", "Familie Schmidt trinkt Kaffee.") == \
        "Familie Schmidt trinkt Kaffee."
    assert compounded("Mrs. Weber and the coffee machine", "Frau Kaffee Maschine") == "Frau Kaffee Maschine"
    assert compounded("The Phone Battery is a band.", "Die Telefon Batterie ist eine Band.") == \
        "Die Telefon Batterie ist eine Band."


def test_an_everyday_noun_the_case_step_capitalized_is_read_as_a_noun():
    assert compounded("My phone Battery is empty.", "Mein Telefon Batterie ist leer.") == \
        "Meine Telefonbatterie ist leer."


def test_a_question_to_someone_is_no_compound():
    assert compounded("She asks the man questions.", "Sie stellt dem Mann Fragen.") == "Sie stellt dem Mann Fragen."


def test_a_verb_of_two_objects_only_before_a_person_or_animal():
    assert compounded("She buys the man coffee.", "Sie kauft dem Mann Kaffee.") == "Sie kauft dem Mann Kaffee."
    assert compounded("She buys a coffee machine.", "Sie kauft eine Kaffee Maschine.") == \
        "Sie kauft eine Kaffeemaschine."
