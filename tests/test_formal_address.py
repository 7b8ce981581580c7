"""text/finders/formal_address.py: German's formal "Sie", "Ihnen", "Ihr..." inside a sentence are "you" and "your"."""
import pytest

from text.finders.formal_address import FormalAddress
from text.forms.masking import PLACEHOLDERS

P0, P1 = PLACEHOLDERS[:2]


@pytest.mark.parametrize("source, masked, fills", [
    ("Wir danken Ihnen für Ihre Geduld.", f"Wir danken {P0} für {P1} Geduld.", ("you", "your")),
    ("Ich rufe Sie morgen an.", f"Ich rufe {P0} morgen an.", ("you",)),
    ("Ist das Ihr Auto?", f"Ist das {P0} Auto?", ("your",)),
    ("Bitte geben Sie Ihre Adresse ein.", f"Bitte geben Sie {P0} Adresse ein.", ("your",)),
    ("Wo wohnen Sie?", f"Wo wohnen {P0}?", ("you",)),                   # a model wrote "Where are they live?"
    ("Wie Sie wissen, ist zu.", f"Wie {P0} wissen, ist zu.", ("you",)),
])
def test_the_formal_you_inside_a_sentence_is_you(source, masked, fills):
    """"Wir danken Ihnen für Ihre Geduld." came back as "We thank me for their Geduld." from a 30-minute model."""
    assert FormalAddress().apply(source) == (masked, fills)


@pytest.mark.parametrize("source", ["Sie ist sehr nett.", "Er sagt: Sie kommt.", "Rufen Sie mich an.",
                                    "Bitte warten Sie hier.", "Sie und ihr Hund."])
def test_a_first_word_a_lowercase_form_and_the_subject_after_a_requests_verb_are_the_models(source):
    assert FormalAddress().apply(source) == (source, ())


def test_only_german_to_english():
    assert FormalAddress("en", "de").apply("Ich rufe Sie an.") == ("Ich rufe Sie an.", ())
