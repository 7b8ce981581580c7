"""text/finders/prices.py: a currency beside a number is part of its placeholder, written where the target language
writes it, and the numbers of a price range are prices of its one currency."""
import pytest

from config import DataConfig
from text.finders.numbers import Numbers
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline

P0, P1, P2 = PLACEHOLDERS[:3]


@pytest.mark.parametrize("source, masked, fills", [
    ("Das kostet 12,50 €.", f"Das kostet {P0}.", ("€12.50",)),
    ("Das kostet €12,50 heute.", f"Das kostet {P0} heute.", ("€12.50",)),
    ("Nur 3€ oder $ 1.200!", f"{P0} oder {P1}!", ("Only €3", "$1,200")),
    ("Es sind 3 € 5 Stück.", f"Es sind {P0} {P1} Stück.", ("€3", "5")),       # one sign, one number
    ("Um 14 Uhr € zahlen.", f"{P0} € zahlen.", ("at 2 pm",)),                 # a time has no currency
    ("Der Preis beträgt 1.299,99 Euro.", f"Der Preis beträgt {P0}.", ("€1,299.99",)),   # a currency's name: its sign
    ("Für 5 EUR und 3 Dollar.", f"Für {P0} und {P1}.", ("€5", "$3")),
    ("Tickets ab 19,90 Euro! Ab 5 € pro Monat.", f"Tickets {P0}! {P1}.", ("from €19.90", "From €5 per month")),
    ("Kinder ab 6 zahlen 3 €.", f"Kinder ab {P0} zahlen {P1}.", ("6", "€3")),   # "ab" before no price: the model's
    ("Beim Euro-Jazz 3 Euro-Münzen.", f"Beim Euro-Jazz {P0} Euro-Münzen.", ("3",)),    # not a word it begins
    ("Der Laptop kostet 999,- €, das Kabel 5,–€.", f"Der Laptop kostet {P0}, das Kabel {P1}.", ("€999", "€5")),
    ("Bar € 999,- oder 20,-- Euro.", f"Bar {P0} oder {P1}.", ("€999", "€20")),        # ",-": no cents
    ("Es kostet EUR 20 oder GBP 5, 5 GBP.", f"Es kostet {P0} oder {P1}, {P2}.", ("€20", "£5", "£5")),   # a code
    ("Das kostet 25 CHF oder CHF 3,50 pro Tag.", f"Das kostet {P0} oder {P1}.", ("CHF 25", "CHF 3.50 per day")),
    ("Die CHF-Preise und der CHF.", "Die CHF-Preise und der CHF.", ()),       # a code without a sign: kept as a code
    ("Das kostet 15 Franken oder 3 Franken pro Tag.", f"Das kostet {P0} oder {P1}.", ("CHF 15", "CHF 3 per day")),
    ("Es kostet 10-20 Franken.", f"Es kostet {P0}-{P1}.", ("CHF 10", "CHF 20")),     # a range, as "10-20 €" is
    ("Warte 30 Sek., nicht 30 SEK.", f"Warte {P0}, nicht {P1}.", ("30 seconds", "SEK 30")),     # "Sek.": seconds
])
def test_a_currency_sign_belongs_to_its_number_and_comes_back_where_english_writes_it(source, masked, fills):
    assert Numbers().apply(source) == (masked, fills)


@pytest.mark.parametrize("languages, source, fills", [
    (("de", "en"), "Es kostet zwischen 10 und 20 Euro, 5 bis 8 €.", ("between €10 and €20", "€5 to €8")),
    (("de", "en"), "Zwischen 3 Kindern und 20 €, 10 und 20 €.", ("3", "€20", "€10", "€20")),
    (("en", "de"), "Between $10 and $20.", ("zwischen 10 $ und 20 $",)),       # a model dropped "between"
    (("de", "en"), "Es kostet 10-20 €.", ("€10", "€20")),
    (("en", "de"), "It costs €10-20, or $5 to 8.", ("10 €", "20 €", "5 $ bis 8 $")),
    (("de", "en"), "Es sind 3 Kinder und 20 €, 12,50 € bis 15 Uhr.", ("3", "€20", "€12.50", "3 pm")),   # no range
])
def test_both_numbers_of_a_price_range_are_prices(languages, source, fills):
    """"10-20 €" came back as "10-€20": the first number is a price too."""
    assert Numbers(*languages).apply(source)[1] == fills


@pytest.mark.parametrize("source, masked, fills", [
    ("Das kostet €10 - 20, Kinder 5 – 8 €.", f"Das kostet {P0}, Kinder {P1}.", ("€10-€20", "€5-€8")),
    ("Ein 10 - 20 € Schein, Seite 5 - 8.", f"Ein {P0} Schein, Seite {P1} - {P2}.", ("€10-€20", "5", "8")),
    ("Das kostet €10 bis 20, nicht 12,50 € bis 15 Uhr.", f"Das kostet {P0}, nicht {P1} bis {P2}.",
     ("€10 to €20", "€12.50", "3 pm")),                                 # a price and a time: no range
])
def test_a_price_range_with_a_spaced_dash_or_bis_is_one_placeholder(source, masked, fills):
    """As two, a model dropped the dash, "Das kostet €10 - 20." -> "The costs €10 €20." ("€10-20": one already), and
    wrote "bis" as "for", "The costs €10 for €20."."""
    assert Numbers().apply(source) == (masked, fills)


def test_a_currency_code_without_a_sign_goes_after_the_number_in_german_and_pairs_with_the_english_code():
    assert Numbers("en", "de").apply("A room is CHF 120 a night, 30 SEK a day.") == (
        f"A room is {P0}, {P1}.", ("120 CHF pro Nacht", "30 SEK pro Tag"))
    assert Numbers().apply_pair("Das kostet 25 CHF.", "It costs CHF 25.") == (f"Das kostet {P0}.", f"It costs {P0}.")
    assert Numbers().apply_pair("Das kostet 25 CHF.", "It costs 25.") == ("Das kostet 25 CHF.", "It costs 25.")


def test_swiss_francs_are_their_code_before_the_number_in_english_and_after_it_in_german():
    assert Numbers("en", "de").apply("It costs 15 francs, 1 franc or 3 Swiss francs.") == (
        f"It costs {P0}, {P1} or {P2} Swiss francs.", ("15 CHF", "1 CHF", "3"))
    assert Numbers().apply_pair("Das kostet 15 Franken.", "It costs CHF 15.") == (f"Das kostet {P0}.",
                                                                                  f"It costs {P0}.")


def test_english_prices_come_back_in_german_format_and_a_pair_needs_the_currency_on_both_sides():
    assert Numbers("en", "de").apply("It costs $5 or £3.50.")[1] == ("5 $", "3,50 £")
    assert Numbers("en", "de").apply("It costs 12 dollars or 3.50 Euros.")[1] == ("12 $", "3,50 €")


@pytest.mark.parametrize("languages, source, fills", [
    (("en", "de"), "The car costs US$5,000 or C$3.", ("5.000 US$", "3 C$")),
    (("de", "en"), "Das Auto kostet 5.000 US$ oder US$ 3.", ("US$5,000", "US$3")),
])
def test_a_dollars_country_is_part_of_its_sign(languages, source, fills):
    pipeline = Pipeline.from_config(DataConfig(src_lang=languages[0], tgt_lang=languages[1]))
    applied = pipeline.apply(source)
    assert pipeline.fills(applied.states[0]) == fills
    assert Numbers().apply_pair("Das kostet 12,50 €.", "It costs €12.50.") == (f"Das kostet {P0}.",
                                                                               f"It costs {P0}.")
    assert Numbers().apply_pair("Das kostet 12,50 €.", "It costs 12.50 euros.") == (f"Das kostet {P0}.",
                                                                                    f"It costs {P0}.")
    assert Numbers().apply_pair("Das kostet 12,50 Euro.", "It costs 12.50.") == ("Das kostet 12,50 Euro.",
                                                                                 "It costs 12.50.")
