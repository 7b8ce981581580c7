"""text/steps/first_capital.py: a translation starts with a capital where its source does, whatever the model wrote."""
import pytest

from config import DataConfig
from text.forms.lexicon import Lexicon
from text.pipeline import Pipeline
from text.steps.first_capital import FirstCapital

P0 = "\ue000"


@pytest.mark.parametrize("source, output, back", [
    ("Schwimmer in einem See.", "swimmers in a lake.", "Swimmers in a lake."),
    ("„Schau mal!“", "“look!”", "“Look!”"),                              # read past the opening quote
    ("Ein Hund läuft.", "A dog is running.", "A dog is running."),
    ("Über den Fluss.", "über the river.", "Über the river."),
])
def test_a_lowercase_start_gets_the_sources_capital(source, output, back):
    _, state = FirstCapital().apply(source)
    assert FirstCapital().reverse(output, state) == back


@pytest.mark.parametrize("source, output", [
    ("iPhone-Nutzer warten.", "iPhone users are waiting."),       # the source starts lowercase
    ("3 Hunde laufen.", "three dogs are running."),               # a digit
    (f"{P0} ist toll.", "eBay is great."),                        # a placeholder
    ("Ein Hund läuft.", f"{P0} runs."),                           # the output starts with a placeholder
    ("", "dog"),
])
def test_otherwise_the_translation_starts_as_the_model_wrote_it(source, output):
    _, state = FirstCapital().apply(source)
    assert FirstCapital().reverse(output, state) == output


@pytest.mark.parametrize("line, back", [
    ("EIN MANN SPIELT GITARRE.", "A MAN PLAYS GUITAR."),       # capitals come back after this step
    ("ein mann spielt gitarre.", "A man plays guitar."),       # the case step gives a lowercase line normal case
    ("Ein Mann spielt Gitarre.", "A man plays guitar."),
])
def test_through_the_pipeline_a_line_in_capitals_or_lowercase_keeps_the_case_steps_rule(line, back):
    lexicon = Lexicon.learn([("Ein Mann spielt Gitarre.", "A man plays guitar.")] * 3)
    pipeline = Pipeline.from_config(DataConfig(), lexicon=lexicon)
    applied = pipeline.apply(line)
    outputs = [pipeline.reverse_sentence("a man plays guitar.", states).text for states in applied.states]
    assert pipeline.reverse_line(outputs, applied.line_states) == back
