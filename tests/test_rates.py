"""text/forms/rates.py: what a price is for, written after it, in the target language's words."""
import pytest

from text.finders.numbers import Numbers
from text.forms.rates import rate_after


@pytest.mark.parametrize("text, fills", [
    ("Das kostet 19,99 € pro Monat, das Zimmer 80 € je Nacht.", ("€19.99 per month", "€80 per night")),
    ("Äpfel kosten 2 € das Kilo, Birnen 3 Euro am Tag.", ("€2 per kilo", "€3 per day")),
    ("Er verdient 5 Mio. € im Jahr.", ("€5 million per year",)),
    ("Äpfel 3,99 €/kg, Kuchen 2 € / Stück", ("€3.99 per kg", "€2 per piece")),      # a slash: "/kg" was lost
])
def test_a_german_prices_rate_comes_with_it_in_english(text, fills):
    """"Das kostet 19,99 € pro Monat." came back as "The costs €19.99 Pros." from a 30-minute model."""
    assert Numbers().apply(text)[1] == fills


@pytest.mark.parametrize("text, fills", [
    ("It costs $12.50 per person, the room 80 euros a night.", ("12,50 $ pro Person", "80 € pro Nacht")),
    ("Apples for 1 euro a kilo, a tutor for $20 an hour.", ("1 € pro Kilo", "20 $ pro Stunde")),
])
def test_an_english_prices_rate_comes_with_it_in_german(text, fills):
    """"The apartment costs $950 a month." came back as "... 950 $ einen Mord." from a 30-minute model."""
    assert Numbers("en", "de").apply(text)[1] == fills


@pytest.mark.parametrize("source, target, text, fills", [
    ("en", "de", "He earns 1,200 pounds a month, she 20 Pounds per hour; the dog weighs 20 pounds.",
     ("1.200 £ pro Monat", "20 £ pro Stunde", "20 Pfund")),
    ("de", "en", "Er verdient 1.200 Pfund im Monat und kauft 2 Pfund Äpfel.", ("£1,200 per month", "2 pounds")),
])
def test_pounds_before_a_rate_are_money_not_a_weight(source, target, text, fills):
    """"1,200 pounds a month" was "1.200 Pfund" (a weight), "a month" left to the model."""
    assert Numbers(source, target).apply(text)[1] == fills


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Im Jahr 2020 kostete es 5 € im Jahr 2021.", ("in 2020", "€5", "in 2021")),    # a year, no rate
    ("en", "de", "He paid $5 a day ago.", ("5 $",)),
    ("en", "de", "He runs 3 km a day.", ("3 km",)),                                      # no price
])
def test_no_rate_before_a_number_or_ago_nor_after_what_is_no_price(source, target, text, fills):
    assert Numbers(source, target).apply(text)[1] == fills


def test_a_training_pair_keeps_its_rate_inside_the_placeholder_on_both_sides_or_is_left_as_written():
    assert Numbers().apply_pair("Das kostet 5 € pro Monat.", "It costs €5 a month.") == \
        ("Das kostet \ue000.", "It costs \ue000.")
    assert Numbers().apply_pair("Das kostet 5 € pro Monat.", "It costs €5 monthly.") == \
        ("Das kostet 5 € pro Monat.", "It costs €5 monthly.")
    assert rate_after("5 € pro Tag", 3, "de", "fr") is None
