"""text/finders/abbreviations.py: a common abbreviation is one placeholder, written as the target abbreviates."""
import pytest

from config import DataConfig
from text.finders.abbreviations import Abbreviations
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline

P0, P1 = PLACEHOLDERS[:2]


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Wir brauchen ca. 20 Stühle, z.B. aus Holz.", ["approx.", "e.g."]),
    ("de", "en", "Ca. 20 Leute, d. h. alle, im Haus Nr. 12.", ["Approx.", "i.e.", "No. 12"]),
    ("de", "en", "Der Preis inkl. MwSt. ist hoch, inkl. Porto.", ["incl. VAT", "incl."]),     # one phrase, longest
    ("en", "de", "We need approx. 20 chairs, e.g. wooden ones, at No. 12.", ["ca.", "z. B.", "Nr. 12"]),
    ("en", "de", "It costs $20 incl. VAT.", ["inkl. MwSt."]),
    ("de", "en", "Siehe S. 12 und Abb. 3.", ["p. 12", "Fig. 3"]),        # a model wrote "Siehe S. 12" as "They 12."
    ("en", "de", "See p. 12 and Fig. 3.", ["S. 12", "Abb. 3"]),
    ("de", "en", "Der Laden hat tgl. geöffnet.", ["daily"]),           # a model kept "tgl."
])
def test_an_abbreviation_is_the_targets(source, target, text, fills):
    assert [span.fill for span in Abbreviations(source, target).find(text)] == fills


@pytest.mark.parametrize("source, target, text, fill", [
    ("de", "en", "Brot, Käse usw.", "etc"), ("en", "de", "Bread, cheese, etc.", "usw"),
    ("de", "en", "Er sagt „Brot usw.“", "etc")])
def test_one_that_ends_the_sentence_leaves_its_period_to_the_sentence(source, target, text, fill):
    span, = Abbreviations(source, target).find(text)
    assert span.fill == fill and text[span.end] == "."


@pytest.mark.parametrize("source, target, text", [
    ("de", "en", "Nr.5 und www.usw.de und Ausw. und Bca. 3"),      # a run of its own, a domain, inside a word
    ("en", "de", "I said no. No, she said. No. Say No."),          # "No." only before a number
    ("de", "en", "Peter S. Müller und S. Weber."),                  # a one-letter one too: else an initial
    ("en", "de", "I ate a fig. Then at 5 p.m. we met John P. Smith."),
    ("de", "fr", "Wir brauchen ca. 20 Stühle."),                    # no table for the pair
])
def test_what_is_no_abbreviation_of_the_table_stays(source, target, text):
    assert Abbreviations(source, target).find(text) == []


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Zimmer Nr. 5 ist frei, siehe Bd. 2, Kap. 12a.", ["No. 5", "vol. 2", "ch. 12a"]),
    ("en", "de", "Read vol. 2, ch. 3 and No. 7.", ["Bd. 2", "Kap. 3", "Nr. 7"]),
    ("de", "en", "Nr. 12,5 und S. 3/4", ["No.", "p."]),         # no plain number after it: the numbers finder's
])
def test_one_that_numbers_something_takes_its_number_along(source, target, text, fills):
    """"Zimmer Nr. 5 ist frei." came back as "No. is for 5." from a 30-minute model (two placeholders)."""
    assert [span.fill for span in Abbreviations(source, target).find(text)] == fills


def test_the_pipeline_carries_it_as_a_placeholder_beside_the_number():
    pipeline = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"))
    applied = pipeline.apply("A man carries approx. 20 boxes.")
    assert applied.sentences == [f"A man carries {P0} {P1} boxes."]
    output = pipeline.reverse_sentence(f"Ein Mann trägt {P0} {P1} Kisten.", applied.states[0]).text
    assert pipeline.reverse_line([output], applied.line_states) == "Ein Mann trägt ca. 20 Kisten."


@pytest.mark.parametrize("source, target, text, fills", [
    ("de", "en", "Obst z.B Äpfel, d.h Vitamine", ["e.g.", "i.e."]), ("de", "en", "Brot, Milch usw", ["etc."]),
    ("de", "en", "Usw, z. B Kaffee bzw Tee", ["Etc.", "e.g."]),       # "bzw" is the model's: it writes "or"
    ("en", "de", "Fruit, e.g apples, pears etc", ["z. B.", "usw."]),
    ("de", "en", "Auswahl zB usw.de usws", [])])                       # no word, domain or longer word
def test_one_of_examples_or_lists_without_its_final_stop_is_found_too(source, target, text, fills):
    """"Obst z.B Äpfel" came back "Fruits", "Äpfel, Birnen usw" "Apples": the abbreviation was lost."""
    assert [span.fill for span in Abbreviations(source, target).find(text)] == fills
