"""text/forms/currency.py: the currency sign, code or name around a price's number."""
import pytest

from text.forms.cost_frames import price_in
from text.forms.currency import priced, sign_around


@pytest.mark.parametrize("text, sign", [("He paid 15 bucks.", "$"), ("It costs 1 buck.", "$"),
                                        ("It costs 15 dollars.", "$"), ("He has 15 books.", None)])
def test_a_currencys_name_after_the_number_is_its_sign(text, sign):
    """"He paid 15 bucks." came back as "Er schlägt 15.": "bucks" was left to the model, which lost it."""
    start = text.index("1")
    end = start + (2 if text[start + 1].isdigit() else 1)
    found = sign_around(text, start, end, "en")
    assert (found[0] if found else None) == sign


@pytest.mark.parametrize("number, currency, target, expected", [
    ("12.50", "€", "en", "€12.50"), ("12,50", "€", "de", "12,50 €"), ("5", "CHF", "en", "CHF 5"),
    ("5", "US$", "en", "US$5"),
])
def test_a_price_is_written_as_the_target_writes_it_by_one_function(number, currency, target, expected):
    assert priced(number, currency, target) == expected


def test_a_price_frames_price_is_written_by_the_same_function():
    assert price_in("12,50 Euro", "de", "en") == priced("12.50", "€", "en") == "€12.50"
