"""probes/lines.py: the probes' lines (entity, German and English user input) are sound, new and large enough, and
their files read as the format says."""
import gzip

import pytest

from probes.lines import Probe, entity_lines, parse_probes, probe_lines, read_probes, user_lines

PROBES, USER_PROBES, USER_PROBES_EN = entity_lines(), user_lines("de"), user_lines("en")
FRESH_EN = list(read_probes("fresh.en.tsv"))        # the held-out English probe (--file fresh.en.tsv)
KINDS = {"no names", "sentences", "caps", "lowercase", "typos", "spacing", "punctuation", "copy", "greetings",
         "people", "places", "brands", "clubs"}
IN_CONTEXT = {"titles", "measures", "dates", "quotations", "prices",   # names after a title, units, dates, quotes, money
              "questions", "possessives", "pronouns"}           # and what captions never write


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


@pytest.mark.parametrize("lines, least, kinds", [(USER_PROBES, 190, KINDS | IN_CONTEXT), (USER_PROBES_EN, 160,
                                                                                       KINDS | IN_CONTEXT | {"numbers"})])
def test_each_user_probe_is_large_enough_and_has_every_kind(lines, least, kinds):
    assert len(lines) >= least
    assert {p.kind for p in lines} == kinds
    assert min(sum(p.kind == k for p in lines) for k in kinds) >= 4
    assert sum(len(p.sentence_sizes) > 1 for p in lines) >= 15


@pytest.mark.parametrize("lines", [PROBES + USER_PROBES, USER_PROBES_EN, FRESH_EN], ids=["de", "en", "fresh-en"])
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


@pytest.mark.parametrize("lines", [USER_PROBES, USER_PROBES_EN, FRESH_EN], ids=["de", "en", "fresh-en"])
def test_caps_lines_are_mostly_caps_and_lowercase_lines_all_lowercase(lines):
    for p in lines:
        letters = [c for c in p.source if c.isalpha()]
        if p.kind == "caps":
            assert sum(c.isupper() for c in letters) > 0.6 * len(letters), p.source
            assert all(a == a.upper() for item in p.must_contain for a in item)
        if p.kind == "lowercase":
            assert p.ignore_case and p.source == p.source.lower()


def test_the_fresh_probe_is_new_and_has_every_kind_it_tests():
    assert len(FRESH_EN) >= 85 and not {p.source for p in FRESH_EN} & {p.source for p in USER_PROBES_EN}
    kinds = IN_CONTEXT | {"people", "places", "sentences", "caps", "lowercase"}
    assert {p.kind for p in FRESH_EN} == kinds and min(sum(p.kind == k for p in FRESH_EN) for k in kinds) >= 4
    assert sum(len(p.sentence_sizes) > 1 for p in FRESH_EN) >= 10


def test_the_german_sentences_hold_abbreviations_ordinals_and_decimals_that_end_no_sentence():
    several = " ".join(p.source for p in USER_PROBES if len(p.sentence_sizes) > 1)
    for mark in ("z. B.", "Nr. 5", "St. Pauli", "Dr. Weber", "Prof. Dr.", "3. Oktober", "1. Mai", "0,5", "2,5",
                 "usw.", "ca. 20"):
        assert mark in several


@pytest.mark.parametrize("lang, lines", [("de", PROBES + USER_PROBES), ("en", USER_PROBES_EN), ("en", FRESH_EN)])
def test_no_probe_line_occurs_in_multi30k(multi30k_dir, lang, lines):
    def normal(line):
        return " ".join(line.lower().split()).rstrip(" .")

    seen = set()
    for split in ("train", "val", "test_2016_flickr"):
        with gzip.open(multi30k_dir / f"{split}.{lang}.gz", "rt", encoding="utf-8") as f:
            seen |= {normal(line) for line in f}
    assert [p.source for p in lines if normal(p.source) in seen] == []


def test_the_lines_of_a_direction_are_its_probes_in_order():
    assert probe_lines("de-en") == PROBES + USER_PROBES and probe_lines("en-de") == USER_PROBES_EN


# the file format

def test_a_row_gives_items_alternatives_sentences_and_exact_copies():
    [line] = parse_probes("# a comment\n\n"
                          "copy\t\\tEin Mann liest. Infos auf www.zoo.de\tman | guy\t/\tinfo*\t=www.zoo.de\n")
    assert line == Probe("\tEin Mann liest. Infos auf www.zoo.de", (("man", "guy"), ("info*",), ("www.zoo.de",)),
                         "copy", (1, 2), verbatim=("www.zoo.de",))


def test_caps_and_lowercase_lines_take_their_twins_items_wherever_the_twin_is():
    caps, twin, lower = parse_probes("caps\tEIN HUND AUF www.zoo.de\ttwin: Ein Hund auf www.Zoo.de\n"
                                     "x\tEin Hund auf www.Zoo.de\tdog\t=www.Zoo.de\n"
                                     "lowercase\tein hund auf www.zoo.de\ttwin: Ein Hund auf www.Zoo.de\n")
    assert caps == Probe("EIN HUND AUF www.zoo.de", (("DOG",), ("WWW.ZOO.DE",)), "caps", (), twin.source,
                         ("WWW.ZOO.DE",))
    assert lower == Probe("ein hund auf www.zoo.de", (("dog",), ("www.zoo.de",)), "lowercase", (), twin.source,
                          ("www.zoo.de",), ignore_case=True)


@pytest.mark.parametrize("text, message", [
    ("x\tEin Hund.", "line 1: expected KIND<TAB>SOURCE<TAB>ITEM"),
    ("x\tEin Hund.\tdog | ", "line 1: an empty alternative"),
    ("x\tEin Hund.\tdog\t/", "line 1: a sentence without items"),
    ("\n\ncaps\tEIN HUND.\tdog", "line 3: a caps line names its twin"),
    ("caps\tEIN HUND.\ttwin: Ein Hund!", "no line 'Ein Hund!'"),
])
def test_a_malformed_row_is_refused_naming_its_line(text, message):
    with pytest.raises(ValueError, match=message):
        parse_probes(text)
