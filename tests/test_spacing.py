"""text/steps/spacing.py: no space before a full stop or a comma in a translation, whatever the model wrote."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.spacing import StopSpacing


@pytest.mark.parametrize("output, fixed", [
    ("There is a dog .", "There is a dog."),
    ("Der Mann , der läuft .", "Der Mann, der läuft."),
    ("Er sagte „Ja“ .", "Er sagte „Ja“."),
    ("Warte ... was?", "Warte ... was?"),                 # an ellipsis keeps its space
    ("Visit example .com now", "Visit example .com now"),  # a mark that starts a word too
    (". A line that starts with one", ". A line that starts with one"),
])
def test_a_space_before_a_lone_full_stop_or_comma_goes(output, fixed):
    _, state = StopSpacing().apply(output)          # a source with the same marks (its ellipsis too)
    assert StopSpacing().reverse(output, state) == fixed


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


@pytest.mark.parametrize("output, fixed", [
    ("He lives in Munich ..", "He lives in Munich."),
    ("Anna Jürgen.. Munich ..", "Anna Jürgen. Munich."),
    ("Der Mann , , der läuft.", "Der Mann, der läuft."),
    ("Ein Tom..... und Anna...", "Ein Tom. und Anna."),       # a weak model's runs, the source having none
    ("Er sagt nichts …", "Er sagt nichts."),
])
def test_a_mark_the_model_wrote_twice_is_written_once(output, fixed):
    _, state = StopSpacing().apply("Er wohnt in München.")
    assert StopSpacing().reverse(output, state) == fixed


def test_an_ellipsis_stays_where_the_source_has_one():
    _, state = StopSpacing().apply("Warte... was?")
    assert StopSpacing().reverse("Wait ... what?", state) == "Wait ... what?"


def test_a_doubled_mark_stays_where_the_source_has_one():
    _, state = StopSpacing().apply("Na ja.. gut.")
    assert StopSpacing().reverse("Well.. fine.", state) == "Well.. fine."


@pytest.mark.parametrize("direction", [("de", "en"), ("en", "de")])
def test_a_weak_models_doubled_stop_after_a_placeholder_goes_and_the_fill_is_whole(direction):
    """The mark is mended on the masked sentence: a URL's own dots are not in reach."""
    pipeline = Pipeline.from_config(DataConfig(src_lang=direction[0], tgt_lang=direction[1]))
    applied = pipeline.apply("Mehr unter https://example.org/hilfe." if direction == ("de", "en")
                             else "More at https://example.org/help.")
    (masked,), (states,) = applied.sentences, applied.states
    placeholder = masked.split()[-1].rstrip(".")
    back = pipeline.reverse_sentence(f"More at {placeholder} ..", states).text
    url = "https://example.org/hilfe" if direction == ("de", "en") else "https://example.org/help"
    assert back == f"More at {url}."


@pytest.mark.parametrize("lang, output, fixed", [
    ("en", "Komish !", "Komish!"), ("de", "Wo ist er ?", "Wo ist er?"), ("en", "Really ?!", "Really?!"),
    ("en", "A „quote“ !", "A „quote“ !"),            # after a mark, not a word: left as the model wrote it
    ("en", "Write to \ue001 !", "Write to \ue001!"),     # after a placeholder (an address) too
    ("fr", "Viens demain !", "Viens demain !"),      # French writes the space
])
def test_a_space_before_an_exclamation_or_question_mark_goes_except_in_french(lang, output, fixed):
    assert StopSpacing(lang).reverse(output, None) == fixed
