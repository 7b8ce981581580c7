"""text/forms/articles.py: a determiner the model wrote before a noun it could not see takes that noun's gender where
its own form, the preposition before it, or the pronoun and verb opening the sentence leave one case."""
import pytest

from text.forms.articles import CASES, agreed, declined, forms, settled, stem_of, supplied, supplying


@pytest.mark.parametrize("before, word, gender, opened, expected", [
    ("", "einen", "f", "", "eine"),                   # accusative only
    ("", "meine", "n", "", "mein"),                   # nominative or accusative: "mein" either way
    ("", "dem", "f", "", "der"), ("", "des", "f", "", "der"), ("", "einem", "f", "", "einer"),
    ("", "die", "n", "", "das"), ("", "den", "n", "", "das"), ("", "keinen", "n", "", "kein"),
    ("", "euer", "f", "", "eure"), ("", "unsere", "n", "", "unser"),
    ("mit", "der", "m", "", "mit dem"), ("Mit", "der", "m", "", "Mit dem"),   # "mit": dative
    ("in", "der", "m", "", "im"), ("In", "der", "n", "", "Im"),               # written as one word
    ("in", "den", "n", "", "ins"), ("zu", "der", "n", "", "zum"),
    ("", "zum", "f", "", "zur"), ("", "im", "f", "", "in der"), ("", "ins", "m", "", "in den"),
    ("brauche", "einen", "f", "", "brauche eine"),   # a word before that is no preposition only stays
    ("", "EINEN", "f", "", "EINE"),                   # a caps line
    ("habe", "eine", "m", "Ich habe ", "habe einen"),  # a pronoun's verb's object: not the nominative
    ("ist", "eine", "m", "Das ist ", "ist ein"),       # "sein" names the subject again: the nominative
    ("", "dem", "p", "", "den"),
])
def test_a_determiner_takes_the_nouns_gender_in_the_one_case_left(before, word, gender, opened, expected):
    assert agreed(before, word, gender, opened) == expected


@pytest.mark.parametrize("before, word, gender, opened", [
    ("", "der", "m", ""),             # nominative, dative or genitive: "der", "dem" or "des"
    ("", "die", "m", ""),             # nominative or accusative: "der" or "den"
    ("", "eine", "m", ""),
    ("habe", "eine", "m", "Heute habe "),   # the subject may follow the verb
    ("für", "der", "m", ""),          # no case the form and the preposition share
    ("", "eine", "p", ""),            # a plural takes no "ein"
    ("", "den", "p", ""),             # a masculine's accusative or a plural's dative
    ("", "Ihr", "f", ""),             # "to her" too
    ("", "einer", "f", ""),           # agrees already
    ("", "Hund", "m", ""),            # no determiner
])
def test_a_determiner_stays_where_no_one_form_is_sure(before, word, gender, opened):
    assert agreed(before, word, gender, opened) is None


@pytest.mark.parametrize("before, word, gender, opened, adjectives, expected", [
    ("brauchen", "eine", "m", "Wir brauchen ", ("neue",), "brauchen einen neuen"),   # "We need a new fridge."
    ("brauche", "ein", "m", "Ich brauche ", ("neues",), "brauche einen neuen"),
    ("haben", "einen", "n", "Sie haben ", ("schönen",), "haben ein schönes"),
    ("", "ein", "f", "", ("neues",), "eine neue"),            # "ein neues": nominative or accusative, "eine neue" both
    ("ist", "der", "f", "Wo ist ", ("nächste",), "ist die nächste"),   # "der nächste": a masculine's nominative
    ("", "Die", "m", None, ("neue",), "Der neue"),            # opening the sentence: the nominative
    ("", "Der", "f", None, ("alte",), "Die alte"),
    ("mit", "dem", "f", "", ("teuren", "alten"), "mit der teuren alten"),   # two, the stems as written
    ("habe", "die", "m", "Ich habe ", ("dunkle",), "habe den dunklen"),
    ("habe", "eine", "n", "Ich habe ", ("teure",), "habe ein teures"),
    ("zu", "der", "m", "", ("neue",), "zum neuen"),
    ("", "im", "f", "", ("neuen",), "in der neuen"),
    ("neben", "der", "f", "", ("neue",), "neben der neuen"),   # an adjective that fits no case left: the article's
    ("für", "die", "m", "", ("neue",), "für den neuen"),
    ("", "einem", "m", "", ("neuen",), None),                  # agrees already
    ("", "eine", "m", "", ("neue",), None),                    # nominative or accusative: "ein neuer", "einen neuen"
    ("", "Der", "f", None, ("neuen",), None),                  # opening, yet no nominative: "Der neuen <P> gehört"
    ("", "ein", "n", "", ("bisschen",), None),                 # no adjective
    ("", "ein", "f", "", ("sauber", "gemachtes"), None),       # the first may be an adverb: two that fit no case
    ("", "die", "m", "", ("neuen",), None),                    # a plural's, before a singular
    ("", "eine", "p", "", ("neue",), None),
])
def test_adjectives_between_a_determiner_and_the_noun_take_its_gender_in_the_one_case_left(before, word, gender,
                                                                                            opened, adjectives,
                                                                                            expected):
    assert agreed(before, word, gender, opened, adjectives) == expected


def test_each_stem_reads_back_from_each_of_its_forms():
    for stem in ("d", "ein", "kein", "mein", "unser", "euer"):
        for gender in ("m", "f", "n"):
            assert len(forms(stem, gender)) == len(CASES)
            assert all(stem_of(form) == stem for form in forms(stem, gender))
    assert forms("ein", "p") is None and forms("euer", "f")[0] == "eure" and forms("euer", "m")[0] == "euer"


@pytest.mark.parametrize("lead, gender, upto, expected", [
    (("at", "the"), "f", "Wir kaufen Brot in ", "Wir kaufen Brot in der "),       # a two-way one: the dative
    (("in", "the"), "m", "Die Milch ist in ", "Die Milch ist im "),               # "in dem" is "im"
    (("into", "the"), "m", "Ich lege die Milch in ", "Ich lege die Milch in den "),   # "into": the accusative
    (("with", "my"), "f", "Ich zahle mit ", "Ich zahle mit meiner "),
    (("at", "a"), "n", "Sie wohnt bei ", "Sie wohnt bei einem "),
    (("", "the"), "n", "Ich finde ", "Ich finde das "),                           # a pronoun's verb's object
    (("", "the"), "f", "", "Die "), (("", "a"), "m", "", "Ein "),                  # opening: the nominative
    (("today", "our"), "p", "", "Unsere "),
])
def test_a_determiner_the_model_left_out_is_supplied_in_the_case_its_context_gives(lead, gender, upto, expected):
    assert supplied(lead, gender, upto) == expected


@pytest.mark.parametrize("lead, gender, upto", [
    (("at", "the"), "f", "Sie arbeitet "),         # the model left out the preposition too
    (("", "the"), "n", "Ich finde nicht "),        # no case sure
    (("in", "the"), "f", "Wir sind in der "),      # the model wrote one
    (("in", "the"), "m", "Wir sind im "),
    (("", "a"), "p", "Wir haben "),                # no "ein" before a plural
    (("in", "this"), "f", "Wir sind in "),         # no determiner the table reads
    ((), "f", "Wir sind in "),
    (("with", "the"), "n", ""),                    # opening, but the model left out the preposition
    (("", "a"), "p", ""),
])
def test_no_determiner_is_supplied_where_none_is_sure(lead, gender, upto):
    assert supplied(lead, gender, upto) is None


@pytest.mark.parametrize("before, word, gender, opened, noun, weak, expected", [
    ("mit", "einem", "m", "", "Kollege", "n", "Kollegen"),          # a weak noun outside the nominative
    ("habe", "meinen", "m", "Ich habe ", "Benutzername", "ns", "Benutzernamen"),
    ("", "des", "m", "", "Benutzername", "ns", "Benutzernamens"),   # its genitive's "s"
    ("", "am", "m", "", "Geldautomat", "en", "Geldautomaten"),
    ("brauchen", "eine", "m", "Wir brauchen ", "Praktikant", "en", "Praktikanten"),
    ("mit", "den", "p", "", "Kabel", "", "Kabeln"),                  # a plural's dative
    ("mit", "den", "p", "", "Ladegeräte", "", "Ladegeräten"),
    ("mit", "der", "p", "", "Schlafzimmer", "", "Schlafzimmern"),
    ("mit", "den", "p", "", "Quittungen", "", "Quittungen"),         # no "n" after "-n" or "-s"
    ("mit", "den", "p", "", "Autos", "", "Autos"),
    ("ist", "ein", "m", "Er ist ", "Kunde", "n", "Kunde"),           # the nominative
    ("sehe", "die", "p", "Ich sehe ", "Kabel", "", "Kabel"),         # the accusative
    ("in", "den", "p", "", "Kabel", "", "Kabel"),                    # "in den": a dative or a masculine's accusative
    ("", "der", "m", "", "Kollege", "n", "Kollege"),                 # "der": a nominative, a dative or a genitive
    ("mit", "einem", "m", "", "Hund", "", "Hund"),                   # no weak noun
])
def test_a_noun_takes_the_ending_of_the_one_case_its_determiner_leaves(before, word, gender, opened, noun, weak,
                                                                         expected):
    """"I talked to a colleague." came back as "mit einem Kollege", "with the cables" as "mit den Kabel"."""
    assert declined(noun, gender, settled(before, word, gender, opened), weak) == expected


@pytest.mark.parametrize("lead, gender, upto, case", [
    (("with", "a"), "m", "Ich spreche mit ", "dat"), (("into", "the"), "p", "Ich lege es in ", "acc"),
    (("at", "the"), "p", "Ich bin in ", "dat"), (("", "the"), "f", "", "nom"), (("", "the"), "n", "Ich finde ", "acc"),
])
def test_a_supplied_determiner_says_its_case(lead, gender, upto, case):
    assert supplying(lead, gender, upto) == (supplied(lead, gender, upto), case)
