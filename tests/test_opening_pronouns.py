"""text/finders/opening_pronouns.py: "It" / "Es" opening a sentence, and "That" / "Das" before a verb, are their
counterparts."""
import pytest

from text.finders.opening_pronouns import OpeningPronouns
from text.forms.masking import PLACEHOLDERS

P0 = PLACEHOLDERS[0]


@pytest.mark.parametrize("pair, source, masked, fills", [
    (("en", "de"), "It costs 5 euros.", f"{P0} 5 euros.", ("Es kostet",)),      # "Ich kostet 5 €.", "I 5 €."
    (("en", "de"), "It takes 10 minutes.", f"{P0} 10 minutes.", ("Es dauert",)),      # "Ich nehme 10 Minuten."
    (("en", "de"), "It works!", f"{P0}!", ("Es funktioniert",)),                       # "Ich arbeitet!", "Ichch!"
    (("en", "de"), "It does not work.", f"{P0}.", ("Es funktioniert nicht",)),
    (("en", "de"), "It is a nice day.", f"{P0} is a nice day.", ("Es",)),              # "Ich ist ein schönes Tag."
    (("en", "de"), "It looks good.", f"{P0} looks good.", ("Es",)),                    # "Ich suche."
    (("en", "de"), "It takes courage.", f"{P0} takes courage.", ("Es",)),              # no length of time
    (("en", "de"), "That costs $20.", f"{P0} $20.", ("Das kostet",)),                  # "Dieser Hose kostet 20 $"
    (("en", "de"), "That is good.", f"{P0} is good.", ("Das",)),
    (("en", "de"), "it works.", f"{P0}.", ("es funktioniert",)),
    (("de", "en"), "Es kostet 20 Euro.", f"{P0} 20 Euro.", ("It costs",)),            # "There costs €20.", "A €20."
    (("de", "en"), "Es dauert 10 Minuten.", f"{P0} 10 Minuten.", ("It takes",)),      # "There is 10 minutes."
    (("de", "en"), "Es war schön!", f"{P0} schön!", ("It was",)),                    # "It waiting deep!"
    (("de", "en"), "Es schneit.", f"{P0} schneit.", ("It",)),
    (("en", "de"), "That was fun.", f"{P0} fun.", ("Das war",)),                      # "Dieser Kleidung haben Spaß."
    (("de", "en"), "Es funktioniert nicht.", f"{P0}.", ("It does not work",)),
    (("de", "en"), "Das kostet 5 Euro.", f"{P0} 5 Euro.", ("That costs",)),           # "The costs €5."
])
def test_an_opening_pronoun_is_its_counterpart(pair, source, masked, fills):
    assert OpeningPronouns(*pair).apply(source) == (masked, fills)


@pytest.mark.parametrize("pair, source", [
    (("de", "en"), "Es gibt viele Menschen hier."),           # "There are"
    (("de", "en"), "Es sind 20 Grad."),                       # "There are": a model wrote "It are 20 degrees."
    (("de", "en"), "Es waren viele Leute da."),
    (("de", "en"), "Es tut mir leid, dass ich zu spät bin."),
    (("de", "en"), "Das Kind spielt im Park."),               # an article
    (("de", "en"), "Das kleine Mädchen lacht."),
    (("de", "en"), "Das sind meine Kinder."),                 # "These are"
    (("de", "en"), "Das ist eine belebte Kreuzung."),         # "This is", as the captions write it
    (("de", "en"), "Ein Mann sagt, es ist kalt."),            # not at the start
    (("en", "de"), "That man is tall."),                      # a determiner
    (("en", "de"), "IT is hiring."),                          # a department
    (("en", "de"), "A man says it works."),
    (("fr", "en"), "Es kostet 20 Euro."),
])
def test_an_article_a_determiner_es_gibt_and_a_pronoun_inside_are_the_models(pair, source):
    assert OpeningPronouns(*pair).apply(source) == (source, ())
