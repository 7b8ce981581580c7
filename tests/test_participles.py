"""text/steps/participles.py (forms: text/forms/participles.py): into German, a past's auxiliary without its
participle gets the participle at its clause's end."""
import pytest

from config import DataConfig
from text.forms.participles import PARTICIPLES, auxiliary_as, is_participle, pasts
from text.pipeline import Pipeline
from text.steps.participles import Participles


@pytest.mark.parametrize("source, output, expected", [
    ("I lost my wallet on the train.", "Ich habe meine Brieftasche auf dem Zug.",
     "Ich habe meine Brieftasche auf dem Zug verloren."),
    ("She has forgotten her password.", "Sie hat ihr Passwort.", "Sie hat ihr Passwort vergessen."),    # a perfect
    ("Yesterday I bought bread.", "Gestern habe ich Brot.", "Gestern habe ich Brot gekauft."),
    ("My sister booked a table.", "Meine Schwester hat einen Tisch.", "Meine Schwester hat einen Tisch gebucht."),
    ("I lost my phone and my keys.", "Ich habe mein Handy und meine Schlüssel.",
     "Ich habe mein Handy und meine Schlüssel verloren."),                       # "und" + no pronoun: one clause
    ("I bought it and I love it.", "Ich habe es und ich liebe es.", "Ich habe es gekauft und ich liebe es."),
    ("I lost my phone, I think.", "Ich habe mein Handy, ich denke.", "Ich habe mein Handy verloren, ich denke."),
    ("We went to the beach", "Wir sind an den Strand", "Wir sind an den Strand gegangen"),   # no final mark
    ("I broke my arm.", "Ich bin meinen Arm.", "Ich habe meinen Arm gebrochen."),       # the verb's auxiliary
    ("He drove to the city.", "Er ist in die Stadt.", "Er ist in die Stadt gefahren."),     # either auxiliary
    ("We ordered pizza!", "Wir haben Pizza!", "Wir haben Pizza bestellt!"),
])
def test_the_participle_goes_to_the_end_of_the_auxiliarys_clause(source, output, expected):
    step = Participles()
    text, state = step.apply(source)
    assert text == source and step.reverse(output, state) == expected


@pytest.mark.parametrize("source, output", [
    ("I received your email.", "Ich habe Ihre E-Mail erhalten."),          # a participle there already
    ("I bought a book.", "Ich habe ein Buch gelesen."),                     # the model's own participle
    ("We ordered two pizzas.", "Wir bestellen zwei Pizzen."),               # a present verb, no auxiliary
    ("I have a lost dog.", "Ich habe einen Hund."),                         # "lost" after "a": no past
    ("I am lost.", "Ich bin hier."),                                        # after "am"
    ("He has fallen asleep.", "Er hat ein schläft."),                         # "fallen asleep": another verb
    ("I booked a room, but it was small.", "Ich habe ein Zimmer, aber es ist klein."),   # two pasts
    ("I had lost my keys.", "Ich habe meine Schlüssel."),                  # a pluperfect
    ("I left the room.", "Ich habe das Zimmer."),                           # "left": not listed
    ("I am home and I found it.", "Ich bin zu Hause und ich es."),          # "bin" is the English "am"
    ("I have a dog.", "Ich habe einen Hund."),                              # no past
    ("I lost it.", "Ich habe."),                                            # nothing after the auxiliary
    ("I lost it.", "Das, was ich habe, ist weg."),                          # two auxiliaries
    ("I met him.", "Ich habe ihn getroffen."),
])
def test_anything_else_stays_as_the_model_wrote_it(source, output):
    step = Participles()
    assert step.reverse(output, step.apply(source)[1]) == output


def test_the_forms_list_irregular_and_regular_pasts_and_read_participles():
    assert PARTICIPLES["forgotten"] == PARTICIPLES["forgot"] == ("vergessen", "haben")
    assert PARTICIPLES["went"] == ("gegangen", "sein")
    assert [pasts(v) for v in ("order", "try", "plan", "arrive", "visit")] == \
        [("ordered",), ("tried",), ("planned",), ("arrived",), ("visited",)]
    assert "left" not in PARTICIPLES and "got" not in PARTICIPLES
    assert is_participle("gekauft") and is_participle("eingeladen") and is_participle("verloren")
    assert not any(is_participle(w) for w in ("gegen", "geht", "geben", "gestern", "gern"))
    assert auxiliary_as("bin", "haben") == "habe" and auxiliary_as("hat", "sein") == "ist"


def test_a_pipeline_into_german_puts_the_participle_back_and_gives_the_auxiliary_its_person():
    into = {(s, t): Pipeline.from_config(DataConfig(src_lang=s, tgt_lang=t)) for s, t in (("en", "de"), ("de", "en"))}
    assert not any(isinstance(step, Participles) for step in into["de", "en"].steps)
    pipeline = into["en", "de"]
    applied = pipeline.apply("I lost my wallet.")
    assert pipeline.reverse_sentence("Ich hat meine Brieftasche.", applied.states[0]).text == \
        "Ich habe meine Brieftasche verloren."
