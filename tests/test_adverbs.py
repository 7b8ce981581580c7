"""text/finders/adverbs.py: a sentence adverb the corpus lacks, opening a sentence, becomes the target's adverb."""
import pytest

from text.finders.adverbs import Adverbs
from text.forms.lexicon import TAUGHT, Lexicon
from text.forms.masking import PLACEHOLDERS

P0, P1 = PLACEHOLDERS[:2]
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


@pytest.mark.parametrize("source, target, line, masked, fills", [
    ("en", "de", "We visited them last weekend.", f"We visited them {P0}.", ("letztes Wochenende",)),
    ("en", "de", "The train left at 7 this morning.", f"The train left at 7 {P0}.", ("heute Morgen",)),
    ("en", "de", "Closed every Sunday afternoon.", f"Closed {P0}.", ("jeden Sonntagnachmittag",)),
    ("en", "de", "Last month I ran every day.", f"{P0} I ran {P1}.", ("Letzten Monat", "jeden Tag")),
    ("en", "de", "I run in the morning.", f"I run {P0}.", ("morgens",)),
    ("de", "en", "Ich laufe jeden Tag.", f"Ich laufe {P0}.", ("every day",)),
    ("de", "en", "Letzte Woche war er krank.", f"{P0} war er krank.", ("Last week",)),
])
def test_a_time_phrase_anywhere_in_the_sentence_becomes_the_targets(source, target, line, masked, fills):
    """zen4a: "The train left at 7:15 this morning." -> "... dieses Morgens", "last month" and "every day" lost."""
    assert Adverbs(CAPTIONS, source, target).apply(line) == (masked, fills)


@pytest.mark.parametrize("source, target, line", [
    ("en", "de", "A man in the morning sun."), ("en", "de", "The last week was hard."),
    ("en", "de", "See you at next week's party."), ("de", "en", "Die letzte Woche war lang."),
    ("en", "de", "Everyday life."), ("en", "de", "It is 3 o'clock in the afternoon."),    # the numbers' "15 Uhr"
    ("en", "de", "We leave at 9 pm at night."), ("de", "en", "Es ist 3 Uhr nachts."),
])
def test_a_time_words_article_possessive_or_a_sentences_middle_leave_it_to_the_model(source, target, line):
    assert Adverbs(CAPTIONS, source, target).apply(line) == (line, ())


def test_a_time_phrase_whose_words_the_corpus_holds_very_often_is_the_models():
    nights = Lexicon.learn([("A man walks at night.", "Ein Mann geht nachts.")] * (10 * TAUGHT))
    assert Adverbs(nights, "en", "de").apply("We sleep at night.") == ("We sleep at night.", ())
    assert Adverbs(CAPTIONS, "en", "de").apply("We sleep at night.") == (f"We sleep {P0}.", ("nachts",))
