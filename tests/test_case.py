"""text/case.py: ALL CAPS and all lowercase reach the model as the corpus writes them; caps come back."""
import pytest

from text.case import Case, kind
from text.lexicon import Lexicon

LEXICON = Lexicon.learn([("Ein Mann spielt Gitarre auf der Straße.", "A man plays guitar on the street."),
                         ("Zwei Kinder essen ein Eis von Anna.", "Two children eat an ice cream from Anna.")])


@pytest.mark.parametrize("text, found", [("EIN MANN SPIELT GITARRE.", "caps"), ("EIN MANN spielt GITARRE.", "caps"),
                                         ("ein mann spielt gitarre.", "lower"), ("Ein Mann spielt.", "normal"),
                                         ("USA", "normal"), ("Ein Mann vom ADAC.", "normal")])
def test_a_sentence_is_caps_lowercase_or_normal(text, found):
    assert kind(text) == found


def test_a_caps_sentence_is_written_as_the_corpus_writes_it_and_its_translation_comes_back_in_caps():
    step = Case(LEXICON)
    text, state = step.apply("ZWEI KINDER ESSEN EIS AUF DER STRASSE VON ULLRICH.")
    assert text == "Zwei Kinder essen Eis auf der Straße von Ullrich."       # unknown words: a capital first
    assert step.reverse("Two children eat ice cream on Ullrich's street.", state) == \
        "TWO CHILDREN EAT ICE CREAM ON ULLRICH'S STREET."


def test_what_is_no_word_keeps_its_case_in_a_caps_line():
    step = Case(LEXICON)
    text, state = step.apply("EIN MANN SPIELT GITARRE AUF https://Example.org/Gitarre!")
    assert text == "Ein Mann spielt Gitarre auf https://Example.org/Gitarre!"
    assert step.reverse("A man plays guitar on https://Example.org/Gitarre!", state) == \
        "A MAN PLAYS GUITAR ON https://Example.org/Gitarre!"


def test_a_lowercase_sentence_is_recased_and_its_translation_keeps_the_models_case():
    step = Case(LEXICON)
    text, state = step.apply("ein mann spielt gitarre.")
    assert text == "Ein Mann spielt Gitarre." and step.reverse("A man plays guitar.", state) == "A man plays guitar."
    assert step.apply("Ein Mann spielt.") == ("Ein Mann spielt.", None)
