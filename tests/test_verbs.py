"""text/forms/verbs.py: a German present form the model wrote, in the person its sentence's pronoun asks for."""
import pytest

from text.forms.verbs import TABLE, person_form, present, read_as_verb


@pytest.mark.parametrize("word, person, expected", [
    ("arbeitet", "1sg", "arbeite"), ("spielen", "1sg", "spiele"), ("wartet", "1sg", "warte"),
    ("geht", "1sg", "gehe"), ("kennt", "1sg", "kenne"), ("öffnet", "1sg", "öffne"), ("heißt", "1sg", "heiße"),
    ("sammelt", "1sg", "sammle"), ("sammelt", "1pl", "sammeln"), ("wandern", "1sg", "wandere"),
    ("feiert", "1pl", "feiern"), ("spaziert", "1pl", "spazieren"), ("studiert", "1sg", "studiere"),
    ("braucht", "1pl", "brauchen"), ("redet", "1pl", "reden"), ("tanzt", "1pl", "tanzen"),
    ("spielen", "3sg", "spielt"), ("arbeiten", "3sg", "arbeitet"), ("atmen", "3sg", "atmet"),
    ("liest", "1sg", "lese"), ("schläft", "1sg", "schlafe"), ("trägt", "1sg", "trage"), ("nimmt", "1pl", "nehmen"),
    ("fahren", "3sg", "fährt"), ("ist", "1sg", "bin"), ("ist", "1pl", "sind"), ("hat", "1sg", "habe"),
    ("können", "1sg", "kann"), ("hast", "1sg", "habe"), ("weiß", "1pl", "wissen"),
    ("erhält", "1sg", "erhalte"), ("verspricht", "1sg", "verspreche"), ("übernimmt", "1pl", "übernehmen"),
    ("erfahren", "3sg", "erfährt"), ("frisst", "1sg", "fresse"), ("angelt", "1sg", "angle"),
])
def test_a_verbs_form_in_another_person(word, person, expected):
    assert person_form(word, person) == expected


@pytest.mark.parametrize("word, second, plural", [
    ("arbeitet", "arbeitest", None), ("spielen", "spielst", "spielt"), ("fährt", "fährst", "fahrt"),
    ("hält", "hältst", "haltet"), ("liest", None, "lest"), ("nimmt", "nimmst", "nehmt"), ("tanzt", None, None),
    ("ist", "bist", "seid"), ("hat", "hast", "habt"), ("kann", "kannst", "könnt"), ("sammelt", "sammelst", None),
])
def test_a_verbs_second_persons(word, second, plural):
    assert (person_form(word, "2sg"), person_form(word, "2pl")) == (second, plural)


@pytest.mark.parametrize("word, person", [
    ("arbeite", "1sg"), ("spielt", "3sg"), ("spielen", "1pl"), ("bin", "1sg"),       # that person's already
    ("einen", "1sg"), ("neben", "1sg"), ("nicht", "1sg"), ("kalt", "1sg"), ("morgen", "1sg"),   # no verbs
    ("gegangen", "1sg"), ("getragen", "1sg"), ("aufgeregt", "1sg"), ("eingeladen", "1sg"),  # participles
    ("Hund", "1sg"), ("spiele", "3sg"),                      # a noun; a first person's "-e" is not read
])
def test_no_verbs_form_or_the_persons_own_stays(word, person):
    assert person_form(word, person) is None


def test_the_listed_verbs_first_persons_are_their_own():
    assert all(person_form(forms[0], "1sg") is None and person_form(forms[2], "1pl") is None
               for forms in TABLE.values())


@pytest.mark.parametrize("word, english, expected", [
    ("verliebt", "feel", False), ("verliebt", "fall", True), ("verheiratet", "marries", True),
    ("verheiratet", "get", False), ("arbeitet", "work", True),
])
def test_an_adjective_of_a_verbs_shape_is_read_only_after_its_verb(word, english, expected):
    assert read_as_verb(word, english) is expected


@pytest.mark.parametrize("infinitive, person, expected", [
    ("wohnen", "3sg", "wohnt"), ("wohnen", "1pl", "wohnen"), ("mögen", "1sg", "mag"), ("sammeln", "1sg", "sammle"),
    ("genießen", "3sg", "genießt"), ("gewinnen", "1sg", "gewinne"), ("sprechen", "3sg", "spricht"),
    ("kosten", "3sg", "kostet"),
])
def test_a_verbs_present_form_from_its_infinitive(infinitive, person, expected):
    """An infinitive's form in every person, its own too ("wohnen" in 1pl; "ge-": no participle here)."""
    assert present(infinitive, person) == expected
