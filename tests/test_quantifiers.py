"""text/forms/quantifiers.py: the quantifier right before a price or a measure goes into its placeholder, in the
target's words, when translating; a training pair keeps its spans as they were."""
import re

import pytest

from config import DataConfig
from text.finders.numbers import Numbers
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline

P0, P1 = PLACEHOLDERS[:2]


@pytest.mark.parametrize("languages, source, masked, fills", [
    (("en", "de"), "We spend less than 100 euros.", f"We spend {P0}.", ("weniger als 100 €",)),
    (("en", "de"), "A bag for under 30 euros?", f"A bag for {P0}?", ("unter 30 €",)),
    (("en", "de"), "Only 5 km, at least 3 hours.", f"{P0}, {P1}.", ("Nur 5 km", "mindestens 3 Stunden")),
    (("en", "de"), "It is about  2 km, up to 50%.", f"It is {P0}, {P1}.", ("etwa 2 km", "bis zu 50%")),
    (("en", "de"), "LESS THAN 5 EUROS", P0, ("WENIGER ALS 5 €",)),
    (("de", "en"), "Es kostet weniger als 100 Euro, circa 5 km.", f"Es kostet {P0}, {P1}.", ("less than €100",
                                                                                          "about 5 km")),
    (("de", "en"), "Über 100 Euro! Fast 3 Stunden.", f"{P0}! {P1}.", ("Over €100", "Almost 3 hours")),
    # only right before a price or a measure: a plain number, a word between, another sense stay as they are
    (("en", "de"), "A film about 2 brothers.", f"A film about {P0} brothers.", ("2",)),
    (("en", "de"), "Under the table, 5 euros.", f"Under the table, {P0}.", ("5 €",)),
    (("en", "de"), "It is only about 5 euros.", f"It is only {P0}.", ("etwa 5 €",)),
    (("en", "de"), "The overall 5 km.", f"The overall {P0}.", ("5 km",)),
    (("en", "de"), "What about 5 euros? Hand over 50 euros!", f"What about {P0}? Hand over {P1}!", ("5 €", "50 €")),
    (("en", "de"), "The only 5 euros I had.", f"The only {P0} I had.", ("5 €",)),
    (("en", "de"), "It costs less than 10-20 euros.", f"It costs less than {P0}-{P1}.", ("10 €", "20 €")),
])
def test_a_quantifier_goes_into_the_placeholder_of_its_price_or_measure(languages, source, masked, fills):
    assert Numbers(*languages).apply(source) == (masked, fills)


@pytest.mark.parametrize("languages, source, masked, fills", [
    (("en", "de"), "Two tickets for 15 euros each?", f"Two tickets for {P0}?", ("je 15 €",)),
    (("en", "de"), "We paid 5 euros apiece.", f"We paid {P0}.", ("je 5 €",)),
    (("de", "en"), "Zwei Karten für je 15 Euro.", f"Zwei Karten für {P0}.", ("€15 each",)),
    (("de", "en"), "Sie kosten jeweils 2 Euro.", f"Sie kosten {P0}.", ("€2 each",)),
    (("en", "de"), "They paid 5 euros each other.", f"They paid {P0} each other.", ("5 €",)),   # not "each other"
    (("en", "de"), "5 km each way.", f"{P0} each way.", ("5 km",)),                            # a price's only
])
def test_a_prices_each_goes_into_its_placeholder_where_the_target_writes_it(languages, source, masked, fills):
    assert Numbers(*languages).apply(source) == (masked, fills)


def test_a_training_pair_keeps_its_numbers_without_their_quantifiers():
    finder = Numbers("en", "de")
    assert finder.apply_pair("It costs less than 100 euros.", "Es kostet weniger als 100 €.") == (
        f"It costs less than {P0}.", f"Es kostet weniger als {P0}.")


@pytest.mark.parametrize("languages, line", [
    (("de", "en"), "Das Hotel ist ca. 5 km entfernt."),        # "ca." is the abbreviations' ("approx."): a number's
    (("de", "en"), "Ca. 20 Euro kostet es."),                  # span over it would be dropped, its digits left
    (("en", "de"), "It costs about 5 euros, only 3 km away."),
])
def test_no_number_is_left_to_the_model_where_another_finder_takes_the_word_before_it(languages, line):
    pipeline = Pipeline.from_config(DataConfig(src_lang=languages[0], tgt_lang=languages[1]))
    assert not any(re.search(r"\d", sentence) for sentence in pipeline.apply(line).sentences)
