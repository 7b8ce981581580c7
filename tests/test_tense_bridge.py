"""The tense bridge: an English simple past read to the model in the present, the German present put back into the
perfect (text/steps/tense_bridge.py)."""
import pytest

from text.steps.tense_bridge import TenseBridge


def bridged(source: str, output: str) -> tuple[str, str]:
    step = TenseBridge()
    text, state = step.apply(source)
    return text, step.reverse(output, state)


@pytest.mark.parametrize("source, present, output, perfect", [
    ("I bought a new bike.", "I buy a new bike.", "Ich kaufe ein neues Fahrrad.",
     "Ich habe ein neues Fahrrad gekauft."),
    ("She wrote a letter yesterday.", "She writes a letter yesterday.", "Sie schreibt gestern einen Brief.",
     "Sie hat gestern einen Brief geschrieben."),
    ("Yesterday I bought bread.", "Yesterday I buy bread.", "Gestern kaufe ich Brot.",
     "Gestern habe ich Brot gekauft."),
    ("We went to the park.", "We go to the park.", "Wir gehen in den Park.", "Wir sind in den Park gegangen."),
    ("The children played in the garden.", "The children play in the garden.", "Die Kinder spielen im Garten.",
     "Die Kinder haben im Garten gespielt."),
    ("My little son said thanks.", "My little son says thanks.", "Mein kleiner Sohn sagt danke.",
     "Mein kleiner Sohn hat danke gesagt."),
    ("You paid 20 euros.", "You pay 20 euros.", "Du zahlst 20 €.", "Du hast 20 € gezahlt."),
    ("Anna fell asleep.", "Anna fell asleep.", "Anna schläft.", "Anna schläft."),
    ("My sister cooked.", "My sister cooks.", "Meine Schwestern kochen.", "Meine Schwestern haben gekocht."),
    ("The man slept.", "The man sleeps.", "Der Mann schläft.", "Der Mann hat geschlafen."),
    ("The man washed his car.", "The man washes his car.", "Der Mann wäscht sein Auto.",
     "Der Mann hat sein Auto gewaschen."),
    ("She bought a dress.", "She buys a dress.", "Sie kauft ein Kleid, das schön ist.",
     "Sie hat ein Kleid gekauft, das schön ist."),
])
def test_a_past_goes_in_as_the_present_and_comes_back_as_the_perfect(source, present, output, perfect):
    assert bridged(source, output) == (present, perfect)


@pytest.mark.parametrize("source", [
    "Did you buy the tickets?", "I didn't find my keys.", "When I arrived, the shop was closed.",
    "I have lost my wallet.", "A lost dog found a bone.", "I lost my wallet, but I found it.",
    "I lost my keys.", "I forgot my passport.", "I bought a house that is big.",
    "A well built man stands in the subway.", "A freshly painted wall stands.",
    "She drove to Berlin.", "I buy a new bike.", "I called my mother.",
])
def test_what_is_no_single_opening_simple_past_of_the_table_stays(source):
    assert TenseBridge().apply(source) == (source, None)


@pytest.mark.parametrize("source, output", [
    ("He came at 5.", "Er kommt um 5 Uhr an."),                   # a separable verb: another one
    ("I found my keys.", "Ich suche meine Schlüssel."),            # not the source's verb
    ("I found my keys.", "Ich habe meine Schlüssel gefunden."),    # a perfect of the model's own
    ("He paid 50 dollars.", "Der Mann 50 $ bezahlt."),             # not in a main clause's verb place
    ("He paid 50 dollars.", "Er zahlt für Schuhe. Die Schuhe 50 $."),    # two sentences
    ("I bought bread.", "Ich nehme kaufe."),                       # another verb before it
    ("We played the game.", "Wir spielen bauen das Spiel."),       # and after it
    ("He sold his car.", "Er verkauft hat sein Auto."),            # an auxiliary beside the verb: junk
])
def test_an_output_the_perfect_cannot_be_written_into_stays_in_the_present(source, output):
    assert bridged(source, output)[1] == output


def test_an_auxiliary_the_model_wrote_for_the_verb_gets_the_participle():
    assert bridged("I found my wallet.", "Ich habe meine Brieftasche.")[1] == "Ich habe meine Brieftasche gefunden."
    assert bridged("I broke my arm.", "Ich bin meinen Arm.")[1] == "Ich bin meinen Arm."     # no verb of the bridge


def test_the_final_mark_stays_after_the_participle():
    assert bridged("He slept.", "Er schläft.")[1] == "Er hat geschlafen."


def test_training_pairs_are_not_changed():
    assert TenseBridge().apply_pair("I bought bread.", "Ich kaufe Brot.") == ("I bought bread.", "Ich kaufe Brot.")


@pytest.mark.parametrize("source, present, output, future", [
    ("We will visit our grandmother.", "We visit our grandmother.", "Wir besuchen unsere Großmutter.",
     "Wir werden unsere Großmutter besuchen."),
    ("She will buy a new car.", "She buys a new car.", "Sie kauft ein neues Auto.", "Sie wird ein neues Auto kaufen."),
    ("I will pay 10 euros.", "I pay 10 euros.", "Ich zahle 10 €.", "Ich werde 10 € zahlen."),
    ("The children will play.", "The children play.", "Die Kinder spielen.", "Die Kinder werden spielen."),
    ("You will love this book.", "You love this book.", "Du liebst dieses Buch.", "Du wirst dieses Buch lieben."),
    ("He will drive the bus.", "He drives the bus.", "Er fährt den Bus.", "Er wird den Bus fahren."),
    ("My friend will wait, and we eat.", "My friend waits, and we eat.", "Mein Freund wartet, und wir essen.",
     "Mein Freund wird warten, und wir essen."),
])
def test_will_goes_in_as_the_present_and_comes_back_as_the_werden_future(source, present, output, future):
    assert bridged(source, output) == (present, future)


@pytest.mark.parametrize("source, present, output", [
    ("We will visit you tomorrow.", "We visit you tomorrow.", "Wir besuchen euch morgen."),   # a time word
    ("We will invite them.", "We will invite them.", "Wir laden sie ein."),       # no verb of the table's
    ("We will meet them.", "We meet them.", "Wir laden sie ein."),                 # a separable verb: another
    ("I will buy bread.", "I buy bread.", "Ich werde Brot kaufen."),               # a future of the model's own
    ("She will write a letter.", "She writes a letter.", "Sie schreibt ein Buch, um zu lesen."),   # a comma
])
def test_a_future_that_cannot_be_written_keeps_the_present(source, present, output):
    assert bridged(source, output) == (present, output)


@pytest.mark.parametrize("source", [
    "Will you help me?", "I will not buy it.", "He will be happy.", "She will be working.", "My last will is here.",
    "I would like a coffee.", "Will Smith sells cars.", "When I arrive, we will eat.", "I will always love you.",
])
def test_what_is_no_opening_will_and_base_form_stays(source):
    assert TenseBridge().apply(source) == (source, None)
