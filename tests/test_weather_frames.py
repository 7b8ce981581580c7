"""text/forms/weather_frames.py: whole temperature sentences, translated by rule."""
import pytest

from text.forms.weather_frames import said_temperature, temperature_sentences


def translated(line: str, source: str) -> str | None:
    """The line by the first temperature sentence that matches it, as the quotations step writes it."""
    for pattern, into in temperature_sentences(source):
        m = pattern.fullmatch(line)
        if m:
            said = said_temperature(m, into, source)
            return said and said[0] + said[1] + m.group("marks")
    return None


@pytest.mark.parametrize("line, expected", [
    ("It is 1 degree.", "Es ist 1 Grad."), ("It is 1 degree today.", "Heute ist es 1 Grad."),
    ("It was 1 degree yesterday.", "Gestern war es 1 Grad."), ("It is minus 1 degree.", "Es ist minus 1 Grad."),
    ("It is 2 degrees.", "Es sind 2 Grad."), ("It is 1.5 degrees.", "Es sind 1,5 Grad."),
    ("It is 21 degrees.", "Es sind 21 Grad."),
])
def test_into_german_one_degree_takes_the_singular_verb(line, expected):
    assert translated(line, "en") == expected


def test_into_english_the_verb_is_as_the_table_says():
    assert translated("Es ist 1 Grad.", "de") == "It is 1 degree."
    assert translated("Es sind 3 Grad.", "de") == "It is 3 degrees."
