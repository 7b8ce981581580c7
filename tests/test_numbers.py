"""text/finders/numbers.py: numbers leave a German source as placeholders for their English form, training pairs carry
them on both sides, and the search may never write a digit."""
import pytest

from data.subwords import Subwords
from config import DataConfig
from probes.lines import probe_lines
from text.finders.digit_runs import DigitRuns
from text.finders.numbers import Numbers
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline
from text.steps.placeholders import Placeholders

P0, P1, P2 = PLACEHOLDERS[:3]


@pytest.mark.parametrize("source, masked, fills", [
    ("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", f"Die Frau kauft {P0} Äpfel für {P1}.", ("3.5 kg", "€12")),
    ("Der Zug fährt um 14:30 Uhr ab.", f"Der Zug fährt {P0} ab.", ("at 2:30 pm",)),    # a time with its "um"
    ("Treffen um 8 Uhr.", f"Treffen {P0}.", ("at 8 o'clock",)),
    ("Es ist 8 Uhr, jetzt ist es 8 Uhr.", f"{P0}, jetzt ist es {P1}.", ("It is 8 o'clock", "8 o'clock")),  # "There is"
    ("es ist 14:30.", f"{P0}.", ("it is 2:30 pm",)),           # "Es ist" opening the sentence: "It is"; its time as
    ("Es ist 9:15.", f"{P0}.", ("It is 9:15",)),                 # "Es ist 14:30 Uhr." gives it (it gave "It is 14:30")
    ("Es ist 8.", f"{P0}.", ("It is 8",)),                 # a number alone that ends it too ("There is 8.")
    ("Es ist 8 Jahre her.", f"Es ist {P0} her.", ("8 years",)),            # not one before more
    ("Es ist 25 Grad.", f"{P0}.", ("It is 25 degrees",)),        # before a temperature, a distance, a weight too
    ("Es war 8 Uhr.", f"{P0}.", ("It was 8 o'clock",)),          # "There are 8 o'clock."
    ("Ein Airbus A380 und COVID-19.", f"Ein Airbus {P0} und {P1}.", ("A380", "COVID-19")),
    ("Code ABC-123-XYZ, Modell X-1000-B.", f"Code {P0}, Modell {P1}.", ("ABC-123-XYZ", "X-1000-B")),   # whole
    ("Die Covid-19-Pandemie.", f"Die {P0}-Pandemie.", ("Covid-19",)),       # a word after it is left to the model
    ("Es kostet 25 000 Euro, 1 000 000,50 €.", f"Es kostet {P0}, {P1}.", ("€25,000", "€1,000,000.50")),  # spaced
    ("Er hat 3 100-Euro-Scheine.", f"Er hat {P0} {P1}-Euro-Scheine.", ("3", "100")),     # two numbers
    ("Er zahlt 2 Euro 50, dann 2 Euro 50 Leuten.", f"Er zahlt {P0}, dann {P1} {PLACEHOLDERS[2]} Leuten.",
     ("€2.50", "€2", "50")),                                    # the cents after the currency: one price
    ("Ein 3-jähriger Junge läuft 1.200 m.", f"Ein {P0}-jähriger Junge läuft {P1}.", ("3", "1,200 m")),
    ("Zwei Hunde spielen.", "Zwei Hunde spielen.", ()),
    ("Es ist -5 Grad, nachts −12,5.", f"{P0}, nachts {P1}.", ("It is -5 degrees", "-12.5")),   # signs belong to it
    ("Es kamen 1e5 Leute, um 3-5 Uhr.", f"Es kamen {P0} Leute, um {P1}-{PLACEHOLDERS[2]}.",
     ("1e5", "3", "5 o'clock")),                                                     # exponents too; a range is two
])
def test_numbers_become_placeholders_that_stand_for_their_english_form(source, masked, fills):
    assert Numbers().apply(source) == (masked, fills)


@pytest.mark.parametrize("languages, source, masked, fills", [
    (("de", "en"), "Bitte lesen Sie § 5 Abs. 2.", f"Bitte lesen Sie {P0} Abs. {P1}.", ("§ 5", "2")),
    (("de", "en"), "Nach §§ 3 und §12,5 gilt das.", f"Nach {P0} und {P1} gilt das.", ("§§ 3", "§12.5")),
    (("en", "de"), "Read § 1,200 now.", f"Read {P0} now.", ("§ 1.200",)),
])
def test_a_section_sign_belongs_to_its_number_as_typed(languages, source, masked, fills):
    assert Numbers(*languages).apply(source) == (masked, fills)


def test_the_part_of_the_day_after_a_german_time_is_part_of_it():
    assert Numbers().apply("Um 8 Uhr abends und um 6 Uhr früh, 10 Uhr Abendessen.") == (
        "\ue000 und \ue001, \ue002 Abendessen.", ("at 8 pm", "at 6 am", "10 o'clock"))


def test_a_training_pair_takes_a_section_sign_only_where_the_target_has_it_too():
    assert Numbers().apply_pair("Siehe § 5.", "See § 5.") == (f"Siehe {P0}.", f"See {P0}.")
    assert Numbers().apply_pair("Siehe § 5.", "See section 5.") == ("Siehe § 5.", "See section 5.")


def test_a_training_pair_gets_placeholders_only_where_every_number_is_on_both_sides():
    assert Numbers().apply_pair("Ein Mann mit 3,5 kg und 12 Euro.", "A man with 3.5 kg and 12 euros.") == \
        (f"Ein Mann mit {P0} und {P1}.", f"A man with {P0} and {P1}.")
    unmatched = ("Fünf Männer, 5 Hunde.", "Five men, five dogs.")
    assert Numbers().apply_pair(*unmatched) == unmatched
    assert Numbers().apply_pair("Um 14 Uhr.", "At 2 pm.") == (f"{P0}.", f"{P0}.")      # the time is one span
    assert Numbers().apply("Um 14 Uhr, 8 Uhr und 9.15 Uhr.")[1] == ("at 2 pm", "8 o'clock", "9:15")
    assert Numbers().apply_pair("Es ist -5 Grad.", "It is -5 degrees.") == (f"{P0}.", f"{P0}.")    # "Es ist" both
    said = ("Es ist 25 Grad heute.", "Today it is 25 degrees.")             # "It is" not opening the target: as is
    assert Numbers().apply_pair(*said) == said


def test_a_training_pair_carries_a_measure_as_one_placeholder_however_the_target_writes_it():
    assert Numbers().apply_pair("Er läuft 10 Kilometer in 3 Sekunden.", "He runs 10 km in 3 seconds.") == \
        (f"Er läuft {P0} in {P1}.", f"He runs {P0} in {P1}.")
    assert Numbers().apply_pair("Er läuft 10 km.", "He runs 10 miles.") == ("Er läuft 10 km.", "He runs 10 miles.")
    assert Numbers("en", "de").apply_pair("A child around 6 months old.", "Ein etwa 6 Monate altes Kind.") == \
        (f"A child around {P0}.", f"Ein etwa {P0} Kind.")         # "6 months old" meets "6 Monate altes"


def test_every_piece_with_a_digit_is_banned_and_nothing_else():
    joint = Subwords.learn([["Ein", "Hund", "3", "A380", P0], ["A", "dog", "12"]] * 30, 300, symbols=PLACEHOLDERS)
    banned = {joint.vocab.itos[i] for i in Numbers().banned_pieces(joint.vocab.itos)}
    digit_pieces = {p for p in joint.vocab.itos if any(c.isdigit() for c in p) and not p.startswith("<0x")}
    assert digit_pieces and digit_pieces <= banned
    assert "<0x31>" in banned and "<0x41>" not in banned and P0 not in banned and "<eos>" not in banned
    assert all(joint.split([p]) in ([p], ["▁", p], ["▁" + p]) for p in PLACEHOLDERS)   # one piece each


@pytest.mark.parametrize("source, fills", [
    ("A woman buys 3.5 kg of apples for 12 euros at 2:30 pm.", ("3,5 kg", "12 €", "um 14:30 Uhr")),
    ("The price is 1,200.50 euros, or -5 at 11 am, 12 p.m. or 3 o'clock.", ("1.200,50 €", "-5", "um 11 Uhr", "12 Uhr",
                                                                           "3 Uhr")),
    ("At 14:30 we meet.", ("um 14:30 Uhr",)),                                  # hours and minutes after "at": a time
])
def test_english_numbers_come_back_in_german_format(source, fills):
    assert Numbers("en", "de").apply(source)[1] == fills


@pytest.mark.parametrize("source, masked, fills", [
    ("The train leaves at 7 a.m.", f"The train leaves {P0}.", ("um 7 Uhr",)),      # its period ends the sentence too
    ("WE MEET AT 2:30 P.M.", f"WE MEET {P0}.", ("um 14:30 Uhr",)),
    ("It opens at 9 a.m. on Monday.", f"It opens {P0} on Monday.", ("um 9 Uhr",)),   # inside a sentence: the clock's
])
def test_a_sentence_that_ends_in_am_keeps_its_full_stop_outside_the_time(source, masked, fills):
    assert Numbers("en", "de").apply(source) == (masked, fills)


@pytest.mark.parametrize("source, masked, fills", [
    ("It is 10 o'clock, now it is 8 o'clock.", f"{P0}, now it is {P1}.", ("Es ist 10 Uhr", "8 Uhr")),   # "Ich ist"
    ("it is 5 pm.", f"{P0}.", ("es ist 17 Uhr",)),
    ("It is 3 o'clock in the afternoon.", f"{P0}.", ("Es ist 15 Uhr",)),        # the part of the day with it
    ("It was 5 o'clock.", f"{P0}.", ("Es war 5 Uhr",)),                          # "Ich habe 5 Uhr."
    ("Is it 10:30?", f"{P0}?", ("Ist es 10:30 Uhr",)),                             # "Ist 10:30?"
    ("It is 8 years old.", f"It is {P0}.", ("8 Jahre alt",)),                    # not one before more
    ("It is 2 mi away.", f"{P0} away.", ("Es ist 2 Meilen",)),                   # a measure too: "Ich ist 2 Meilen"
    ("It is 70°F outside, it was 5 kg.", f"{P0} outside, it was {P1}.", ("Es ist 70°F", "5 kg")),   # opening only
])
def test_it_is_opening_an_english_sentence_before_its_time_is_es_ist(source, masked, fills):
    assert Numbers("en", "de").apply(source) == (masked, fills)


@pytest.mark.parametrize("languages, source, masked, fills", [
    (("en", "de"), "Prices rose by 15%, sales went up by $5 million.", f"Prices rose {P0}, sales went up {P1}.",
     ("um 15%", "um 5 Millionen $")),                                               # "am 15%" from a strong model
    (("en", "de"), "The team won by 3 points.", f"The team won by {P0} points.", ("3",)),     # no change: the model's
    (("de", "en"), "Der Preis ist um 5 Euro gestiegen.", f"Der Preis ist {P0} gestiegen.", ("by €5",)),   # "around"
])
def test_the_size_of_a_change_takes_its_preposition_along(languages, source, masked, fills):
    assert Numbers(*languages).apply(source) == (masked, fills)


def test_a_german_translation_of_a_sentence_that_ends_in_pm_ends_in_a_full_stop():
    pipeline = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"))
    applied = pipeline.apply("We meet at 2:30 p.m.")
    assert applied.sentences == [f"We meet {P0}."]
    output = pipeline.reverse_sentence(f"Wir treffen uns {P0}", applied.states[0]).text   # a model's open end
    assert pipeline.reverse_line([output], applied.line_states) == "Wir treffen uns um 14:30 Uhr."


def test_an_english_german_training_pair_carries_its_time_of_day_as_one_placeholder():
    assert Numbers("en", "de").apply_pair("A woman buys 3.5 kg at 2:30 pm.", "Eine Frau kauft 3,5 kg um 14:30 Uhr.") == \
        (f"A woman buys {P0} {P1}.", f"Eine Frau kauft {P0} {P1}.")


@pytest.mark.parametrize("source, fills", [
    ("Um 16:45 Uhr, 14 Uhr und 9.15 Uhr.", ("at 4:45 pm", "2 pm", "9:15")),     # pm where "14 Uhr" is "2 pm"
    ("Um 24 Uhr, 0 Uhr, 0:15 Uhr und 12 Uhr.", ("at midnight", "midnight", "12:15 am", "noon")),
    ("Offen zwischen 14 und 15 Uhr.", ("2", "3 pm")),                             # "between 2 and 3 pm"
    ("Zwischen 11 und 13 Uhr.", ("11 am", "1 pm")),                              # from the morning: am
    ("Zwischen 10 und 12 Uhr.", ("10 am", "12 pm")),                              # not "10 o'clock" to "noon"
    ("Ab 14 Uhr 30.", ("from 2:30 pm",)),
    ("Um 25 Uhr.", ("25 Uhr",)),                                                    # no time: as written
])
def test_times_of_day_follow_one_english_convention(source, fills):
    assert Numbers().apply(source)[1] == fills


@pytest.mark.parametrize("source, fills", [
    ("Nur .5 oder ,5 von Nr.1", (".5", ",5", "Nr.1")), ("Ein 2x3 m großes Bild ab 14h30", ("2x3", "from 2:30 pm")),
    ("Haus 12a hat 10% von 1/2 m².", ("12a", "10%", "1/2", "m²")), ("Mit 1,5% und ½ Liter.", ("1.5%", "½ liter")),
    ("Um 3-5 Uhr und 14-16 Uhr.", ("3-5 o'clock", "2-4 pm")), ("In den 80er-Jahren und 1950ern.", ("80s", "1950s")),
    ("Offen 10-12 Uhr, 3,5-4,5 kg.", ("10 am-12 pm", "3.5-4.5 kg")),
    ("Ein Zimmer von 3 x 4 m, ein Brett von 2,5 × 30 cm.", ("3 x 4 m", "2.5 × 30 cm")),    # a size is one run
])
def test_a_run_with_digits_that_is_no_number_travels_whole(source, fills):
    masked, got = Placeholders([DigitRuns(Numbers()), Numbers()]).apply(source)
    assert got == fills and not any(c.isdigit() or c in "½²" for c in masked)


def test_a_magnitude_glued_to_a_price_stays_with_its_number():
    source = "The price is $5k or £2.5m."
    masked, got = Placeholders([DigitRuns(Numbers("en", "de")), Numbers("en", "de")]).apply(source)
    assert (masked, got) == (f"The price is {P0} or {P1}.", ("5.000 $", "2,5 Mio. £"))   # not "5 $k", nor "5k $"


def test_a_currency_sign_after_a_number_and_its_magnitude_comes_with_them():
    """"It costs 5k €." came back as "Ich kostet 5k.": the sign went to the model, which lost it."""
    masked, got = Placeholders([DigitRuns(Numbers("en", "de")), Numbers("en", "de")]).apply("It costs 5k € or 7k $.")
    assert (masked, got) == (f"It costs {P0} or {P1}.", ("5.000 €", "7.000 $"))
    assert Placeholders([DigitRuns(Numbers()), Numbers()]).apply("Es kostet 5k €.")[1] == ("€5k",)


def test_an_english_decade_is_a_german_one():
    source = "In the 1990s and the 80s, not the '60s or 1960's."
    masked, got = Placeholders([DigitRuns(Numbers("en", "de")), Numbers("en", "de")]).apply(source)
    assert (masked, got) == (f"In the {P0} and the {P1}, not the {P2} or {PLACEHOLDERS[3]}.",
                             ("1990er", "80er", "60er", "1960er"))


@pytest.mark.parametrize("source, masked, fills", [
    ("Eine 2-Zimmer-Wohnung.", f"Eine {P0}-Zimmer-Wohnung.", ("2",)),
    ("Zwei 20-Jährige im 5-Sterne-Hotel.", f"Zwei {P0}-Jährige im {P1}-Sterne-Hotel.", ("20", "5")),
    ("Ein 10-minütiger Lauf, 1,5-fach.", f"Ein {P0}-minütiger Lauf, {P1}-fach.", ("10", "1.5")),
    ("Die COVID-19-Pandemie, ein 2:1-Sieg.", f"Die {P0}-Pandemie, ein {P1}-Sieg.", ("COVID-19", "2:1")),
    ("Ein 3er-Pack, 2-3-Zimmer, 14-16-Uhr-Takt.", "Ein \ue000, \ue001, \ue002.", ("3er-Pack", "2-3-Zimmer",
                                                                               "14-16-Uhr-Takt")),
])
def test_a_number_joined_to_words_by_hyphens_is_a_number_and_the_words_are_left_to_the_model(source, masked, fills):
    assert Placeholders([DigitRuns(Numbers()), Numbers()]).apply(source) == (masked, fills)


@pytest.mark.parametrize("languages, source, masked, fills", [
    (("en", "de"), 'He is 5\'11" tall.', f"He is {P0}.", ("5 Fuß 11 Zoll groß",)),   # feet and inches, whole, in
    (("en", "de"), 'A 6\'2" man and a 5\' 4" girl.', f"A {P0} man and a {P1} {P2} girl.",     # German words, as "6
     ("6 Fuß 2 Zoll", "5 Fuß", "4 Zoll")),                                 # feet" ("Er ist hohe 6'2\"." from a model)
    (("en", "de"), "The board is 2' wide.", f"The board is {P0}.", ("2 Fuß breit",)),
    (("en", "de"), 'A 3.5" drive.', f"A {P0} drive.", ("3,5 Zoll",)),
    (("de", "en"), 'Er ist 5\'11" groß.', f"Er ist {P0} groß.", ('5\'11"',)),          # English writes them so
    (("en", "de"), "He said 'I am 30'.", f"He said 'I am {P0}'.", ("30",)),       # a quotation's closing mark
    (("de", "en"), 'Er ruft "Nummer 5" und "Nummer 6".', f'Er ruft "Nummer {P0}" und "Nummer {P1}".', ("5", "6")),
])
def test_a_foot_or_inch_mark_after_a_number_travels_with_it(languages, source, masked, fills):
    assert Placeholders([DigitRuns(Numbers(*languages)), Numbers(*languages)]).apply(source) == (masked, fills)


def test_digit_runs_leave_training_pairs_to_the_number_step():
    pair = ("Ein Mann in den 30ern mit 10%.", "A man in his 30s with 10%.")
    assert Placeholders([DigitRuns(Numbers()), Numbers()]).apply_pair(*pair) == Numbers().apply_pair(*pair)


def test_a_line_whose_only_digits_are_another_scripts_has_its_numbers():
    """"٣" is a digit as "3" is (a line without any is not searched for numbers)."""
    assert [(s.start, s.end, s.fill) for s in Numbers().find("Er hat ٣ Hunde, sie ३.")] == [(7, 8, "٣"), (20, 21, "३")]


HOSTILE = ["Nr.1 .5 ,5 2x3 14h30 m² 12a 10% 1/2 ½ ¾ 3² x²", "Tel. +49 (0)30 123-456, Fax 030/123456",
           "1.-3. Mai, 3,5-4,5 kg, 5€, €5, $3.50, 5$, US$5,000, 20°C, -3°, 10 km/h, 100km/h, 5'000, 1'000.50",
           "Zimmer 3.OG, B2B, MP3-Player, 4K, 3D-Film, 1️⃣ #2 @user1 a1b2c3 2:1-Sieg 24/7 9-to-5 v1.2.3",
           "08:00-17:00 Uhr, 8–12 Uhr, 1990er, 30ern, 3. Oktober, am 24.12.2020 um 14.30 Uhr ٣ ३"]


@pytest.mark.parametrize("direction", [("de", "en"), ("en", "de")])
def test_no_digit_of_a_probe_line_is_left_outside_a_placeholder(direction):
    """Every digit reaches the output as a placeholder the model copies (the search may write none itself)."""
    pipeline = Pipeline.from_config(DataConfig(src_lang=direction[0], tgt_lang=direction[1]))
    lines = [p.source for p in probe_lines("-".join(direction))] + HOSTILE
    for line in lines:
        applied = pipeline.apply(line)
        left = [c for s in applied.sentences for c in s if c.isdigit() or c.isnumeric()]
        assert not left, (line, applied.sentences)


def test_a_training_pair_takes_a_times_preposition_only_where_the_target_has_one_too():
    assert Numbers().apply_pair("Er kommt um 14 Uhr.", "He comes at 2 pm.") == (f"Er kommt {P0}.", f"He comes {P0}.")
    assert Numbers("en", "de").apply_pair("He comes around 2 pm.", "Er kommt gegen 14 Uhr.") == \
        (f"He comes {P0}.", f"Er kommt {P0}.")
    assert Numbers().apply_pair("Er kommt um 14 Uhr.", "He comes by 2 pm.") == ("Er kommt um 14 Uhr.",
                                                                               "He comes by 2 pm.")


def test_a_pipeline_reads_a_texts_numbers_once_for_its_number_compounds_digit_runs_and_numbers(monkeypatch):
    """Each of the three asked Numbers.find about the same text: a third of preparing Multi30K went to reading the
    numbers of each caption three times."""
    import text.finders.numbers as numbers_module
    from text.finders.finder import masked
    from text.finders.number_compounds import NumberCompounds

    reads = []
    read_dates = numbers_module.find_dates
    monkeypatch.setattr(numbers_module, "find_dates",
                        lambda text, *langs: reads.append(text) or read_dates(text, *langs))
    numbers = Numbers()
    finders = [NumberCompounds(numbers, None), DigitRuns(numbers), numbers]
    assert masked(finders, "Zwei Hunde rennen 3 km, am 12.03.2025.")[1] == ("3 km", "on March 12, 2025")
    assert masked(finders, "Ein Hund.")[1] == () and masked(finders, "Ein 5-Sterne-Hotel.")[1] == ("5-star",)
    assert reads == ["Zwei Hunde rennen 3 km, am 12.03.2025.", "Ein 5-Sterne-Hotel."]     # no digit: not read
