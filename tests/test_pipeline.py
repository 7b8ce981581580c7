"""text/pipeline.py: a checkpoint's steps in order and back, per line and per sentence, and for training pairs."""
import pytest

from config import Config, DataConfig
from text.forms.lexicon import Lexicon
from text.forms.masking import PLACEHOLDERS
from text.pipeline import Pipeline
from text.step import Step
from text.steps.placeholders import Placeholders
from util.errors import UserError

P0, P1 = PLACEHOLDERS[:2]


def placeholders_step() -> Placeholders:
    return next(s for s in Pipeline.from_config(DataConfig()).steps if isinstance(s, Placeholders))


class Upper(Step):
    """A line step: upper case in, lower case out; training pairs upper-cased on both sides."""

    def apply(self, text):
        return text.upper(), None

    def reverse(self, output, state):
        return output.lower()

    def apply_pair(self, source, target):
        return source.upper(), target.upper()


class Halves(Step):
    """A splitting step: a line in two halves at " | ", joined back with " / "."""
    splits = True

    def apply(self, text):
        return text.split(" | "), None

    def reverse(self, outputs, state):
        return " / ".join(outputs)


def test_a_config_with_placeholders_gets_numbers_and_the_glossary_and_one_without_gets_nothing():
    with_placeholders = Pipeline.from_config(DataConfig())
    applied = with_placeholders.apply("Ein Hund kauft 3,5 kg.")
    assert applied.sentences == [f"Ein Hund kauft {P0}."]
    assert with_placeholders.reverse_sentence(f"A dog buys {P0}.", applied.states[0]) == ("A dog buys 3.5 kg.", 0)
    assert with_placeholders.reverse_sentence("A dog buys.", applied.states[0]).lost == 1
    glossary = Pipeline.from_config(DataConfig(), {"Hund": "poodle"}).apply("Ein Hund kauft 3 kg.")
    assert glossary.sentences == [f"Ein {P0} kauft {P1}."]
    plain = Pipeline.from_config(DataConfig(placeholders=False))
    assert [type(s).__name__ for s in plain.steps] == ["Normalize", "Contractions", "Sentences", "FirstCapital",
                                                     "EnglishPast", "EnglishPerson", "FinalMark", "InnerStop",
                                                     "StopSpacing", "StrayMarks"]
    assert plain.apply("Ein Hund kauft 3 kg.").sentences == ["Ein Hund kauft 3 kg."]


def test_the_steps_come_in_order_and_those_that_read_the_corpus_need_its_lexicon():
    lexicon = Lexicon.learn([("Ein Mann spielt Gitarre in Berlin.", "A man plays guitar in Berlin.")])
    full = Pipeline.from_config(DataConfig(), lexicon=lexicon)
    assert [type(s).__name__ for s in full.steps] == ["Normalize", "Contractions", "Quotations", "Umlauts", "Case",
                                                "Placeholders", "Typos", "FirstCapital", "EnglishPast", "EnglishPerson",
                                                "FinalMark", "InnerStop", "StopSpacing", "StrayMarks"]
    assert [type(s).__name__ for s in full.steps[5].steps] == ["Slots", "Glossary", "Phrases", "TimedSigns",
                                                               "NamedAges", "Abbreviations", "NumberedWords",
                                                               "ClockWords", "Adverbs",
                                                               "FormalAddress", "Nouns", "EverydayNouns", "Predicates",
                                                               "CopyThrough", "Fractions",
                                                               "NumberCompounds", "DigitRuns", "Numbers",
                                                               "SpelledAmounts", "CalendarNames", "Names",
                                                               "OpeningPronouns", "GermanVerbs"]
    without = Pipeline.from_config(DataConfig())
    assert [type(s).__name__ for s in without.steps[3].steps] == ["Slots", "Glossary", "Phrases", "TimedSigns",
                                                                  "Abbreviations", "NumberedWords", "ClockWords",
                                                                  "FormalAddress",
                                                                  "CopyThrough", "Fractions",
                                                                  "NumberCompounds", "DigitRuns", "Numbers",
                                                                  "SpelledAmounts", "CalendarNames",
                                                                  "OpeningPronouns"]
    off = Pipeline.from_config(DataConfig(sentences=False, case=False, names=False, copy_through=False,
                                          phrases=False, marks=False), lexicon=lexicon)
    assert [type(s).__name__ for s in off.steps] == ["Normalize", "Contractions", "Umlauts", "Placeholders", "Typos",
                                                     "FirstCapital", "EnglishPast", "EnglishPerson", "FinalMark",
                                                     "InnerStop", "StopSpacing"]


def test_a_line_goes_through_every_step_and_back():
    lexicon = Lexicon.learn([("Ein Mann spielt Gitarre in Berlin.", "A man plays guitar in Berlin.")] * 3)
    pipeline = Pipeline.from_config(DataConfig(), lexicon=lexicon)
    applied = pipeline.apply("\ufeffEIN MANN SPIELT   GITARRE IN ULLRICHS GARTEN 📷. Hallo!")
    assert applied.sentences == [f"Ein Mann spielt Gitarre in {P0} {P1}.", P0 + "!"]   # "Ullrichs Garten": one name
    outputs = [pipeline.reverse_sentence(f"A man plays guitar in {P0} {P1}.", applied.states[0]).text,
               pipeline.reverse_sentence(f"{P0}!", applied.states[1]).text]
    assert pipeline.reverse_line(outputs, applied.line_states) == "A MAN PLAYS GUITAR IN ULLRICHS GARTEN 📷. Hello!"


def test_a_line_or_a_quotation_of_one_noun_comes_back_as_the_nouns_translation():
    lexicon = Lexicon.learn([("Auf dem Schild steht ein Hund.", "A sign says a dog.")] * 3)
    lexicon.nouns = {"bäckerei": "bakery", "hund": "dog"}
    pipeline = Pipeline.from_config(DataConfig(), lexicon=lexicon)
    for line, sentences, outputs, expected in [
            ("Hund!", [f"{P0}!"], [f"{P0}!"], "Dog!"), ("Bäckerei.", [f"{P0}."], [f"{P0}."], "Bakery."),
            ("Auf dem Schild steht „Bäckerei“.", [P0, f"Auf dem Schild steht {P0}."], [P0, f"A sign says {P0}."],
             "A sign says “Bakery”.")]:
        applied = pipeline.apply(line)
        assert applied.sentences == sentences
        translations = [pipeline.reverse_sentence(o, states).text for o, states in zip(outputs, applied.states)]
        assert pipeline.reverse_line(translations, applied.line_states) == expected


def test_a_model_without_placeholders_refuses_a_glossary():
    with pytest.raises(UserError, match="without placeholders"):
        Pipeline.from_config(DataConfig(placeholders=False), {"Hund": "dog"})
    old = Config.from_dict({"data": {"units": "subword"}})      # a config saved before placeholders existed
    assert not old.data.placeholders and not old.data.names
    assert "Placeholders" not in [type(s).__name__ for s in Pipeline.from_config(old.data).steps]


def test_steps_before_a_split_work_on_the_line_and_those_after_it_on_each_sentence():
    pipeline = Pipeline([Upper(), Halves(), placeholders_step()])
    applied = pipeline.apply("ein hund 3,5 | zwei 12")
    assert applied.sentences == [f"EIN HUND {P0}", f"ZWEI {P0}"]
    outputs = [pipeline.reverse_sentence(f"A DOG {P0}", applied.states[0]).text,
               pipeline.reverse_sentence(f"TWO {P0}", applied.states[1]).text]
    assert outputs == ["A DOG 3.5", "TWO 12"]
    assert pipeline.reverse_line(outputs, applied.line_states) == "a dog 3.5 / two 12"


def test_a_blank_line_has_no_sentences_and_reverses_to_nothing():
    pipeline = Pipeline.from_config(DataConfig())
    applied = pipeline.apply("   ")
    assert applied.sentences == [] and pipeline.reverse_line([], applied.line_states) == ""


def test_training_pairs_go_through_every_step_but_the_splitter():
    pipeline = Pipeline([Upper(), Halves(), placeholders_step()])
    assert pipeline.apply_pair("ein hund | 3,5 kg", "a dog | 3.5 kg") == (f"EIN HUND | {P0}", f"A DOG | {P0}")


def test_a_pipeline_splits_at_most_once():
    with pytest.raises(ValueError, match="once"):
        Pipeline([Halves(), Halves()])


def test_a_requests_glossary_is_read_by_the_built_pipeline_as_one_built_with_it_reads_it():
    lexicon = Lexicon.learn([("Ein Mann spielt Gitarre in Berlin.", "A man plays guitar in Berlin.")] * 3)
    glossary = {"Kölner Dom": "Cologne Cathedral", "Gitarre": "bass", "Euro": "euros"}
    built, shared = (Pipeline.from_config(DataConfig(), g, lexicon) for g in (glossary, None))
    terms = shared.terms(glossary)
    for line in ["Ein Mann spielt Gitarre am Kölner Dom für 12 Euro.", "ein mann spielt gitarre am kölner dom.",
                 "EIN MANN SPIELT „GITARRE“ AM KÖLNER DOM. Hallo!", "Nichts davon."]:
        assert shared.apply(line, terms) == built.apply(line)
        assert shared.apply(line) == Pipeline.from_config(DataConfig(), None, lexicon).apply(line)
    with pytest.raises(UserError, match="without placeholders"):
        Pipeline.from_config(DataConfig(placeholders=False)).terms({"Hund": "dog"})


def test_pieces_are_shown_with_a_quotations_slot_as_its_marks_and_each_placeholder_as_written():
    pipeline = Pipeline.from_config(DataConfig())
    applied = pipeline.apply("Er sagt: „Hallo, Anna!“ und lacht.")
    inner, outer = ("".join(pipeline.shown(list(sentence), shown, applied.line_states))
                    for sentence, shown in zip(applied.sentences, applied.originals))
    assert (inner, outer) == ("Hallo, Anna!", "Er sagt: “…” und lacht.")


def test_into_german_an_everyday_verb_the_corpus_lacks_comes_back_in_its_subjects_person():
    lexicon = Lexicon.learn([("A man plays guitar near his sister.", "Ein Mann spielt Gitarre.")])
    pipeline = Pipeline.from_config(DataConfig(src_lang="en", tgt_lang="de"), lexicon=lexicon)
    applied = pipeline.apply("My sister lives near the park.")
    assert applied.sentences == [f"My sister {P0} near the park."]
    output = pipeline.reverse_sentence(f"Meine Schwester {P0} am Park.", applied.states[0]).text
    assert pipeline.reverse_line([output], applied.line_states) == "Meine Schwester wohnt am Park."
