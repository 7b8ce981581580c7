"""text/finders/names.py: names the model cannot know are carried through as written, or as their English exonym."""
import pytest

from text.finders.named_ages import NamedAges
from text.finders.names import Names
from text.finders.numbers import Numbers
from text.steps.placeholders import Placeholders
from text.forms.lexicon import Lexicon
from text.forms.masking import PLACEHOLDERS

P0, P1, P2 = PLACEHOLDERS[:3]
COMMON = [("Ein Mann geht mit dem Hund im Wasser auf der Rutsche und dem Fahrrad.",
           "A man walks the dog in the water on the slide and the bicycle.")] * 25
LEXICON = Lexicon.learn(COMMON + [("Ein Mann in Berlin.", "A man in Berlin."), ("Die Angel.", "The rod."),
                         ("Der Radfahrer fährt durch den Park.", "The cyclist rides through the park.")])


def test_unknown_capitalized_words_are_names_and_neighbours_are_one():
    text, fills = Names(LEXICON).apply("Der Radfahrer Jan Ullrich fährt durch Freiburg.")
    assert text == f"Der Radfahrer {P0} fährt durch {P1}." and fills == ("Jan Ullrich", "Freiburg")


@pytest.mark.parametrize("line, masked, fills", [
    ("Anna (32) sucht eine Wohnung.", f"{P0} sucht eine Wohnung.", ("Anna (32)",)),
    ("Jan Ullrich (45) und Tom (7) fahren.", f"{P0} und {P1} fahren.", ("Jan Ullrich (45)", "Tom (7)")),
    ("Ein Mann (32) in Berlin (2024).", f"Ein Mann ({P0}) in {P1} ({P2}).", ("32", "Berlin", "2024")),   # no age
])
def test_a_name_and_its_age_in_brackets_are_one_placeholder(line, masked, fills):
    """"Anna (32) sucht eine Wohnung." came back as "Anna, (32) looking for an apartment." from a 30-minute model."""
    names = Names(LEXICON)
    assert Placeholders([NamedAges(names), Numbers(), names]).apply(line) == (masked, fills)


def test_copied_words_and_exonyms_are_names_and_known_words_are_not():
    text, fills = Names(LEXICON).apply("Ein Mann in Berlin und in Köln vor dem Kölner Dom.")
    assert fills == ("Berlin", "Cologne", "Cologne Cathedral") and "Mann" in text


def test_a_languages_german_name_is_its_english_one_but_not_back():
    """"Ich spreche ein bisschen Deutsch." came back as "I eving a Deutsch." from a 30-minute model; English "German"
    is an adjective too ("a German shepherd")."""
    assert Names(LEXICON).apply("Ein Mann spricht Deutsch und Englisch.")[1] == ("German", "English")
    assert "Deutsch" not in Names(LEXICON, "en", "de").apply("A German shepherd barks.")[1]


def test_compounds_of_common_words_and_typos_of_common_words_are_not_names():
    names = Names(LEXICON)
    assert not names.is_name("Wasserrutsche") and not names.is_name("Fahrad") and not names.is_name("Hunde")
    assert names.is_name("Angela") and names.is_name("Wolfgang") and names.is_name("Hamburg")
    assert not names.is_name("läuft") and not names.is_name("Mann")


def test_a_training_pair_carries_a_name_on_both_sides_where_the_target_holds_it():
    assert Names(LEXICON).apply_pair("Ein Mann in Berlin und Paris.", "A man in Berlin and France.") == \
        (f"Ein Mann in {P0} und Paris.", f"A man in {P0} and France.")
    assert Names(LEXICON).apply_pair("Ein Mann in Köln.", "A man in Cologne.") == (f"Ein Mann in {P0}.", f"A man in {P0}.")


def test_a_brands_camel_case_is_a_name_in_a_translation_though_the_corpus_knows_the_word_but_not_in_training():
    """"I sold it on eBay." came back as "Ich schneidet es auf einer baseball.": a caption's "Ebay" made it known."""
    english = Lexicon.learn([("A man walks the dog on ebay.", "Ein Mann geht mit dem Hund auf ebay.")] * 5)
    names = Names(english, "en", "de")
    assert names.apply("I sold it on eBay.") == (f"I sold it on {P0}.", ("eBay",))
    assert names.apply("The dog walks on ebay.")[1] == () and not names.is_name("eBay")
    assert names.apply_pair("A dog on eBay.", "Ein Hund auf eBay-Monitor.") == \
        ("A dog on eBay.", "Ein Hund auf eBay-Monitor.")        # training pairs stay as they were


def test_a_line_that_is_only_a_brand_is_one_name_in_a_translation_unless_its_acronym_is_a_word():
    """"LG Electronics" came back as "LG" from a 30-minute model: "Electronics" was left to it."""
    english = Lexicon.learn([("The dog walks on the TV and the electronics.", "Der Hund läuft.")] * 5)
    names = Names(english, "en", "de")
    assert [names.apply(line)[1] for line in ("LG Electronics", "TV Electronics", "LG Electronics are good.")] == \
        [("LG Electronics",), ("TV",), ("LG",)]      # a word's acronym, a sentence: word by word
    assert names.apply_pair("LG Electronics", "LG Elektronik")[0] == f"{P0} Electronics"     # training as it was


def test_a_naming_called_is_the_name_alone_in_a_training_pair_whose_target_lacks_namens():
    """"A dog called Max runs." is "A dog P0 runs." ("namens Max"), but a pair's target may write the name another
    way ("mit dem Namen Max"): there the model learns "called" itself."""
    english = Lexicon.learn([("A man walks the dog in the water.", "Ein Mann geht mit dem Hund im Wasser.")] * 5)
    names = Names(english, "en", "de")
    assert names.apply("A dog called Max runs.") == (f"A dog {P0} runs.", ("namens Max",))
    assert names.apply_pair("A dog called Max runs.", "Ein Hund namens Max rennt.") == \
        (f"A dog {P0} runs.", f"Ein Hund {P0} rennt.")
    assert names.apply_pair("A dog called Max runs.", "Ein Hund mit dem Namen Max rennt.") == \
        (f"A dog called {P0} runs.", f"Ein Hund mit dem Namen {P0} rennt.")


def test_english_german_names_take_their_german_exonyms():
    english = Lexicon.learn([("A man walks the dog in the water.", "Ein Mann geht mit dem Hund im Wasser.")] * 5)
    text, fills = Names(english, "en", "de").apply("A man walks the dog in Cologne with Angela Merkel.")
    assert text == f"A man walks the dog in {P0} with {P1}." and fills == ("Köln", "Angela Merkel")


@pytest.mark.parametrize("source, target, line", [("de", "en", "Ein Mann aus {} und {}."),
                                                  ("en", "de", "A man from {} and {}.")])
def test_a_town_whose_name_holds_am_or_an_der_is_one_name_as_written(source, target, line):
    text, fills = Names(LEXICON, source, target).apply(line.format("Frankfurt am Main", "Halle an der Saale"))
    assert text == line.format(P0, P1) and fills == ("Frankfurt am Main", "Halle an der Saale")


@pytest.mark.parametrize("source, target, line, fills", [
    ("de", "en", "Ein Mann fährt nach St. Moritz und zum FC St. Pauli.", ("St. Moritz", "FC St. Pauli")),
    ("en", "de", "A man flies to St. Louis and climbs Mt. Everest.", ("St. Louis", "Mt. Everest")),
    ("en", "de", "A man met Ludwig van Beethoven in Rio de Janeiro.", ("Ludwig van Beethoven", "Rio de Janeiro")),
    ("de", "en", "Ein Mann fährt nach Rio de Janeiro mit dem Hund von Anna.", ("Rio de Janeiro", "Anna")),
    ("de", "en", "Ein Brief von Anna.", ("Brief", "Anna")),        # after an article: a noun the corpus lacks
    ("en", "de", "Ursula von der Leyen met Ana de la Cruz.", ("Ursula von der Leyen", "Ana de la Cruz")),   # two words
])
def test_saint_mount_or_fort_with_its_full_stop_or_a_particle_between_name_parts_is_one_name(source, target, line,
                                                                                               fills):
    """As two names ("St", "Louis") a model lost the full stop between them: "St amüsiert Patrick's Day"; "Rio de
    Janeiro" as two came back as "Rio zum Janeiro". Not a known word's "von" ("dem Hund von Anna"), nor one after an
    article."""
    english = Lexicon.learn([("A man walks the dog in the water.", "Ein Mann geht mit dem Hund im Wasser.")] * 5)
    assert Names(LEXICON if source == "de" else english, source, target).apply(line)[1] == fills


def test_junior_senior_or_a_streets_abbreviation_with_its_full_stop_ends_a_name():
    """Without its full stop, a model wrote "Martin Luther King Jr hier etwas.", "Nr. 12. Main St in Boston"."""
    english = Lexicon.learn([("A man walks the dog in the water.", "Ein Mann geht mit dem Hund im Wasser.")] * 5)
    text, fills = Names(english, "en", "de").apply("Martin Luther King Jr. spoke to Sammy Davis Jr.")
    assert (text, fills) == (f"{P0} spoke to {P1}.", ("Martin Luther King Jr.", "Sammy Davis Jr"))
    text, fills = Names(english, "en", "de").apply("Anna lives on Main St. in Boston, on Oak Ave., too.")
    assert (text, fills) == (f"{P0} lives on {P1} in {P2}, on {PLACEHOLDERS[3]}, too.",
                             ("Anna", "Main St.", "Boston", "Oak Ave."))


def test_english_i_with_a_contraction_is_no_name():
    """A 30-minute model wrote "I'm Anna, I'm from Berlin." as "Ich aus Anna, I'm aus Berlin."."""
    english = Lexicon.learn([("A man walks the dog in the water.", "Ein Mann geht mit dem Hund im Wasser.")] * 5)
    assert Names(english, "en", "de").apply("I'm Anna, I'm from Berlin, and I've seen Tom.")[1] == \
        ("Anna", "Berlin", "Tom")


def test_a_month_or_weekday_is_no_part_of_a_name_beside_it():
    english = Lexicon.learn([("A man walks the dog in the water.", "Ein Mann geht mit dem Hund im Wasser.")] * 5)
    assert Names(english, "en", "de").apply("In December Jan Ullrich rides on Sunday Anna.")[1] == \
        ("Jan Ullrich", "Anna")


def test_german_common_nouns_the_corpus_lacks_are_not_names():
    lexicon = Lexicon.learn(COMMON + [("Sie betreiben ein Land mit Luft und Gitarre.", "They run a country."),
                                      ("Sie stellen sich auf den Platz.", "They stand on the square.")] * 3)
    names = Names(lexicon)
    for noun in ("Wassermühle", "Wasserskreisel", "Gitarrenschrank", "Betreiber", "Länder", "Sekretärin",
                 "Mythologie", "Miniatur", "Kickboxerinnen", "Liter", "Temperatur", "Januar", "Minuten", "Wasserplatz",
                 "Stellplatz"):
        assert not names.is_name(noun), noun
    for name in ("Lufthansa", "Wasserbauer", "Luftmeier", "Angela", "Hamburg", "Alexanderplatz"):   # a brand, ...
        assert names.is_name(name), name


def test_a_capitalized_word_the_corpus_lacks_after_a_name_is_part_of_it():
    lexicon = Lexicon.learn(COMMON + [("Der Müll und das Becken.", "The garbage and the pool.")] * 3)
    assert Names(lexicon).apply("Angela Müller und Franz Beckenbauer sehen den Hund Wasser.")[1] == \
        ("Angela Müller", "Franz Beckenbauer")


def test_a_titled_name_is_one_span_with_its_title_and_other_names_stay_as_they_were():
    lexicon = Lexicon.learn(COMMON + [("Der Bauer und der Koch.", "The farmer and the cook.")] * 3)
    text, fills = Names(lexicon).apply("Herr Bauer und Jan Ullrich mit Familie Koch in Köln.")
    assert text == f"{P0} und {P1} mit {P2} in {PLACEHOLDERS[3]}."
    assert fills == ("Mr. Bauer", "Jan Ullrich", "the Koch family", "Cologne")


@pytest.mark.parametrize("line, fills", [
    ("Ruf mich an.", ()), ("Drücke den Hund.", ()), ("Siehe Seite drei.", ()), ("Tschüss Anna.", ("Anna",)),
    ("Servus Ullrich!", ("Ullrich",)), ("Anna ruft Jonas.", ("Anna", "Jonas")), ("Wolfgang drückt.", ("Wolfgang",)),
    ("Bist du müde?", ()), ("Kannst du Jonas helfen?", ("Jonas",)), ("Möchtest du tanzen?", ()),   # sein, a modal verb
    ("Wohnst du in Ulm?", ("Ulm",)), ("Kennt ihr Anna?", ("Anna",)), ("Anna, du lachst.", ("Anna",)),  # a pronoun next
    ("Wann kommt Anna?", ("Anna",)), ("Woher kommt Jonas?", ("Jonas",)),                 # a question word
])
def test_a_first_word_that_is_a_verb_form_or_a_greeting_is_no_name(line, fills):
    lexicon = Lexicon.learn(COMMON + [("Er ruft und sie drücken.", "He calls and they press.")] * 3)
    assert Names(lexicon).apply(line)[1] == fills
    assert Names(lexicon, "en", "de").apply("Bye Anna.")[1] == ("Anna",)


@pytest.mark.parametrize("line, fills", [
    ("Since Monday Anna works.", ("Anna",)), ("Unfortunately Tom is late.", ("Tom",)), ("I'm Anna.", ("Anna",)),
    ("Luckily Tom runs.", ("Tom",)), ("Where is Tom?", ("Tom",)), ("Emily walks the dog.", ("Emily",)),
    ("Anna walks the dog.", ("Anna",)), ("New York is big.", ("New York",)),
    ("Did you see Tom?", ("Tom",)), ("Shall we go?", ()), ("Oops!", ()),     # a pronoun next: a verb; an interjection
])
def test_an_english_first_word_that_is_a_conjunction_adverb_or_usually_lowercase_is_no_name(line, fills):
    english = Lexicon.learn([("A man walks the dog in the water where it is lucky.",
                              "Ein Mann geht mit dem Hund ins Wasser, wo es Glück hat.")] * 5 +
                            [("Where Do We Go sign.", "Where Do We Go Schild.")] +    # a sign's words, copied
                            [("A new car in New York.", "Ein neues Auto in New York.")] * 2)
    assert english.copied("Where")
    assert Names(english, "en", "de").apply(line)[1] == fills


@pytest.mark.parametrize("line, fills", [
    ("Fans of Manchester City sing.", ("Manchester City",)), ("A man drinks Red Bull.", ("Red Bull",)),
    ("We met at the White House. Then Tom left.", ("White House", "Tom")), ("Two boys drink Sprite.", ("Sprite",)),
    ("An Asian man sees a Scottish dog.", ()), ("A red bull and a white house.", ()),
    ("Two Red Dogs Play In The White Snow", ()),                                  # title case: no telling
])
def test_english_capitalized_words_in_a_row_and_rare_capitalized_ones_are_names(line, fills):
    """Mid-sentence English capitals mark a name where words the corpus writes in lowercase stand ("Red Bull"), or
    a capitalized word it holds seldom ("Sprite"); not one it writes capitalized often ("Asian") nor an adjective of
    a people ("Scottish")."""
    english = Lexicon.learn([("A red bull walks to the white house in the city.", "Ein roter Stier geht.")] * 5 +
                            [("two fans and we play with dogs in the snow, then sees.", "Zwei Fans spielen.")] * 5 +
                            [("A boy drinks Sprite.", "Ein Junge trinkt Limonade.")] +
                            [("A Scottish man.", "Ein schottischer Mann.")] * 3 +
                            [("An Asian woman.", "Eine asiatische Frau.")] * 25)
    assert not english.copied("Sprite")
    assert Names(english, "en", "de").apply(line)[1] == fills


@pytest.mark.parametrize("source, target, text, masked, fills", [
    ("de", "en", "Lieber Tom, wie geht es?", f"{P0}, wie geht es?", ("Dear Tom",)),
    ("de", "en", "Sehr geehrter Herr Bauer,", f"{P0},", ("Dear Mr. Bauer",)),
    ("de", "en", "Liebe Eltern, wir kommen.", f"{P0} Eltern, wir kommen.", ("Dear",)),
    ("en", "de", "Dear Tom, how are you?", f"{P0}, how are you?", ("Hallo Tom",)),
    ("de", "en", "Liebe ist alles.", "Liebe ist alles.", ()),
])
def test_a_letters_salutation_and_the_name_after_it_are_one_placeholder(source, target, text, masked, fills):
    """"Lieber Tom, ..." kept "Lieber" as a name; as two placeholders a model wrote "Dear, Tom"."""
    lexicon = Lexicon.learn(COMMON + [("Die Eltern sind sehr alt.", "The parents are very old.")] * 3)
    assert Names(lexicon, source, target).apply(text) == (masked, fills)


def test_a_sign_offs_greetings_are_no_salutation():
    """"Liebe Grüße, Anna" came back as "Dear Grüße, Anna"."""
    assert not any(fill.startswith("Dear") for fill in Names(LEXICON).apply("Liebe Grüße, Anna")[1])
