"""text/forms/clock_forms.py: a time of day, and the two times of a range, in the target language's words."""
import pytest

from text.forms.clock_forms import clock_form, clock_range


@pytest.mark.parametrize("number, clock, source, target, form", [
    ("14.30", " Uhr", "de", "en", "2:30 pm"), ("8", " Uhr", "de", "en", "8 o'clock"),
    ("24", " Uhr", "de", "en", "midnight"), ("12", " Uhr", "de", "en", "noon"),
    ("0:15", " Uhr", "de", "en", "12:15 am"), ("14", " Uhr 30", "de", "en", "2:30 pm"),
    ("2:30", " pm", "en", "de", "14:30 Uhr"), ("11", " am", "en", "de", "11 Uhr"),
    ("12", " noon", "en", "de", "12 Uhr mittags"), ("5", " noon", "en", "de", None),
    ("25", " Uhr", "de", "en", None), ("13", " pm", "en", "de", None), ("8", " Uhr", "de", "fr", None),
])
def test_a_time_of_day_in_the_targets_words_or_none_where_it_is_no_time(number, clock, source, target, form):
    assert clock_form(number, clock, source, target) == form


@pytest.mark.parametrize("number, clock, form", [
    ("8", " Uhr abends", "8 pm"), ("6:30", " Uhr früh", "6:30 am"), ("2", " Uhr nachts", "2 am"),
    ("11", " Uhr nachts", "11 pm"), ("12", " Uhr mittags", "noon"), ("1", " Uhr mittags", "1 pm"),
    ("12", " Uhr nachts", "midnight"), ("3", " Uhr nachmittags", "3 pm"), ("20", " Uhr abends", "8 pm"),
    ("9", " Uhr vormittags", "9 am"),
])
def test_a_german_time_of_day_with_its_part_of_the_day_says_am_or_pm(number, clock, form):
    """"um 8 Uhr abends" came back as "at 8 o'clock" with "abends" left to the model."""
    assert clock_form(number, clock, "de", "en") == form


@pytest.mark.parametrize("number, clock, form", [
    ("3", " o'clock in the afternoon", "15 Uhr"), ("8", " o'clock in the Evening", "20 Uhr"),
    ("6", " o'clock in the morning", "6 Uhr"), ("11", " o'clock at night", "23 Uhr"),
    ("2", " o'clock at night", "2 Uhr"), ("12", " o'clock in the afternoon", "12 Uhr"),
    ("13", " o'clock in the afternoon", None),
])
def test_an_english_time_of_day_with_its_part_of_the_day_is_the_german_hour(number, clock, form):
    """"It is 3 o'clock in the afternoon." came back as "Ich ist 3 Uhr im nachdem er die nach oben."."""
    assert clock_form(number, clock, "en", "de") == form


@pytest.mark.parametrize("first, second, clock, second_fill, source, target, fills", [
    ("14", "16", " Uhr", "4 pm", "de", "en", ("2", "4 pm")),
    ("10", "12", " Uhr", "noon", "de", "en", ("10 am", "12 pm")),
    ("9", "5", " pm", "17 Uhr", "en", "de", ("9", "17 Uhr")),
    ("8:30", "4:30", "", "4:30 Uhr", "en", "de", ("8:30", "16:30 Uhr")),     # "von 8:30 bis 4:30 Uhr": at night
    ("30", "16", " Uhr", "4 pm", "de", "en", (None, "4 pm")),
])
def test_a_range_writes_its_clock_word_once_unless_it_runs_from_morning_into_afternoon(first, second, clock,
                                                                                       second_fill, source, target,
                                                                                       fills):
    assert clock_range(first, second, clock, second_fill, source, target) == fills
