"""text/forms/measure_ranges.py: two numbers of one measure, its unit once after the second, are one placeholder."""
import pytest

from text.finders.numbers import Numbers
from text.forms.measure_ranges import RANGE


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Das Paket kommt in 3 bis 5 Tagen an.", ("3 to 5 days",)),
    ("de", "en", "Es dauert 3-5 Tage, er ist 1,5 bis 2 m groß, 3 oder 4 Tassen.", ("3-5 days", "1.5 to 2 m tall",
                                                                                    "3 or 4 cups")),
    ("en", "de", "It takes 3 to 5 days, we run 5-10 km.", ("3 bis 5 Tage", "5-10 km")),
    ("en", "de", "It comes in 3 to 5 business days, within 2 to 3 weeks.", ("3 bis 5 Werktagen", "2 bis 3 Wochen")),
])
def test_a_range_of_one_measure_is_one_placeholder_joined_as_the_target_joins_it(source, target, text, fills):
    """"Das Paket kommt in 3 bis 5 Werktagen an." came back as "... of 3 coming to 5 in front of ..."."""
    assert Numbers(source, target).apply(text)[1] == fills


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Von 9 bis 17 Uhr, zwischen 14 und 15 Uhr.", ("from 9 am to 5 pm", "2", "3 pm")),    # times' own
    ("de", "en", "Es kostet 3 bis 5 Euro, Seite 3 bis 5.", ("€3 to €5", "3", "5")),   # no measure: the prices' own
])
def test_times_prices_and_plain_numbers_are_no_measure_range(source, target, text, fills):
    assert Numbers(source, target).apply(text)[1] == fills


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Es kostet 3 bis 5 Mio. Euro, 1-2 Mrd. $.", ("€3 to 5 million", "$1-2 billion")),
    ("en", "de", "It costs 3 to 5 million euros.", ("3 bis 5 Millionen €",)),
])
def test_a_range_of_millions_has_its_currency_where_the_target_writes_it(source, target, text, fills):
    """"3 bis 5 Mio. Euro" came back as "3 to €5 million"."""
    assert Numbers(source, target).apply(text)[1] == fills


def test_a_training_pair_takes_the_range_on_both_sides_however_the_target_joins_it():
    assert Numbers().apply_pair("Es dauert 3 bis 5 Tage.", "It takes 3-5 days.") == ("Es dauert \ue000.",
                                                                                     "It takes \ue000.")
    assert RANGE.fullmatch(" bis ") and not RANGE.fullmatch(" mit ")


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Das dauert 2 Std. 15 Min.", ("2 hours 15 minutes",)),      # "The 2 hours is coming for 15 minutes."
    ("de", "en", "Es dauert 1 Stunde und 30 Minuten.", ("1 hour and 30 minutes",)),
    ("en", "de", "It takes 2 hours and 15 minutes.", ("2 Stunden und 15 Minuten",)),
    ("de", "en", "Nach 5 Minuten 2 Stunden, 10 km 45 Minuten.", ("5 minutes", "2 hours", "10 km", "45 minutes")),
])
def test_a_duration_in_two_units_the_larger_first_is_one_placeholder(source, target, text, fills):
    assert Numbers(source, target).apply(text)[1] == fills


@pytest.mark.parametrize("source, target, text, fills", [
    ("en", "de", "He is 5 ft 11 in tall, 6 ft 2.5 in.", ("5 Fuß 11 Zoll groß", "6 Fuß 2,5 Zoll")),
    # a model wrote "5 ft in hohem 11"
    ("en", "de", "5 ft 11 in the box, 5 ft 11 in London.", ("5 Fuß", "11", "5 Fuß", "11")),   # "in" a preposition
    ("de", "en", "Er ist 5 ft 11 in Berlin.", ("5 ft", "11")),
])
def test_a_length_in_feet_takes_its_inches_along(source, target, text, fills):
    assert Numbers(source, target).apply(text)[1] == fills
