"""text/forms/titles.py: a capitalized word after a title or a naming word is a name, even a common noun, and the title
comes with it in the target's words."""
import pytest

from text.finders.names import Names
from text.forms.lexicon import Lexicon
from text.forms.titles import titled

GERMAN = Lexicon.learn([("Ein Bauer, ein Koch, ein Fischer und ein Wolf sehen Brot, Essen und Gitarre.",
                         "A farmer, a cook, a fisher and a wolf see bread, food and guitar."),
                        ("Eine junge Frau und eine blonde Frau treffen einen Herrn.",
                         "A young woman and a blond woman meet a gentleman."),
                        ("Sie schneiden Papier neben dem Müll.", "They cut paper beside the trash.")] * 3)
ENGLISH = Lexicon.learn([("An Asian family and a baker meet.", "Eine asiatische Familie und ein Bäcker."),
                         ("A rose, a mom, a ben and Anna.", "Eine Rose, eine Mama, ein Ben und Anna.")] * 3)


def names_in(text: str, lexicon: Lexicon = GERMAN, source: str = "de", target: str = "en") -> list[tuple[str, str]]:
    return [(text[s.start:s.end], s.fill) for s in titled(text, Names(lexicon, source, target), source, target)]


@pytest.mark.parametrize("text, found", [
    ("Frau Becker kauft Brot.", [("Frau Becker", "Ms. Becker")]),
    ("Herr Bauer und Frau Fischer treffen Herrn Wolf.", [("Herr Bauer", "Mr. Bauer"), ("Frau Fischer", "Ms. Fischer"),
                                                         ("Herrn Wolf", "Mr. Wolf")]),
    ("Familie Koch isst mit Herrn Dr. Weber und Prof. Dr. Hans Müller.",
     [("Familie Koch", "the Koch family"), ("Herrn Dr. Weber", "Dr. Weber"), ("Prof. Dr. Hans Müller",
                                                                             "Prof. Dr. Hans Müller")]),
    ("Die Familie Becker und ein Hund namens Wolf, er heißt Koch.",
     [("Die Familie Becker", "the Becker family"), ("namens Wolf", "named Wolf"), ("Koch", "Koch")]),

    # words the corpus lacks that look like German words, one who cuts ("schneiden") or "Müll" inflected: names still
    ("Die Familie Müller wohnt neben der Familie Schneider.",
     [("Die Familie Müller", "the Müller family"), ("der Familie Schneider", "the Schneider family")]),
    ("Herr und Frau Becker treffen Frau Koch.", [("Herr und Frau Becker", "Mr. and Mrs. Becker"),
                                                  ("Frau Koch", "Ms. Koch")]),       # a couple under one name
])
def test_a_word_after_a_german_title_or_naming_word_is_a_name_with_its_title_in_english(text, found):
    assert names_in(text) == found


@pytest.mark.parametrize("text, found", [
    ("Hr. Schmidt trifft Fr. Becker.", [("Hr. Schmidt", "Mr. Schmidt"), ("Fr. Becker", "Ms. Becker")]),
    ("Das Treffen ist am Fr. Dann gehen wir, bis Fr. Becker kommt.", []),      # Friday
])
def test_an_abbreviated_herr_or_frau_is_a_title_but_friday_is_not(text, found):
    """"Hr. Schmidt ist krank." kept "Hr" as a name, "Hr. Schmidt is sick."."""
    assert names_in(text) == found


@pytest.mark.parametrize("text, found", [
    ("Herr Dr. med. Klein hilft Frau Prof. Dr. med. dent. Bauer.",
     [("Herr Dr. med. Klein", "Dr. Klein"), ("Frau Prof. Dr. med. dent. Bauer", "Prof. Dr. Bauer")]),
    ("Herr von Weizsäcker trifft Frau von der Leyen.", [("Herr von Weizsäcker", "Mr. von Weizsäcker"),
                                                        ("Frau von der Leyen", "Ms. von der Leyen")]),
    ("Eine Frau von hinten.", []),                            # "von" before a lowercase word: no name
])
def test_a_doctors_field_goes_and_a_surnames_particle_stays_with_the_name(text, found):
    """A model wrote "Mr. Dr. med. Klein" and "Gentlemen from Weizsäcker"."""
    assert names_in(text) == found


@pytest.mark.parametrize("text, found", [("Ich rufe Frau Becker an.", [("Frau Becker", "Ms. Becker")]),
                                         ("ich sehe Herrn Wolf.", [("Herrn Wolf", "Mr. Wolf")])])
def test_a_title_after_ich_and_its_verb_is_a_title(text, found):
    lexicon = Lexicon.learn([("Ich sehe einen Ruf und eine Frau.", "I see a call and a woman.")] * 3)
    assert names_in(text, lexicon) == found        # "rufe", "sehe": no adjectives, though "ruf" and "sehe" are words


@pytest.mark.parametrize("text", [
    "Ein Mann schaut zu, während eine Frau Gitarre spielt.", "Eine junge Frau Brot kauft.", "Der blonden Frau Essen.",
    "Das ist ein Herr Koch.", "Während die Familie Essen kocht.", "Eine Frau sitzt."])
def test_frau_and_herr_after_an_article_or_adjective_are_common_nouns(text):
    assert names_in(text) == []


@pytest.mark.parametrize("text, found", [
    ("Mr Baker is repairing a bike.", [("Mr Baker", "Herr Baker")]),
    ("I saw Mr. Baker with Mrs. Green, Ms Brown and Miss Rose.",
     [("Mr. Baker", "Herrn Baker"), ("Mrs. Green", "Frau Green"), ("Ms Brown", "Frau Brown"),
      ("Miss Rose", "Frau Rose")]),
    ("Dr Smith and Prof. John Baker meet the Koch family.",
     [("Dr Smith", "Dr. Smith"), ("Prof. John Baker", "Prof. John Baker"), ("the Koch family", "Familie Koch")]),
    ("The Asian family has a dog named Rose and a shop called Bread.", [("named Rose", "namens Rose"),
                                                                          ("called Bread", "namens Bread")]),
    ("We named Tom captain; he was named Max.", [("Tom", "Tom"), ("Max", "Max")]),      # "named": the verb
    ("My dog is named Rex; the twins are named Tom.", [("is named Rex", "heißt Rex"),       # "Mein Hund namet Rex."
                                                       ("are named Tom", "heißen Tom")]),
    ("A dog called Max meets an old man called Oliver.", [("called Max", "namens Max"),
                                                          ("called Oliver", "namens Oliver")]),
    ("The teacher called Anna; a man is called Ben.", [("Anna", "Anna"), ("Ben", "Ben")]),   # "called": the verb
    ("A man called Max yesterday; a girl called Anna this morning.", [("Max", "Max"), ("Anna", "Anna")]),  # a call
    ("The Weber family meets the Baker family.",        # "baker" is a word of the corpus, in lowercase
     [("The Weber family", "Familie Weber"), ("the Baker family", "Familie Baker")]),
    ("Mr. and Mrs. Smith meet Mr and Mrs Baker.", [("Mr. and Mrs. Smith", "Herr und Frau Smith"),
                                                    ("Mr and Mrs Baker", "Herr und Frau Baker")]),
])
def test_a_word_after_an_english_title_or_naming_word_is_a_name_with_its_title_in_german(text, found):
    assert names_in(text, ENGLISH, "en", "de") == found


@pytest.mark.parametrize("text, source, found", [
    ("Mr. Baker trifft Anna, dann Mrs Green.", "de", [("Mr. Baker", "Mr. Baker"), ("Mrs Green", "Mrs Green")]),
    ("I meet Frau Schneider and Herr Wolf.", "en", [("Frau Schneider", "Frau Schneider"), ("Herr Wolf", "Herr Wolf")]),
])
def test_a_title_of_the_target_language_in_the_source_comes_back_with_its_name_as_written(text, source, found):
    """"Mr. Baker trifft Anna." came back as "Mr Baker hits Anna.": "Mr" went as a name, and its period was lost."""
    lexicon = GERMAN if source == "de" else ENGLISH
    assert names_in(text, lexicon, source, "en" if source == "de" else "de") == found


@pytest.mark.parametrize("text, source, found", [
    ("Uncle Bob and Grandma Rose meet Captain Jack Sparrow.", "en",
     [("Uncle Bob", "Onkel Bob"), ("Grandma Rose", "Oma Rose"), ("Captain Jack Sparrow", "Kapitän Jack Sparrow")]),
    ("Tante Anna und Professor Weber essen Brot.", "de",
     [("Tante Anna", "Aunt Anna"), ("Professor Weber", "Professor Weber")]),
    ("Weil Oma Brot kauft, lacht Prinz Essen, Professor Koch.", "de", []),    # words of the corpus: nouns
    ("A man stands in front of a Prince St. Cafe on King Street.", "en", []),        # a place's name
    ("Yesterday Martin Luther King Jr. spoke and King Charles listened.", "en",
     [("King Charles", "König Charles")]),                    # after a name, "King" is a surname, not "König"
])
def test_kin_and_ranks_before_a_name_come_with_it_in_the_other_languages_word(text, source, found):
    """"Uncle Bob grills sausages." kept "Uncle", "Captain Smith" came back as "Caper Smith" from a 30-minute
    model."""
    lexicon = GERMAN if source == "de" else ENGLISH
    assert names_in(text, lexicon, source, "en" if source == "de" else "de") == found


def test_only_german_and_english_have_titles():
    assert names_in("Frau Becker kauft Brot.", GERMAN, "de", "fr") == []


@pytest.mark.parametrize("text, source, found", [
    ("Anna, Ben and Clara play.", "en", ["Anna", "Ben", "Clara"]),     # "ben": a word of the corpus, in lowercase
    ("Tim, Rose, Mia or Lea & Ben play.", "en", ["Tim", "Rose", "Mia", "Lea", "Ben"]),      # through one another
    ("Tim and Mom play. Rose and a dog, Asian and Tim.", "en", ["Tim", "Tim"]),  # family, a sentence's start, a word
    ("Anna, Brot und Essen.", "de", ["Anna"]),                          # German nouns the corpus knows
])
def test_a_capitalized_word_in_a_list_with_a_name_is_a_name(text, source, found):
    step = Names(ENGLISH if source == "en" else GERMAN, source, "de" if source == "en" else "en")
    assert [text[s.start:s.end] for s in step.find(text)] == found


@pytest.mark.parametrize("text, found", [
    ("Tom's brother and Max's new bike.", [("Tom's", "Toms"), ("Max's", "Max'")]),      # German: no apostrophe but
    ("Tom's dogs, Liz’s old bike.", [("Tom's", "Toms"), ("Liz’s", "Liz'")]),             # after s, ß, x, z
    ("Tom's playing. Anna's happy today. Tom's a brother.", [("Tom's", "Tom's"), ("Anna's", "Anna's"),
                                                              ("Tom's", "Tom's")]),     # "is": no possessive
    ("a brother has Tom's Dog Bar.", [("Tom's Dog Bar", "Tom's Dog Bar")]),            # part of a name
    ("Mr. Smith's dog and Mrs. Brown's bike.", [("Mr. Smith's", "Herrn Smiths"), ("Mrs. Brown's", "Frau Browns")]),
    ("Grandma's dog and Dad's bike.", [("Grandma's", "Omas"), ("Dad's", "Papas")]),    # kin: the German word's
])
def test_an_english_possessive_name_before_a_noun_takes_the_german_genitive(text, found):
    lexicon = Lexicon.learn([("The brother has a dog and a bike.", "Der Bruder hat einen Hund und ein Fahrrad.")])
    lexicon.nouns = {"brother": "Bruder", "dog": "Hund", "bike": "Fahrrad"}     # the corpus' noun dictionary
    step = Names(lexicon, "en", "de")
    assert [(text[s.start:s.end], s.fill) for s in step.find(text)] == found


@pytest.mark.parametrize("text, found", [
    ("Mom's car is red.", [("Mom's", "Mamas")]),
    ("I like Dad's new bike. Dad's here.", [("Dad's", "Papas")]),     # no noun after it: the model's
    ("A mom's car.", []),                                              # a common noun
])
def test_a_kin_word_the_corpus_writes_in_lowercase_opens_a_sentence_as_a_name_before_a_noun(text, found):
    """"Mom's car is red." came back as "Mome des Autos ist rot." from a 30-minute model: "mom" is a caption's word
    in lowercase, so the sentence's first word was no name."""
    lexicon = Lexicon.learn([("A mom's car and a dad's bike.", "Das Auto einer Mama und das Rad eines Papas.")] * 2)
    lexicon.nouns = {"car": "Auto", "bike": "Fahrrad"}
    assert [(text[s.start:s.end], s.fill) for s in Names(lexicon, "en", "de").find(text)] == found


def test_a_copied_possessive_is_a_brand_unless_the_corpus_copies_the_name_alone_too():
    """The corpus copies "John's" (a sign for "John's Pizza") and "John": John's car is Johns Auto; "Domino's"
    alone is a brand."""
    lexicon = Lexicon.learn([("A man by John's Pizza sees John and Domino's Pizza.",
                              "Ein Mann bei John's Pizza sieht John und Domino's Pizza.")] * 2)
    lexicon.nouns = {"car": "Auto", "pizza": "Pizza"}
    text = "John's car and Domino's pizza."
    assert [(text[s.start:s.end], s.fill) for s in Names(lexicon, "en", "de").find(text)] == \
        [("John's", "Johns"), ("Domino's", "Domino's")]


def test_a_german_genitive_takes_a_noun_the_corpus_capitalizes_and_a_name_the_corpus_copies_with_its_s_too():
    """ "Geburtstag" is no noun of the dictionary but the corpus writes it as one; the corpus copies "Johns" (a
    pizzeria, "Papa Johns") and "John": John's car; "Tims" is a name, the genitive of the copied "Tim"."""
    lexicon = Lexicon.learn([("Ein Mann bei Papa Johns sieht John und Tim am Geburtstag im Auto.",
                              "A man at Papa Johns sees John and Tim on the birthday in the car.")] * 2)
    lexicon.nouns = {"auto": "car"}
    text = "Lisas Geburtstag, Johns Auto und Tims Auto."
    assert [(text[s.start:s.end], s.fill) for s in Names(lexicon, "de", "en").find(text)] == \
        [("Lisas", "Lisa's"), ("Johns", "John's"), ("Tims", "Tim's")]


@pytest.mark.parametrize("text, found", [
    ("Lisas Hund und Tims neues Fahrrad.", [("Lisas", "Lisa's"), ("Tims", "Tim's")]),
    ("Jonas Hund, Boris Fahrrad und Klaus Hund.", [("Jonas", "Jonas"), ("Boris", "Boris"), ("Klaus", "Klaus")]),
    ("Lisas bellt.", [("Lisas", "Lisas")]),                         # no noun after it: as written
])
def test_a_german_genitive_name_before_a_noun_takes_the_english_possessive(text, found):
    lexicon = Lexicon.learn([("Der Hund und das Fahrrad.", "The dog and the bike.")])
    lexicon.nouns = {"hund": "dog", "fahrrad": "bike"}                # the corpus' noun dictionary
    assert [(text[s.start:s.end], s.fill) for s in Names(lexicon, "de", "en").find(text)] == found
