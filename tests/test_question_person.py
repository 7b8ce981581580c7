"""text/steps/question_person.py: into German, a question's opening verb takes the person of the pronoun after it."""
import pytest

from config import DataConfig
from text.pipeline import Pipeline
from text.steps.question_person import QuestionPerson


@pytest.mark.parametrize("source, output, expected", [
    ("Can you give this book to Mr. Lee, please?", "Können ihr dieses Buch Herrn Lee, bitte?",
     "Könnt ihr dieses Buch Herrn Lee, bitte?"),
    ("Can you give this book to Mr. Lee, please?", "Könnenst du dieses Buch Herrn Lee, bitte?",   # a garble
     "Kannst du dieses Buch Herrn Lee, bitte?"),
    ("Can I pay by card?", "Kanne ich mit Karte zahlen?", "Kann ich mit Karte zahlen?"),
    ("Can we sit here?", "Kann wir hier sitzen?", "Können wir hier sitzen?"),
    ("Could you help me?", "Könnten du mir helfen?", "Könntest du mir helfen?"),        # a subjunctive
    ("Would you like tea?", "Möchte ihr Tee?", "Möchtet ihr Tee?"),
    ("Do you have a pen?", "Hat ihr einen Stift?", "Habt ihr einen Stift?"),
    ("Do you know him?", "Kennen du ihn?", "Kennst du ihn?"),                            # "do": the main verb
    ("Does she drive?", "Fahren sie?", "Fährt sie?"),                                    # "sie": the English "she"
    ("Are they ready?", "Ist sie bereit?", "Sind sie bereit?"),                          # "sie": the English "they"
    ("Are you ready?", "Ist sie bereit?", "Sind sie bereit?"),                           # "you": a formal "sie"
    ("Can I buy two tickets?", "Kanne kaufen zwei Karten?", "Kann ich kaufen zwei Karten?"),   # a pronoun added
    ('"Can you come?"', '"Können du kommen?"', '"Kannst du kommen?"'),                  # after an opening quote
])
def test_the_opening_verb_takes_the_person_of_the_pronoun_after_it(source, output, expected):
    step = QuestionPerson()
    text, state = step.apply(source)
    assert text == source and step.reverse(output, state) == expected


@pytest.mark.parametrize("source, output", [
    ("Can you help me?", "Kannst du mir helfen?"), ("Can you help me?", "Können Sie mir helfen?"),   # right already
    ("Do you know him?", "Kennst du ihn?"),
    ("Can you help me?", "Können mir helfen?"),           # no pronoun after a real form, none for "you" added
    ("Can you help me?", "Könnenst mir helfen?"),          # a garble: which of "du", "ihr", "Sie" is unknown
    ("You can help me.", "Können ihr mir helfen."),        # no question
    ("Please call me.", "Bitte ruft mich an."),            # a request stays
    ("Is he at home?", "Seine Mutter ist zu Hause?"),      # "seine": a possessive, no garble of "sein"
    ("Do you know him?", "Morgen du ihn?"),                # no verb
    ("Can Tom come?", "Können ihr kommen?"),               # no pronoun in the English
])
def test_anything_else_stays_as_the_model_wrote_it(source, output):
    step = QuestionPerson()
    assert step.reverse(output, step.apply(source)[1]) == output


def test_only_a_pipeline_into_german_gives_the_question_its_person():
    into = {(s, t): Pipeline.from_config(DataConfig(src_lang=s, tgt_lang=t)) for s, t in (("en", "de"), ("de", "en"))}
    assert not any(isinstance(step, QuestionPerson) for step in into["de", "en"].steps)
    pipeline = into["en", "de"]
    applied = pipeline.apply("Can you pay by card at 8 pm?")
    assert pipeline.reverse_sentence("Könnenst du \ue000 mit Karte zahlen?", applied.states[0]).text == \
        "Kannst du um 20 Uhr mit Karte zahlen?"
