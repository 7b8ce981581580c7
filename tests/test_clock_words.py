"""text/finders/clock_words.py: "halb acht" is half past seven, a quarter in words keeps its hour, and what only
looks like a time in words stays for the model."""
import pytest

from config import DataConfig
from text.finders.clock_words import ClockWords
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline

P0 = PLACEHOLDERS[0]


@pytest.mark.parametrize("source, found", [
    ("Der Film beginnt um halb acht.", ["at half past seven"]),         # with its preposition, as a time in digits
    ("Halb eins ist es, nicht Viertel nach drei.", ["half past twelve", "quarter past three"]),
    ("Um Viertel vor 8 und gegen dreiviertel neun.", ["at quarter to 8", "around quarter to nine"]),
    ("Um Mitternacht oder um halb acht schlafen alle.", ["at midnight", "at half past seven"]),    # a time's name
    ("Um Viertel nach 8 oder um halb acht.", ["at quarter past 8", "at half past seven"]),   # each its own "um"
    ("Wir treffen uns um halb 8.", ["at half past seven"]),   # not "half past 7": a number the source has not
    ("Es ist 5 vor 12, ist es 25 nach 7?", ["It is five to twelve", "twenty-five past seven"]),   # "5 is in front of"
    ("Wir treffen uns um 10 nach 8 oder gegen zwanzig vor neun.", ["at ten past eight", "around twenty to nine"]),
    ("Es ist 5 vor 12 Uhr, um 10 nach 8 Uhr.", ["It is five to twelve", "at ten past eight"]),   # "5", "noon"
    ("Es ist 5 nach halb 8, um 10 vor halb 1.", ["It is twenty-five to eight", "at twenty past twelve"]),   # "5 after"
    ("Es ist kurz nach 8, um kurz vor acht Uhr.", ["It is just after 8", "at just before eight"]),   # "There is about"
    ("Bis kurz vor 10 offen, ab kurz nach 8.", ["until just before 10", "from just after 8"]),   # "to look for 10"
    ("es ist halb acht, er sagt, es ist halb acht.", ["it is half past seven", "half past seven"]),   # "There is ..."
    ("Es ist Viertel nach 5 Uhr, um halb 8 Uhr.", ["It is quarter past 5", "at half past seven"]),    # "5 o'clock"
])
def test_a_german_time_in_words_is_the_english_one(source, found):
    assert [span.fill for span in ClockWords("de", "en").find(source)] == found


@pytest.mark.parametrize("source, found", [
    ("The bus leaves at half past seven.", ["um halb acht"]),
    ("At half past twelve, not a quarter past 9.", ["um halb eins", "Viertel nach 9"]),
    ("Come at a quarter to nine.", ["um Viertel vor neun"]),
    ("We meet at half past 7, not half 8.", ["um halb acht"]),      # British "half 8" is 8:30: left to the model
    ("We meet at midnight, not around midnight.", ["um Mitternacht", "gegen Mitternacht"]),
    ("We meet at noon, AT NOON.", ["mittags", "mittags"]),         # "at noon" -> "an einem See" from a strong model
    ("It is half past seven.", ["Es ist halb acht"]),              # "Ich ist halb acht" from two models
    ("was it half past seven?", ["war es halb acht"]),
])
def test_an_english_time_in_words_is_the_german_one(source, found):
    assert [span.fill for span in ClockWords("en", "de").find(source)] == found


@pytest.mark.parametrize("source, lang", [
    ("Das Glas ist halb voll, halb zwei Kinder, halb achtzig, halb achte.", "de"),
    ("It is half 8 or half eight.", "en"),
    ("Er kam kurz nach 8 Kindern, es ist kurz vor 12 Kinder, kurz nach 8.", "de"),
    ("Er kam 5 vor 12 Kindern, es ist 5 vor 12 Kinder, 5 vor 12, es ist 5 vor 12 Uhr Zeit.", "de"),   # no sure time
    ("A midnight-blue car, Mitternachtsblau before noon, at noonday.", "en"),
])
def test_what_only_looks_like_a_time_in_words_is_none(source, lang):
    assert ClockWords(lang, "de" if lang == "en" else "en").find(source) == []
    assert ClockWords(lang, "fr").find(source) == []


def test_the_pipeline_carries_it_as_one_placeholder_before_the_number_finder_takes_its_digit():
    pipeline = Pipeline.from_config(DataConfig())
    applied = pipeline.apply("Wir treffen uns um Viertel vor 8.")
    assert applied.sentences == [f"Wir treffen uns {P0}."]
    output = pipeline.reverse_sentence(f"We meet {P0}.", applied.states[0]).text
    assert pipeline.reverse_line([output], applied.line_states) == "We meet at quarter to 8."
