"""text/steps/inner_stop.py: no full stop inside a translated sentence, before a lowercase word or a placeholder, where
its source sentence has none."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.inner_stop import InnerStop

P0, P1 = "\ue000", "\ue001"


@pytest.mark.parametrize("output, back", [
    (f"Sie kauft Äpfel für {P0}. {P1}.", f"Sie kauft Äpfel für {P0} {P1}."),        # before a placeholder
    (f"Frau Miller kauft Apfel für {P0}. am {P1}.", f"Frau Miller kauft Apfel für {P0} am {P1}."),
    ("A man. in a red shirt. is sitting.", "A man in a red shirt is sitting."),     # before lowercase words
])
def test_a_stop_the_model_writes_inside_a_sentence_goes(output, back):
    _, state = InnerStop().apply(f"Sie kauft Äpfel für {P0} {P1}.")
    assert InnerStop().reverse(output, state) == back


@pytest.mark.parametrize("output", [
    "Er sah z. B. einen Hund",          # abbreviations
    "Sie kamen ca. zehn Minuten später",
    "They live in the U.S. now",
    "J. S. Bach spielt Orgel",          # single letters
    "Er kommt am 3. Mai",               # after a digit (numbers without placeholders)
    "Warte... was",                     # an ellipsis
    "Ms. Müller. Berlin.",              # before a capital: the model began a sentence
    "Zwei Hunde spielen im Schnee.",    # the sentence's own final stop
])
def test_other_stops_stay(output):
    _, state = InnerStop().apply("Zwei Hunde spielen im Schnee.")
    assert InnerStop().reverse(output, state) == output


def test_a_source_with_such_a_stop_inside_leaves_the_translation_alone():
    _, state = InnerStop().apply("Er kam. dann ging er")
    assert InnerStop().reverse("He came. then he left", state) == "He came. then he left"


@pytest.mark.parametrize("direction, source, words, back", [
    (("de", "en"), "Sie kauft Äpfel für 12,50 € am 3. Mai.", "She buys apples for",
     "She buys apples for €12.50 on May 3."),
    (("en", "de"), "She buys apples for $12.50 on May 3.", "Sie kauft Äpfel für",
     "Sie kauft Äpfel für 12,50 $ am 3. Mai."),
])
def test_the_pipeline_takes_out_a_models_stop_between_two_placeholders_for_any_model(direction, source, words, back):
    """A weak model's `für <price> . <date> .` comes back as one sentence, the date's own `3.` untouched."""
    pipeline = Pipeline.from_config(DataConfig(src_lang=direction[0], tgt_lang=direction[1]))
    applied = pipeline.apply(source)
    (masked,), (states,) = applied.sentences, applied.states
    price, date = [c for c in masked if "\ue000" <= c <= "\ue00f"]
    assert pipeline.reverse_sentence(f"{words} {price} . {date} .", states).text == back
