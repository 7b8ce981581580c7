"""text/forms/statement_frames.py (and text/forms/cost_frames.py): statements the quotations step translates as frames,
their noun phrase the model's alone, the rest by rule."""
import pytest

from text.finders.phrases import Phrases
from text.finders.slots import SLOTS
from text.steps.quotations import Quotations

S0 = SLOTS[0]


def framed(source: str, target: str, line: str, slot: str, translation: str) -> str:
    """The line through the quotations step as a frame: its slot sent alone (the sentence's own translation "junk",
    never read), and the translation given back for it."""
    step = Quotations(target, Phrases(source, target))
    segments, layout = step.apply(line)
    assert segments == [slot, line, S0 + line[-1]]
    return step.reverse([translation, "junk", segments[-1]], layout)


@pytest.mark.parametrize("source, target, line, slot, translation, expected", [
    ("en", "de", "The flight costs 89 euros.", "The flight.", "Der Flug.", "Der Flug kostet 89 €."),
    ("en", "de", "The tickets cost 12.50 euros each.", "The tickets.", "Die Karten.", "Die Karten kosten je 12,50 €."),
    ("en", "de", "My shoes cost $40!", "My shoes.", "Meine Schuhe.", "Meine Schuhe kosten 40 $!"),
    ("de", "en", "Der Flug kostet 89 Euro.", "Der Flug.", "The flight.", "The flight costs €89."),
    ("de", "en", "Die Karten kosten je 12,50 Euro.", "Die Karten.", "The tickets.", "The tickets cost €12.50 each."),
    ("de", "en", "Die Karten kosten 5 € pro Stück.", "Die Karten.", "The tickets.", "The tickets cost €5 each."),
])
def test_a_price_statement_is_a_frame_its_verb_and_price_by_rule_and_its_noun_phrase_the_models(
        source, target, line, slot, translation, expected):
    assert framed(source, target, line, slot, translation) == expected    # a model wrote "Die Karten kostet 12,50 €."


@pytest.mark.parametrize("source, target, line", [
    ("en", "de", "A man pays 5 euros for a coffee."), ("de", "en", "Das kostet 5 Euro."),
    ("en", "de", "The coffee costs 5 euros and the cake 3 euros."),
    ("de", "en", "Die Karten kosten je 5 Euro pro Stück."),
    ("en", "de", "The tickets cost 5 each."),           # no currency
])
def test_a_sentence_that_is_more_or_less_than_a_price_statement_is_no_frame(source, target, line):
    assert Quotations(target, Phrases(source, target)).apply(line)[0] == [line]


@pytest.mark.parametrize("source, target, line, expected", [
    ("en", "de", "The temperature is -5 °C.", "Die Temperatur beträgt -5 °C."),
    ("en", "de", "The temperature is 2.5 degrees.", "Die Temperatur beträgt 2,5 Grad."),
    ("en", "de", "It is 30 degrees.", "Es sind 30 Grad."),
    ("en", "de", "It is 20 degrees today.", "Heute sind es 20 Grad."),
    ("en", "de", "It was minus 3 degrees yesterday!", "Gestern waren es minus 3 Grad!"),
    ("de", "en", "Die Temperatur liegt bei -5 °C.", "The temperature is -5 °C."),
    ("de", "en", "Es sind 30 Grad.", "It is 30 degrees."),
    ("de", "en", "Heute sind es 20 Grad.", "It is 20 degrees today."),
    ("de", "en", "Es sind 2,5 Grad Celsius.", "It is 2.5 degrees Celsius."),
])
def test_a_temperature_sentence_of_the_table_is_translated_by_rule_whatever_the_model_writes(source, target, line,
                                                                                           expected):
    step = Quotations(target, Phrases(source, target))    # a model wrote "Das er erwachsene erwachsene Kleidung -5 °C."
    segments, layout = step.apply(line)
    assert segments == ["", "", S0 + line[-1]]             # nothing for a model: the table says it all
    assert step.reverse(segments, layout) == expected


@pytest.mark.parametrize("source, target, line", [
    ("en", "de", "It is 30 degrees and sunny."), ("de", "en", "Es sind 30 Grad und sonnig."),
    ("de", "en", "Das Wasser hat 20 Grad."), ("de", "en", "Es sind 5 C."), ("en", "de", "It is 30 meters."),
])
def test_a_sentence_that_is_more_than_a_temperature_sentence_of_the_table_is_no_frame(source, target, line):
    assert Quotations(target, Phrases(source, target)).apply(line)[0] == [line]


@pytest.mark.parametrize("source, target, line, slot, translation, expected", [
    ("en", "de", "The market is closed on October 3.", "The market.", "Der Markt.",
     "Der Markt ist am 3. Oktober geschlossen."),
    ("en", "de", "The museum is closed on Mondays.", "The museum.", "Das Museum.",
     "Das Museum ist montags geschlossen."),
    ("en", "de", "The shops are open on Sunday!", "The shops.", "Die Läden.", "Die Läden sind am Sonntag geöffnet!"),
    ("en", "de", "The shop is open on the weekend.", "The shop.", "Der Laden.",
     "Der Laden ist am Wochenende geöffnet."),
    ("de", "en", "Der Markt ist am 3. Oktober geschlossen.", "Der Markt.", "The market.",
     "The market is closed on October 3."),
    ("de", "en", "Das Museum ist montags geschlossen.", "Das Museum.", "The museum.",
     "The museum is closed on Mondays."),
    ("de", "en", "Die Läden sind am Sonntag geöffnet.", "Die Läden.", "The shops.", "The shops are open on Sunday."),
])
def test_a_place_open_or_closed_on_a_day_is_a_frame_its_day_by_rule_and_its_noun_phrase_the_models(
        source, target, line, slot, translation, expected):
    # a model wrote "Der Markt ist geschlossene am 3. Oktober."
    assert framed(source, target, line, slot, translation) == expected


@pytest.mark.parametrize("source, target, line", [
    ("en", "de", "The shop is open on the corner."), ("de", "en", "Der Laden ist am Bahnhof geöffnet."),
    ("en", "de", "The market is closed on October 3 and 4 for repairs."),
])
def test_a_place_open_or_closed_somewhere_else_than_on_a_day_is_no_frame(source, target, line):
    assert Quotations(target, Phrases(source, target)).apply(line)[0] == [line]


@pytest.mark.parametrize("source, target, line, slot, translation, expected", [
    ("en", "de", "The concert starts at 8 pm.", "The concert.", "Das Konzert.", "Das Konzert beginnt um 20 Uhr."),
    ("en", "de", "The exhibition ends on February 28, 2026.", "The exhibition.", "Die Ausstellung.",
     "Die Ausstellung endet am 28. Februar 2026."),
    ("en", "de", "The train leaves at 8:15 on March 3.", "The train.", "Der Zug.",
     "Der Zug fährt am 3. März um 8:15 Uhr ab."),
    ("en", "de", "The shops open tomorrow at 9 a.m.", "The shops.", "Die Geschäfte.",
     "Die Geschäfte öffnen morgen um 9 Uhr."),
    ("de", "en", "Das Konzert beginnt um 20 Uhr.", "Das Konzert.", "The concert.", "The concert starts at 8 pm."),
    ("de", "en", "Die Züge kommen heute um 8 Uhr abends an.", "Die Züge.", "The trains.",
     "The trains arrive at 8 pm today."),
    ("de", "en", "Der Zug fährt am Montag ab.", "Der Zug.", "The train.", "The train leaves on Monday."),
    ("en", "de", "The flight departs at 9 am.", "The flight.", "Der Flug.", "Der Flug fliegt um 9 Uhr ab."),
    ("en", "de", "The ferries leave at 9 am.", "The ferries.", "Die Fähren.", "Die Fähren fahren um 9 Uhr ab."),
    ("en", "de", "The flights depart at 9 am.", "The flights.", "Der Flug.", "Der Flug fliegt um 9 Uhr ab."),
    ("de", "en", "Das Konzert beginnt um 20:00.", "Das Konzert.", "The concert.", "The concert starts at 8:00 pm."),
    ("de", "en", "Der Zug fährt heute um 8:15 ab.", "Der Zug.", "The train.", "The train leaves at 8:15 today."),
    ("de", "en", "Der Flug fliegt um 9 Uhr ab.", "Der Flug.", "The flight.", "The flight departs at 9 o'clock."),
])
def test_when_an_event_happens_is_a_frame_its_verb_and_time_by_rule_and_its_noun_phrase_the_models(
        source, target, line, slot, translation, expected):
    # a model wrote "Das Konzert um 20 Uhr.", the verb lost
    assert framed(source, target, line, slot, translation) == expected


def test_a_slots_translation_that_is_a_lone_verb_gives_way_to_the_whole_sentences():
    step = Quotations("de", Phrases("en", "de"))        # a model wrote "Spring." as "Ist.": "Ist beginnt um 20 Uhr."
    segments, layout = step.apply("Spring starts at 8 pm.")
    assert segments[:2] == ["Spring.", "Spring starts at 8 pm."]
    assert step.reverse(["Ist.", "Der Frühling beginnt um 20 Uhr.", f"{S0}."], layout) == \
        "Der Frühling beginnt um 20 Uhr."


@pytest.mark.parametrize("source, target, line", [
    ("en", "de", "The film starts at 8 pm and ends at 10 pm."), ("de", "en", "Der Film begann um 20 Uhr."),
    ("de", "en", "Der Zug kommt am Montag um 8 Uhr ab."), ("en", "de", "The film starts today tomorrow."),
    ("en", "de", "A man starts running at 8 pm."), ("de", "en", "Das Konzert beginnt um 20."),
    ("en", "de", "The man leaves at 5 pm."), ("en", "de", "My friend departs at 5 pm."),    # "fährt ... ab": no car
])
def test_an_event_said_otherwise_or_in_more_words_is_no_frame(source, target, line):
    assert Quotations(target, Phrases(source, target)).apply(line)[0] == [line]


@pytest.mark.parametrize("source, target, line, slot, translation, expected", [
    ("en", "de", "The flight to Vienna costs 89 euros.", "The flight.", "Der Flug.", "Der Flug nach Wien kostet 89 €."),
    ("de", "en", "Der Flug nach Wien kostet 89 Euro.", "Der Flug.", "The flight.", "The flight to Vienna costs €89."),
    ("de", "en", "Der Mann aus München ist nett.", "Der Mann.", "The man.", "The man from Munich is nice."),
    ("en", "de", "The train from Berlin arrives at 8 pm.", "The train.", "Der Zug.",
     "Der Zug aus Berlin kommt um 20 Uhr an."),
    ("en", "de", "Where is the bus to Munich?", "The bus.", "Der Bus.", "Wo ist der Bus nach München?"),
])
def test_a_known_place_after_a_slots_noun_phrase_is_translated_by_rule_the_noun_phrase_the_models(
        source, target, line, slot, translation, expected):
    # a model wrote "Die Flug um Wien kosten 89 €."
    assert framed(source, target, line, slot, translation) == expected


@pytest.mark.parametrize("source, target, line", [
    ("de", "en", "Der Weg nach Hause ist lang."), ("en", "de", "The letter to Anna is long."),
    ("en", "de", "The trip to Switzerland costs 89 euros."),       # "in die Schweiz"
])
def test_a_slot_with_no_known_place_after_to_or_from_is_no_frame(source, target, line):
    assert Quotations(target, Phrases(source, target)).apply(line)[0] == [line]


@pytest.mark.parametrize("source, target, line, translation, expected", [
    ("en", "de", "The shops are closed on Sundays.", "Das Geschäft.", "Das Geschäft ist sonntags geschlossen."),
    ("en", "de", "The shops open tomorrow.", "Das Geschäft.", "Das Geschäft öffnet morgen."),
    ("en", "de", "The tickets cost 12.50 euros each.", "Die Fahrt.", "Die Fahrt kostet 12,50 €."),
    ("en", "de", "The tickets cost 12.50 euros each.", "Die Karten.", "Die Karten kosten je 12,50 €."),
    ("en", "de", "The ticket costs 5 euros.", "Zwei Karten.", "Zwei Karten kosten 5 €."),
    ("en", "de", "The weather is nice.", "Die Wetter.", "Die Wetter ist schön."),       # "die": either number
    ("de", "en", "Die Geschäfte sind sonntags geschlossen.", "The store.", "The store is closed on Sundays."),
    ("de", "en", "Das Konzert beginnt um 20 Uhr.", "The concerts.", "The concerts start at 8 pm."),
    ("de", "en", "Die Kinder sind glücklich.", "The children.", "The children are happy."),
    ("de", "en", "Der Bus fährt um 8 Uhr ab.", "The bus.", "The bus leaves at 8 o'clock."),       # "bus": none
    ("de", "en", "Die Karten kosten je 12,50 Euro.", "The ticket.", "The ticket costs €12.50."),
])
def test_a_statements_verb_agrees_with_the_models_noun_phrase(source, target, line, translation, expected):
    """"The shops are closed on Sundays." came back as "Das Geschäft sind sonntags geschlossen." (the verb's number
    the typed subject's, the noun phrase the model's), "The tickets cost 12.50 euros each." as "Die Fahrt kosten je
    12,50 €."."""
    step = Quotations(target, Phrases(source, target))
    segments, layout = step.apply(line)
    assert step.reverse([translation, "junk", segments[-1]], layout) == expected
