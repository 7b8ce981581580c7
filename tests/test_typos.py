"""text/steps/typos.py: a common word typed with a slip reaches the model as the corpus writes it."""
import pytest

from config import DataConfig
from text.forms.lexicon import Lexicon
from text.pipeline import Pipeline
from text.steps.typos import Typos

GERMAN = Lexicon.learn([("Ein Mann fährt Fahrrad und spielt Fußball im Schatten.", "A man rides a bike."),
                        ("Die Leute werden Nudeln kochen.", "The people will cook noodles."),
                        ("Die Hunde spielen am Fenster.", "The dogs play at the window."),
                        ("Erwachsene führen einen weißen Hund mit Reifen.", "Adults walk a white dog.")] * 20)
ENGLISH = Lexicon.learn([("A man is wearing a hat and plays football.", "Ein Mann trägt einen Hut."),
                         ("A woman rides a bicycle while skiing.", "Eine Frau fährt Rad.")] * 20)


@pytest.mark.parametrize("lexicon, typed, mended", [
    (GERMAN, "Ein Mann fährt Fahrad.", "Ein Mann fährt Fahrrad."),                  # a letter dropped
    (GERMAN, "Er spielt Fusball im Schaten.", "Er spielt Fußball im Schatten."),    # "ß" as "s", a double single
    (GERMAN, "Sie kochen Nudlen.", "Sie kochen Nudeln."),                          # two letters swapped
    (GERMAN, "Die Kinder spilen.", "Die Kinder spielen."),
    (ENGLISH, "A man plays footbal and is wering a hat.", "A man plays football and is wearing a hat."),
    (ENGLISH, "Footbal is fun, FOOTBAL!", "Football is fun, FOOTBALL!"),        # the typed case at the start, caps
    (ENGLISH, "She likes skying.", "She likes skiing."),
])
def test_a_slip_of_a_common_word_is_mended(lexicon, typed, mended):
    """"A man plays footbal in the park." came back as "Ein Mann spielt Fuß im Park." from a strong model."""
    assert Typos(lexicon).apply(typed) == (mended, None)


@pytest.mark.parametrize("lexicon, typed", [
    (GERMAN, "Die Leute worden gesehen, es ist finster."),      # another vowel: words of their own
    (GERMAN, "Die Hunde spielen, Fahrrad."),                   # known as typed, or inflected ("Hunde")
    (GERMAN, "Er spielt Fusbal."),                             # two slips
    (GERMAN, "Wir wissen, sie riefen, fuhren, erwachsen."),    # "weißen", "Reifen", "führen", "Erwachsene"
    (ENGLISH, "A man wers a hat."),                            # under six letters
    (ENGLISH, "Mail footbal@web.de or see www.bicyle.com."),   # copied through
])
def test_other_words_are_left_as_typed(lexicon, typed):
    assert Typos(lexicon).apply(typed) == (typed, None)


def test_in_the_pipeline_a_name_is_never_mended_and_training_pairs_are_left():
    """The step runs after the placeholders: "Herr Schaten" is a name (text/forms/titles.py), kept as written."""
    german = Pipeline.from_config(DataConfig(), lexicon=GERMAN)
    applied = german.apply("Herr Schaten spielt Fusball.")
    assert applied.originals == [("Herr Schaten",)] and "Fußball" in applied.sentences[0]
    assert german.apply_pair("Er fährt Fahrad.", "He rides.") == ("Er fährt Fahrad.", "He rides.")
    english = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"), lexicon=ENGLISH)
    assert english.apply("A man plays footbal.").sentences == ["A man plays football."]
    assert "Typos" not in [type(s).__name__ for s in Pipeline.from_config(DataConfig()).steps]   # no lexicon


def test_a_british_spelling_is_the_american_one_the_corpus_holds():
    """"The colour of the centre is red." came back as "Die Siloour von der much ist roter Kleidung."."""
    american = Lexicon.learn([("A man in a gray shirt at the center of a colorful theater.", "Ein Mann.")] * 20 +
                             [("A theatre sign.", "Ein Schild.")])
    assert Typos(american).apply("The grey colourful centre, a theatre, our tour.")[0] == \
        "The gray colorful center, a theater, our tour."
    assert Typos(american).apply("The Theatre is grey.")[0] == "The theater is gray."       # as the corpus writes it


def test_a_short_words_well_known_slip_is_mended_and_is_no_name():
    """"teh cat is sleeping on the sofa." came back as "Teh Katze schläft auf dem Sofa.": too short for the slips'
    rule, "Teh" was taken for a name."""
    lexicon = Lexicon.learn([("The man and the woman are wearing a hat.", "Der Mann und die Frau tragen Hüte.")] * 20)
    assert Typos(lexicon).apply("Teh man adn a woman.") == ("The man and a woman.", None)
    english = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"), lexicon=lexicon)
    assert english.apply("teh man is wearing a hat.").sentences == ["The man is wearing a hat."]
