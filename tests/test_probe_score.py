"""probes/score.py: the probes' scoring needs no model, and each failure lowers its own figure."""
import pytest

from probes.lines import parse_probes
from probes.score import Judge, entity_score, report

HAND_MADE = parse_probes("""
mixed\tAngela trifft Thomas um 14:30 Uhr in Köln.\tAngela\tThomas\t14:30 | 2:30\tKöln | Cologne
numbers\tDie Frau kauft 3,5 kg Äpfel für 12 Euro.\t3.5\t12
""")
PERFECT = ["Angela meets Thomas at 2:30 pm in Cologne.", "The woman buys 3.5 kg of apples for 12 euros."]

USER = parse_probes("""
no names\tEin Hund schwimmt im See.\tdog\tswim*\tlake
caps\tEIN HUND SCHWIMMT IM SEE.\ttwin: Ein Hund schwimmt im See.
lowercase\tein hund schwimmt im see.\ttwin: Ein Hund schwimmt im See.
sentences\tEin Mann liest. Eine Frau singt.\tman\tread*\t/\twoman\tsing*
copy\tInfos auf www.zoo.de 🦁\tinformation | info*\t=www.zoo.de\t=🦁
""")
USER_PERFECT = ["A dog swims in the lake.", "A DOG SWIMS IN THE LAKE.", "a dog swims in the lake.",
                "A man is reading. A woman sings.", "Information at www.zoo.de 🦁"]
LEXICON = frozenset({"a", "dog", "swims", "in", "the", "lake", "man", "is", "reading", "woman", "sings",
                     "information", "at"})
JUDGE = Judge("de-en", LEXICON)


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


def test_a_lowercase_line_is_judged_without_case_except_what_is_copied_through():
    line = parse_probes("x\tEin Hund in Köln auf www.zoo.de\tdog\tCologne\t=www.zoo.de\n"
                        "lowercase\tein hund in köln auf www.zoo.de\ttwin: Ein Hund in Köln auf www.zoo.de")[1]
    assert Judge().line(line, "A DOG in COLOGNE on Www.Zoo.de").missing == (("www.zoo.de",),)


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
