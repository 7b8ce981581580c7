"""text/finders/number_compounds.py: a number and the word that says what it counts become one placeholder in
English."""
import pytest

from config import DataConfig
from text.finders.number_compounds import NumberCompounds
from text.finders.numbers import Numbers
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline

P0, P1, P2 = PLACEHOLDERS[:3]


@pytest.mark.parametrize("source, masked, fills", [
    ("Ein 3-jähriger Junge vor einem 5-Sterne-Hotel.", f"Ein {P0} Junge vor einem {P1}-Hotel.",
     ("3-year-old", "5-star")),
    ("Zwei 20-Jährige in einer 2-Zimmer-Wohnung.", f"Zwei {P0} in einer {P1}-Wohnung.", ("20-year-olds", "2-room")),
    ("Nach 10-minütigem Lauf die 1,5-fache Menge.", f"Nach {P0} Lauf die {P1} Menge.", ("10-minute", "1.5-fold")),
    ("Ein 5-km-Lauf und die 100-Meter-Staffel.", f"Ein {P0}-Lauf und die {P1}-Staffel.", ("5-km", "100-meter")),
])
def test_a_number_and_what_it_counts_come_out_in_english(source, masked, fills):
    assert NumberCompounds(Numbers()).apply(source) == (masked, fills)


@pytest.mark.parametrize("source", ["2-mal, 3-D, 5-Sternen, 2-Zimmerpflanze, 3er-Zimmer, 12-Euro-Ticket.",
                                    "Um 14 Uhr-Zimmer."])
def test_a_word_the_table_lacks_or_one_that_goes_on_is_left_alone(source):
    assert NumberCompounds(Numbers()).find(source) == []


def test_only_german_to_english_and_the_users_glossary_wins():
    assert NumberCompounds(Numbers("en", "de")).find("A 3-jähriger boy.") == []
    pipeline = Pipeline.from_config(DataConfig(), {"Zimmer": "chamber"})
    applied = pipeline.apply("Eine 2-Zimmer-Wohnung und ein 3-jähriger Junge.")
    assert applied.sentences == [f"Eine {P0}-{P1}-Wohnung und ein {P2} Junge."]
    assert pipeline.fills(applied.states[0]) == ("2", "chamber", "3-year-old")
