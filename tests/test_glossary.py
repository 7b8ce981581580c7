"""text/glossary.py and glossary files: each term comes out as the user's target term."""
import pytest

from text.glossary import Glossary
from text.placeholders import PLACEHOLDERS
from util.errors import UserError
from util.textio import read_glossary

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


def test_a_term_given_two_translations_is_refused_naming_both_lines(tmp_path):
    same = tmp_path / "same.tsv"
    same.write_text("Fahrrad\tbike\nFahrrad\tbike\n", encoding="utf-8")
    assert read_glossary(same) == {"Fahrrad": "bike"}                # said twice alike: no conflict
    twice = tmp_path / "twice.tsv"
    twice.write_text("Fahrrad\tbike\nHund\tdog\nFahrrad\tbicycle\n", encoding="utf-8")
    with pytest.raises(UserError, match="twice.tsv lines 1 and 3 translate 'Fahrrad' two ways"):
        read_glossary(twice)
