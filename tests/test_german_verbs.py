"""text/finders/german_verbs.py: an everyday German verb the corpus lacks becomes the English verb in its person."""
import pytest

from text.finders.german_verbs import GermanVerbs
from text.forms.lexicon import TAUGHT, Lexicon
from text.forms.masking import PLACEHOLDERS

P0 = PLACEHOLDERS[0]
CAPTIONS = Lexicon.learn([("Ein Mann sitzt auf einer Bank.", "A man is sitting on a bench.")] * 5)


@pytest.mark.parametrize("source, masked, fill", [
    ("Meine Schwester wohnt in Hamburg.", f"Meine Schwester {P0} in Hamburg.", "lives"),
    ("Das Paket wiegt 2,5 kg.", f"Das Paket {P0} 2,5 kg.", "weighs"),
    ("Anna mag Schokolade.", f"Anna {P0} Schokolade.", "likes"),
    ("Ich bevorzuge Tee.", f"Ich {P0} Tee.", "prefer"), ("Wir mieten ein Haus.", f"Wir {P0} ein Haus.", "rent"),
    ("Meine Frau studiert Medizin.", f"Meine Frau {P0} Medizin.", "studies"),      # no English lexicon here
])
def test_a_german_verb_the_corpus_lacks_becomes_the_english_verb_in_its_person(source, masked, fill):
    assert GermanVerbs(CAPTIONS).apply(source) == (masked, (fill,))


@pytest.mark.parametrize("source", [
    "Wohnt sie hier?", "Ihr wohnt in Bonn.", "Ich habe bezahlt.", "Er hat ein Haus gemietet.",   # no "-s" form
    "Ich will in Berlin wohnen.", "Die Miete kostet 800 Euro.", "Sie verdient viel.",   # an infinitive; left out
    "Ich brauche Hilfe.", "Mieten ist teuer.",                 # the own pairs teach it; a noun's place
])
def test_a_german_verb_whose_person_or_sense_is_not_sure_is_the_models(source):
    assert GermanVerbs(CAPTIONS).apply(source) == (source, ())


def test_a_verb_whose_english_ing_form_a_model_of_both_directions_learned_is_its():
    """"betet" came back "prays" in a caption whose model wrote "is praying" for it."""
    both = Lexicon.learn([("Ein Mann betet.", "A man is praying.")] * 2)
    both.reverse = Lexicon.learn([("A man is praying.", "Ein Mann betet.")] * TAUGHT)
    assert GermanVerbs(both).apply("Ein Mönch betet.") == ("Ein Mönch betet.", ())
    both.reverse = Lexicon.learn([("A man is praying.", "Ein Mann betet.")] * 2)
    assert GermanVerbs(both).apply("Ein Mönch betet.") == (f"Ein Mönch {P0}.", ("prays",))


def test_a_form_the_corpus_teaches_is_the_models_and_no_training_pair_changes():
    taught = Lexicon.learn([("Ein Mann wohnt hier.", "A man lives here.")] * TAUGHT)
    assert GermanVerbs(taught).apply("Anna wohnt hier.") == ("Anna wohnt hier.", ())
    assert GermanVerbs(CAPTIONS).apply_pair("Anna wohnt hier.", "Anna lives here.") == \
        ("Anna wohnt hier.", "Anna lives here.")
