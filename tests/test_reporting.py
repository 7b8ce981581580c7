"""text/forms/reporting.py: a speaker and a verb of saying before a quotation's colon, in the other language."""
import pytest

from text.forms.reporting import reported


@pytest.mark.parametrize("clause, source, expected", [
    ("He said: ", "en", "Er sagte:"), ("She asked:", "en", "Sie fragte:"), ("I say:", "en", "Ich sage:"),
    ("They wrote:", "en", "Sie schrieben:"), ("Anna says:", "en", "Anna sagt:"),
    ("The sign says:", "en", "Das Schild sagt:"),
    ("My mother shouts:", "en", "Meine Mutter ruft:"), ("he replied:", "en", "Er antwortete:"),
    ("Er sagte:", "de", "He said:"), ("Sie fragt:", "de", "She asks:"), ("Sie sagen:", "de", "They say:"),
    ("Ich rief:", "de", "I shouted:"), ("Du sagst:", "de", "You say:"),
    ("Der Mann flüsterte:", "de", "The man whispered:"),
    ("Herr Müller schrieb:", "de", "Herr Müller wrote:"), ("Unser Vater sagt:", "de", "Our father says:"),
])
def test_a_reporting_clause_is_translated_in_its_tense_and_its_speakers_person(clause, source, expected):
    assert reported(clause, source) == expected


@pytest.mark.parametrize("clause, source", [
    ("He said quietly:", "en"), ("He says", "en"), ("He say:", "en"), ("A man said:", "en"), ("Er sagen:", "de"),
    ("Der Mann im Auto sagt:", "de"), ("Er lacht:", "de"), ("The car said:", "en"), ("Er sagt:", "fr"),
])
def test_anything_else_is_no_reporting_clause(clause, source):
    assert reported(clause, source) is None
