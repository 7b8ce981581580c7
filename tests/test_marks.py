"""text/steps/marks.py: quotes, brackets and dashes a source has none of leave its translation, with their spaces."""
import pytest

from config import DataConfig
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline
from text.steps.marks import StrayMarks

P0, P1 = PLACEHOLDERS[:2]


def through(source: str, output: str) -> str:
    step = StrayMarks()
    return step.reverse(output, step.apply(source)[1])


@pytest.mark.parametrize("output, expected", [
    ('Hello (!"', "Hello!"),
    (f'{P0} is being for {P1} "-.', f"{P0} is being for {P1}."),
    ('Anna Müller "-shirts in Heidelberg.', "Anna Müller shirts in Heidelberg."),
    ('He says "yes" to [the] dog.', "He says yes to the dog."),
    ("( A man ) sits - there .", "A man sits there ."),          # the model's own spaces elsewhere stay
    ('"A man."', "A man."),
    ("A man in a t-shirt sells ice-cream.", "A man in a t-shirt sells ice-cream."),
    (f"Between {P0}-{P1} people.", f"Between {P0}-{P1} people."),
    ("Plastik- und Metallteile, Ein-, Aus- und Umstieg.", "Plastik- und Metallteile, Ein-, Aus- und Umstieg."),
    ("Pre- and post-war, Ein- bzw. Ausgang.", "Pre- and post-war, Ein- bzw. Ausgang."),
    (f"Anna meets him at {P0}- {P1}.", f"Anna meets him at {P0} {P1}."),     # no word's part: a dash after a time
    ('Two girls "-haired in a "--aged race.', "Two girls haired in a aged race."),
    ("A man — with a dog –.", "A man with a dog."),
    ('A man taking pictures in front of " .', "A man taking pictures in front of."),
    ('A man in front of " ( , a dog.', "A man in front of, a dog."),
    ('A man " and a dog.', "A man and a dog."),
    (f"Ms. {P0}..---haired.", f"Ms. {P0}.. haired."),             # a weak model's; the name keeps its own word
    ("A man---woman sits.", "A man woman sits."),
    ('He sits."Yes.', "He sits. Yes."),
    ('A man"s dog.', "A mans dog."),                               # a quote inside a word is taken out alone
])
def test_marks_the_source_has_none_of_leave_the_output(output, expected):
    assert through("Ein Mann sitzt dort.", output) == expected


@pytest.mark.parametrize("source, output", [
    ('Er sagt „ja“.', 'He says "yes".'),
    ("Er sagt «ja».", 'He says "yes".'),
    ("Ein Mann (links) sitzt.", "A man (left) sits."),
    ("Ein Mann - ein Hund.", "A man - a dog."),
    ("Ein Mann – ein Hund.", "A man -- a dog -"),
])
def test_a_kind_the_source_has_is_kept_whole(source, output):
    assert through(source, output) == output


@pytest.mark.parametrize("output, expected", [
    ("A girl brushing a () is waving.", "A girl brushing a is waving."),
    ('A girl ( ) waves "".', "A girl waves."),
    ("A girl (right) waves.", "A girl (right) waves."),
    ('She says "yes" "no" „ “ now.', 'She says "yes" "no" now.'),
])
def test_an_empty_pair_goes_even_where_the_source_has_its_kind(output, expected):
    assert through('Ein Mädchen (rechts) sagt „hallo“.', output) == expected


@pytest.mark.parametrize("line", ["()", "( )", "[]", "{ }", '""', "„“", "«»"])      # "{}" is a format's slot
def test_a_line_of_an_empty_pair_is_its_own_translation(line):
    """A line with nothing for a model is its own translation: its empty pair stays, spaces and all."""
    pipeline = Pipeline.from_config(DataConfig())
    assert pipeline.reverse_sentence(line, pipeline.apply(line).states[0]).text == line


def test_the_sources_own_empty_pairs_stay_and_no_more():
    assert through('Er sagt "" und ().', 'He says "" and () [] "".') == 'He says "" and ().'


@pytest.mark.parametrize("source, output, expected", [
    ("Sie spielen im Garten (bei schönem Wetter).", "They play in the garden ( beautiful weather.",
     "They play in the garden (beautiful weather)."),              # closed where the source's closes: at the end
    ("Die Kinder (5 bis 7) malen.", "The kids (7) paint 5) pictures.", "The kids (7) paint 5 pictures."),
    ("Die Kinder (5 bis 7) malen.", "The kids (aged 5 to 7 paint.", "The kids aged 5 to 7 paint."),
    ("Sie spielen (bei Sonne) im Garten.", "They play (-age ) in the garden.", "They play (age) in the garden."),
    ("Wähle a) oder b).", "Choose a) or b).", "Choose a) or b)."),          # the source's own have no partner
    ("Danke :)", "Thanks :)", "Thanks :)"),
])
def test_where_the_sources_brackets_are_in_pairs_so_are_the_translations(source, output, expected):
    assert through(source, output) == expected


def test_only_the_kinds_the_source_lacks_go():
    assert through("Er sagt „ja“.", 'He says "yes" (loudly) - now.') == 'He says "yes" loudly now.'


def test_apostrophes_and_single_quotes_stay():
    assert through("Es ist gut.", "It's 'good'.") == "It's 'good'."


def test_a_url_with_brackets_keeps_them_and_a_stray_bracket_goes():
    """The step sees the masked sentence: the URL's brackets are in its placeholder, on both sides."""
    pipeline = Pipeline.from_config(DataConfig())
    applied = pipeline.apply("Lies https://de.wikipedia.org/wiki/Heidelberg_(Stadt) heute.")
    assert applied.sentences == [f"Lies {P0} heute."]
    reversed_ = pipeline.reverse_sentence(f"Read {P0} today (.", applied.states[0])
    assert reversed_.text == "Read https://de.wikipedia.org/wiki/Heidelberg_(Stadt) today."


def test_the_step_can_be_turned_off():
    on, off = Pipeline.from_config(DataConfig()), Pipeline.from_config(DataConfig(marks=False))
    applied = on.apply("Ein Mann sitzt.")
    assert on.reverse_sentence('A man "sits.', applied.states[0]).text == "A man sits."
    applied = off.apply("Ein Mann sitzt.")
    assert off.reverse_sentence('A man "sits.', applied.states[0]).text == 'A man "sits.'


def test_training_pairs_are_not_changed():
    assert StrayMarks().apply_pair("Ein Mann sitzt.", 'A "man" sits.') == ("Ein Mann sitzt.", 'A "man" sits.')
