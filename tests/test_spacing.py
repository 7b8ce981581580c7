"""text/spacing.py: no space before a full stop or a comma in a translation, whatever the model wrote."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.spacing import StopSpacing


@pytest.mark.parametrize("output, fixed", [
    ("There is a dog .", "There is a dog."),
    ("Der Mann , der läuft .", "Der Mann, der läuft."),
    ("Er sagte „Ja“ .", "Er sagte „Ja“."),
    ("Warte ... was?", "Warte ... was?"),                 # an ellipsis keeps its space
    ("Visit example .com now", "Visit example .com now"),  # a mark that starts a word too
    (". A line that starts with one", ". A line that starts with one"),
])
def test_a_space_before_a_lone_full_stop_or_comma_goes(output, fixed):
    assert StopSpacing().reverse(output, None) == fixed


@pytest.mark.parametrize("direction", [("de", "en"), ("en", "de")])
def test_the_pipeline_takes_it_out_after_the_marks_and_before_the_placeholders_come_back(direction):
    """A weak model's `"-haired .` after a number: the marks go, then the space, then the number is written."""
    pipeline = Pipeline.from_config(DataConfig(src_lang=direction[0], tgt_lang=direction[1]))
    source = "Der Preis beträgt 1.299,99 Euro." if direction == ("de", "en") else "The price is 1,299.99 euros."
    applied = pipeline.apply(source)
    (masked,), (states,) = applied.sentences, applied.states
    placeholder = masked.split()[-1].rstrip(".")
    back = pipeline.reverse_sentence(f'There is {placeholder} "-haired .', states).text
    assert back == ("There is €1,299.99 haired." if direction == ("de", "en") else "There is 1.299,99 € haired.")
