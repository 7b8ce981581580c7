"""text/forms/adjective_endings.py: a German adjective's ending from the English words before it and the gender of
its German noun."""
import pytest

from text.forms.adjective_endings import ending


@pytest.mark.parametrize("before, gender, expected", [
    ("A", "m", "er"), ("A", "f", "e"), ("A", "n", "es"),               # an indefinite subject
    ("She holds a", "m", "en"), ("She holds a", "n", "es"),             # an object
    ("He is a", "m", "er"),                                             # after "is": nominative
    ("The", "m", "e"), ("I see the", "m", "en"), ("I see the", "f", "e"),
    ("A man with a", "n", "en"), ("in the", "f", "en"), ("with 2", None, "en"), ("with", "m", "em"),
    ("", None, "e"), ("Two", None, "e"), ("The", None, "en"),            # plurals
])
def test_the_ending_follows_article_case_and_gender(before, gender, expected):
    assert ending(before, gender) == expected
