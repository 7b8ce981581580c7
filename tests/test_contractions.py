"""text/steps/contractions.py: English "'ll" and "'d" after a pronoun, written out before translation."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.contractions import Contractions


@pytest.mark.parametrize("line, written", [
    ("We'll arrive around 6 pm.", "We will arrive around 6 pm."),
    ("She'd like tea, and they’d too.", "She would like tea, and they would too."),
    ("WE'LL GO.", "WE WILL GO."),
    ("Bill'll come, Ted'd know.", "Bill'll come, Ted'd know."),          # after a name: left as typed
    ("We will see.", "We will see."),
    ("See example.com/we'd, and she'd come.", "See example.com/we'd, and she would come."),    # copied through
])
def test_ll_and_d_after_a_pronoun_are_written_out(line, written):
    assert Contractions().apply(line) == (written, None)


def test_an_english_source_has_them_written_out_before_the_model_reads_it():
    english = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"))
    assert english.apply("We'll go.").sentences == ["We will go."]
    assert Pipeline.from_config(DataConfig()).apply("We'll go.").sentences == ["We'll go."]    # German: no such step
