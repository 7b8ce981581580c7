"""text/forms/currency.py: the currency sign, code or name around a price's number."""
import pytest

from text.forms.currency import sign_around


@pytest.mark.parametrize("text, sign", [("He paid 15 bucks.", "$"), ("It costs 1 buck.", "$"),
                                        ("It costs 15 dollars.", "$"), ("He has 15 books.", None)])
def test_a_currencys_name_after_the_number_is_its_sign(text, sign):
    """"He paid 15 bucks." came back as "Er schlägt 15.": "bucks" was left to the model, which lost it."""
    start = text.index("1")
    end = start + (2 if text[start + 1].isdigit() else 1)
    found = sign_around(text, start, end, "en")
    assert (found[0] if found else None) == sign
