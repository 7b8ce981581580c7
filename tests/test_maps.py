"""decoding/maps.py: a line's attention maps with each quotation's map in its slot read as the line does, so the
tags of a line with a quotation follow the words they enclosed."""
import re

import pytest
import torch

from decoding.maps import AttentionMap, in_line_order, links, spans
from decoding.markup import translate_markup
from tests.test_markup import each
from text.steps.quotations import Quotations

LINES = ["Er ruft „Hilfe!“ und rennt.",                     # one quotation
         "„Komm! Schnell!“, ruft die Frau.",                # a quotation of two sentences
         "Sie sagt: „Er ruft ‚Hallo‘ laut.“ Dann geht sie.",   # a quotation inside a quotation, a second sentence
         "Ein Hund rennt. Eine Katze schläft."]              # none


def identity_maps(plain):
    """The sentences of the quotation step, each translated as itself with each word attending to itself, behind a
    direction tag: the maps the translator gives, one per sentence, a quotation's before the sentence holding it."""
    segments, layout = Quotations("en").apply(plain)
    maps = []
    for segment in segments:
        words = [segment[a:b] for a, b in spans(segment)]
        weights = torch.zeros(len(words) + 1, len(words) + 1)       # (i, j)
        weights[torch.arange(len(words)), torch.arange(len(words)) + 1] = 1.0
        maps.append(AttentionMap(["<2en>"] + words, words + ["<eos>"], weights))
    return maps, layout


def words_of(tokens):
    return [t for t in tokens if not re.fullmatch(r"<[^<>\s]+>", t)]


@pytest.mark.parametrize("line", LINES)
def test_the_spliced_maps_read_the_words_of_the_line_in_its_order(line):
    maps, layout = identity_maps(line)
    whole = in_line_order(maps, layout)
    words = [w for a, b in spans(line) if (w := line[a:b]) not in "„“‚‘"]
    assert [t for m in whole for t in words_of(m.source)] == words
    assert [t for m in whole for t in words_of(m.output)] == words
    assert len(whole) == len(layout.top) and all(m.output[-1] == "<eos>" for m in whole)
    aligned = links(line, line, whole)     # each word to itself, sure: the weights went with their tokens
    assert all(sure == {k} for k, sure in enumerate(aligned.sure) if line[slice(*spans(line)[k])] not in "„“‚‘")


def test_a_line_without_a_quotation_keeps_its_maps():
    maps, layout = identity_maps(LINES[-1])
    assert in_line_order(maps, layout) is maps


def test_a_placeholder_the_model_carried_stays_carried_after_the_splice():
    maps, layout = identity_maps("Er ruft „Hilfe!“ und rennt.")
    maps[0] = maps[0]._replace(carried=((0, 1),))           # "Hilfe" carried through
    whole = in_line_order(maps, layout)[0]
    assert [(whole.output[i], whole.source[j]) for i, j in whole.carried] == [("Hilfe", "Hilfe")]


@pytest.mark.parametrize("line", ["Er ruft <b>„Hilfe!“</b> und rennt.", "Er ruft „<b>Hilfe</b>!“ und <i>rennt</i>.",
                                  "<b>Sie</b> sagt: „Er ruft ‚<i>Hallo</i>‘ laut.“"])
def test_tags_around_and_inside_a_quotation_follow_its_words_not_the_whole_sentence(line):
    out = translate_markup([line], "html", lambda texts: texts,
                           each(lambda plain: in_line_order(*identity_maps(plain))))
    assert out == [line]


PLACEHOLDER_TAGS = [          # (line, translation, the line's tags put back): three words, a placeholder, a full stop
    ('Das Konzert beginnt um <time datetime="20:00">20 Uhr</time>.', "The concert starts at 8 pm.",
     'The concert starts at <time datetime="20:00">8 pm</time>.'),
    ("Das Konzert beginnt <time>um 20 Uhr</time>.", "The concert starts at 8 pm.",
     "The concert starts <time>at 8 pm</time>."),
    ("Das Konzert beginnt Jonas <b>Weber</b>.", "The concert starts Jonas Weber.",
     "The concert starts Jonas <b>Weber</b>."),
    ("Das Konzert beginnt <b>um 20</b> Uhr.", "The concert starts at 8 pm.",
     "The concert starts <b>at 8 pm</b>."),
    ("The offer lasts until <u>December 31</u>.", "Das Angebot gilt bis zum 31. Dezember.",
     "Das Angebot gilt bis zum <u>31. Dezember</u>."),
]


@pytest.mark.parametrize("line, translation, expected", PLACEHOLDER_TAGS)
def test_a_tag_around_the_rest_of_a_placeholder_goes_around_the_rest_of_its_value_not_around_the_whole_line(
        line, translation, expected):
    """"um 20 Uhr" is one placeholder: no token stands for "20" and "Uhr", which align where "um" does, and with the
    words of the value that no token stands for either ("8 pm" of "at 8 pm"); a tag around part of the rest takes
    all of it; a preposition of two words is none of the rest ("bis zum")."""
    def tokens(text):       # the words before the placeholder, its value as one token (shown as filled in), "."
        words = text.rstrip(".").split()
        return words[:3] + [" ".join(words[3:]), "."]
    source, output = ["<2xx>"] + tokens(re.sub("<[^>]*>", "", line)), tokens(translation)
    weights = torch.zeros(len(output) + 1, len(source))            # (i, j): each output token attends to its own
    weights[torch.arange(len(output)), torch.arange(len(output)) + 1] = 1.0
    maps = [AttentionMap(source, output + ["<eos>"], weights, carried=((3, 4),))]
    out = translate_markup([line], "html", lambda texts: [translation], each(lambda plain: maps))
    assert out == [expected]


@pytest.mark.parametrize("line, source, output, expected", [
    ("Call us at <b>+44 20 7946 0958</b>.", ["Call", "us", "at", "+44 20 7946 0958", "."],
     ["Fünf", "verwenden", "sie", "+44 20 7946 0958", "."], "Fünf verwenden sie <b>+44 20 7946 0958</b>."),
    ("Pay <i>€19.99</i> now.", ["Pay", "€19.99", "now", "."], ["Zahlen", "Sie", "€19.99", "jetzt", "."],
     "Zahlen Sie <i>€19.99</i> jetzt."),
])
def test_a_placeholder_whose_value_opens_with_a_mark_keeps_its_words_together(line, source, output, expected):
    """"+44 20 7946 0958" is one token (a placeholder's value) whose first word is a mark: the words after it are its
    value's, however the word before it aligns (a 30-minute model wrote "Call us at <b>+44 ...</b>." as "<b>Fünf
    verwenden +44 ...</b>.": the number's words went with "verwenden")."""
    value = next(k for k, token in enumerate(source) if token[0] in "+€")
    at = next(k for k, token in enumerate(output) if token[0] in "+€")
    weights = torch.zeros(len(output) + 1, len(source) + 1)        # (i, j): every other output token attends to
    weights[:, 1] = 1.0                                              # the first source word
    maps = [AttentionMap(["<2xx>"] + source, output + ["<eos>"], weights, carried=((at, value + 1),))]
    translation = " ".join(output).replace(" .", ".")
    assert translate_markup([line], "html", lambda texts: [translation], each(lambda plain: maps)) == [expected]
