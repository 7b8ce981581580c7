"""text/forms/reporting.py: a speaker and a verb of saying before a quotation's colon, in the other language."""
import pytest

from text.forms import reporting
from text.forms.known_forms import KnownForms
from text.forms.lexicon import Lexicon
from text.forms.reporting import reported

# what the corpus says of the source's words: "yesterday", "someone", "Hunde" are words, "Anna" is none it holds
LEXICONS = {"en": Lexicon.learn([("A man said hello to someone yesterday and everyone laughed .", "")]),
            "de": Lexicon.learn([("Ein Mann sagte jemand hallo und alle lachten .", ""), ("Die Hunde bellen .", "")])}


@pytest.mark.parametrize("clause, source, expected", [
    ("He said: ", "en", "Er sagte:"), ("She asked:", "en", "Sie fragte:"), ("I say:", "en", "Ich sage:"),
    ("They wrote:", "en", "Sie schrieben:"), ("Anna says:", "en", "Anna sagt:"), ("Anna sagt:", "de", "Anna says:"),
    ("The sign says:", "en", "Das Schild sagt:"),
    ("My mother shouts:", "en", "Meine Mutter ruft:"), ("he replied:", "en", "Er antwortete:"),
    ("Er sagte:", "de", "He said:"), ("Sie fragt:", "de", "She asks:"), ("Sie sagen:", "de", "They say:"),
    ("Ich rief:", "de", "I shouted:"), ("Du sagst:", "de", "You say:"),
    ("Der Mann flüsterte:", "de", "The man whispered:"),
    ("Unser Vater sagt:", "de", "Our father says:"),
])
def test_a_reporting_clause_is_translated_in_its_tense_and_its_speakers_person(clause, source, expected):
    assert reported(clause, source, LEXICONS[source]) == expected


@pytest.mark.parametrize("clause, source, expected", [
    ("Someone asked:", "en", "Jemand fragte:"), ("Jemand sagte:", "de", "Someone said:"),
    ("Everyone said:", "en", "Alle sagten:"), ("Alle sagen:", "de", "Everyone says:"),
    ("Nobody answered:", "en", "Niemand antwortete:"), ("Mom said:", "en", "Mama sagte:"),
    ("Mama sagte:", "de", "Mom said:"), ("Opa fragt:", "de", "Grandpa asks:"),
])
def test_an_indefinite_pronoun_or_a_familys_word_is_a_speaker_of_the_table(clause, source, expected):
    assert reported(clause, source, LEXICONS[source]) == expected


@pytest.mark.parametrize("clause, source, expected", [
    ("Die Kinder riefen:", "de", "The children shouted:"), ("The children shouted:", "en", "Die Kinder riefen:"),
    ("Die Leute sagen:", "de", "The people say:"), ("The girls asked:", "en", "Die Mädchen fragten:"),
    ("Das Mädchen sagte:", "de", "The girl said:"),                        # one girl: "das", her verb's singular
])
def test_people_who_speak_together_are_speakers_of_the_table_in_the_plural(clause, source, expected):
    """"Die Kinder riefen: „Schau mal!“" gave "The children are holding: “Look!”" (no speaker of the table)."""
    assert reported(clause, source, LEXICONS[source]) == expected


@pytest.mark.parametrize("clause, source, expected", [
    ("Herr Müller schrieb:", "de", "Mr. Müller wrote:"), ("Mr. Smith said:", "en", "Herr Smith sagte:"),
    ("Frau Dr. Weber sagte:", "de", "Dr. Weber said:"), ("Onkel Bob rief:", "de", "Uncle Bob shouted:"),
])
def test_a_titled_speaker_takes_the_title_in_the_other_language(clause, source, expected):
    assert reported(clause, source, LEXICONS[source]) == expected


@pytest.mark.parametrize("clause, source, expected", [
    ("The teacher said:", "en", "Der Lehrer sagte:"), ("The doctor asked:", "en", "Der Arzt fragte:"),
    ("The police officer said:", "en", "Der Polizist sagte:"),
])
def test_into_german_a_person_of_both_genders_is_the_masculine_and_may_be_two_words(clause, source, expected):
    assert reported(clause, source) == expected


@pytest.mark.parametrize("clause, source, expected", [
    ("HE SAID:", "en", "ER SAGTE:"), ("ANNA ASKED:", "en", "ANNA FRAGTE:"),
    ("DER MANN RIEF:", "de", "THE MAN SHOUTED:"),
])
def test_a_clause_in_capitals_is_read_as_written_capitalized_and_comes_back_in_capitals(clause, source, expected):
    assert reported(clause, source, LEXICONS[source]) == expected


@pytest.mark.parametrize("clause, source", [
    ("Hunde sagten:", "de"), ("Someone Anna said:", "en"), ("Why Anna said:", "en"),
])
def test_a_word_the_corpus_knows_or_one_that_opens_a_sentence_is_no_name(clause, source):
    assert reported(clause, source, LEXICONS[source]) is None


@pytest.mark.parametrize("clause, source, expected", [
    ("Yesterday Anna said:", "en", "Gestern sagte Anna:"), ("Yesterday he said:", "en", "Gestern sagte er:"),
    ("Today my mother says:", "en", "Heute sagt meine Mutter:"), ("Gestern sagte er:", "de", "Yesterday he said:"),
    ("Gestern sagte Mama:", "de", "Yesterday Mom said:"),
])
def test_after_today_or_yesterday_german_puts_the_verb_before_the_speaker(clause, source, expected):
    assert reported(clause, source, LEXICONS[source]) == expected


def test_without_the_corpus_words_no_speaker_is_a_name():
    assert reported("Anna said:", "en") is None


@pytest.mark.parametrize("clause, source", [
    ("He said quietly:", "en"), ("He says", "en"), ("He say:", "en"), ("A man said:", "en"), ("Er sagen:", "de"),
    ("Der Mann im Auto sagt:", "de"), ("Er lacht:", "de"), ("The car said:", "en"), ("Er sagt:", "fr"),
])
def test_anything_else_is_no_reporting_clause(clause, source):
    assert reported(clause, source, LEXICONS.get(source)) is None


def test_a_lexicons_known_forms_are_built_once_not_on_every_clause(monkeypatch):
    built = []
    monkeypatch.setattr(reporting, "FORMS", {}, raising=False)        # none kept by another test
    monkeypatch.setattr(reporting, "KnownForms", lambda lexicon: built.append(lexicon) or KnownForms(lexicon))
    for _ in range(3):
        assert reported("Anna sagte:", "de", LEXICONS["de"]) == "Anna said:"
    assert built == [LEXICONS["de"]]
