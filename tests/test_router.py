"""decoding/router.py: --to auto sends each line of a model of both directions into the other language of its own,
read by the identifier its checkpoint stores; a line it cannot tell goes the model's own way."""
import pytest

from decoding.load import load_translator
from decoding.router import Router, without_titled_names
from text.forms.language_id import LanguageId
from text.forms.lexicon import Lexicon
from util.errors import UserError

GERMAN, ENGLISH = "Der Hund schläft im Park.", "The dog sleeps in the park."


@pytest.fixture(scope="module")
def both(both_run):
    return load_translator(both_run / "best.pt")


def ways(found):
    return [(n_best[0].src_lang, n_best[0].tgt_lang) for n_best in found]


def test_auto_translates_each_line_into_the_other_language_of_its_own(both):
    assert both.lexicon.languages is not None                  # learned when the data was prepared, stored
    auto = Router(both).toward("auto")
    found = auto.translate_n_best([GERMAN, ENGLISH, "", GERMAN])
    assert ways(found) == [("de", "en"), ("en", "de"), ("de", "en"), ("de", "en")]
    assert found[0][0].text.startswith("The dog ") and found[1][0].text.startswith("Der Hund ")
    assert [n_best[0].text for n_best in found] == [both.translate([GERMAN])[0], both.toward("de").translate(
        [ENGLISH])[0], "", both.translate([GERMAN])[0]]


def test_a_line_it_cannot_tell_goes_the_models_own_way(both):
    auto = Router(both).toward("auto")
    assert [auto.read(line) for line in ("12:30", "", "?!")] == [None, None, None]
    assert ways(auto.translate_n_best(["12:30", "?!"])) == [("de", "en")] * 2


def test_a_named_language_sends_every_line_its_way(both):
    german = Router(both).toward("de")
    assert ways(german.translate_n_best([GERMAN, ENGLISH])) == [("en", "de")] * 2
    assert Router(both).toward(None).cfg.data.tgt_lang == "en"


def test_sentences_of_both_ways_are_decoded_in_one_call_each_by_its_own_translator(both):
    """What the server does: split, translate the sentences of all texts together, join."""
    auto = Router(both).toward("auto")
    splits = auto.split([ENGLISH + " " + ENGLISH, GERMAN], first_line=5)
    assert [s.to for s in splits] == ["de", "en"] and [s.line for s in splits[0].sentences] == [5, 5]
    sentences = [s for split in splits for s in split.sentences]
    joined = auto.join(splits, auto.translate_sentences(sentences))
    assert [n_best[0].text for n_best in joined] == [n_best[0].text for n_best in auto.translate_n_best(
        [ENGLISH + " " + ENGLISH, GERMAN])]


def test_a_checkpoint_stored_without_an_identifier_learns_one_from_its_lexicons(both_run):
    older = load_translator(both_run / "best.pt")
    older.lexicon.languages = None
    auto = Router(older).toward("auto")
    assert auto.identifier is not None and auto.note() is None
    assert ways(auto.translate_n_best([GERMAN, ENGLISH])) == [("de", "en"), ("en", "de")]


def test_without_a_lexicon_auto_goes_the_models_own_way_with_a_note(both_run):
    bare = load_translator(both_run / "best.pt")
    bare.lexicon = bare.toward("de").lexicon = None
    auto = Router(bare).toward("auto")
    assert auto.identifier is None and auto.note().startswith("note: this model stores no language identifier")
    assert ways(auto.translate_n_best([GERMAN, ENGLISH])) == [("de", "en")] * 2


def test_a_model_of_one_direction_is_unchanged(tiny_run):
    one = load_translator(tiny_run / "best.pt")
    auto = Router(one).toward("auto")
    assert auto.note() is None and ways(auto.translate_n_best([GERMAN, ENGLISH])) == [("de", "en")] * 2
    assert auto.translate([GERMAN]) == one.translate([GERMAN])
    with pytest.raises(UserError, match=r"^--to de: this model writes en only"):
        Router(one).toward("de")


def test_what_travels_as_written_does_not_tell_the_language(both):
    """"Kontakt: info@example.com" was read as English for the letters of its address."""
    auto = Router(both).toward("auto")
    assert auto.read("Der Hund: the.dog.sleeps.in.the.park@the-dog.com") == "de"
    assert auto.read("The dog: www.der-hund-schlaeft-im-park.de/der/hund") == "en"


def test_a_line_with_nothing_that_travels_as_written_is_not_searched_for_it(both, monkeypatch):
    """The search for what travels as written took 12 s of a line of one word of 20,000 letters (its alternatives
    are quadratic in a long word); a line without a digit, mark or dot in a word holds none of it."""
    class Unread:
        def sub(self, *args):
            raise AssertionError("searched")
    auto = Router(both).toward("auto")
    monkeypatch.setattr("decoding.router.span_pattern", Unread)
    assert auto.read("Der Hund schläft im Park " + "x" * 50) == "de"
    with pytest.raises(AssertionError):
        auto.read("Der Hund: www.der-hund.de")


def test_a_line_of_one_languages_everyday_phrases_is_read_as_that_language(both):
    """"Kind regards, Anna" was read as German ("Kind") and "Best regards" stayed undecided (German->English)."""
    auto = Router(both).toward("auto")
    assert [auto.read(line) for line in ("Kind regards, Anna", "Best regards", "Hallo Tom", "OK")] == \
        ["en", "en", "de", None]


def test_a_name_with_its_title_does_not_tell_the_language_where_other_words_do(both):
    """"I meet Frau Schneider today." was read as German for "Frau" and went English->English."""
    auto = Router(both).toward("auto")
    auto.identifier = LanguageId.learn([("Eine Frau schläft.", "I meet a dog today."),
                                        ("Der Hund schläft.", "The dog sleeps.")] * 50, "de", "en")
    assert without_titled_names("Mr. Baker meets Frau Schneider at 2:30 pm.").split() == ["meets", "at", "2:30", "pm."]
    assert [auto.read(line) for line in ("I meet Frau Schneider.", "Der Hund schläft mit Mr. Smith.",
                                         "Eine Frau schläft.", "Frau Schneider")] == ["en", "de", "de", "de"]


def test_a_line_the_identifier_cannot_tell_that_opens_with_english_i_is_english(both):
    """"I am hungry." was too close to call (" am " is German too) and went German->English."""
    auto = Router(both).toward("auto")
    auto.identifier = type("Undecided", (), {"which": lambda self, text, margin=None: None})()
    assert [auto.read(line) for line in ("I am hungry.", "Oh. I see it.", "Kapitel I ist lang.", "OK")] == \
        ["en", "en", None, None]


def test_a_line_the_identifier_cannot_tell_goes_by_the_words_only_one_corpus_holds(both):
    """"Add salt." was too close to call ("add" too rare a word of the captions for the identifier's, "salt" none)
    and went German->English."""
    auto = Router(both).toward("auto")
    auto.identifier = type("Undecided", (), {"which": lambda self, text, margin=None: None})()
    auto.source_lexicons = {"en": Lexicon.learn([("Add the OK taxi.", "Das OK Taxi.")]),      # English's words
                            "de": Lexicon.learn([("Das OK Taxi.", "The OK taxi.")])}           # German's
    assert [auto.read(line) for line in ("Add salt.", "Das Salz.", "Taxi", "OK", "Das add.")] == \
        ["en", "de", None, None, None]          # a word both hold, a word in capitals, words of each tell nothing


def test_a_name_of_particles_tells_no_language_where_its_words_are_no_corpus_words(both):
    """"Ursula von der Leyen visited Paris." was read as German for "von der" and went German->English."""
    auto = Router(both).toward("auto")
    auto.identifier = LanguageId.learn([("Der Mann von der Post besuchte Paris.", "The man visited Paris.")] * 50,
                                       "de", "en")
    auto.source_lexicons = {"en": Lexicon.learn([("The man visited Paris.", "Der Mann besuchte Paris.")]),
                            "de": Lexicon.learn([("Der Mann von der Post.", "The man.")])}
    lines = ("Ursula von der Leyen visited Paris.", "Ursula von der Leyen besuchte Paris.", "Der Mann von der Post.")
    assert [auto.read(line) for line in lines] == ["en", "de", "de"]     # "Mann", "Post": words of the corpus


def test_a_line_of_only_a_brand_goes_the_models_own_way(both):
    """"LG Electronics" was read as English for "Electronics" and came back as "LG explorse"."""
    auto = Router(both).toward("auto")
    auto.identifier = LanguageId.learn([("Die Elektronik ist gut.", "The electronics are good."),
                                        ("Der Hund schläft.", "The dog sleeps.")] * 50, "de", "en")
    assert [auto.read(line) for line in ("LG Electronics", "LG Electronics are good.", "THE Electronics")] == \
        [None, "en", "en"]             # a sentence about it, or a word in capitals before it, tells


def test_an_english_time_of_the_12_hour_clock_tells_english(both):
    """"Open Mon-Fri 9am-5pm" was read as German for its "am" and came back as "9am-5pm Mon-Fri"."""
    auto = Router(both).toward("auto")
    auto.identifier = LanguageId.learn([("Der Hund schläft am Strand.", "The dog sleeps on the beach.")] * 50,
                                       "de", "en")
    lines = ("Mon-Fri 9am-5pm", "7:45 p.m.", "Der Hund schläft um 9 am Strand.", "12:30")
    assert [auto.read(line) for line in lines] == ["en", "en", "de", None]


def test_an_item_with_its_price_written_the_german_way_is_german(both):
    """"Hot Dog 4,50 €" was read as English for its item and came back as "De Hunde 4,50 €"."""
    auto = Router(both).toward("auto")
    auto.identifier = LanguageId.learn([("Der Hund schläft.", "The hot dog sleeps.")] * 50, "de", "en")
    assert [auto.read(line) for line in ("Hot Dog 4,50 €", "Hot Dog 1.250,- EUR", "Hot Dog €4.50",
                                         "The hot dog sleeps. 4,50 €")] == ["de", "de", "en", "en"]


def test_the_other_way_is_built_only_when_a_line_goes_it(both_run):
    """Building a way's pipeline took a tenth of a second of each start: a run whose lines all go one way builds one."""
    translator = load_translator(both_run / "best.pt")
    auto = Router(translator).toward("auto")
    assert auto.read(ENGLISH) == "en" and auto.direction() == "de→en or en→de, by each line's language"
    assert ways(auto.translate_n_best([GERMAN])) == [("de", "en")] and translator.turned is None
    assert ways(auto.translate_n_best([ENGLISH])) == [("en", "de")] and translator.turned is auto.ways["de"]
