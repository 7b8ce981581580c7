"""text/forms/units.py: a number and its unit are one placeholder, written in the target's words (singular for 1, German
dative plural after an English preposition that takes the dative), a symbol as typed (but in German words where
German writes no such symbol: "2 lbs" -> "2 Pfund")."""
import pytest

from text.finders.digit_runs import DigitRuns
from text.finders.numbers import Numbers
from text.forms.units import unit_after
from text.steps.placeholders import Placeholders


@pytest.mark.parametrize("source, fills", [
    ("Er läuft 10 km in 45 Minuten.", ("10 km", "45 minutes")),
    ("2,5 Liter, 1 Stunde, 3 Stunden, 1,5 Stunden, -3 Grad, -1 Grad.",
     ("2.5 liters", "1 hour", "3 hours", "1.5 hours", "-3 degrees", "-1 degree")),
    ("Das Wasser hat 5 °C, die Luft 20°C oder 20 Grad Celsius.", ("5 °C", "20°C", "20 degrees Celsius")),
    ("Mit 100 km/h und 1.200 Metern, 20 % oder 20 Prozent.", ("100 km/h", "1,200 meters", "20%", "20 percent")),
    ("3 Tage, 2 Wochen, 1 Jahr, 4 Sekunden, 5 kg, 500 g, 2 Pfund.",
     ("3 days", "2 weeks", "1 year", "4 seconds", "5 kg", "500 g", "2 pounds")),
    ("Vor 3 Tagen kam ein 3 Jahre alter Junge, 5 Jahre alt.", ("3 days ago", "3-year-old", "5 years old")),
    ("Die Wohnung hat 85 Quadratmeter, das Zimmer 1 Quadratmeter.", ("85 square meters", "1 square meter")),
    ("Es kostet 50 Cent, 1 Cent oder 99 ct.", ("50 cents", "1 cent", "99 ct")),       # the model lost "cents"
])
def test_a_german_measure_is_one_placeholder_in_english_words(source, fills):
    assert Numbers().apply(source)[1] == fills


@pytest.mark.parametrize("source, masked, fills", [
    ("Das dauert 2 Std., dann 15 Min.", "Das dauert \ue000, dann \ue001.", ("2 hours", "15 minutes")),
    ("Es dauert 3 Std, dann 5 Min. Dann gehen wir.", "Es dauert \ue000, dann \ue001. Dann gehen wir.",
     ("3 hours", "5 minutes")),
    ("Nach 5 min. und 2,5 Mrd. Euro.", "Nach \ue000 und \ue001.", ("5 minutes", "€2.5 billion")),
    ("Der Kurs dauert 5 Min, warte 10 Sek", "Der Kurs dauert \ue000, warte \ue001", ("5 minutes", "10 seconds")),
    ("Er lief 5 vor 12 Minuten, nach 5 min", "Er lief \ue000 vor \ue001, nach \ue002", ("5", "12 minutes", "5 min")),
])
def test_an_abbreviated_german_unit_is_its_english_word(source, masked, fills):
    """A model kept "2 Std." and "15 Min" as typed; "min" alone is the symbol, written as typed; "5 vor 12 Minuten"
    is no "12 minutes ago"."""
    assert Numbers().apply(source) == (masked, fills)


@pytest.mark.parametrize("source, fills", [
    ("He runs 10 km in 45 minutes.", ("10 km", "45 Minuten")),
    ("2.5 liters, 1 hour, 1.5 hours, 3 miles, 1 foot, 6 feet.",
     ("2,5 Liter", "1 Stunde", "1,5 Stunden", "3 Meilen", "1 Fuß", "6 Fuß")),
    ("In 3 days, with 2 liters, for 3 days, 3 days ago.", ("3 Tagen", "2 Litern", "3 Tage", "vor 3 Tagen")),
    ("It is 20% or 20 percent, 5 °C or 41 degrees Fahrenheit.", ("20%", "20 Prozent", "5 °C", "41 Grad Fahrenheit")),
    ("The room is 20 square meters, the hall 1 square metre.", ("20 Quadratmeter", "1 Quadratmeter")),
    ("The file is 2.5 GB, the card 512 MB, the chip 3 GHz.", ("2,5 GB", "512 MB", "3 GHz")),   # "2" and "GB" apart
    ("The room is 20 sq ft, the flat 50 sq m, the yard 300 square feet.",    # "sq ft" was lost: "ist 20."
     ("20 Quadratfuß", "50 Quadratmeter", "300 Quadratfuß")),
    ("He bought 2 lbs, 1 lb, 3 mi and 10 ft high.", ("2 Pfund", "1 Pfund", "3 Meilen", "10 Fuß hoch")),   # "2 lbs"
    ("It lasts 2 hrs, 1 hr, 5 mins, 30 secs; add 2 tbsp and 1 tsp.",        # "2 hrs" -> "2.": the unit was lost
     ("2 Stunden", "1 Stunde", "5 Minuten", "30 Sekunden", "2 Esslöffel", "1 Teelöffel")),
])
def test_an_english_measure_is_one_placeholder_in_german_words(source, fills):
    assert Numbers("en", "de").apply(source)[1] == fills


@pytest.mark.parametrize("source, fills", [
    ("Er hat 3 Minutenzeiger und 2 Meter-Bahnen.", ("3", "2")),          # a unit only as a whole word
    ("Das Bild ist 80 m² groß, 10 M und 5 G.", ("80", "10", "5")),       # "m²" travels whole; capitals: no unit
    ("Es sind 5 millions and 5 mill.", ("5", "5")),
])
def test_a_word_that_only_begins_like_a_unit_is_no_unit(source, fills):
    assert Numbers().apply(source)[1] == fills


def test_only_german_and_english_have_unit_rules():
    assert unit_after("10 km", 0, 2, "10", "10", "de", "fr") is None
    assert unit_after("10 km", 0, 2, "10", "10", "de", "en").fill == "10 km"


@pytest.mark.parametrize("source, target, fills", [
    ("de", "en", ("Heute leben 5 Millionen Menschen hier, 1 Million mehr; 2,5 Mrd. und 3 Mio. Besucher.",
                  ("5 million", "1 million", "2.5 billion", "3 million"))),
    ("en", "de", ("Today 5 million people live here, 1 million more; 2.5 billion visitors.",
                  ("5 Millionen", "1 Million", "2,5 Milliarden"))),
])
def test_a_number_with_its_magnitude_word_is_one_placeholder_in_the_targets_words(source, target, fills):
    """"5 million people" came back as "5 Personen" from a 30-minute model: the word of a number was lost."""
    text, expected = fills
    assert Numbers(source, target).apply(text)[1] == expected


def test_a_currency_goes_around_a_number_and_its_magnitude_in_both_directions_and_in_training_pairs():
    assert Numbers().apply("Es kostet 5 Millionen Euro oder 3 Mio. €.")[1] == ("€5 million", "€3 million")
    assert Numbers("en", "de").apply("It costs $5 million or 2.5 billion euros.")[1] == \
        ("5 Millionen $", "2,5 Milliarden €")
    assert Numbers().apply_pair("Es kostet 5 Millionen Euro.", "It costs €5 million.") == \
        ("Es kostet \ue000.", "It costs \ue000.")


def test_a_share_off_a_price_comes_with_its_word():
    """"50 % Rabatt auf alle Schuhe!" came back as "50% Rabats on all shoes!" from a 30-minute model."""
    assert Numbers().apply("50 % Rabatt auf alle Schuhe, 5 % mehr.")[1] == ("50% off", "5%")
    assert Numbers("en", "de").apply("Take 20% off today, a 5% offer.")[1] == ("20% Rabatt", "5%")


def test_how_many_times_is_a_measure_of_its_own():
    """"Ich war 3-mal in Paris." left "-mal" to the model, which has no such word to learn."""
    assert Numbers().apply("Ich war 3-mal in Paris und 2 Mal in Rom.")[1] == ("3 times", "twice")
    assert Numbers("en", "de").apply("I went there 3 times, 1 time by train.")[1] == ("3 Mal", "1 Mal")


def test_a_recipes_and_a_shopping_lists_quantities_are_measures():
    """"We need 2 cups of flour and 3 eggs." came back as "Wir brauchen 2 Eier und 3 Eier."."""
    assert Numbers("en", "de").apply("2 cups of flour, 1 tablespoon of sugar, 3 bottles, 2 glasses.")[1] == \
        ("2 Tassen", "1 Esslöffel", "3 Flaschen", "2 Gläser")
    assert Numbers().apply("2 Tassen Mehl, 3 Teelöffel Salz, 4 Scheiben Brot.")[1] == \
        ("2 cups", "3 teaspoons", "4 slices")


def test_a_fraction_under_one_takes_the_units_singular():
    """"1/2 cup milk" came back as "1/2 Tassen", "3/4 Stunde" as "3/4 hours"; "1 1/2 cups" stay many."""
    en_de = Placeholders([DigitRuns(Numbers("en", "de")), Numbers("en", "de")])
    assert en_de.apply("1/2 cup milk, 3/4 hour, 1 1/2 cups, 5/4 hours.")[1] == \
        ("1/2 Tasse", "3/4 Stunde", "1", "1/2 Tassen", "5/4 Stunden")
    assert Placeholders([DigitRuns(Numbers()), Numbers()]).apply("Eine 3/4 Stunde und 1/2 Tasse.")[1] == \
        ("3/4 hour", "1/2 cup")
    assert [s.fill for s in DigitRuns(Numbers()).find("Es dauert 3/4 Stunde, 5/4 Stunden.")] == ["3/4 hour", "5/4 hours"]


def test_a_fraction_in_one_character_takes_its_unit_along_in_the_singular():
    """"½ liter of milk" came back as "½ beleuchteter Milcher": the unit was the model's."""
    en_de = Placeholders([DigitRuns(Numbers("en", "de")), Numbers("en", "de")])
    assert en_de.apply("½ liter of milk, ¼ cup, ½ of them.") == ("\ue000 milk, \ue001, \ue002 of them.",
                                                                  ("½ Liter", "¼ Tasse", "½"))
    assert Placeholders([DigitRuns(Numbers()), Numbers()]).apply("¾ Stunde warten.")[1] == ("¾ hour",)


def test_englishs_of_after_a_measure_goes_with_it_but_not_after_a_share():
    """"We bought 2 kg of apples" came back as "Wir suchen 2 kg von Apfel" from a 30-minute model."""
    assert Numbers("en", "de").apply("2 kg of apples, 3 bottles of wine, 20% of the bread.") == \
        ("\ue000 apples, \ue001 wine, \ue002 of the bread.", ("2 kg", "3 Flaschen", "20%"))
    assert Numbers("en", "de").apply("20 percent of people") == ("\ue000 of people", ("20 Prozent",))  # "of" lost


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Ich bin 1,85 m groß.", ("1.85 m tall",)),
    ("de", "en", "Sie ist 7 Jahre alt, der Turm 300 Meter hoch und 20 m breit.",
     ("7 years old", "300 meters high", "20 m wide")),
    ("en", "de", "I am 1.85 m tall, the river is 5 km long and the baby 3 months old!",
     ("1,85 m groß", "5 km lang", "3 Monate alt")),
    ("de", "en", "Ein 2 m großer Mann lief 3 Stunden lang.", ("2 m", "3 hours")),    # before its noun; a time
    ("en", "de", "A 300 m high tower, a child 6 months old.", ("300 m", "6 Monate alt")),   # before a noun; old
])
def test_what_a_length_or_an_age_measures_goes_with_it_where_it_is_said_after_it(source, target, text, fills):
    """"Ich bin 1,85 m groß." came back as "I am big 1.85 m.", "My daughter is 7 years old." as "Meine Tochter ist
    7 Jahre." from a 30-minute model."""
    assert Numbers(source, target).apply(text)[1] == fills


def test_a_size_of_two_lengths_is_no_height():
    """"Der Raum ist 5 x 4 m groß." came back as "5 x 4 m tall": "groß" after a size is the model's ("big")."""
    masked, fills = Placeholders([DigitRuns(Numbers()), Numbers()]).apply("Der Raum ist 5 x 4 m groß, 2 m hoch.")
    assert (masked, fills) == ("Der Raum ist \ue000 groß, \ue001.", ("5 x 4 m", "2 m high"))


def test_a_duration_since_is_one_for_and_a_hotels_nights_are_a_unit():
    """"Es regnet seit 3 Tagen." came back as "There is their raining 3 days.", "für zwei Nächte" as "for two
    Nein" from a 30-minute model."""
    assert Numbers().apply("Es regnet seit 3 Tagen, seit 2019 und 2 Nächte.")[1] == ("for 3 days", "since 2019",
                                                                                    "2 nights")
    assert Numbers("en", "de").apply("A room for 1 night or 3 nights.")[1] == ("1 Nacht", "3 Nächte")


def test_how_often_takes_its_rate_along():
    """"Ich gehe zweimal pro Woche schwimmen." came back as "I am mirir projects swimming." from a 30-minute
    model, "I go swimming twice a week." as "Ich schwimme."."""
    assert Numbers().apply("2 Mal pro Woche, 3-mal am Tag, 1 Mal die Stunde.")[1] == \
        ("twice a week", "3 times a day", "once an hour")
    assert Numbers("en", "de").apply("3 times a day, 5 times per month.")[1] == ("3 Mal pro Tag", "5 Mal pro Monat")


@pytest.mark.parametrize("source, target, text, fills", [
    ("en", "de", "The train is 20 minutes late, she 5 minutes early.", ("20 Minuten zu spät", "5 Minuten zu früh")),
    ("de", "en", "Du bist 10 Minuten zu spät, der Zug hat 15 Minuten Verspätung.",
     ("10 minutes late", "a 15-minute delay")),
    ("en", "de", "I was 10 minutes late for work, 3 km late.", ("10 Minuten", "3 km")),     # before a word; no time
    ("en", "de", "It arrives in 3 to 5 business days, or 2 working days.", ("3 bis 5 Werktagen", "2 Werktage")),
])
def test_a_delay_goes_with_its_time_and_business_days_are_a_unit(source, target, text, fills):
    """"The train to Munich is 20 minutes late." came back as "Der Zug zum München ist 20 Minuten.", "Der Zug hat
    15 Minuten Verspätung." as "The train has 15 minutes trying to try." from a 30-minute model."""
    assert Numbers(source, target).apply(text)[1] == fills


@pytest.mark.parametrize("languages, source, fills", [
    (("de", "en"), "Es hat minus 5 Grad, MINUS 3 °C.", ("minus 5 degrees", "minus 3 °C")),
    (("de", "en"), "10 minus 5 Grad.", ("10", "5 degrees")),                     # a difference: no sign
    (("en", "de"), "It is minus 5 degrees.", ("Es ist minus 5 Grad",)),          # the opening travels with it
    (("en", "de"), "Today it is minus 5 degrees.", ("minus 5 Grad",)),
])
def test_minus_before_a_temperature_is_part_of_it(languages, source, fills):
    """Two models wrote "Es hat minus 5 Grad." as "There has 5 degrees.": the sign was lost."""
    assert Numbers(*languages).apply(source)[1] == fills


def test_a_recipes_spoons_and_pinches_are_units():
    """"200 g Mehl, 2 EL Zucker, 1 Prise Salz" came back as "200 g, 2, EL shirts, 1 Prise flips"."""
    assert Numbers().apply("2 EL Zucker, 1 TL Salz, 1 Prise Salz, 2 Prisen Zimt")[1] == \
        ("2 tablespoons", "1 teaspoon", "1 pinch", "2 pinches")
    assert Numbers("en", "de").apply("1 pinch of salt")[1] == ("1 Prise",)
