"""text/finders/number_compounds.py: a number and the word that says what it counts become one placeholder in
English, and in German with the ending its noun asks for."""
import pytest

from config import DataConfig
from text.finders.number_compounds import NumberCompounds
from text.finders.numbers import Numbers
from text.forms.lexicon import Lexicon
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline

P0, P1, P2 = PLACEHOLDERS[:3]


@pytest.mark.parametrize("source, masked, fills", [
    ("Ein 3-jähriger Junge vor einem 5-Sterne-Hotel.", f"Ein {P0} Junge vor einem {P1} Hotel.",
     ("3-year-old", "5-star")),
    ("Zwei 20-Jährige in einer 2-Zimmer-Wohnung.", f"Zwei {P0} in einer {P1} Wohnung.", ("20-year-olds", "2-room")),
    ("Nach 10-minütigem Lauf die 1,5-fache Menge.", f"Nach {P0} Lauf die {P1} Menge.", ("10-minute", "1.5-fold")),
    ("Ein 5-km-Lauf und die 100-Meter-Staffel.", f"Ein {P0} Lauf und die {P1} Staffel.", ("5-km", "100-meter")),
])
def test_a_number_and_what_it_counts_come_out_in_english(source, masked, fills):
    assert NumberCompounds(Numbers()).apply(source) == (masked, fills)


@pytest.mark.parametrize("source, masked, fill", [
    ("Das 3-Tage-Ticket kostet 20 Euro.", f"Das {P0} Ticket kostet 20 Euro.", "3-day"),   # was "The 3 t-shirt"
    ("Der Bus fährt im 10-Minuten-Takt.", f"Der Bus fährt im {P0} Takt.", "10-minute"),
    ("Ein 2-Wochen-Urlaub.", f"Ein {P0} Urlaub.", "2-week"),
])
def test_a_span_of_time_as_a_compounds_first_part_comes_out_in_english_and_its_rest_is_a_word_apart(source, masked,
                                                                                                     fill):
    assert NumberCompounds(Numbers()).apply(source) == (masked, (fill,))
    assert NumberCompounds(Numbers()).reverse(f"The {P0} ticket.", (fill,)) == f"The {fill} ticket."


@pytest.mark.parametrize("source", ["2-mal, 3-D, 5-Sternen, 2-Zimmerpflanze, 3er-Zimmer, 12-Euro-Ticket.",
                                    "Um 14 Uhr-Zimmer."])
def test_a_word_the_table_lacks_or_one_that_goes_on_is_left_alone(source):
    assert NumberCompounds(Numbers()).find(source) == []


def test_a_german_compound_in_an_english_source_and_other_pairs_are_left_alone_and_the_users_glossary_wins():
    assert NumberCompounds(Numbers("en", "de")).find("A 3-jähriger boy.") == []
    assert NumberCompounds(Numbers("de", "fr")).find("Ein 3-jähriger Junge.") == []
    pipeline = Pipeline.from_config(DataConfig(), {"Zimmer": "chamber"})
    applied = pipeline.apply("Eine 2-Zimmer-Wohnung und ein 3-jähriger Junge.")
    assert applied.sentences == [f"Eine {P0}-{P1}-Wohnung und ein {P2} Junge."]
    assert pipeline.fills(applied.states[0]) == ("2", "chamber", "3-year-old")


@pytest.mark.parametrize("source, masked, fills", [
    ("A 3-year-old boy plays.", f"A {P0} boy plays.", ("3-jähriger",)),
    ("She holds a 2-year-old boy and a 5-year-old girl.", f"She holds a {P0} boy and a {P1} girl.",
     ("2-jährigen", "5-jähriges")),
    ("The 3-year-old boys play with 2 4-year-old dogs.", f"The {P0} boys play with 2 {P1} dogs.",
     ("3-jährigen", "4-jährigen")),
    ("He lives in a 5-story house.", f"He lives in a {P0} house.", ("5-stöckigen",)),
])
def test_an_english_number_adjective_comes_out_in_german_with_its_ending(source, masked, fills):
    """"A 3-year-old boy plays in the sand." came back as "Ein 3 arm gekleideter Junge ..." from a 30-minute model."""
    lexicon = Lexicon({}, nouns={"house": "Haus", "boy": "Junge"}, genders={"haus": "n"})    # "Junge": no gender
    assert NumberCompounds(Numbers("en", "de"), lexicon).apply(source) == (masked, fills)


@pytest.mark.parametrize("source", ["A 3-year-old is playing.", "A 5-star.", "A 5-story building."])
def test_an_english_number_adjective_without_a_noun_the_lexicon_knows_is_left_to_the_model(source):
    assert NumberCompounds(Numbers("en", "de")).find(source) == []


@pytest.mark.parametrize("source, masked, fill, output, translation", [
    ("A 5-star hotel.", f"A {P0} hotel.", "5-Sterne", f"Ein {P0} Hotel.", "Ein 5-Sterne-Hotel."),
    ("They live in a 3-room apartment.", f"They live in a {P0} apartment.", "3-Zimmer", f"Sie wohnen in einer {P0} "
     "Wohnung.", "Sie wohnen in einer 3-Zimmer-Wohnung."),
    ("It is a 10-minute walk.", f"It is a {P0} walk.", "10-Minuten", f"Es ist ein {P0} Spaziergang.",
     "Es ist ein 10-Minuten-Spaziergang."),
    ("A 2-hour long meeting.", f"A {P0} long meeting.", "2-Stunden", f"Ein {P0} langes Treffen.",
     "Ein 2-Stunden langes Treffen."),                                   # joined to a noun only
])
def test_an_english_count_before_another_noun_is_the_first_part_of_a_german_compound(source, masked, fill, output,
                                                                                     translation):
    """"A 5-star hotel." came back as "Ein 5- Hotel" from the long model."""
    step = NumberCompounds(Numbers("en", "de"))
    assert step.apply(source) == (masked, (fill,))
    assert step.reverse(output, step.apply(source)[1]) == translation
