"""text/forms/dates.py: a date or an ordinal is one placeholder, written as the target language writes it."""
import pytest

from config import DataConfig
from text.finders.numbers import Numbers
from text.forms.dates import find_dates, find_ordinals, lead_words
from text.forms.masking import PLACEHOLDERS
from text.forms.lexicon import Lexicon
from text.pipeline import Pipeline
from text.steps.case import Case

P0, P1 = PLACEHOLDERS[:2]


@pytest.mark.parametrize("source, masked, fills", [
    ("Am 3. Mai spielen 22 Kinder.", f"{P0} spielen {P1} Kinder.", ("on May 3", "22")),
    ("Das Konzert ist am 12. März 2025 in Wien.", f"Das Konzert ist {P0} in Wien.", ("on March 12, 2025",)),
    ("Er kam am 12.03.2025 und ging 1.-3. Mai.", f"Er kam {P0} und ging {P1}.", ("on March 12, 2025", "May 1-3")),
    ("Im Mai 2025 oder am 24.12. oder 3. Okt. 2020.", f"{P0} oder {P1} oder {PLACEHOLDERS[2]}.",
     ("in May 2025", "on December 24", "October 3, 2020")),
    ("Am 5.3. beginnt er, Version 5.3. nicht.", f"{P0} beginnt er, Version {P1}. nicht.", ("on March 5", "5.3")),
])
def test_a_german_date_is_one_placeholder_in_english_order(source, masked, fills):
    assert Numbers().apply(source) == (masked, fills)


@pytest.mark.parametrize("source, masked, fills", [
    ("Der 4.6. ist ein Montag.", f"{P0} ist ein Montag.", ("June 4",)),            # "The 4.6 is a Monday."
    ("Wir freuen uns auf den 3. Mai und den 4.10.", f"Wir freuen uns auf {P0} und {P1}.", ("May 3", "October 4")),
    ("Wir kommen bis zum 4.6.", f"Wir kommen {P0}.", ("until June 4",)),   # the date's full stop ends the sentence
    ("Der 4.6 kg schwere Hund.", f"Der {P0} schwere Hund.", ("4.6 kg",)),           # no full stop: a number
])
def test_a_german_date_takes_its_article_and_leaves_the_sentences_full_stop(source, masked, fills):
    """English writes no article before a date ("The May 3 is a Monday."); a translation lost its full stop."""
    assert Numbers().apply(source) == (masked, fills)


def test_a_short_german_date_after_a_weekday_is_a_date():
    """"am Di., 4.6., um 10 Uhr" came back as "on Tuesday, 4.6., at 10 o'clock": an English decimal."""
    assert Numbers().apply("Am Di., 4.6., und Freitag, 7.6. ist zu; Version 5.3. nicht.")[1] == \
        ("on Tuesday, June 4", "Friday, June 7", "5.3")


@pytest.mark.parametrize("source, target, line, fills", [
    ("en", "de", "Since May 15 he works, until June 30, 2026.", ("seit dem 15. Mai", "bis zum 30. Juni 2026")),
    ("en", "de", "Open till the 3rd of May.", ("bis zum 3. Mai",)),
    ("de", "en", "Seit dem 15. Mai arbeitet er, bis zum 30. Juni.", ("since May 15", "until June 30")),
    ("de", "en", "Ab dem 1. Juli ist zu, bis 3. Mai offen.", ("from July 1", "May 3")),     # "bis" alone: the model's
    ("de", "en", "Sie wohnt seit 2019 hier, seit 2000 Jahren.", ("since 2019", "for 2000 years")),   # a year; a count
    ("de", "en", "Ihre E-Mail vom 3. Mai, vom 1. Juni bis zum 3. Juni.", ("from May 3", "from June 1 until June 3")),
    ("de", "en", "Die Messe ist vom 3. bis 5. Mai, von 1. bis zum 4. Juni und 7.-9. Mai.",   # days of one month
     ("from May 3 to 5", "from June 1 to 4", "May 7-9")),
    ("en", "de", "Open from May 3 to 5, from the 1st to the 4th of June, May 7-9 and from July 1.",
     ("vom 3. bis 5. Mai", "vom 1. bis 4. Juni", "7.-9. Mai", "1. Juli")),      # one day: "ab dem" or "vom"
    ("en", "de", "Closed May 3 to 5 pm.", ("3. Mai", "17 Uhr")),                  # a date and a time
    ("de", "en", "Das Fest ist am 3. und 4. Mai, 7. und 9. Juni.", ("on May 3 and 4", "June 7 and 9")),  # two days
    ("en", "de", "The fair is on May 3 and 4, the 7th and 9th of June.", ("am 3. und 4. Mai", "7. und 9. Juni")),
    ("en", "de", "Since 1999 we dance.", ("seit 1999",)),
    ("de", "en", "Im Jahr 2024 kamen 5, im Jahre 1985 keiner.", ("in 2024", "5", "in 1985")),
    ("en", "de", "He was born in 1985 in Berlin. In 2024, we met in 2000 meters.",
     ("im Jahr 1985", "im Jahr 2024", "2000 Metern")),                       # a count after "in" is no year
    ("en", "de", "They came in June 2019, in Mar. 2021 and since May 2020.",         # a month with its year
     ("im Juni 2019", "im März 2021", "seit Mai 2020")),
    ("de", "en", "Sie kamen im Juni 2019, Im März 2021 und seit Mai 2020.", ("in June 2019", "in March 2021",
                                                                           "since May 2020")),
])
def test_a_preposition_before_a_date_comes_with_it_in_the_targets_words(source, target, line, fills):
    """A model wrote "Since May 15 he ..." as "Rolle 15. Mai ...": the preposition travels with the date."""
    assert Numbers(source, target).apply(line)[1] == fills


@pytest.mark.parametrize("source, fills", [
    ("On May 3, 22 kids play.", ("am 3. Mai", "22")),
    ("It was 3 May 2025, on the 3rd of May, May 3rd and May 2025.", ("3. Mai 2025", "am 3. Mai", "3. Mai",
                                                                      "Mai 2025")),
    ("The concert is on March 12, 2025 in Vienna.", ("am 12. März 2025",)),
    ("Open May 1-3.", ("1.-3. Mai",)),
    ("The meeting is on 12/24/2026 at 6 p.m.", ("am 24. Dezember 2026", "um 18 Uhr")),   # the day past 12: US order
    ("Born 31/1/1999 in Leeds.", ("31. Januar 1999",)),                               # and British
])
def test_an_english_date_is_one_placeholder_in_german_order(source, fills):
    assert Numbers("en", "de").apply(source)[1] == fills


def test_a_lowercase_may_after_a_word_that_says_so_is_the_month():
    """A line in lowercase, or in capitals, which the case step writes as the corpus writes the verb "may"."""
    cased = Case(Lexicon.learn([("We may meet on the street.", "-")])).apply("WE MEET ON MAY 3.")[0]
    assert Numbers("en", "de").apply(cased) == (f"We meet {P0}.", ("am 3. Mai",))
    assert Numbers("en", "de").apply("we meet on may 3 and since may 2019 we may 3 times.")[1] == \
        ("am 3. Mai", "seit Mai 2019", "3 Mal")


@pytest.mark.parametrize("source, target, line, fills", [
    ("de", "en", "Mein Flug geht am Montag, dem 3. März, um 7:45 Uhr.", ("on Monday, March 3", "at 7:45")),
    ("de", "en", "Die Feier ist am Freitag, den 12. Mai 2025.", ("on Friday, May 12, 2025",)),
    ("de", "en", "Montag, 3. März: geschlossen. Am Montag ist zu.", ("Monday, March 3",)),   # no date: the name's
    ("en", "de", "My flight leaves on Monday, March 3rd at 7:45 a.m.", ("am Montag, dem 3. März", "um 7:45 Uhr")),
    ("en", "de", "The party is on Friday, 12 May 2025.", ("am Freitag, dem 12. Mai 2025",)),
    ("en", "de", "SUNDAY, MARCH 3 we are closed.", ("Sonntag, 3. März",)),
    ("de", "en", "Wir treffen uns am Fr., 12.7. um 18 Uhr.", ("on Friday, July 12", "at 6 pm")),   # abbreviated
    ("de", "en", "Mo., 3.5.2025 geschlossen", ("Monday, May 3, 2025",)),
    ("en", "de", "See you on Fri., July 12.", ("am Freitag, dem 12. Juli",)),
])
def test_a_weekday_before_a_date_is_part_of_it(source, target, line, fills):
    """As three placeholders ("am Montag", "dem", "3. März") a model wrote the date last: "My flight is walking on
    Monday, at 7:45, March 3."."""
    assert Numbers(source, target).apply(line)[1] == fills


@pytest.mark.parametrize("source, lang", [
    ("Er ist 3.5. Dann 31.02.2025 und 1.200.000 und 12.500.000.", "de"),   # a decimal, no 31 February, thousands
    ("You may 3 times. The Mayor 3. Marching 3 bands.", "en"),               # the verb, words that begin like a month
    ("Sie kamen 03/12/2025.", "en"),                                          # numeric English: which is the month?
    ("Due 2/30/2025, 13/14/2020, 1/2/3 or 12/24/26.", "en"),             # no 30 February, no month, no year
])
def test_what_only_looks_like_a_date_is_none(source, lang):
    assert find_dates(source, lang, "en" if lang == "de" else "de") == []


def test_a_german_ordinal_before_a_noun_is_an_english_ordinal_and_back():
    assert Numbers().apply("Er wurde der 3. Platz im 19. Jahrhundert, am 11. Tag, 22. Runde, 101. Mal.")[1] == \
        ("3rd", "19th", "11th", "22nd", "101st")
    assert Numbers().apply("Er zählt bis 3. Dann geht er.")[1] == ("3",)           # "Dann" opens a sentence
    assert Numbers("en", "de").apply("He finished 3rd in the 21st race.") == (f"He finished {P0} in the {P1} race.",
                                                                              ("3.", "21."))
    assert find_ordinals("Der 3. Platz", "de", "fr") == []


def test_a_german_ordinal_before_a_lowercase_word_is_an_ordinal_and_one_before_an_opening_word_is_none():
    assert Numbers().apply("Er wurde 1. beim Rennen und die 3. große Runde.") == \
        (f"Er wurde {P0} beim Rennen und die {P1} große Runde.", ("1st", "3rd"))
    assert Numbers().apply("Er zählt bis 3. dann geht er.")[1] == ("3",)          # "dann" opens a sentence


@pytest.mark.parametrize("output", [f"He was {P0} at the race.", f"He was {P0}. at the race.", f"{P0} at the race."])
def test_a_german_ordinal_before_a_lowercase_word_keeps_its_meaning_whatever_the_model_does_with_its_stop(output):
    """A weak model dropped the full stop a German "1." left outside its placeholder: "He was 1 at the race."."""
    pipeline = Pipeline.from_config(DataConfig())
    applied = pipeline.apply("Er wurde 1. beim Rennen.")
    back = pipeline.reverse_line([pipeline.reverse_sentence(output, applied.states[0]).text], applied.line_states)
    assert back.count("1st") == 1 and "1 " not in back and "1." not in back


def test_a_training_pair_carries_a_date_and_an_ordinal_however_the_target_writes_them():
    assert Numbers().apply_pair("Die Feier des 4. Juli im 25. Jahr.", "The 4th of July party in the 25th year.") == \
        (f"Die Feier des {P0} im {P1} Jahr.", f"The {P0} party in the {P1} year.")
    assert Numbers("en", "de").apply_pair("At 3rd Street.", "An der 3rd Street.") == (f"At {P0} Street.",
                                                                                     f"An der {P0} Street.")
    assert Numbers().apply_pair("Am 3. Mai.", "On May 4.") == ("Am 3. Mai.", "On May 4.")


@pytest.mark.parametrize("value, lead", [("bis zum 31. Dezember", 2), ("At around 5 pm", 2), ("um 20 Uhr", 1),
                                         ("seit 2019", 1), ("from May 3 to 5", 1), ("Jonas Weber", 0),
                                         ("December 31", 0), ("ambition", 0)])
def test_a_value_opens_with_as_many_words_of_its_preposition_as_the_leads_have(value, lead):
    assert lead_words(value.split()) == lead


def test_an_abbreviated_gegen_before_a_time_is_its_preposition():
    """"Wir treffen uns gg. 18 Uhr." was two sentences, "gg." the first's end: "We are gathering using us. 6 pm."."""
    pipeline = Pipeline.from_config(DataConfig(src_lang="de", tgt_lang="en"))
    applied = pipeline.apply("Wir treffen uns gg. 18 Uhr.")
    assert applied.sentences == [f"Wir treffen uns {P0}."]
    assert pipeline.fills(applied.states[0]) == ("around 6 pm",)
