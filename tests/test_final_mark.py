"""text/steps/final_mark.py: a translation ends as its source ends, whatever the model wrote."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.final_mark import FinalMark

P0, P1 = "\ue000", "\ue001"


@pytest.mark.parametrize("source, output, back", [
    (f"Hilfe unter {P0}", f"Help at {P0}.", f"Help at {P0}"),            # a URL's placeholder: no stop after it
    ("Zwei Männer in einer Stadt", "Two men in a city.", "Two men in a city"),
    (f"Ich liebe dich {P0}", f"I love you {P0}.", f"I love you {P0}"),    # an emoji
    ("Wie spät ist es", "What time is it?", "What time is it?"),          # only a full stop goes
    ("Warte", "Wait...", "Wait..."),                                      # an ellipsis stays
    ("Er sagt „ja“", "He says “yes.”", "He says “yes”"),                  # read past the closing quote
    ("Er mag Vitamin C", "He likes vitamin C.", "He likes vitamin C"),    # a single letter is no abbreviation
    ("Die Antwort ist nein", "The answer is no.", "The answer is no"),    # "no" abbreviates only before a number
])
def test_a_full_stop_the_source_lacks_goes(source, output, back):
    _, state = FinalMark().apply(source)
    assert FinalMark().reverse(output, state) == back


@pytest.mark.parametrize("source, output, back", [
    ("Er kommt um 8…", "He comes at 8.", "He comes at 8…"),                # two models ended it with a full stop
    ("Na ja...", "Oh well.", "Oh well..."),
    ("Er wartet...", "He waits", "He waits..."),
    ("Er wartet...", "He waits…", "He waits…"),                           # the model's ellipsis stays
    ("Er wohnt in den USA...", "He lives in the U.S.", "He lives in the U.S."),   # an abbreviation's period
])
def test_a_source_that_ends_in_an_ellipsis_gets_its_ellipsis(source, output, back):
    _, state = FinalMark().apply(source)
    assert FinalMark().reverse(output, state) == back


@pytest.mark.parametrize("source, output", [
    ("Er arbeitet bei Müller GmbH", "He works at Müller Inc."),
    ("Sie wohnen in den USA", "They live in the U.S."),
    ("Äpfel, Birnen usw", "Apples, pears etc."),
    ("He met Smith Jr", "Er traf Smith Jr."),
    ("Sie wohnen in Washington", "They live in Washington, D.C."),
])
def test_an_abbreviations_own_period_stays_where_the_source_ends_in_no_mark(source, output):
    _, state = FinalMark().apply(source)
    assert FinalMark().reverse(output, state) == output


@pytest.mark.parametrize("source, output, back", [
    ("Ein Hund läuft.", "A dog is running", "A dog is running."),
    ("Wie spät ist es?", "What time is it", "What time is it?"),
    ("(Ein Hund läuft.)", "(A dog is running)", "(A dog is running.)"),
    (f"Er wohnt in {P0}.", f"He lives in {P0}", f"He lives in {P0}."),
    ("Ein Hund läuft.", "A dog is running!", "A dog is running!"),       # the model's own mark stays
])
def test_the_sources_final_mark_is_written_where_the_model_left_the_sentence_open(source, output, back):
    _, state = FinalMark().apply(source)
    assert FinalMark().reverse(output, state) == back


@pytest.mark.parametrize("source, output, back", [
    ("Hallo!", "Hello.", "Hello!"),
    ("Wie spät ist es?", "What time is it.", "What time is it?"),
    ("Er fragt: „Kommst du?“", "He asks: “Are you coming.”", "He asks: “Are you coming?”"),   # inside the quote
    ("Wie bitte?", "Sorry...", "Sorry..."),                                 # an ellipsis stays
    ("Wohnen Sie in den USA?", "Do you live in the U.S.", "Do you live in the U.S.?"),  # an abbreviation's period
    ("Wohnen Sie in den USA.", "Do you live in the U.S.", "Do you live in the U.S."),   # ends the sentence too
    ("Ein Hund läuft!", "A dog is running?", "A dog is running?"),          # the model's own mark stays
    ("Where is the station?", "Eine Frau?.", "Eine Frau?"),                # a full stop after the mark goes
    ("Hallo!", "Hello!.", "Hello!"), ("Klick hier", "Click here?.", "Click here?"),
    ("Where is the station?", "Eine Frau??", "Eine Frau?"), ("Wirklich??", "Really.", "Really??"),   # as often
    ("Wirklich??", "Really???", "Really??"), ("Wirklich??", "Really?", "Really??"),              # as the source
    ("Das Konzert war super!!!", "The concert was great!", "The concert was great!!!"),
])
def test_a_full_stop_where_the_source_asks_or_exclaims_becomes_the_sources_mark(source, output, back):
    _, state = FinalMark().apply(source)
    assert FinalMark().reverse(output, state) == back


@pytest.mark.parametrize("source, output, back", [
    (f"Der Termin ist {P0}, {P1}.", f"The date is {P0}, {P1},.", f"The date is {P0}, {P1}."),
    ("Kommst du?", "Are you coming,", "Are you coming?"), ("Hallo", "Hello,.", "Hello"),
    ("Ja, klar.", "Yes ; sure;", "Yes ; sure."), ("In den USA.", "In the U.S.,", "In the U.S."),
])
def test_a_comma_the_model_ends_with_where_the_source_ends_in_a_mark_or_a_word_goes(source, output, back):
    """A 30-minute model wrote "am Di., 4.6., um 10 Uhr." as "... at 10 o'clock,."."""
    _, state = FinalMark().apply(source)
    assert FinalMark().reverse(output, state) == back


@pytest.mark.parametrize("source", ["Zutaten:", "Erstens,", "", "   "])
def test_a_source_ending_in_another_mark_or_in_nothing_leaves_the_translation_alone(source):
    _, state = FinalMark().apply(source)
    assert FinalMark().reverse("Ingredients.", state) == "Ingredients."
    assert FinalMark().reverse("Ingredients", state) == "Ingredients"


@pytest.mark.parametrize("direction", [("de", "en"), ("en", "de")])
def test_a_url_at_the_end_of_a_line_gets_no_stop_touching_it_from_any_model(direction):
    """Weak or strong, a model that learned from captions writes a full stop; it goes before the URL comes back."""
    pipeline = Pipeline.from_config(DataConfig(src_lang=direction[0], tgt_lang=direction[1]))
    url = "https://example.com/hilfe"
    applied = pipeline.apply(f"Hilfe gibt es unter {url}" if direction == ("de", "en") else f"Help is at {url}")
    (masked,), (states,) = applied.sentences, applied.states
    placeholder = masked.split()[-1]
    for output in (f"Help is at {placeholder}.", f"Help is at {placeholder} .", f"{placeholder} ..",
                   f"Help is at {placeholder}"):
        assert pipeline.reverse_sentence(output, states).text.endswith(url)


def test_a_german_ordinals_own_full_stop_stays_when_the_english_source_has_none():
    """`3rd` becomes the fill `3.`; the step sees the placeholder, not the fill's stop."""
    pipeline = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"))
    applied = pipeline.apply("He came 3rd")
    (masked,), (states,) = applied.sentences, applied.states
    placeholder = masked.split()[-1]
    assert pipeline.reverse_sentence(f"Er wurde {placeholder}.", states).text == "Er wurde 3."
    assert pipeline.reverse_sentence(f"Er wurde {placeholder}", states).text == "Er wurde 3."


def test_each_sentence_of_a_line_ends_as_its_own_source_sentence_ends():
    pipeline = Pipeline.from_config(DataConfig())
    applied = pipeline.apply("Ein Hund läuft. Zwei Katzen")
    assert len(applied.sentences) == 2
    outputs = [pipeline.reverse_sentence(output, states).text
               for output, states in zip(["A dog is running", "Two cats."], applied.states)]
    assert pipeline.reverse_line(outputs, applied.line_states) == "A dog is running. Two cats"


def test_the_model_reads_one_mark_of_a_sources_run():
    """"Das Konzert war super!!!" came back with one "!" from a 30-minute model: captions end in one mark."""
    assert FinalMark().apply("Das Konzert war super!!!") == ("Das Konzert war super!", "!!!")
    assert FinalMark().apply("Wirklich??“") == ("Wirklich?“", "??")
