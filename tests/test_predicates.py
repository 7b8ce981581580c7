"""text/finders/predicates.py: a predicative adjective the corpus lacks, after a copula, becomes the target's."""
import pytest

from text.finders.predicates import Predicates
from text.forms.lexicon import TAUGHT, Lexicon
from text.forms.masking import PLACEHOLDERS

P0 = PLACEHOLDERS[0]
CAPTIONS = Lexicon.learn([("A man walks out of the park.", "Ein Mann geht aus dem Park.")] * TAUGHT)


@pytest.mark.parametrize("line, masked, fills", [
    ("The soup is too salty.", f"The soup is {P0}.", ("zu salzig",)),            # "Die Suppe ist zuogen."
    ("My train is delayed again.", f"My train is {P0} again.", ("verspätet",)),    # "Mein Zugt Hira."
    ("The tickets are sold out!", f"The tickets are {P0}!", ("ausverkauft",)),
    ("The food looks a bit greasy", f"The food looks {P0}", ("ein bisschen fettig",)),
    ("My boss is so rude today.", f"My boss is {P0} today.", ("so unhöflich",)),
    ("They were exhausted, so we left.", f"They were {P0}, so we left.", ("erschöpft",)),
    ("The food is always too salty.", f"The food is always {P0}.", ("zu salzig",)),   # an adverb between
])
def test_an_adjective_after_a_copula_becomes_the_german_one(line, masked, fills):
    assert Predicates(CAPTIONS, "en", "de").apply(line) == (masked, fills)


@pytest.mark.parametrize("line", [
    "I am cold.",                   # "Mir ist kalt": no adjective of a person's
    "My sister is cold.",
    "It is cheap food.",            # an attributive adjective inflects
    "The salty soup is here.", "Salty!", "The soup is salty-ish.",
    "The trousers are fresh out of the box.",
    "The bus is late again.",       # "Der Bus hat Verspätung", not "ist spät": "late" of "it" only
])
def test_an_adjective_a_person_says_otherwise_or_before_a_noun_is_left_to_the_model(line):
    assert Predicates(CAPTIONS, "en", "de").apply(line) == (line, ())


def test_an_adjective_the_corpus_teaches_is_the_models():
    taught = Lexicon.learn([("The soup is salty.", "Die Suppe ist salzig.")] * TAUGHT)
    assert Predicates(taught, "en", "de").apply("The soup is salty.") == ("The soup is salty.", ())
    assert Predicates(CAPTIONS, "en", "de").apply("The soup is salty.")[1] == ("salzig",)


@pytest.mark.parametrize("line, fills", [
    ("Die Suppe ist zu salzig.", ("too salty",)), ("Der Kuchen ist sauer.", ("sour",)),
    ("Ich bin sauer.", ()),                                                   # a person's "sauer" is "angry"
    ("Das Kind wirkt gelangweilt und müde.", ("bored",)),
    ("Der Zug ist schon wieder verspätet.", ("delayed",)),                   # an adverb between, the model's
])
def test_german_into_english_the_same_way(line, fills):
    assert Predicates(CAPTIONS, "de", "en").apply(line)[1] == fills
