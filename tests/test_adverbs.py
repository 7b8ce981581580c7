"""text/finders/adverbs.py: a sentence adverb the corpus lacks, opening a sentence, becomes the target's adverb."""
import pytest

from text.finders.adverbs import Adverbs
from text.forms.lexicon import TAUGHT, Lexicon
from text.forms.masking import PLACEHOLDERS

P0 = PLACEHOLDERS[0]
CAPTIONS = Lexicon.learn([("Ein Mann geht zum Glück und heute in den Park.", "A man walks to the park.")] * 5)


@pytest.mark.parametrize("source, masked, fill", [
    ("Leider ist der Laden zu.", f"{P0} ist der Laden zu.", "Unfortunately"),
    ("Gestern, sagt sie, regnete es.", f"{P0}, sagt sie, regnete es.", "Yesterday"),
    ("„Vielleicht“", f"„{P0}“", "Maybe"), ("Vielleicht.", f"{P0}.", "Maybe"),
    ("Zum Glück regnet es nicht.", f"{P0} regnet es nicht.", "Luckily"),
])
def test_an_adverb_opening_a_sentence_becomes_the_english_adverb(source, masked, fill):
    assert Adverbs(CAPTIONS, "de", "en").apply(source) == (masked, (fill,))


@pytest.mark.parametrize("source", ["Der Laden ist leider zu.", "Leiderlich.", "Gestern-Abend", "Ein Mann."])
def test_an_adverb_inside_a_sentence_or_no_adverb_is_left_to_the_model(source):
    assert Adverbs(CAPTIONS, "de", "en").apply(source) == (source, ())


@pytest.mark.parametrize("source, target, line, fills", [
    ("de", "en", "Es sind heute 25 Grad, sagt er morgen.", ("today", "tomorrow")),     # "There are erute 25 °C"
    ("de", "en", "Wir kommen heute Abend, Guten Morgen.", ("tonight",)),                # the noun "Morgen"
    ("de", "en", "Wir essen heute Vormittag.", ()),                                     # a time the table lacks
    ("en", "de", "It is raining in Paris today.", ("heute",)),
    ("en", "de", "See you tomorrow morning, today's weather, tonight.", ("morgen früh", "heute Abend")),
])
def test_a_day_in_one_word_or_with_its_time_is_one_anywhere_in_the_sentence(source, target, line, fills):
    """"Heute Abend um 8 Uhr." came back as "Today evening ..." (the day alone), and "tonight" stayed the model's."""
    assert Adverbs(CAPTIONS, source, target).apply(line)[1] == fills


def test_an_adverb_the_corpus_holds_often_enough_is_the_models():
    common = Lexicon.learn([("Heute geht ein Mann heute in den Park.", "Today a man walks to the park.")] * TAUGHT)
    assert Adverbs(common, "de", "en").apply("Heute regnet es.") == ("Heute regnet es.", ())
    assert Adverbs(CAPTIONS, "de", "en").apply("Heute regnet es.") == (f"{P0} regnet es.", ("Today",))


def test_english_adverbs_become_german_ones():
    english = Lexicon.learn([("A man walks to the park.", "Ein Mann geht in den Park.")] * 5)
    assert Adverbs(english, "en", "de").apply("Yesterday Anna bought bread.") == \
        (f"{P0} Anna bought bread.", ("Gestern",))
    assert Adverbs(english, "en", "de").apply_pair("Yesterday Anna ran.", "Gestern lief Anna.") == \
        ("Yesterday Anna ran.", "Gestern lief Anna.")
