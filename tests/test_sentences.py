"""text/steps/sentences.py: a line's sentences, each translated, joined again in order."""
import pytest

from text.steps.quotations import Quotations
from text.steps.sentences import Sentences


@pytest.mark.parametrize("line, sentences", [
    ("Eine Frau fotografiert den Hafen. Ein Schiff fährt vorbei.",
     ["Eine Frau fotografiert den Hafen.", "Ein Schiff fährt vorbei."]),
    ("Hallo! Wie geht es dir? Gut.", ["Hallo!", "Wie geht es dir?", "Gut."]),
    ('Er sagt: "Hallo." Dann geht er.', ['Er sagt: "Hallo."', "Dann geht er."]),
    ("eine frau lacht. ein kind weint.", ["eine frau lacht.", "ein kind weint."]),
    ("Das Haus hat die Nummer 12. Es ist rot.", ["Das Haus hat die Nummer 12.", "Es ist rot."]),
    ("Warte... Jetzt!", ["Warte...", "Jetzt!"]),
    ("Ich heiße Jan. Ich komme.", ["Ich heiße Jan.", "Ich komme."]),
    ("He said no. Then he left.", ["He said no.", "Then he left."]),
    ("We meet at 5 p.m. Then we eat.", ["We meet at 5 p.m.", "Then we eat."]),
    ("Wir kommen am Sa. Dann gehen wir.", ["Wir kommen am Sa.", "Dann gehen wir."]),   # a weekday's: before a word
    ("He buys pears, plums, etc. The seller smiles.", ["He buys pears, plums, etc.", "The seller smiles."]),
    ("Er kauft Birnen usw. Dann geht er.", ["Er kauft Birnen usw.", "Dann geht er."]),  # a list's end, the sentence's
    ("Wir treffen uns um 3. Sei pünktlich.", ["Wir treffen uns um 3.", "Sei pünktlich."]),   # an hour, no ordinal
    ("See you at 8. Bye!", ["See you at 8.", "Bye!"]),
    ("He lives in the U.S. He likes it.", ["He lives in the U.S.", "He likes it."]),    # initials, then "He"
    ("The kids play outside. it's sunny.", ["The kids play outside.", "it's sunny."]),     # a pronoun in lowercase
    ("Der Hund schläft. es regnet.", ["Der Hund schläft.", "es regnet."]),              # (its sentence was lost)
    ("Das Wetter ist toll! #sommer", ["Das Wetter ist toll!", "#sommer"]),     # tags after the mark stand apart
    ("Hast du Lust auf Eis? 🍦 :)", ["Hast du Lust auf Eis?", "🍦 :)"]),      # ("... 🍦?": the model's mark)
])
def test_a_line_splits_where_a_sentence_ends_and_a_new_one_begins(line, sentences):
    assert Sentences().apply(line)[0] == sentences


@pytest.mark.parametrize("line", [
    "Das ist z. B. ein Hund.", "Dr. Müller trifft Prof. Weber in der St. Pauli Str. vor Nr. 5 am Hafen.",
    "Am 3. Oktober feiert der 1. FC Köln.", "Es kostet 3.5 Euro bei www.zoo.de heute.", "J. S. Bach spielt Orgel.",
    "Mr. Potato Head lacht.", "Ein Hund", "Ein Hund. ein Satz, der klein weitergeht.", "Am 3. Jan. 2020 in No. 5.",
    "We meet at 5 p.m. and eat.", "we meet at 5 a.m. then we eat.", "Geöffnet Sa. 9-14 Uhr, So. 10 Uhr.",
    "Open Sat. 9 am-2 pm.", "Price incl. VAT, see cf. Table 3.", "Pears etc. are cheap.", "Birnen usw. Brot.",
    "Er kommt um 3. Oktober.", "Die U.S. Army kommt.", "Z. B. Der Hund", "Frau Prof. Dr. med. dent. Bauer hilft.",
    "He climbed Mt. Everest.", "Wir treffen uns gg. 18 Uhr.", "Wir haben tgl. 10 Stunden offen.",
])
def test_abbreviations_ordinals_decimals_and_urls_do_not_split(line):
    assert Sentences().apply(line)[0] == [line]


@pytest.mark.parametrize("line, sentences", [
    ("Installiere v2.1.3. Starte neu.", ["Installiere v2.1.3.", "Starte neu."]),
    ("Folge @anna.m. Sie postet viel.", ["Folge @anna.m.", "Sie postet viel."]),
    ("Download it from example.com/a. Open it.", ["Download it from example.com/a.", "Open it."]),
    ("the file is in /home/a. open it.", ["the file is in /home/a.", "open it."]),
])
def test_a_period_after_what_is_copied_through_ends_a_sentence_whatever_it_ends_in(line, sentences):
    assert Sentences().apply(line)[0] == sentences      # not after a single letter or a number only


@pytest.mark.parametrize("line", ["Meine Adresse ist Hauptstr. 5, 10115 Berlin.",
                                  "Das Büro ist in der Bahnhofstr. 12a."])
def test_a_period_inside_what_is_copied_through_does_not_split(line):
    assert Sentences().apply(line)[0] == [line]     # a street's "str." before its number: one address


@pytest.mark.parametrize("line", ["WIR SEHEN UNS AM 3. MAI UM 18 UHR.", "ER KOMMT UM 3. OKTOBER.",
                                  "SEITE 12 IM 2. STOCK."])
def test_a_short_word_in_capitals_before_a_number_is_no_code_that_ends_a_sentence(line):
    assert Sentences().apply(line)[0] == [line]     # "AM 3" is no "ICE 578": a date in a line typed in capitals


def test_translations_join_in_order_on_one_line_and_a_blank_line_has_none():
    assert Sentences().reverse([" A woman. ", "A ship.", ""], None) == "A woman. A ship."
    assert Sentences().apply("   ")[0] == []


@pytest.mark.parametrize("line, sentences", [
    ("The cat chases a mouse.The dog watches.", ["The cat chases a mouse.", "The dog watches."]),
    ("Der Hund bellt.Die Katze schläft!Er lacht.", ["Der Hund bellt.", "Die Katze schläft!", "Er lacht."]),
    ("Ein Hund.Eine Katze.", ["Ein Hund.", "Eine Katze."]),          # after a noun: a capital first letter
    ("A dog runs.A cat sleeps.", ["A dog runs.", "A cat sleeps."]),  # before a word of one letter
    ("Dr.Müller kommt.", ["Dr.Müller kommt."]),                      # an abbreviation stays one
    ("U.S.A. sind groß.", ["U.S.A. sind groß."]),
    ("Visit www.example.Com today.", ["Visit www.example.Com today."]),
    ("Mail john.Smith@x.de now.", ["Mail john.Smith@x.de now."]),
    ("z.B. ein Hund.", ["z.B. ein Hund."]),
    ('Er sagte "Hallo".Dann ging er.', ['Er sagte "Hallo".', "Dann ging er."]),      # after a quotation
    ("Sie ruft „Hilfe!“.Dann rennt sie.", ["Sie ruft „Hilfe!“.", "Dann rennt sie."]),
])
def test_a_space_left_out_after_a_sentence_mark_still_ends_the_sentence(line, sentences):
    assert Sentences().apply(line)[0] == sentences


def test_a_sentence_after_a_number_and_its_period_starts_with_a_word_that_opens_sentences():
    assert Sentences().apply("Der Code ist ABC-123. Bitte merken.")[0] == \
        ["Der Code ist ABC-123.", "Bitte merken."]              # a code's number is no ordinal: any capital opens one
    assert Sentences().apply("The kids play in front of No. 12. Their ball rolls away.")[0] == \
        ["The kids play in front of No. 12.", "Their ball rolls away."]
    assert Sentences().apply("Er kommt am 12. Oktober.")[0] == ["Er kommt am 12. Oktober."]


@pytest.mark.parametrize("line, sentences, back", [
    ("- Hallo! - Tschüss!", ["Hallo!", "Tschüss!"], "- Hello! - Bye!"),
    ("Wo ist er? - Keine Ahnung.", ["Wo ist er?", "Keine Ahnung."], "Where is he? - No idea."),
    ("Das ist gut - sehr gut.", ["Das ist gut - sehr gut."], None),          # a dash inside a sentence stays
    ("- 2 Eier", ["2 Eier"], None),                                        # a list item's, before a number too
])
def test_a_speakers_dash_opens_a_sentence_and_comes_back_as_typed(line, sentences, back):
    """"- Hallo! - Tschüss!" came back as "Tschüss!" from a strong model: the first speaker was lost."""
    split, dashes = Sentences().apply(line)
    assert split == sentences
    if back:
        assert Sentences().reverse([{"Hallo!": "Hello!", "Tschüss!": "Bye!", "Wo ist er?": "Where is he?",
                                     "Keine Ahnung.": "No idea."}[s] for s in split], dashes) == back


@pytest.mark.parametrize("step", [Sentences, Quotations])
@pytest.mark.parametrize("line, sentence, back", [
    ("• eggs", "eggs", "• Eier"), ("* Milch kaufen.", "Milch kaufen.", "* Buy milk."), ("● Brot", "Brot", "● bread"),
    ("2 * 3 Äpfel", "2 * 3 Äpfel", None),                                # a star inside a line is no bullet
])
def test_a_list_items_bullet_is_kept_as_typed(step, line, sentence, back):
    """"• eggs" came back as "Wittiere" from a strong model: the bullet was lost with the word."""
    split, layout = step().apply(line)
    assert split == [sentence]
    if back:
        assert step().reverse([{"eggs": "Eier", "Milch kaufen.": "Buy milk.", "Brot": "bread"}[sentence]],
                              layout) == back
