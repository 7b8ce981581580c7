"""text/forms/frame_numbers.py: a whole German sentence's verb after a plural subject its English source opens with."""
import pytest

from text.forms.frame_numbers import plural_subject, subject_agreed


@pytest.mark.parametrize("source, expected", [
    ("The tickets cost $12.50 each at the door.", True), ("My parents are at home.", True),
    ("The fish are here.", False), ("The bus costs 2 euros.", False), ("The man is here.", False),
    ("Tickets cost 5 euros.", False),                                   # no determiner: no subject read
])
def test_a_plural_subject_and_its_plural_verb_are_read(source, expected):
    assert plural_subject(source) is expected


@pytest.mark.parametrize("output, expected", [
    ("Die Karten kostet 12,50 $ an der Tür.", "Die Karten kosten 12,50 $ an der Tür."),
    ("Meine Eltern ist zu Hause.", "Meine Eltern sind zu Hause."),
    ("Die großen Äpfel kostet 3 €.", "Die großen Äpfel kosten 3 €."),      # a plural by its gender table
    ("Die Fahrt kostet 12 €.", "Die Fahrt kostet 12 €."),                  # the model's noun: a singular
    ("Die Frau ist hier.", "Die Frau ist hier."), ("Die Katze ist hier.", "Die Katze ist hier."),  # either number
    ("Das Geschäft ist zu.", "Das Geschäft ist zu."),
])
def test_the_verb_after_a_german_plural_subject_is_plural(output, expected):
    assert subject_agreed(output) == expected
