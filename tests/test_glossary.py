"""text/finders/glossary.py and glossary files: each term comes out as the user's target term."""
import re

import pytest

from config import DataConfig
from text.finders.glossary import EverydayNouns, Glossary, Terms, term_pattern
from text.forms.lexicon import TAUGHT, Lexicon
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline
from util.errors import UserError
from util.textio import read_glossary
from tests.commands import run

P0, P1, P2 = PLACEHOLDERS[:3]


def test_terms_match_whole_words_as_written_longest_first():
    glossary = Glossary({"Fahrrad": "bike", "rotes Fahrrad": "red racer"})
    assert glossary.apply("Ein rotes Fahrrad und ein Fahrrad. Fahrradhelm, fahrrad.") == \
        (f"Ein {P0} und ein {P1}. Fahrradhelm, fahrrad.", ("red racer", "bike"))


def test_terms_that_begin_or_end_with_punctuation_match_where_they_stand():
    glossary = Glossary({"(x": "(ex", "[": "<", "C++": "C plus plus"})
    text, fills = glossary.apply("Ein (x und [y] in C++.")
    assert (text, fills) == (f"Ein {P0} und {P1}y] in {P2}.", ("(ex", "<", "C plus plus"))


def test_glossary_files_are_tab_separated_and_a_bad_line_is_named(tmp_path):
    good = tmp_path / "terms.tsv"
    good.write_text("# German\tEnglish\nFahrrad\tbike\n\nKölner Dom\tCologne Cathedral\n", encoding="utf-8")
    assert read_glossary(good) == {"Fahrrad": "bike", "Kölner Dom": "Cologne Cathedral"}
    bad = tmp_path / "bad.tsv"
    bad.write_text("Fahrrad\tbike\nHund dog\n", encoding="utf-8")
    with pytest.raises(UserError, match="bad.tsv line 2: expected `source term<TAB>target term`"):
        read_glossary(bad)


@pytest.mark.parametrize("to, example", [("de", "(English<TAB>German here)"), ("en", "(German<TAB>English here)")])
def test_a_bad_glossary_line_names_the_languages_of_the_way_translate_py_goes(both_run, synthetic_env, tmp_path, to,
                                                                               example):
    bad = tmp_path / "bad.tsv"
    bad.write_text("dog\n", encoding="utf-8")
    proc = run(["translate.py", "--checkpoint", str(both_run / "best.pt"), "--to", to, "--glossary", str(bad)],
               synthetic_env, stdin=b"The dog sleeps.\n", check=False)
    assert proc.returncode == 2 and example in proc.stderr.decode(), proc.stderr


def test_a_term_given_two_translations_is_refused_naming_both_lines(tmp_path):
    same = tmp_path / "same.tsv"
    same.write_text("Fahrrad\tbike\nFahrrad\tbike\n", encoding="utf-8")
    assert read_glossary(same) == {"Fahrrad": "bike"}                # said twice alike: no conflict
    twice = tmp_path / "twice.tsv"
    twice.write_text("Fahrrad\tbike\nHund\tdog\nFahrrad\tbicycle\n", encoding="utf-8")
    with pytest.raises(UserError, match="twice.tsv lines 1 and 3 translate 'Fahrrad' two ways"):
        read_glossary(twice)


def test_terms_and_targets_are_cleaned_as_typed_text_is(tmp_path):
    file = tmp_path / "terms.tsv"
    file.write_text("\ufeff# German\tEnglish\nFahr\u00adrad\tbike\ue000\x07\nKölner\u00a0 Dom\tCologne Cathedral\n"
                    "Mu\u0308nchen\tMunich\n\u200b\tnothing\n", encoding="utf-8")
    glossary = Glossary(read_glossary(file))
    assert glossary.terms.targets == {"Fahrrad": "bike", "Kölner Dom": "Cologne Cathedral", "München": "Munich"}
    assert glossary.apply("Mit dem Fahrrad zum Kölner Dom in München.")[1] == ("bike", "Cologne Cathedral", "Munich")


def test_a_term_never_matches_inside_a_url_an_address_or_a_number_but_may_be_one_whole():
    glossary = Glossary({"de": "DE", "zoo": "Zoo", "5": "five", "A380": "Airbus A380"})
    assert glossary.apply("Auf www.wetter.de, info@zoo.de, 3,5 und 1.5 sieht man 5 und A380.") == \
        (f"Auf www.wetter.de, info@zoo.de, 3,5 und 1.5 sieht man {P0} und {P1}.", ("five", "Airbus A380"))


@pytest.mark.parametrize("direction, terms, line, masked, fills", [
    (("de", "en"), {"Euro": "euros"}, "Das kostet 12 Euro.", f"{P0} {P1}.", ("That costs", "€12")),
    (("de", "en"), {"Uhr": "clock"}, "Um 14 Uhr kommt die Uhr.", f"{P0} kommt die {P1}.", ("at 2 pm", "clock")),
    (("de", "en"), {"Nr.": "No."}, "Haus Nr.5 und Nr. 7.", f"Haus {P0} und {P1} {P2}.", ("Nr.5", "No.", "7")),
    (("de", "en"), {"12 Euro": "twelve euros"}, "Das kostet 12 Euro.", f"{P0} {P1}.", ("That costs", "twelve euros")),
    (("en", "de"), {"euros": "Euro"}, "It costs 12 euros.", f"{P0} {P1}.", ("Es kostet", "12 €")),
])
def test_a_term_that_is_a_numbers_unit_never_cuts_the_number_which_wins_with_its_unit(direction, terms, line, masked,
                                                                                       fills):
    pipeline = Pipeline.from_config(DataConfig(src_lang=direction[0], tgt_lang=direction[1]), terms)
    applied = pipeline.apply(line)
    assert (applied.sentences, pipeline.fills(applied.states[0])) == ([masked], fills)


@pytest.mark.parametrize("direction, terms, line, masked, fills", [
    (("de", "en"), {"50%": "half"}, "Ein Mann mit 50% Rabatt.", f"Ein Mann mit {P0} Rabatt.", ("half",)),
    (("en", "de"), {"50%": "die Hälfte"}, "A man with 50% off.", f"A man with {P0} off.", ("die Hälfte",)),
])
def test_a_term_that_holds_all_of_a_numbers_digits_wins_over_its_span(direction, terms, line, masked, fills):
    pipeline = Pipeline.from_config(DataConfig(src_lang=direction[0], tgt_lang=direction[1]), terms)
    applied = pipeline.apply(line)
    assert (applied.sentences, pipeline.fills(applied.states[0])) == ([masked], fills)


def test_no_digit_is_left_outside_a_placeholder_whatever_the_glossary():
    units = {"Euro": "euros", "Uhr": "clock", "Nr.": "No.", "kg": "kilos", "%": "percent", "Jahre": "years",
             "Zimmer": "room", "m²": "square metres", "€": "EUR", "Sieg": "win", "x": "times"}
    pipeline = Pipeline.from_config(DataConfig(), units)
    for line in ["Das kostet 12 Euro, 3 EUR oder 5 €.", "Um 14 Uhr, 14:30 Uhr und 8 Uhr 30.", "Nr.5, Nr. 7, Nr5.",
                 "3,5 kg, 10%, 10 %, 1/2 m², 2x3, 2 x 3.", "Eine 2-Zimmer-Wohnung, ein 2:1-Sieg, 80er-Jahre."]:
        applied = pipeline.apply(line)
        assert not [c for s in applied.sentences for c in s if c.isdigit()], (line, applied.sentences)


def test_the_everyday_nouns_mask_only_a_word_the_corpus_lacks_and_no_glossary_or_training_pair_changes_that():
    lexicon = Lexicon.learn([("Mein Handy hat keinen Hund mehr.", "My cellphone has no dog anymore.")])
    pipeline = Pipeline.from_config(DataConfig(), lexicon=lexicon)
    applied = pipeline.apply("Mein Handy hat keinen Akku mehr.")
    assert applied.sentences == [f"Mein Handy hat keinen {PLACEHOLDERS[0]} mehr."]     # "Handy": the corpus'
    assert pipeline.reverse_sentence(f"My cellphone has no {PLACEHOLDERS[0]} anymore.", applied.states[0]).text == \
        "My cellphone has no battery anymore."
    assert pipeline.apply("Ist mein Akku leer?", pipeline.terms({"Hund": "hound"})).sentences == \
        [f"Ist mein {PLACEHOLDERS[0]} leer?"]                   # a request's glossary keeps the built-in one
    applied = pipeline.apply("Mein Handy hat einen Termin und eine E-Mail.")
    assert pipeline.reverse_sentence(f"It has a {PLACEHOLDERS[0]} and A {PLACEHOLDERS[1]}.", applied.states[0]).text \
        == "It has an appointment and An email."                     # the model's "a" agrees with the noun
    lower = pipeline.apply("mein handy hat keinen akku mehr.", pipeline.terms({"Hund": "hound"}))
    assert lower.sentences == [f"Mein Handy hat keinen {PLACEHOLDERS[0]} mehr."]   # in a lowercase line too
    pair = ("Mein Akku ist leer.", "My battery is dead.")
    assert pipeline.steps[5].apply_pair(*pair) == pair
    sign = pipeline.apply("Achtung: Rutschgefahr!")
    assert pipeline.reverse_sentence(sign.sentences[0], sign.states[0]).text == "Attention: slippery floor!"
    knowing = Lexicon.learn([("Der Akku ist leer.", "The battery is dead.")] * TAUGHT)
    assert EverydayNouns(knowing).find("Mein Akku ist leer.") == []                  # a word the corpus teaches
    assert EverydayNouns(Lexicon.learn([("Der Akku ist leer.", "The battery is dead.")] * (TAUGHT - 1))).find(
        "Mein Akku ist leer.") != []                                                 # held, but too rarely


def test_an_everyday_noun_into_german_gives_its_gender_to_the_article_before_it():
    lexicon = Lexicon.learn([("The dog sees the cat.", "Der Hund sieht die Katze.")])     # no "printer"
    pipeline = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"), lexicon=lexicon)
    applied = pipeline.apply("The printer is broken again.")     # "broken", which this corpus lacks, too
    assert applied.sentences == [f"The {PLACEHOLDERS[0]} is {PLACEHOLDERS[1]} again."]
    assert pipeline.reverse_sentence(f"Die {PLACEHOLDERS[0]} ist wieder {PLACEHOLDERS[1]}.", applied.states[0]).text \
        == "Der Drucker ist wieder kaputt."
    assert [s.fill for s in EverydayNouns(lexicon, "en", "de").find("Passwords and a receipt.")] == \
        ["Passwörter", "Quittung"]
    assert EverydayNouns(lexicon, "en", "de").find("He will address the crowd.") == []      # a verb too: the model's
    assert EverydayNouns(Lexicon.learn([("Ein Hund.", "A dog.")])).find("Ein Rezept.") == []    # a recipe too
    assert EverydayNouns(lexicon, "en", "de").find("There is a delay.") == []   # no "eine Verspätungen": German only
    nouns = EverydayNouns(lexicon, "en", "de")             # a noun before an object pronoun is a verb: the model's
    assert nouns.find("Email me tomorrow.") == [] and nouns.find("Please email us the file.") == []
    assert [s.fill for s in nouns.find("I sent her an email.")] == ["E-Mail"]


def test_a_pharmacy_and_a_main_station_are_everyday_nouns_where_the_corpus_lacks_them():
    """"Wo ist der Hauptbahnhof?" came back as "Where is the Hauptbahnhof?", "Where is the main station?" as "Wo ist
    der Mann?"."""
    lexicon = Lexicon.learn([("Der Hund sieht die Katze.", "The dog sees the cat.")])
    assert [s.fill for s in EverydayNouns(lexicon).find("Wo ist der Hauptbahnhof oder eine Apotheke?")] == \
        ["main station", "pharmacy"]
    assert [s.fill for s in EverydayNouns(lexicon, "en", "de").find("Where is the main station?")] == ["Hauptbahnhof"]


def test_the_terms_trie_finds_what_one_alternation_longest_first_finds():
    """term_pattern is a trie of the terms' characters (a thousand terms as one alternation cost milliseconds a
    sentence); it must match as the alternation of the terms, longest first, each bounded where it is a word's."""
    def alternation(terms, flags=0):
        def bounded(term):
            return ((r"(?<!\w)" if re.match(r"\w", term) else "") + re.escape(term) +
                    (r"(?!\w)" if re.search(r"\w$", term) else ""))
        return re.compile("|".join(bounded(t) for t in sorted(terms, key=len, reverse=True)), flags)
    terms = ["Kölner Dom", "Kölner", "Dom", "(x", "x)", "C++", "C", "Nr.", "Nr. 5", "de", "Essen", "essen", "a b c",
             "a b", "b c", "über", "Über Uns", "5%", "%"]
    texts = ["Vor dem Kölner Dom (x) und Kölnerin.", "C++ und C, C#, Nr. 5, Nr. 6, Nr.7 www.wetter.de",
             "a b c d a b b c ab c", "Essen essen ESSEN über Über uns Über Uns 5% % 50%", ""]
    for flags in (0, re.IGNORECASE):
        for text in texts:
            assert [m.span() for m in term_pattern(terms, flags).finditer(text)] == \
                [m.span() for m in alternation(terms, flags).finditer(text)], (text, flags)


def test_terms_compile_at_the_first_line_that_may_hold_one_and_find_it_in_any_case():
    """A thousand terms take tens of milliseconds to compile: a command that translates lines without them never
    does; a line with one of their first words does, once."""
    terms = Terms({"Kölner Dom": "Cologne Cathedral", "E-Mail": "email", "(x": "y"})
    words = Terms({"Kölner Dom": "Cologne Cathedral", "E-Mail": "email"})
    assert not words.may_hold("Ein Hund läuft.") and Glossary(words).find("Ein Hund läuft.") == []
    assert "pattern" not in vars(words) and "any_case" not in vars(words)
    assert words.may_hold("Vor dem KÖLNER Dom.") and words.in_any_case("Vor dem KÖLNER DOM.") == [(8, 18, "Kölner Dom")]
    assert [s.fill for s in Glossary(words).find("Eine E-Mail vom Kölner Dom.")] == ["email", "Cologne Cathedral"]
    assert terms.first_words is None and terms.may_hold("Ein Hund.")     # a term opening with a mark: any line
