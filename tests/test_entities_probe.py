"""The probes (entity, German and English user input): their lines are sound and new, and their scoring needs no
model: each failure lowers its own figure."""
import gzip
import json

import pytest

from bench.entities import main, probe_lines
from bench.entities_probe import PROBES, AsIs, Probe, caps, lowercase, probe, sentences
from bench.probe_checks import (contains, degenerate, english_to_german, invented_names, invented_numbers_in,
                                misformatted_numbers)
from bench.probe_score import Judge, entity_score, report
from bench.user_probe import USER_PROBES
from bench.user_probe_en import USER_PROBES_EN
from util.errors import UserError

HAND_MADE = [
    probe("Angela trifft Thomas um 14:30 Uhr in Köln.", "Angela", "Thomas", ("14:30", "2:30"), ("Köln", "Cologne")),
    probe("Die Frau kauft 3,5 kg Äpfel für 12 Euro.", ("3.5",), ("12",)),
]
PERFECT = ["Angela meets Thomas at 2:30 pm in Cologne.", "The woman buys 3.5 kg of apples for 12 euros."]

TWIN = probe("Ein Hund schwimmt im See.", ("dog",), ("swim*",), ("lake",), kind="no names")
SEVERAL = sentences("Ein Mann liest. Eine Frau singt.", [("man",), ("read*",)], [("woman",), ("sing*",)])
USER = [
    TWIN, caps(TWIN), lowercase(TWIN), SEVERAL,
    probe("Infos auf www.zoo.de 🦁", ("information", "info*"), AsIs("www.zoo.de"), AsIs("🦁"), kind="copy"),
]
USER_PERFECT = ["A dog swims in the lake.", "A DOG SWIMS IN THE LAKE.", "a dog swims in the lake.",
                "A man is reading. A woman sings.", "Information at www.zoo.de 🦁"]
LEXICON = frozenset({"a", "dog", "swims", "in", "the", "lake", "man", "is", "reading", "woman", "sings",
                     "information", "at"})
JUDGE = Judge("de-en", LEXICON)
KINDS = {"no names", "sentences", "caps", "lowercase", "typos", "spacing", "punctuation", "copy", "greetings",
         "people", "places", "brands", "clubs"}


def figures(outputs):
    r = report(JUDGE.lines(USER, outputs), JUDGE)
    return {"kept": {k.kind: k.kept for k in r.kinds}, "every sentence": r.sentences.lines_every_sentence,
            "sentences back": r.sentences.sentences_back, "caps kept": r.caps.kept,
            "caps caseless": r.caps.kept_ignoring_case, "lowercase kept": r.lowercase.kept,
            "copied": r.verbatim.kept, "degenerate": r.kinds[-1].degenerate,
            "invented names": r.kinds[-1].invented_names, "invented numbers": r.kinds[-1].invented_numbers}


PERFECT_FIGURES = figures(USER_PERFECT)


def changed(outputs) -> dict:
    """The figures that differ from a perfect output's: {name: (perfect, now)}."""
    now = figures(outputs)
    return {name: (PERFECT_FIGURES[name], value) for name, value in now.items() if value != PERFECT_FIGURES[name]}


def with_output(index, output):
    return [output if i == index else o for i, o in enumerate(USER_PERFECT)]


# the probes themselves

def test_the_entity_probe_has_at_least_160_sentences_each_with_an_entity_and_none_twice():
    assert len(PROBES) >= 160
    assert all(isinstance(p, Probe) and p.must_contain for p in PROBES)
    assert len({p.source for p in PROBES}) == len(PROBES)


def test_the_entity_probe_mixes_names_places_and_numbers():
    numeric = sum(any(c.isdigit() for c in e[0]) for p in PROBES for e in p.must_contain)
    total = sum(len(p.must_contain) for p in PROBES)
    assert 0.2 < numeric / total < 0.45
    assert sum(len(p.must_contain) > 1 for p in PROBES) >= 10
    assert {p.kind for p in PROBES} == {"people", "places", "brands", "clubs", "titles", "numbers", "mixed"}


@pytest.mark.parametrize("lines, least, kinds", [(USER_PROBES, 150, KINDS), (USER_PROBES_EN, 100, KINDS | {"numbers"})])
def test_each_user_probe_is_large_enough_and_has_every_kind(lines, least, kinds):
    assert len(lines) >= least
    assert {p.kind for p in lines} == kinds
    assert min(sum(p.kind == k for p in lines) for k in kinds) >= 4
    assert sum(len(p.sentence_sizes) > 1 for p in lines) >= 15


@pytest.mark.parametrize("lines", [PROBES + USER_PROBES, USER_PROBES_EN], ids=["de", "en"])
def test_every_probe_line_is_sound(lines):
    by_source = {p.source: p for p in lines}
    assert len(by_source) == len(lines), "a line occurs twice"
    for p in lines:
        assert p.must_contain and all(a and a.strip() == a for item in p.must_contain for a in item), p.source
        assert not p.sentence_sizes or (min(p.sentence_sizes) >= 1 and sum(p.sentence_sizes) == len(p.must_contain))
        assert all((v,) in p.must_contain and v in p.source for v in p.verbatim), p.source
        if p.twin:
            twin = by_source[p.twin]
            assert (p.sentence_sizes, len(p.must_contain)) == (twin.sentence_sizes, len(twin.must_contain))
            assert " ".join(p.source.casefold().split()).strip(" .!") in " ".join(twin.source.casefold().split())


@pytest.mark.parametrize("lines", [USER_PROBES, USER_PROBES_EN], ids=["de", "en"])
def test_caps_lines_are_mostly_caps_and_lowercase_lines_all_lowercase(lines):
    for p in lines:
        letters = [c for c in p.source if c.isalpha()]
        if p.kind == "caps":
            assert sum(c.isupper() for c in letters) > 0.6 * len(letters), p.source
            assert all(a == a.upper() for item in p.must_contain for a in item)
        if p.kind == "lowercase":
            assert p.ignore_case and p.source == p.source.lower()


def test_the_german_sentences_hold_abbreviations_ordinals_and_decimals_that_end_no_sentence():
    several = " ".join(p.source for p in USER_PROBES if len(p.sentence_sizes) > 1)
    for mark in ("z. B.", "Nr. 5", "St. Pauli", "Dr. Weber", "Prof. Dr.", "3. Oktober", "1. Mai", "0,5", "2,5",
                 "usw.", "ca. 20"):
        assert mark in several


@pytest.mark.parametrize("lang, lines", [("de", PROBES + USER_PROBES), ("en", USER_PROBES_EN)])
def test_no_probe_line_occurs_in_multi30k(multi30k_dir, lang, lines):
    def normal(line):
        return " ".join(line.lower().split()).rstrip(" .")

    seen = set()
    for split in ("train", "val", "test_2016_flickr"):
        with gzip.open(multi30k_dir / f"{split}.{lang}.gz", "rt", encoding="utf-8") as f:
            seen |= {normal(line) for line in f}
    assert [p.source for p in lines if normal(p.source) in seen] == []


# the checks of one line

@pytest.mark.parametrize("output, alternative, found", [
    ("for 12 euros.", "12", True),
    ("for €12", "12", True),
    ("for 120 euros", "12", False),
    ("for 12.5 euros", "12", False),
    ("for 1.12 euros", "12", False),
    ("Anna's dog runs.", "Anna", True),
    ("Annabelle runs.", "Anna", False),
    ("in cologne", "Cologne", False),
    ("Dogs swim.", "dogs", True),            # a lowercase alternative also sentence-initially
    ("DOGS SWIM.", "dogs", False),
    ("DOGS SWIM.", "SWIM*", True),
    ("a swimmer", "swim*", True),
    ("unswimmable", "swim*", False),
    ("Mail: a@b.de.", "a@b.de", True),
])
def test_an_alternative_counts_only_as_a_whole_word_or_number(output, alternative, found):
    assert contains(output, alternative) is found


def test_a_lowercase_line_is_judged_without_case_except_what_is_copied_through():
    line = lowercase(probe("Ein Hund in Köln auf www.zoo.de", ("dog",), ("Cologne",), AsIs("www.zoo.de")))
    assert Judge().line(line, "A DOG in COLOGNE on Www.Zoo.de").missing == (("www.zoo.de",),)


@pytest.mark.parametrize("source, output, found", [
    ("Ein Mann spielt Gitarre.", "A man plays guitar.", []),
    ("EIN MANN SPIELT GITARRE.", "An chubby EL G GMARRR SAAAAA.", ["SAAAAA"]),
    ("Tschüss", "Trverrrrrs of Tents.", ["Trverrrrrs"]),
    ("Ein Hund.", "the the the dog", ["the the the"]),
    ("Ein Hund.", "Goal, goal, goal!", ["Goal goal goal"]),
    ("Tor, Tor, Tor!", "Goal, goal, goal!", []),                # the source repeats too
    ("Hahahaha, ein Witz.", "Hahahaha, a joke.", []),
    ("Ein Hund.", "a dog dog", []),
    ("Die Stadt.", "halburgburgburg", []),                     # three times is not yet four
    ("Eine Schifffahrt.", "www.zoo.de", []),
])
def test_a_stammer_is_a_word_three_times_or_a_letter_group_four_times_unless_the_source_has_one(
        source, output, found):
    assert degenerate(source, output) == found


@pytest.mark.parametrize("source, output, found", [
    ("  Ein Hund   schwimmt im See  ", "Björn swimming in the lake.", ["Björn"]),
    ("Ein Hund schwimmt im See.", "A dog swims in the lake.", []),
    ("Ein Hund schwimmt im See.", "A Dog swims in the Lake.", []),           # odd case, but no name
    ("Annas Hund schwimmt.", "Anna's dog swims.", []),                       # genitive
    ("Jürgen schwimmt.", "Jurgen swims.", []),                               # accents
    ("Der Radfahrer Jan Ullrich.", "The cyclist Jan Ulrich.", []),           # a mangled copy is no invention
    ("Ein Hund schwimmt.", "I think a dog swims on Monday.", []),
    ("Ein Hund schwimmt.", "A DOG SWIMS. OKAFOR.", ["OKAFOR"]),
])
def test_an_invented_name_is_a_capitalized_non_word_from_nowhere(source, output, found):
    lexicon = frozenset({"a", "dog", "swims", "swimming", "in", "the", "lake", "think", "on", "cyclist"})
    assert invented_names(source, output, lexicon, "en") == found


def test_an_item_alternative_is_no_invented_name():
    lexicon = frozenset({"a", "man", "in"})
    assert invented_names("Ein Mann in Köln.", "A man in Cologne.", lexicon, "en") == ["Cologne"]
    assert invented_names("Ein Mann in Köln.", "A man in Cologne.", lexicon, "en", allowed=("Cologne",)) == []


@pytest.mark.parametrize("source, output, invented, misformatted", [
    ("The price is 3.5 euros.", "Der Preis ist 3,5 Euro.", [], []),
    ("The price is 3.5 euros.", "Der Preis ist 3.5 Euro.", [], ["3.5"]),
    ("About 1,200 people.", "Etwa 1.200 Menschen.", [], []),
    ("About 1,200 people.", "Etwa 1,200 Menschen.", [], ["1,200"]),
    ("At 2:30 pm.", "Um 14:30 Uhr.", [], []),
    ("Two dogs.", "2 Hunde.", [], []),
    ("A dog.", "Ein Hund mit 3 Beinen.", ["3"], []),
])
def test_numbers_from_english_to_german(source, output, invented, misformatted):
    assert invented_numbers_in("en-de", source, output) == invented
    assert misformatted_numbers("en-de", source, output) == misformatted


def test_numbers_from_german_to_english_keep_the_library_check():
    assert invented_numbers_in("de-en", "Ein Hund mit 3 Beinen.", "A dog with 4 legs.") == ["4"]
    assert misformatted_numbers("de-en", "Er kauft 3,5 kg.", "He buys 3,5 kg.") == ["3,5"]
    assert invented_numbers_in("de-en", "UM 14 UHR.", "AT 2 PM.") == []         # a time in capitals is no invention
    assert english_to_german("1,250.99") == "1.250,99" and english_to_german("24.12.2020") == "24.12.2020"


# the figures

def test_a_perfect_output_scores_one():
    r = report(JUDGE.lines(USER, USER_PERFECT), JUDGE)
    assert all(k.kept == k.items and k.lines_all_kept == k.lines for k in r.kinds)
    assert (r.sentences.lines, r.sentences.lines_every_sentence, r.sentences.sentences_back) == (1, 1, 2)
    assert r.caps.kept == r.caps.twin_kept == r.caps.items == 3
    assert r.lowercase.kept == r.lowercase.twin_kept == 3
    assert (r.verbatim.items, r.verbatim.kept) == (2, 2)
    assert not any(x.failed for x in r.results)


def test_a_dropped_sentence_lowers_the_sentence_figures_and_its_items_only():
    assert changed(with_output(3, "A man is reading.")) == {
        "kept": ({"no names": 3, "caps": 3, "lowercase": 3, "sentences": 4, "copy": 3, "all": 16},
                 {"no names": 3, "caps": 3, "lowercase": 3, "sentences": 2, "copy": 3, "all": 14}),
        "every sentence": (1, 0), "sentences back": (2, 1)}


def test_one_missed_word_does_not_drop_a_sentence():
    assert figures(with_output(3, "A man is reading. A lady sings."))["every sentence"] == 1


@pytest.mark.parametrize("output", ["A dog swims swims swims in the lake.", "A dog swims in the lake. LAAAAAKE."])
def test_a_stammer_is_counted_and_nothing_else(output):
    assert changed(with_output(0, output)) == {"degenerate": (0, 1)}


def test_an_invented_name_is_counted_and_nothing_else():
    assert changed(with_output(0, "Björn and a dog swim in the lake.")) == {"invented names": (0, 1)}


def test_a_lost_url_lowers_the_copied_figures_only():
    assert changed(with_output(4, "Information at www.zoo 🦁")) == {
        "kept": (PERFECT_FIGURES["kept"], {**PERFECT_FIGURES["kept"], "copy": 2, "all": 15}), "copied": (2, 1)}


def test_a_caps_line_answered_in_lowercase_keeps_its_words_but_not_its_caps():
    assert changed(with_output(1, "A dog swims in the lake.")) == {
        "kept": (PERFECT_FIGURES["kept"], {**PERFECT_FIGURES["kept"], "caps": 0, "all": 13}), "caps kept": (3, 0)}


def test_the_entity_probe_table_counts_as_before():
    score = entity_score(Judge().lines(HAND_MADE, PERFECT))
    assert (score.kept, score.entities, score.sentences_all_kept, score.invented) == (6, 6, 2, 0)
    score = entity_score(Judge().lines(HAND_MADE, ["A woman meets Thomas at 2:30 pm in Cologne.",
                                                   "The woman buys 3 apples for apples."]))
    assert (score.kept, score.numbers_kept, score.number_entities, score.invented) == (3, 1, 3, 1)


# the command, without a model

@pytest.mark.parametrize("direction", ["de-en", "en-de"])
def test_sources_print_the_probe_lines_one_per_line(capsys, direction):
    assert main(["--sources", "--direction", direction]) == 0
    assert capsys.readouterr().out.split("\n")[:-1] == [p.source for p in probe_lines(direction)]


@pytest.fixture
def no_multi30k(tmp_path, monkeypatch):
    monkeypatch.delenv("MULTI30K_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_outputs_are_scored_without_a_model(tmp_path, capsys, no_multi30k):
    lines = probe_lines("en-de")
    (tmp_path / "out.de").write_text("\n".join(p.source for p in lines) + "\n", encoding="utf-8")
    assert main(["--outputs", str(tmp_path / "out.de"), "--direction", "en-de", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["file"]
    copied = sum(len(p.verbatim) for p in lines)
    assert result["copied_exactly"] == {"items": copied, "kept": copied, "lines": 17, "lines_all_kept": 17}
    assert set(result["kinds"]) == KINDS | {"numbers", "all"} and not result["names_checked"]


def test_a_data_dir_without_the_lexicon_is_refused(tmp_path):
    (tmp_path / "out.en").write_text("A dog.\n", encoding="utf-8")
    with pytest.raises(UserError, match="holds no train.en.gz"):
        main(["--outputs", str(tmp_path / "out.en"), "--data-dir", str(tmp_path)])


@pytest.mark.parametrize("flags", [["--checkpoint", "x.pt"], ["--engine-compare"], ["--split", "val"]])
def test_outputs_do_not_combine_with_a_model_or_a_split(flags):
    with pytest.raises(UserError, match="--outputs"):
        main(["--outputs", "out.en", *flags])


def test_outputs_of_another_length_are_refused(tmp_path, no_multi30k):
    (tmp_path / "out.en").write_text("A dog.\n", encoding="utf-8")
    with pytest.raises(UserError, match="1 outputs for"):
        main(["--outputs", str(tmp_path / "out.en")])
