"""text/steps/quotations.py: a quotation is translated as a sentence of its own, and comes back between the target's
marks into the sentence around it, which stays a sentence."""
import pytest

from config import DataConfig
from text.finders.phrases import Phrases
from text.finders.slots import SLOTS
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline
from text.forms.lexicon import Lexicon
from text.steps.case import Case
from text.forms.quotation_marks import find_quotations
from text.steps.quotations import Quotations

P0, P1 = PLACEHOLDERS[:2]
S0, S1, S2 = SLOTS[:3]


def test_a_quotation_is_its_own_sentence_and_the_sentence_around_it_holds_its_slot():
    step = Quotations("en")
    segments, layout = step.apply("„Schau mal!“, ruft das Mädchen.")
    assert segments == ["Schau mal!", f"{S0}, ruft das Mädchen."]
    assert step.reverse(["Look!", f"{S0}, the girl shouts."], layout) == "“Look!” the girl shouts."


@pytest.mark.parametrize("target, line, inner, translations, expected", [
    ("en", "Er sagt „ja“ und geht.", "ja", ["yes", f"He says {S0} and goes."], "He says “yes” and goes."),
    ("en", "Er sagt “ja” und geht.", "ja", ["yes", f"He says {S0} and goes."], "He says “yes” and goes."),
    ("en", "Er sagt »ja« und geht.", "ja", ["yes", f"He says {S0} and goes."], "He says “yes” and goes."),
    ("en", "Er sagt «ja» und geht.", "ja", ["yes", f"He says {S0} and goes."], "He says “yes” and goes."),
    ("en", 'Er sagt "ja" und geht.', "ja", ["yes", f"He says {S0} and goes."], 'He says "yes" and goes.'),
    ("en", "Er sagt ‚ja‘ und geht.", "ja", ["yes", f"He says {S0} and goes."], "He says ‘yes’ and goes."),
    ("en", "Er sagt 'ja' und geht.", "ja", ["yes", f"He says {S0} and goes."], "He says 'yes' and goes."),
    ("de", 'He says "yes" and goes.', "yes", ["ja", f"Er sagt {S0} und geht."], 'Er sagt "ja" und geht.'),
    ("de", "He says “yes” and goes.", "yes", ["ja", f"Er sagt {S0} und geht."], "Er sagt „ja“ und geht."),
    ("de", "He says ‘yes’ and goes.", "yes", ["ja", f"Er sagt {S0} und geht."], "Er sagt ‚ja‘ und geht."),
    ("fr", "Er sagt „ja“ und geht.", "ja", ["oui", f"Il dit {S0} et part."], "Il dit „oui“ et part."),
])
def test_typographic_quotes_come_back_in_the_targets_style_and_straight_ones_as_typed(target, line, inner,
                                                                                     translations, expected):
    step = Quotations(target)
    segments, layout = step.apply(line)
    assert segments[0] == inner
    assert step.reverse(translations, layout) == expected


@pytest.mark.parametrize("line", [
    "Wie geht's, Hans' Hund?", 'Ein 5"-Display und ein 12" Rad.', "Er sagt „ja und geht.", 'Ein "" leer.',
    "Rock 'n' Roll.", "Ein „?“ steht da.",
])
def test_apostrophes_inches_unclosed_and_empty_quotes_are_no_quotations(line):
    assert find_quotations(line) == []
    assert Quotations("en").apply(line)[0] == [line]


def test_a_quotation_of_several_sentences_is_never_split_and_a_sentence_ends_after_one():
    step = Quotations("en")
    segments, layout = step.apply("„Schau mal! Da ist ein Hund.“ Sie lacht. Er sagt: \"Hallo.\" Dann geht er.")
    assert segments == ["Schau mal!", "Da ist ein Hund.", S0, "Sie lacht.", "Hallo.", f"Er sagt: {S1}",
                        "Dann geht er."]
    outputs = ["Look!", "There is a dog.", S0, "She laughs.", "Hello.", f"He says: {S1}.", "Then he goes."]
    assert step.reverse(outputs, layout) == \
        '“Look! There is a dog.” She laughs. He says: "Hello." Then he goes.'
    assert step.apply('Er sagte "Hallo".Dann ging er.')[0] == ["Hallo", f"Er sagte {S0}.", "Dann ging er."]


def test_a_speakers_dash_stays_out_of_the_sentence_and_comes_back_before_its_translation():
    step = Quotations("en")
    segments, layout = step.apply("- Er sagt: „Hallo!“ - Sie lacht.")
    assert segments == ["Hallo!", f"Er sagt: {S0}", "Sie lacht."]
    assert step.reverse(["Hello!", f"He says: {S0}", "She laughs."], layout) == '- He says: “Hello!” - She laughs.'


def test_quotations_nest():
    step = Quotations("en")
    segments, layout = step.apply("Er sagt: „Sie rief ‚Hilfe!‘ und lief.“")
    assert segments == ["Hilfe!", f"Sie rief {S1} und lief.", f"Er sagt: {S0}"]
    assert step.reverse(["Help!", f"She shouted {S1} and ran.", f"He says: {S0}"], layout) == \
        "He says: “She shouted ‘Help!’ and ran.”"


def test_english_punctuation_and_case_around_a_quotation():
    step = Quotations("en")
    segments, layout = step.apply("Ein „guter“ Freund sagt „Komm“, dann „Wer?“, und geht. ER SAGT „JA“.")
    assert segments == ["guter", "Komm", "Wer?", f"Ein {S0} Freund sagt {S1}, dann {S2}, und geht.", "JA",
                        f"ER SAGT {SLOTS[3]}."]
    outputs = ["Good", "Come", "Who?", f"A {S0} friend says {S1}, then {S2}, and goes.", "Yes",
               f"HE SAYS {SLOTS[3]}."]
    assert step.reverse(outputs, layout) == "A “good” friend says “Come”, then “Who?” and goes. HE SAYS “YES”."


def test_a_slot_the_translation_lost_is_put_back_before_its_closing_punctuation():
    step = Quotations("en")
    segments, layout = step.apply("Er sagt „ja“.")
    assert step.reverse(["Yes", "He says."], layout) == "He says “yes”."


def test_a_slot_comes_back_once_and_only_in_the_sentence_that_holds_it():
    step = Quotations("en")
    segments, layout = step.apply("Er sagt „ja“. Sie geht.")
    assert segments == ["ja", f"Er sagt {S0}.", "Sie geht."]
    assert step.reverse([f"Yes {S0}{S2}", f"He says {S0} {S0}.", f"She {S0}goes."], layout) == \
        "He says “yes”. She goes."


def through(pipeline: Pipeline, line: str, outputs: list[str]) -> str:
    applied = pipeline.apply(line)
    back = [pipeline.reverse_sentence(o, states).text for o, states in zip(outputs, applied.states)]
    return pipeline.reverse_line(back, applied.line_states)


def test_in_the_pipeline_a_slot_is_a_placeholder_and_the_model_cannot_lose_or_double_the_quotation():
    pipeline = Pipeline.from_config(DataConfig())
    applied = pipeline.apply("„Komm um 14 Uhr!“, ruft das Mädchen um 15 Uhr.")
    assert applied.sentences == [f"Komm {P0}!", f"{P0}, ruft das Mädchen {P1}."]
    assert through(pipeline, "„Komm um 14 Uhr!“, ruft das Mädchen um 15 Uhr.",
                   [f"Come {P0}!", f"{P0}, the girl shouts {P1}."]) == "“Come at 2 pm!” the girl shouts at 3 pm."
    assert through(pipeline, "„Komm!“, ruft sie.", ["Come!", f'She "shouts {P0} {P0}".']) == "She shouts “Come!”"
    assert through(pipeline, "„Komm!“, ruft sie.", ["Come!", "She shouts."]) == "She shouts “Come!”"


def test_in_the_pipeline_a_quotation_without_a_mark_loses_the_models_full_stop_but_not_an_abbreviations():
    pipeline = Pipeline.from_config(DataConfig())
    assert through(pipeline, "Er sagt „Komm“.", ["Come.", f"He says {P0}."]) == "He says “Come”."
    assert through(pipeline, "Er wohnt „in den USA“.", ["in the U.S.", f"He lives {P0}."]) == "He lives “in the U.S.”"
    assert through(pipeline, "Sie arbeitet „bei Müller & Co“ dort.", ["at Müller Inc.", f"She works {P0} there."]) == \
        "She works “at Müller Inc.” there."
    assert through(pipeline, "Er ruft „Komm!“ laut.", ["Come.", f"He shouts {P0} loudly."]) == \
        "He shouts “Come!” loudly."


def test_a_single_quoted_quotation_keeps_the_translations_quotes():
    pipeline = Pipeline.from_config(DataConfig())
    assert through(pipeline, "Er sagt ‚ja‘.", ['"Yes"', f'He says "{P0}".']) == "He says ‘yes’."
    assert through(pipeline, "Er sagt 'ja'.", ["Yes", f"He says {P0}."]) == "He says 'yes'."


def test_a_model_without_placeholders_splits_sentences_only():
    pipeline = Pipeline.from_config(DataConfig(placeholders=False))
    assert pipeline.apply("„Schau!“, ruft sie. Er geht.").sentences == ["„Schau!“, ruft sie.", "Er geht."]


@pytest.mark.parametrize("target, line, outputs, expected", [
    ("en", "Er arbeitet bei der „Müller GmbH“ in Hamburg.", [f"He works at {P0} in Hamburg."],
     "He works at “Müller GmbH” in Hamburg."),
    ("en", "Das Restaurant „Zum Goldenen Hirsch“ ist voll.", [f"The restaurant {P0} is full."],
     "The restaurant “Zum Goldenen Hirsch” is full."),
    ("en", "Auf dem Schild steht „Haus am See“.", [f"The sign says {P0}."], "The sign says “Haus am See”."),
    ("en", "ER LIEST DIE „SÜDDEUTSCHE ZEITUNG“.", [f"HE IS READING THE {P0}."],
     "HE IS READING THE “SÜDDEUTSCHE ZEITUNG”."),
    ("de", 'He reads "The Da Vinci Code" in bed.', [f"Er liest {P0} im Bett."],
     'Er liest "The Da Vinci Code" im Bett.'),
    ("de", "A sign says “Race for a Cure”.", [f"Ein Schild sagt {P0}."], "Ein Schild sagt „Race for a Cure“."),
])
def test_a_quoted_name_or_title_comes_back_as_written_and_never_reaches_the_model(target, line, outputs, expected):
    pipeline = Pipeline.from_config(DataConfig(src_lang="en" if target == "de" else "de", tgt_lang=target))
    assert len(pipeline.apply(line).sentences) == 1           # the sentence around it only
    assert through(pipeline, line, outputs) == expected


@pytest.mark.parametrize("line, quotation", [
    ("Er sagt „Guten Morgen“ und geht.", "Guten Morgen"),               # a phrase: the phrase table translates it
    ("Er ruft „Feuer Frei!“ und rennt.", "Feuer Frei!"),                # called out: a sentence mark
    ("Sie sagt „Er ist Arzt“ und lacht.", "Er ist Arzt"),               # a verb in lowercase
    ("Er ruft „Hilfe“ und rennt.", "Hilfe"),                            # one word: the model knows words
    ("„Müller GmbH“", "Müller GmbH"),                                   # nothing around it: the line is to translate
    ("Sie wohnt „bei Müller GmbH“ dort.", "bei Müller GmbH"),           # opens lowercase
    ("„Ein Hund“, sagt er.", "Ein Hund"),                               # an indefinite article: it describes
])
def test_a_quotation_that_is_said_or_alone_is_translated(line, quotation):
    step = Quotations("en", Phrases("de", "en"))
    segments, layout = step.apply(line)
    assert segments[0] == quotation and len(segments) == 2 and not layout.slots[0].as_written


@pytest.mark.parametrize("line, quotation", [
    ('She wrote "I am Anna" on the card.', "I am Anna"),      # "am": a German name's linking word, an English verb
    ('He said "I am 30".', "I am 30"),
])
def test_an_english_quotation_with_a_verb_german_names_link_with_is_translated(line, quotation):
    segments, layout = Quotations("de").apply(line)
    assert segments[0] == quotation and len(segments) == 2 and not layout.slots[0].as_written


@pytest.mark.parametrize("source, target, line, genders, translations, expected", [
    ("de", "en", "Wo ist mein Handy?", {}, ["My cellphone."], "Where is my cellphone?"),
    ("de", "en", "Wann fährt der Zug ab?", {}, ["The train."], "When does the train leave?"),
    ("de", "en", "Gibt es hier Toiletten?", {}, ["Toilets."], "Are there toilets here?"),
    ("de", "en", "Gibt es hier ein Café?", {}, ["A cafe."], "Is there a cafe here?"),
    ("de", "en", "Wo ist Anna?", {}, ["Anna."], "Where is Anna?"),
    ("de", "en", "Ich komme aus der Schweiz.", {}, ["Switzerland."], "I am from Switzerland."),
    ("de", "en", "Ich komme aus dem Iran.", {}, ["Iran."], "I am from Iran."),        # not "I come from the Iran."
    ("en", "de", "Do you have a table?", {"tisch": "m"}, ["Ein Tisch."], "Hast du einen Tisch?"),
    ("en", "de", "Where can I buy the big ticket?", {}, ["Der große Fahrschein."],
     "Wo kann ich den großen Fahrschein kaufen?"),
    ("en", "de", "Where is my phone?", {"handy": "n"}, ["Mein Handy."], "Wo ist mein Handy?"),
    ("en", "de", "I am from Switzerland.", {}, ["Schweiz."], "Ich komme aus der Schweiz."),
    ("en", "de", "I come from Iran.", {}, ["Der Iran."], "Ich komme aus dem Iran."),
    ("en", "de", "Where is eBay?", {}, ["eBay."], "Wo ist eBay?"),          # a name as typed: no "EBay"
    ("en", "de", "Where can I buy fresh bread?", {}, ["Frisches Brot."], "Wo kann ich frisches Brot kaufen?"),
    ("en", "de", "Where is Deutsche Bahn?", {}, ["Deutsche Bahn."], "Wo ist Deutsche Bahn?"),       # a name as typed
    ("en", "de", "Do you have cold beer?", {"trainer": "m"}, ["Trainer Bier."], "Hast du Trainer Bier?"),   # a noun
])
def test_a_question_frame_is_the_tables_and_its_noun_phrase_the_models_alone(source, target, line, genders,
                                                                              translations, expected):
    step = Quotations(target, Phrases(source, target), genders)     # a model gave "Where is mich cellphone?"
    segments, layout = step.apply(line)
    assert segments[-1] == S0 + line[-1] and len(segments) == 3
    assert step.reverse([*translations, "junk", segments[-1]], layout) == expected


@pytest.mark.parametrize("source, target, line", [
    ("de", "en", "hast du geschlafen?"), ("de", "en", "wo ist der hund hingelaufen?"), ("de", "en", "wo ist er jetzt?"),
    ("en", "de", "do you have tofu?")])
def test_a_lowercase_question_whose_last_word_the_corpus_lacks_is_a_frame_only_where_that_word_is_a_name(
        source, target, line):
    case = Case(Lexicon.learn([("Hast du einen Hund?", "-"), ("Wo ist er jetzt?", "-"), ("Do you have a dog?", "-")]))
    step = Quotations(target, Phrases(source, target), {}, case)        # "Do you have Geschlafen?"
    assert step.apply(line)[0] == [line] if source == "de" else step.apply(line)[0][0] == "Tofu."


@pytest.mark.parametrize("line, translations, expected", [
    ("- Haben Sie einen Tisch?", ["A table.", "junk", f"{S0}?"], "- Do you have a table?"),
    ("Er fragt: „Wo ist mein Handy?“", ["My cellphone.", "junk", f"{S1}?", S0],
     "He asks: “Where is my cellphone?”"),
])
def test_a_question_frame_after_a_speakers_dash_or_inside_a_quotation_is_one(line, translations, expected):
    step = Quotations("en", Phrases("de", "en"))         # "- Do they you a table?", "He asks: “Where is mich ...”"
    segments, layout = step.apply(line)
    assert step.reverse(translations, layout) == expected


def test_a_frame_slots_translation_that_is_no_noun_phrase_gives_way_to_the_whole_questions():
    step = Quotations("en", Phrases("de", "en"))
    segments, layout = step.apply("Wo ist mein Handy?")
    assert segments[:2] == ["Mein Handy.", "Wo ist mein Handy?"]
    assert step.reverse(["Three people are looking.", "Where is my phone?", f"{S0}?"], layout) == "Where is my phone?"
    step = Quotations("de", Phrases("en", "de"))
    segments, layout = step.apply("Where is the nearest hospital?")
    assert step.reverse(["Der Hund springt.", "Wo ist das nächste Krankenhaus?", f"{S0}?"], layout) == \
        "Wo ist das nächste Krankenhaus?"


@pytest.mark.parametrize("line, whole, expected", [
    ("Wo ist mein Handy?", "Where is my phone?", "Where is my phone?"),
    ("Mein Bruder ist sehr müde.", "junk", "My brother is very tired."),         # the tables' "My brother"
])
def test_a_frame_slots_empty_translation_gives_way_to_the_tables_or_the_whole_sentences(line, whole, expected):
    step = Quotations("en", Phrases("de", "en"))                 # the sentence was lost: "?"
    segments, layout = step.apply(line)
    assert step.reverse(["", whole, segments[-1]], layout) == expected


@pytest.mark.parametrize("source, target, line", [
    ("de", "en", "Wo ist der Hund hingelaufen?"), ("de", "en", "Haben Sie heute Zeit?"), ("de", "en", "Wo ist er?"),
    ("de", "en", "Wo ist der Bahnhof?"), ("en", "de", "Where is he going?"), ("en", "de", "Do you have to go?"),
    ("en", "de", "Where is the station?"), ("de", "en", "Wo ist das Auto von meinem alten Freund Tom?"),
    ("en", "de", "Where is the dog running?"), ("en", "de", "Where is the man from?"),
    ("de", "en", "Haben Sie Recht?"), ("de", "en", "Hast du Glück?"),     # an idiom of "haben": no "Do you have luck?"
])
def test_a_question_whose_rest_is_no_short_noun_phrase_or_a_whole_phrase_is_no_frame(source, target, line):
    assert Quotations(target, Phrases(source, target)).apply(line)[0] == [line]


@pytest.mark.parametrize("source, target, line, translations, expected", [
    ("de", "en", "Das Wetter ist schön.", ["The weather."], "The weather is nice."),
    ("de", "en", "Das Wetter ist heute schön.", ["The weather."], "The weather is nice today."),
    ("de", "en", "Das Essen war wirklich lecker.", ["The food."], "The food was really delicious."),
    ("de", "en", "Die Kinder sind sehr müde!", ["The children."], "The children are very tired!"),
    ("de", "en", "Mein Bruder ist krank.", ["Three people are looking."], "My brother is sick."),   # the tables'
    ("de", "en", "Der Junge ist groß.", ["The boy."], "The boy is tall."),        # said of a person: not "big"
    ("de", "en", "Es war ein schöner Tag.", ["A beautiful day."], "It was a beautiful day."),
    ("de", "en", "Gestern war der Film sehr langweilig.", ["The movie."], "The movie was very boring yesterday."),
    ("en", "de", "The weather is nice today.", ["Das Wetter."], "Das Wetter ist heute schön."),
    ("en", "de", "The coffee is too hot.", ["Der Kaffee."], "Der Kaffee ist zu heiß."),
    ("en", "de", "The streets were wet.", ["Die Straßen."], "Die Straßen waren nass."),
    ("en", "de", "My sister is very happy.", ["Meine Skifahrer."], "Meine Schwester ist sehr glücklich."),
    ("en", "de", "My friend is nice.", ["Mein Freund."], "Mein Freund ist nett."),    # a person's "nice": not "schön"
    ("en", "de", "It was a nice day.", ["Ein schöner Tag."], "Es war ein schöner Tag."),
    ("en", "de", "The dog isn't very dangerous.", ["Der Hund."], "Der Hund ist nicht sehr gefährlich."),
    ("en", "de", "eBay is great.", ["eBay."], "eBay ist toll."),
    ("en", "de", "Anna is very tired.", ["Anna."], "Anna ist sehr müde."),       # a name: no article
    ("en", "de", "Anna is nice.", ["Anna."], "Anna ist nett."),        # a name the model copies: a person's "nice"
    ("de", "en", "Anna ist schön.", ["Anna."], "Anna is beautiful."),
    ("de", "en", "Berlin ist groß.", ["Berlin."], "Berlin is big."),      # a place's name: no "tall"
    ("en", "de", "New York is nice.", ["New York."], "New York ist schön."),
    ("en", "de", "The Old Bridge is nice.", ["Die alte Brücke."], "Die alte Brücke ist schön."),   # no copy: a thing
    ("de", "en", "Das Konzert war super!", ["the concert."], "The concert was great!"),
])
def test_a_statement_frame_is_the_tables_and_its_noun_phrase_the_models_alone(source, target, line, translations,
                                                                              expected):
    step = Quotations(target, Phrases(source, target))     # a model gave "Das Wette ist schöne heute.", "The food
    segments, layout = step.apply(line)                     # waits for food."
    assert len(segments) == 3 and segments[-1] == S0 + line[-1]
    assert step.reverse([*translations, "junk", segments[-1]], layout) == expected


def test_a_statement_slots_translation_that_is_no_noun_phrase_gives_way_to_the_whole_sentences():
    step = Quotations("de", Phrases("en", "de"))
    segments, layout = step.apply("The kids are very tired.")
    assert step.reverse(["Die Kinder spielen.", "Die Kinder sind müde.", f"{S0}."], layout) == "Die Kinder sind müde."


@pytest.mark.parametrize("source, target, line", [
    ("de", "en", "Das ist gut."), ("de", "en", "Sie ist müde."), ("de", "en", "Es ist Montag."),
    ("de", "en", "Der Kaffee ist schon gut."),           # "schon" concedes: no "already good"
    ("de", "en", "Der Mann mit dem roten Hut ist alt."), ("de", "en", "Das Wetter ist heute schön heute."),
    ("de", "en", "Heute ist es schön."), ("en", "de", "It is very cold today."), ("en", "de", "This is great."),
    ("en", "de", "The dog is running."), ("en", "de", "There is nothing wrong."),
    ("en", "de", "The dog isn't really dangerous."),     # no "nicht wirklich" in the tables
    ("de", "en", "Die sind toll."), ("de", "en", "Der ist cool."), ("de", "en", "Viele sind müde."),  # "The are cool."
    ("en", "de", "Everyone is happy."), ("en", "de", "Nobody was tired."), ("en", "de", "Do you have any?"),
    ("de", "en", "Es ist ein Uhr."), ("en", "de", "It is a quarter past eight."),    # a time: no "It is a clock."
    ("en", "de", "Then the weather was nice."), ("en", "de", "Anna said the movie was great."),  # "Dann das Wetter"
    ("de", "en", "Anna sagte das Essen war lecker."),
])
def test_a_statement_whose_subject_is_no_short_noun_phrase_or_a_whole_phrase_is_no_frame(source, target, line):
    assert Quotations(target, Phrases(source, target)).apply(line)[0] == [line]


@pytest.mark.parametrize("source, target, line, slot, translation, expected", [
    ("de", "en", "wo ist mein handy?", "Mein Handy.", "My cellphone.", "Where is my cellphone?"),
    ("de", "en", "WO IST MEIN HANDY?", "Mein Handy.", "My cellphone.", "WHERE IS MY CELLPHONE?"),
    ("de", "en", "ICH KOMME AUS DER SCHWEIZ.", "Schweiz.", "Switzerland.", "I AM FROM SWITZERLAND."),
    ("en", "de", "WHERE IS MY PHONE?", "My phone.", "Mein Handy.", "WO IST MEIN HANDY?"),
    ("en", "de", "i am from germany.", "Germany.", "Deutschland.", "Ich komme aus Deutschland."),
    ("de", "en", "haben sie einen tisch?", "Einen Tisch.", "A table.", "Do you have a table?"),    # not "Do they"
    ("de", "en", "HABEN SIE EINEN TISCH?", "Einen Tisch.", "A table.", "DO YOU HAVE A TABLE?"),
    ("de", "en", "wo ist anna?", "Anna.", "Anna.", "Where is Anna?"),       # a word the corpus lacks: a name's
    ("de", "en", "ich komme aus bottrop.", "Bottrop.", "Bottrop.", "I am from Bottrop."),
    ("en", "de", "i am from austria.", "Austria.", "Österreich.", "Ich komme aus Österreich."),
])
def test_a_question_frame_typed_in_lowercase_or_capitals_is_one_and_comes_back_in_the_case_typed(
        source, target, line, slot, translation, expected):
    corpus = {"de": "Wo ist mein Handy? Ich komme aus der Schweiz. Hat sie einen Tisch?",
              "en": "Where is my phone? I'm from Germany."}
    case = Case(Lexicon.learn([(corpus[source], "-")]))     # "wo ist mein handy?" gave "Where is mich cellphone?"
    step = Quotations(target, Phrases(source, target), {}, case)
    segments, layout = step.apply(line)
    assert segments == [slot, line, S0 + line[-1]]
    assert step.reverse([translation, "junk", segments[-1]], layout) == expected
    pipeline = Pipeline.from_config(DataConfig(src_lang=source, tgt_lang=target), lexicon=case.lexicon)
    assert len(pipeline.apply(line).sentences) == 3          # the pipeline's case step reads the frame's question


@pytest.mark.parametrize("source, target, line, inner, translation, expected", [
    ("en", "de", 'He said: "I\'ll be right back."', "I'll be right back.", "Ich bin gleich zurück.",
     'Er sagte: "Ich bin gleich zurück."'),                 # the whole line gave 'Er "Ich bin gleich zurück.": er'
    ("en", "de", "The sign says: “Closed.”", "Closed.", "Geschlossen.", "Das Schild sagt: „Geschlossen.“"),
    ("de", "en", "Er sagte: „Ich bin müde.“", "Ich bin müde.", "I am tired.", "He said: “I am tired.”"),   # "He says"
    ("de", "en", "Sie sagen: „Ja.“", "Ja.", "Yes.", "They say: “Yes.”"),
    ("de", "en", "- Meine Mutter rief: „Essen!“", "Essen!", "Food!", "- My mother shouted: “Food!”"),
])
def test_a_reporting_clause_before_a_quotation_is_translated_by_rule_and_the_quotation_alone_by_the_model(
        source, target, line, inner, translation, expected):
    step = Quotations(target, Phrases(source, target))
    segments, layout = step.apply(line)
    assert segments == [inner, S0]
    assert step.reverse([translation, S0], layout) == expected


@pytest.mark.parametrize("source, target, line", [
    ("en", "de", 'He said quietly: "Yes."'), ("de", "en", "Der Mann im Auto sagt: „Ja.“"),
    ("de", "en", "Er sagt: „Ja.“ und geht."), ("de", "en", "Er sagt „Ja“ und „Nein“."),
])
def test_a_sentence_that_is_no_reporting_clause_and_one_quotation_stays_the_models(source, target, line):
    segments, _ = Quotations(target, Phrases(source, target)).apply(line)
    assert S0 in segments[-1] and len(segments[-1]) > 3


@pytest.mark.parametrize("source, target, line, genders, translations, expected", [
    ("de", "en", "Wann fährt der nächste Zug?", {}, ["Train."], "When does the next train leave?"),
    ("de", "en", "Wann kommt der nächste Bus?", {}, ["Bus."], "When does the next bus come?"),   # no "Bus" as typed
    ("de", "en", "Wo ist die nächste Apotheke?", {}, ["The pharmacy."], "Where is the nearest pharmacy?"),
    ("en", "de", "When does the next train leave?", {"zug": "m"}, ["Zug."], "Wann fährt der nächste Zug ab?"),
    ("en", "de", "Where is the nearest pharmacy?", {}, ["Die Apotheke."], "Wo ist die nächste Apotheke?"),
    ("en", "de", "Where is the nearest hotel?", {}, ["Das Hotel."], "Wo ist das nächste Hotel?"),   # its article's
    ("en", "de", "Where is the closest main station?", {}, ["Hauptbahnhof."], "Wo ist der nächste Hauptbahnhof?"),
    ("de", "en", "Wo ist der nächste Bahnhof?", {}, ["The train station."], "Where is the nearest train station?"),
    ("en", "de", "Where is the nearest printer?", {}, ["Drucker."], "Wo ist der nächste Drucker?"),  # "die nächsten"
])
def test_the_nearest_or_next_one_is_the_frames_word_and_its_noun_the_models(source, target, line, genders,
                                                                           translations, expected):
    """"When does the next train leave?" came back as "Wann fährt der Zug?", "Wann fährt der nächste Zug?" as "When
    riding the next to the train?"."""
    step = Quotations(target, Phrases(source, target), genders)
    segments, layout = step.apply(line)
    assert len(segments) == 3 and not {"nächste", "next", "nearest", "closest"} & set(segments[0].lower().split())
    assert step.reverse([*translations, "junk", segments[-1]], layout) == expected


@pytest.mark.parametrize("line, translations, expected", [
    ("Wo ist das nächste Starbucks?", ["Starbucks."], "Where is the nearest Starbucks?"),
    ("Wo ist der nächste Aldi?", ["The Aldi."], "Where is the nearest Aldi?"),
    ("Wann kommt der nächste Bus?", ["Bus."], "When does the next bus come?"),        # a word of the corpus
])
def test_a_name_after_the_nearest_or_next_keeps_its_capital(line, translations, expected):
    """"Wo ist das nächste Starbucks?" came back as "Where is the nearest starbucks?"."""
    step = Quotations("en", Phrases("de", "en"), {}, Case(Lexicon.learn([("Der Bus ist rot.", "The bus is red."),
                                                                 ("Ein Starbucks.", "A Starbucks.")])))
    segments, layout = step.apply(line)
    assert step.reverse([*translations, "junk", segments[-1]], layout) == expected


@pytest.mark.parametrize("line, sent, translation, expected", [
    ("Where is the nearest hotel?", "The hotel.", "Das Hotel.", "Wo ist das nächste Hotel?"),
    ("Where is the closest bank?", "The bank.", "Die Bank.", "Wo ist die nächste Bank?"),
    ("When does the next train leave?", "The train.", "Der Zug.", "Wann fährt der nächste Zug ab?"),
    ("Where is the nearest hotel?", "The hotel.", "Der Der Hundt.", "junk?"),       # a stutter: the whole line's
    ("Where is the closest bank?", "The bank.", "Die Frauen Frauen.", "junk?"),
])
def test_the_nearest_or_next_ones_noun_goes_to_the_model_with_its_article(line, sent, translation, expected):
    """"Where is the nearest hotel?" sent "Hotel." alone and came back as "Wo ist die nächste Hotel?" ("The hotel." is
    "Das Hotel."), "Where is the closest bank?" as "Wo ist der nächste Mann?" ("Bank." alone is "Bench.")."""
    step = Quotations("de", Phrases("en", "de"), {})
    segments, layout = step.apply(line)
    assert segments[0] == sent
    assert step.reverse([translation, "junk", segments[-1]], layout) == expected


@pytest.mark.parametrize("source, target, line, translation, expected", [
    ("en", "de", "Where is the nearest observatory?", "Sternwarte.", "junk?"),     # no gender: the whole line's
    ("en", "de", "Where is the nearest observatory?", "Die Sternwarte.", "Wo ist die nächste Sternwarte?"),
    ("en", "de", "Where is the nearest train station?", "Dieser Hund.", "junk?"),  # a determiner: no noun phrase
    ("en", "de", "Where is the nearest train station?", "Der dieser Hund.", "junk?"),
    ("de", "en", "Wo ist der nächste Bahnhof?", "This dog.", "junk?"),
    ("de", "en", "Wo ist der nächste Bahnhof?", "The my station.", "junk?"),
])
def test_the_nearest_ones_noun_of_no_gender_or_after_a_determiner_is_no_frames(source, target, line, translation,
                                                                              expected):
    """"Where is the nearest supermarket?" came back as "Wo ist die nächste Supermarkt?" ("die" for a noun of no gender
    known), "Where is the nearest train station?" as "Wo ist der nächste Dieser Hund?"."""
    step = Quotations(target, Phrases(source, target), {})
    segments, layout = step.apply(line)
    assert step.reverse([translation, "junk", segments[-1]], layout) == expected
