"""text/finders/spelled_amounts.py: a price or measure whose number is a word travels like one in digits."""
import pytest

from text.finders.spelled_amounts import SpelledAmounts
from text.forms.masking import PLACEHOLDERS

P0 = PLACEHOLDERS[0]


@pytest.mark.parametrize("source, masked, fill", [
    ("The ice cream costs only one euro.", f"The ice cream costs {P0}.", "nur 1 €"),     # its quantifier too
    ("It costs twelve dollars each.", f"It costs {P0}.", "je 12 $"),                   # its "each" too
    ("He buys two kilos of apples.", f"He buys {P0} apples.", "2 Kilo"),
    ("I swim twice a week.", f"I swim {P0}.", "zweimal pro Woche"),      # in a word: no digit the source lacks
    ("He barks twice.", f"He barks {P0}.", "zweimal"),
    ("It costs twenty euros.", f"It costs {P0}.", "20 €"),              # above twelve: a model garbled it
    ("It costs twenty-five euros.", f"It costs {P0}.", "25 €"),         # the tens with their units
    ("It costs twenty one euros.", f"It costs {P0}.", "21 €"),          # not "twenty" and "1 €"
    ("It costs two euros fifty.", f"It costs {P0}.", "2,50 €"),        # the cents after the currency
    ("Three bucks is cheap.", f"{P0} is cheap.", "3 $"),
    ("Five bucks for a coffee.", f"{P0} for a coffee.", "5 $"),
])
def test_an_english_amount_in_words_comes_in_german_digits(source, masked, fill):
    assert SpelledAmounts("en", "de").apply(source) == (masked, (fill,))


@pytest.mark.parametrize("source, masked, fill", [
    ("Das Eis kostet nur einen Euro.", f"Das Eis kostet {P0}.", "only €1"),
    ("Zwei Kilo Äpfel.", f"{P0} Äpfel.", "2 kilos"),
    ("Er läuft zehn Kilometer.", f"Er läuft {P0}.", "10 kilometers"),
    ("Es regnet seit drei Tagen.", f"Es regnet {P0}.", "for 3 days"),        # with the words before it, as in digits
    ("Das kostet zwanzig Euro.", f"Das kostet {P0}.", "€20"),
    ("Das Ticket kostet fünfundzwanzig Euro.", f"Das Ticket kostet {P0}.", "€25"),      # a model garbled it
    ("Das kostet zwei Euro fünfzig.", f"Das kostet {P0}.", "€2.50"),      # the cents after it, as in "2 Euro 50"
    ("Vor zwei Stunden kam er.", f"{P0} kam er.", "2 hours ago"),
    ("Ich schwimme zweimal pro Woche.", f"Ich schwimme {P0}.", "twice a week"),      # how often, in one word
])
def test_a_german_amount_in_words_comes_in_english_digits(source, masked, fill):
    assert SpelledAmounts("de", "en").apply(source) == (masked, (fill,))


@pytest.mark.parametrize("source", ["Zwei Männer gehen.", "Ein Kilo Äpfel.", "Eine Frau.", "Zweiter Euro-Jazz.",
                                    "Noch einmal, auf einmal."])
def test_a_number_word_before_no_amount_and_an_article_before_a_unit_are_the_models(source):
    assert SpelledAmounts("de", "en").apply(source) == (source, ())
    assert SpelledAmounts("en", "de").apply("Two men walk one dog.") == ("Two men walk one dog.", ())


def test_bucks_that_open_a_sentence_before_a_plural_verb_are_deer():
    """"Three bucks ran into the forest." came back as "3 $ run in den Wald."."""
    assert SpelledAmounts("en", "de").apply("Three bucks ran into the forest.") == \
        ("Three bucks ran into the forest.", ())


@pytest.mark.parametrize("source, money", [("I saw two bucks.", False), ("We saw three bucks in the field.", False),
                                           ("It costs two bucks.", True), ("He paid me two bucks for it.", True),
                                           ("That's two bucks.", True)])
def test_a_count_of_bucks_inside_a_sentence_is_money_after_a_word_of_prices_only(source, money):
    """"I saw two bucks." came back as "Ich 2 $."."""
    assert SpelledAmounts("en", "de").apply(source)[1] == (("2 $",) if money else ())


def test_the_cents_of_a_price_in_words_count_as_their_digits_in_a_translation():
    assert SpelledAmounts("de", "en").in_digits("Das kostet zwei Euro fünfzig.") == "Das kostet 2 Euro 50."


P1 = PLACEHOLDERS[1]


@pytest.mark.parametrize("direction, source, masked, fills", [
    (("en", "de"), "Twenty-one people came.", f"{P0} people came.", ("21",)),    # a model wrote "Diese Menschen"
    (("en", "de"), "I saw thirteen dogs.", f"I saw {P0} dogs.", ("13",)),
    (("en", "de"), "A hundred people wait.", f"{P0} people wait.", ("100",)),
    (("en", "de"), "thirty or forty bikes", f"{P0} or {P1} bikes", ("30", "40")),      # both counts of a range
    (("de", "en"), "Dreiundzwanzig Kinder spielen.", f"{P0} Kinder spielen.", ("23",)),
    (("de", "en"), "Fünfzehn junge Männer warten.", f"{P0} junge Männer warten.", ("15",)),   # an adjective between
    (("de", "en"), "hundert Leute", f"{P0} Leute", ("100",)),
    (("de", "en"), "zehn bis zwanzig Leute", f"{P0} bis {P1} Leute", ("10", "20")),
    (("de", "en"), "Er zahlt zwei Euro fünfzig Leuten.", f"Er zahlt {P0} {P1} Leuten.", ("€2", "50")),   # no cents
])
def test_a_count_from_thirteen_up_before_a_noun_travels_as_its_digits(direction, source, masked, fills):
    assert SpelledAmounts(*direction).apply(source) == (masked, fills)


@pytest.mark.parametrize("direction, source", [
    (("en", "de"), "Twelve dogs run."),                       # one to twelve: the model's
    (("en", "de"), "We meet at twenty past eight."),          # no count
    (("en", "de"), "a hundred and fifty people"),             # not "100 and 50"
    (("de", "en"), "Ein Mann Mitte zwanzig sitzt am Tisch."),
    (("de", "en"), "Um zwanzig nach acht."),
    (("de", "en"), "Am zwanzigsten Mai."),
])
def test_a_number_word_that_counts_no_noun_stays_the_models(direction, source):
    assert SpelledAmounts(*direction).apply(source) == (source, ())


def test_a_count_in_words_counts_as_its_digits_in_a_translation():
    assert SpelledAmounts("de", "en").in_digits("Dreiundzwanzig Kinder spielen.") == "23 Kinder spielen."
