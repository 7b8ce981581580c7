"""text/finders/calendar_names.py: a month or weekday name outside a date comes out in the target's words, for any
model."""
import re

import pytest

from config import DataConfig
from text.finders.calendar_names import CalendarNames
from text.finders.timed_signs import TimedSigns
from text.finders.numbers import Numbers
from text.forms.calendar import weekly
from text.forms.lexicon import Lexicon
from text.forms.masking import PLACEHOLDER, PLACEHOLDERS
from text.pipeline import Pipeline
from text.steps.placeholders import Placeholders

P0, P1 = PLACEHOLDERS[:2]
PAIRS = [("Ein Mann geht mit dem Hund im Wasser.", "A man walks the dog in the water.")] * 5


def copying(masked: str, _: str) -> str:
    """A model that knows no word: it writes its source again, placeholders and all."""
    return masked


def junk(masked: str, target: str) -> str:
    """A weak model: words of its own, then the placeholders the search owes, in order."""
    words = "Ein Mann haired mmers" if target == "de" else "There is haired mmers"
    return " ".join([words, *PLACEHOLDER.findall(masked)]) + " ."


def translate(line: str, source: str, target: str, model) -> str:
    """The line through the whole pipeline (names step included), `model` translating each masked sentence."""
    lexicon = Lexicon.learn(PAIRS if source == "de" else [(b, a) for a, b in PAIRS])
    pipeline = Pipeline.from_config(DataConfig(src_lang=source, tgt_lang=target), lexicon=lexicon)
    applied = pipeline.apply(line)
    outputs = [pipeline.reverse_sentence(model(sentence, target), states).text
               for sentence, states in zip(applied.sentences, applied.states)]
    return pipeline.reverse_line(outputs, applied.line_states)


def count(words: str, text: str) -> int:
    """How often `words` stand in the text as whole words, the first maybe capitalized (it may open the line)."""
    first = f"[{words[0]}{words[0].upper()}]" + re.escape(words[1:])
    return len(re.findall(rf"(?<!\w){first}(?!\w)", text))


@pytest.mark.parametrize("model", [copying, junk])
@pytest.mark.parametrize("line, wanted, gone", [
    ("In February it snows.", ["im Februar"], ["February"]),
    ("A man walks in Munich in December.", ["München", "im Dezember"], ["Munich", "December"]),
    ("On Monday the man runs.", ["am Montag"], ["Monday"]),
    ("The market is on June 31.", ["am Juni", "31"], ["June"]),                # no such date: its number as typed
    ("The party is on Monday, May 5, 2025.", ["am Montag", "5. Mai 2025"], ["Monday", "May"]),
    ("The shop opens Mon-Fri, closes in Sept. and on Sat. too.", ["Montag-Freitag", "im September", "am Samstag"],
     ["Mon", "Fri", "Sept", "Sat"]),
])
def test_english_months_and_weekdays_come_out_german_once_from_any_model(model, line, wanted, gone):
    out = translate(line, "en", "de", model)
    assert all(count(w, out) == 1 for w in wanted), out
    assert not any(count(g, out) for g in gone), out


@pytest.mark.parametrize("model", [copying, junk])
@pytest.mark.parametrize("line, wanted, gone", [
    ("Im Februar schneit es.", ["in February"], ["Februar"]),
    ("Ein Mann läuft in München im Dezember.", ["Munich", "in December"], ["München", "Dezember"]),
    ("Am Montag, 5. Mai 2025, ist ein Fest.", ["on Monday", "May 5, 2025"], ["Montag", "Mai"]),
    ("Geöffnet Mo.-Fr. und am Sonntag.", ["Monday-Friday", "on Sunday"], ["Mo", "Fr", "Sonntag"]),
])
def test_german_months_and_weekdays_come_out_english_once_from_any_model(model, line, wanted, gone):
    out = translate(line, "de", "en", model)
    assert all(count(w, out) == 1 for w in wanted), out
    assert not any(count(g, out) for g in gone), out


@pytest.mark.parametrize("line, fills", [
    ("Anfang Mai, Mitte Juni und Ende Juli.", ("early May", "mid-June", "late July")),
    ("Er kommt Ende Mai 2024.", ("late May 2024",)),
    ("We leave in mid-May, in early June or late July; a mid-size car.", ("Mitte Mai", "Anfang Juni", "Ende Juli")),
])
def test_the_start_middle_or_end_of_a_month_comes_with_it(line, fills):
    """"Anfang Mai" came back as "Anfang May": the word before the month was left to the model; "in mid-May" as
    "mitten in der Luft"."""
    source, target = ("en", "de") if line.startswith("We") else ("de", "en")
    assert Placeholders([Numbers(source, target), CalendarNames(source, target)]).apply(line)[1] == fills


def test_letters_a_model_glues_to_the_name_go():
    """A 30-minute model wrote "Das Museum ist montags geschlossen." as "The museum is \ue000ed." (its state is now
    one with its days: a line of another word)."""
    glued = lambda masked, target: masked.replace(" voll", "ed")
    assert translate("Das Museum ist montags voll.", "de", "en", glued) == "Das Museum ist on Mondays."
    assert translate("It opens in May ok.", "en", "de", lambda m, t: m.replace(" ok", "s")) == "It opens im Mai."


def test_a_sentence_that_opens_with_the_name_opens_with_it_capitalized():
    assert translate("In February it snows.", "en", "de", copying) == "Im Februar it snows."
    assert translate("Am Montag läuft der Mann.", "de", "en", copying) == "On Monday läuft der Mann."


@pytest.mark.parametrize("line, fills", [
    ("He came in May and June, not in March.", ("im Mai", "Juni", "im März")),   # after a word that says so
    ("In March Madness shirts, in March.", ("im März",)),                      # a name's first word
    ("May I come? They march past the Chung May Market in May.", ("im Mai",)),  # the verb, a name; the month
    ("We rely on May on Sat. and on June 31.", ("am Samstag", "am Juni", "31")),   # "on" a month: with a day
    ("June and April sing on June 5 in early April.", ("am 5. Juni", "Anfang April")),  # first names; a date; a cue
    ("The Sun is hot, Jan sat down, Wed. is a word but not on Wed. here.", ("am Mittwoch",)),  # alone: words
    ("Sunday-best clothes on a Sunday afternoon.", ("Sonntag",)),              # a hyphened word is another word
    ("IN DECEMBER, ON FRIDAY.", ("IM DEZEMBER", "AM FREITAG")),                  # a line in capitals, no case step
])
def test_a_name_that_is_a_word_too_is_a_month_only_where_the_words_around_it_say_so(line, fills):
    placeholders = next(s for s in Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de")).steps
                        if isinstance(s, Placeholders))
    assert placeholders.apply(line)[1] == fills


def test_german_august_is_a_month_only_after_a_word_that_says_so():
    assert CalendarNames("de", "en").apply("August kam im August, seit Anfang Sept. zu Fr. Koch und bis Fr.") == \
        (f"August kam {P0}, seit {P1} zu Fr. Koch und bis {PLACEHOLDERS[2]}.",
         ("in August", "early September", "Friday"))
    assert CalendarNames("de", "en").apply("Er sagt: „Bis Fr.“") == (f"Er sagt: „Bis {P0}.“", ("Friday",))  # its stop
    assert CalendarNames("de", "fr").apply("Am Montag.") == ("Am Montag.", ())


def test_training_pairs_are_left_as_they_are():
    assert CalendarNames("en", "de").apply_pair("On Monday.", "Am Montag.") == ("On Monday.", "Am Montag.")


@pytest.mark.parametrize("line, fills", [
    ("Am Wochenende geschlossen.", ("Closed on weekends",)),
    ("Sonntags geschlossen!", ("Closed on Sundays",)),
    ("Mo-Fr geöffnet", ("Open Monday-Friday",)),
    ("Wir haben am Montag geschlossen.", ("on Monday",)),          # not where the days open no sign's line
    ("Am Wochenende geschlossen, werktags 9-18 Uhr.", ("On weekends", "on weekdays")),   # more after it
    ("Mo geschlossen.", ("Closed Monday",)),            # a weekday's abbreviation as the line's days: "Mo has his
    ("So geöffnet!", ("Open Sunday",)),                 # closed." (as "Montag geschlossen." is "Closed Monday")
    ("Sonntag Ruhetag", ("Closed Sunday",)),            # its day of rest: "Sunday Ruhetag"
])
def test_a_signs_line_of_its_days_and_closed_or_open_is_one_phrase_in_english_order(line, fills):
    """"Am Wochenende geschlossen." came back as "On weekends has his closed."."""
    assert [span.fill for span in CalendarNames("de", "en").find(line)] == list(fills)


@pytest.mark.parametrize("line, fills", [
    ("Mo um 8 geschlossen.", ("Closed Monday at 8 o'clock",)),
    ("Am Wochenende bis 14 Uhr geöffnet!", ("Open on weekends until 2 pm",)),
    ("Sa 10-14 Uhr geöffnet.", ("Open Saturday 10 am-2 pm",)),                # a range: each hour a span
    ("Heute ab 14 Uhr geschlossen.", ("Closed today from 2 pm",)),            # today for its days
    ("Heute um 8 Uhr gehen wir.", ()),
    ("Mo geschlossen. Wir haben Mo um 8 geschlossen.", ()),                    # no time; the days open no line
    ("Mo um 8 geschlossen, Di offen.", ()),                                    # its state closes no line
])
def test_a_signs_line_of_its_days_a_time_and_its_state_is_one_phrase_in_english_order(line, fills):
    """"Mo um 8 geschlossen." came back as "Monday has at 8 o'clock closed." from a 30-minute model."""
    assert [span.fill for span in Placeholders([TimedSigns(CalendarNames(), Numbers())]).find(line)] == list(fills)
    assert translate("Mo um 8 geschlossen.", "de", "en", copying) == "Closed Monday at 8 o'clock."


@pytest.mark.parametrize("line, fills", [
    ("Der Laden ist heute geschlossen.", ("closed today",)),
    ("Das Geschäft ist ab Montag geöffnet.", ("open from Monday",)),
    ("Das Museum ist montags geschlossen.", ("closed on Mondays",)),
    ("Die Bank ist heute ab 14 Uhr geschlossen.", ("closed today from 2 pm",)),
    ("Der Laden ist geschlossen.", ()), ("Er ist heute müde.", ()),             # no days, no state
    ("Der Laden ist heute geschlossen, aber offen.", ()),                      # its state closes no line
])
def test_a_state_after_its_verb_with_its_days_is_one_phrase_in_english_order(line, fills):
    """"Der Laden ist heute geschlossen." came back "The store is today closed." from a 30-minute model."""
    assert [span.fill for span in Placeholders([TimedSigns(CalendarNames(), Numbers())]).find(line)] == list(fills)


@pytest.mark.parametrize("languages, line, fills", [
    (("de", "en"), "Öffnungszeiten: Mo.-Fr. 8-18 Uhr, Sa. 9-14 Uhr.", ("Monday-Friday", "Saturday")),
    (("en", "de"), "Open Sat. 9 am-2 pm, Sun 5 pm.", ("Samstag", "Sonntag")),   # without its stop before a time
    (("de", "en"), "Öffnungszeiten: Mo-Fr 9-18 Uhr, Sa 10-14 Uhr, So geschlossen.",
     ("Monday-Friday", "Saturday", "Sunday")),
    (("en", "de"), "Sat 9-1, Sun 10-4", ("Samstag", "Sonntag")),                  # a sign's bare hours
    (("en", "de"), "Sun 5 people. So 5 Leute.", ()),                               # no time after it: a word
    (("de", "en"), "Heute haben wir So geschlossen. Er kommt Di um 8, Do ab 10 Uhr.",
     ("Sunday", "Tuesday", "Thursday")),
    (("de", "en"), "Am So geschlossen, Mo Ruhetag, am Mi zu.", ("on Sunday", "Monday", "on Wednesday")),
    (("de", "en"), "So geschlossen wie nie. Das ist Di Maria. So um 8 Uhr.", ()),   # the adverb opening a sentence
    (("de", "en"), "Sa und So geschlossen. Mo bis Fr geöffnet.", ("Saturday", "Sunday", "Monday to Friday")),
    (("de", "en"), "Di und Mi sind Freunde. Mo und Lea um 8.", ()),              # no day after it: names
    (("de", "en"), "Ich treffe Mo um 8. Wir gehen mit Di um 8 ins Kino.", ()),     # after one who meets: a name
    (("de", "en"), "Mo um 8 geschlossen. Wir sehen uns Do um 8.", ("Monday", "Thursday")),    # a sign's, not "uns"
])
def test_a_weekdays_abbreviation_before_a_time_or_opening_hours_word_is_the_weekday(languages, line, fills):
    """"Er kommt Di um 8." kept "Di" as a name; "Heute haben wir So geschlossen." came back as "Today have soda."."""
    assert [span.fill for span in CalendarNames(*languages).find(line)] == list(fills)


@pytest.mark.parametrize("languages, line, masked, fills", [
    (("en", "de"), "The shop is open on Saturdays.", f"The shop is open {P0}.", ("samstags",)),
    (("en", "de"), "We work on Mondays and Fridays.", f"We work {P0} and {P1}.", ("montags", "freitags")),
    (("en", "de"), "Saturdays are busy.", "Saturdays are busy.", ()),                 # a noun: the model's
    (("en", "de"), "Open Sundays 10-4, closed Mondays.", f"Open {P0} 10-4, closed {P1}.", ("sonntags", "montags")),
    (("de", "en"), "Wir schlafen sonntags lange.", f"Wir schlafen {P0} lange.", ("on Sundays",)),
    (("en", "de"), "Open weekends 10-4, weekdays 9-5, closed on weekends.",
     f"Open {P0} 10-4, {P1} 9-5, closed {PLACEHOLDERS[2]}.",
     ("am Wochenende", "werktags", "am Wochenende")),                  # "Open weekends 10-4" -> "Fall wirft 10-16 Uhr"
    (("en", "de"), "Weekends are fun.", "Weekends are fun.", ()),                      # a noun: the model's
    (("de", "en"), "Werktags 9-18 Uhr, AM WOCHENENDE nicht.", f"{P0} 9-18 Uhr, {P1} nicht.",
     ("On weekdays", "ON WEEKENDS")),                                  # "Werktags open ..."
])
def test_on_saturdays_is_one_german_word_samstags_and_back(languages, line, masked, fills):
    assert CalendarNames(*languages).apply(line) == (masked, fills)


@pytest.mark.parametrize("languages, line, fills", [
    (("de", "en"), "Wir haben von Montag bis Freitag geöffnet.", ("from Monday to Friday",)),
    (("de", "en"), "Vom Januar bis März, Mo. bis Fr.", ("From January to March", "Monday to Friday")),
    (("en", "de"), "We are open from Monday to Friday, May through June.", ("von Montag bis Freitag", "Mai bis Juni")),
    (("en", "de"), "I went from May to the park.", ("Mai",)),                     # no second name: no range
    (("en", "de"), "The meeting was moved from Tuesday to Thursday.", ("Dienstag", "Donnerstag")),   # a change
])
def test_a_range_in_words_is_one_placeholder_with_its_words(languages, line, fills):
    """"Wir haben von Montag bis Freitag geöffnet." came back as "We have open from Monday for Friday." from a
    30-minute model; "We are open from Monday to Friday." lost "from" and "to" with a 300-step one."""
    assert [span.fill for span in CalendarNames(*languages).find(line)] == list(fills)


@pytest.mark.parametrize("line, source, target, weekday", [
    ("Samstags geschlossen.", "de", "en", "Saturdays"), ("Closed on Saturdays.", "en", "de", "samstags"),
])
def test_every_weeks_day_is_written_as_the_opening_frames_write_it(line, source, target, weekday):
    """"montags" <-> "on Mondays": one function (text/forms/calendar.py: weekly) writes it here and in
    text/forms/opening_frames.py."""
    assert weekly(6, target) == weekday
    assert weekday in [str(span.fill) for span in CalendarNames(source, target).find(line)][0]
