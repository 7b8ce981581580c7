"""text/finders/present_verbs.py: an everyday verb the corpus lacks, in the present tense of an English statement,
becomes the German verb in its subject's person."""
import pytest

from text.finders.present_verbs import PresentVerbs
from text.forms.lexicon import TAUGHT, Lexicon
from text.forms.masking import PLACEHOLDERS

P0 = PLACEHOLDERS[0]
CAPTIONS = Lexicon.learn([("A special man is sitting on a bench near his sister.", "Ein Mann sitzt auf einer Bank."),
                          ("A man is writing.", "Ein Mann schreibt.")] * 5)


@pytest.mark.parametrize("source, masked, fill", [
    ("My sister lives in Hamburg.", f"My sister {P0} in Hamburg.", "wohnt"),
    ("The package weighs 2.5 kg.", f"The package {P0} 2.5 kg.", "wiegt"),
    ("He hates his job.", f"He {P0} his job.", "hasst"), ("My son needs a phone.", f"My son {P0} a phone.", "braucht"),
    ("Anna likes chocolate.", f"Anna {P0} chocolate.", "mag"),
    ("She often orders pizza.", f"She often {P0} pizza.", "bestellt"),
    ("I am happy because she owns a car.", f"I am happy because she {P0} a car.", "besitzt"),
    ("Anna, who lives in Berlin, is here.", f"Anna, who {P0} in Berlin, is here.", "wohnt"),
    ("He works in a bank and loves football.", f"He works in a bank and {P0} football.", "liebt"),
    ("I rent a flat.", f"I {P0} a flat.", "miete"), ("We rent a flat.", f"We {P0} a flat.", "mieten"),
    ("They own a car.", f"They {P0} a car.", "besitzen"),
    ("Tom and I rent a flat.", f"Tom and I {P0} a flat.", "mieten"),
    ("I enjoy walks.", f"I {P0} walks.", "genieße"), ("We enjoy walks.", f"We {P0} walks.", "genießen"),
    ("My parents own a shop.", f"My parents {P0} a shop.", "besitzen"),
])
def test_a_present_verb_the_corpus_lacks_becomes_the_german_verb_in_its_persons_form(source, masked, fill):
    assert PresentVerbs(CAPTIONS).apply(source) == (masked, (fill,))


@pytest.mark.parametrize("source", [
    "Where does she live?", "Where do they live?", "Can we pay here?", "She doesn't like fish.",   # infinitives
    "You need a ticket.", "I need to go.", "I want you to stay.",        # "you": du, Sie or ihr; "to": another verb
    "The lives of the workers are hard.", "Their lives are hard.", "Special needs children.",   # nouns
    "The sister needs of her.", "She lives long.",                       # a plural noun; "live" is no "wohnen" here
    "My parents, own a shop.", "Dogs and cats love milk.",               # no subject next to it; not sure
    "A man pays.", "The tickets costs are high.", "A group of people collect around him.",
    "They own three cars.",                                              # a model lost the count after it
])
def test_a_verb_whose_person_or_sense_is_not_sure_is_the_models(source):
    assert PresentVerbs(CAPTIONS).apply(source) == (source, ())


def test_a_form_the_corpus_teaches_is_the_models():
    taught = Lexicon.learn([("He owns a dog.", "Er besitzt einen Hund.")] * TAUGHT)
    assert PresentVerbs(taught).apply("She owns a car.") == ("She owns a car.", ())
    assert PresentVerbs(CAPTIONS).apply("She owns a car.") == (f"She {P0} a car.", ("besitzt",))


@pytest.mark.parametrize("source", ["She needs a car.", "I love my dog.", "We pay by card.", "He lives in Bonn."])
def test_a_verb_the_own_pronoun_pairs_teach_is_the_models_after_a_pronoun(source):
    """"She loves her garden." came back "Sie liebt Gartent ihr Garten." with it masked, "Sie liebt ihr Garten."
    without."""
    assert PresentVerbs(CAPTIONS).apply(source) == (source, ())


def test_a_verb_whose_ing_form_the_corpus_teaches_is_the_models():
    """"writing" in 49 captions: the model wrote "schreibt" for "writes", and lost it to a placeholder."""
    writing = Lexicon.learn([("A man is writing.", "Ein Mann schreibt.")] * TAUGHT)
    assert PresentVerbs(writing).apply("A girl writes on the banner.") == ("A girl writes on the banner.", ())
    assert PresentVerbs(CAPTIONS).apply("A girl writes on it.") == (f"A girl {P0} on it.", ("schreibt",))


def test_no_training_pair_changes():
    assert PresentVerbs(CAPTIONS).apply_pair("She lives in Bonn.", "Sie wohnt in Bonn.") == \
        ("She lives in Bonn.", "Sie wohnt in Bonn.")
