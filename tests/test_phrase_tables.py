"""text/forms/phrase_tables.py: every table is keyed as a sentence is looked up, and a pair reads both ways."""
import pytest

from text.forms.phrase_tables import ENGLISH, PAIRS, TABLES, phrase_key


@pytest.mark.parametrize("pair", sorted(TABLES))
def test_every_key_is_written_as_a_sentence_is_looked_up(pair):
    assert [key for key in TABLES[pair] if key != phrase_key(key)] == []


def test_each_pair_reads_both_ways_and_the_last_named_translation_wins():
    german, english = TABLES[("de", "en")], TABLES[("en", "de")]
    for de, en in PAIRS:
        assert german[phrase_key(de)] == [e for d, e in PAIRS if phrase_key(d) == phrase_key(de)][-1]
        assert english[phrase_key(en)] == [d for d, e in PAIRS if phrase_key(e) == phrase_key(en)][-1]
    assert german["die rechnung bitte"] == "The bill, please" and english["the check please"] == "Die Rechnung, bitte"


@pytest.mark.parametrize("phrase, key", [("Die Rechnung, bitte", "die rechnung bitte"), ("I’m  lost", "i am lost"),
                                         ("What’s up", "what is up")])
def test_a_sentences_key_is_lower_case_without_commas_and_one_space_apart(phrase, key):
    assert phrase_key(phrase) == key


def test_a_phrase_is_found_with_its_contraction_written_out_as_the_contractions_step_writes_it():
    """"You're welcome!" came through the contractions step as "You are welcome!", a phrase no table held."""
    assert ENGLISH[phrase_key("You are welcome")] == ENGLISH[phrase_key("You're welcome")] == "Gern geschehen"
