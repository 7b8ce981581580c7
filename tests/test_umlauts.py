"""text/steps/umlauts.py: German typed without umlauts reaches the model with them, where only that form is known."""
import pytest

from config import DataConfig
from text.forms.lexicon import Lexicon
from text.pipeline import Pipeline
from text.steps.umlauts import Umlauts

LEXICON = Lexicon.learn([("Das Mädchen spielt Fußball auf der Straße.", "The girl plays soccer on the street."),
                         ("Eine neue Steuer und ein Feuer.", "A new tax and a fire.")] * 2)


@pytest.mark.parametrize("typed, written", [
    ("Das Maedchen spielt Fussball.", "Das Mädchen spielt Fußball."),           # the corpus' words
    ("Viele Gruesse aus Muenchen und Koeln!", "Viele Grüße aus München und Köln!"),   # the project's own
    ("das maedchen, DAS MAEDCHEN, die Strasse", "das mädchen, DAS MÄDCHEN, die Straße"),    # as typed
    ("Eine neue Steuer, ein Feuer, Michael, Israel, Mueller.",
     "Eine neue Steuer, ein Feuer, Michael, Israel, Mueller."),                   # known as typed; no form known
])
def test_a_word_known_only_with_umlauts_gets_them(typed, written):
    """"Viele Gruesse aus Muenchen!" came back as "Many Gruesse from Mule!" from a 30-minute model."""
    assert Umlauts(LEXICON).apply(typed) == (written, None)


@pytest.mark.parametrize("typed", [
    "Schreib an maedchen@fussball.de bitte.", "SCHREIB AN MAEDCHEN@FUSSBALL.DE", "Siehe www.muenchen.de heute.",
    "Die Datei liegt in /home/gruesse/strasse.txt", "Lies gruesse.pdf und maedchen.txt",
])
def test_what_is_copied_through_keeps_its_letters(typed):
    """"Schreib an maedchen@fussball.de" reached the model, and came back, as "mädchen@fußball.de": an address
    that is not the user's."""
    assert Umlauts(LEXICON).apply(typed) == (typed, None)


def test_only_a_german_source_with_a_lexicon_has_the_step():
    steps = {lang: [type(s).__name__ for s in Pipeline.from_config(DataConfig(src_lang=lang, tgt_lang=other),
                                                                    lexicon=LEXICON).steps]
             for lang, other in (("de", "en"), ("en", "de"))}
    assert "Umlauts" in steps["de"] and "Umlauts" not in steps["en"]
    assert "Umlauts" not in [type(s).__name__ for s in Pipeline.from_config(DataConfig()).steps]
    assert Umlauts(LEXICON).apply_pair("Das Maedchen", "The girl") == ("Das Maedchen", "The girl")
