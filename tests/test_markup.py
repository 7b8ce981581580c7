"""decoding/markup.py and translate.py --format html|xml: every tag comes back exactly once, in source order,
balanced and byte for byte, around the words its source words align to; entities come back as written."""
import re
from dataclasses import replace

import pytest
import torch

from decoding.load import load_translator
from decoding.maps import Alignment, AttentionMap, links, spans, token_words
from decoding.markup import attention_of, markup_of, put_back_lines, translate_markup, translate_markup_lines
from decoding.markup_parse import parse
from decoding.markup_places import place
from decoding.router import Router
from tests.commands import run

TAG = re.compile(r"<[^<>]*>")
LINES = ['Der <b>rote</b> Ball liegt im Gras.',
         'Klicken Sie <a href="/hilfe?x=1&amp;y=2" title=\'Hilfe\'>hier</a>.',
         'Zeile 1<br>Zeile 2',
         'Tom &amp; Jerry&nbsp;spielen &#39;Ball&#39;.',
         '<p>Ein <i>kleiner <b>Hund</b></i> läuft <img src="a.png"/> schnell.</p>',
         '<i>Ein Hund rennt.</i> <b>Eine Katze</b> schläft.',
         '<b>Danke!</b>',
         '<br>',
         '']


def identity_maps(text):
    """Each word attends to itself: an alignment that keeps every word where it was."""
    words = [text[a:b] for a, b in spans(text)]
    return [AttentionMap(words, words + ["</s>"], torch.eye(len(words) + 1, len(words)))]


def each(attend_one):
    """attend(texts) of attend_one(text), text by text."""
    return lambda texts: [attend_one(text) for text in texts]


def tags_of(line):
    return TAG.findall(line)


def balanced(tags):
    stack = []
    for tag in tags:
        name = re.match(r"</?([\w:.-]+)", tag).group(1)
        if tag.startswith("</"):
            if not stack or stack.pop() != name:
                return False
        elif not tag.endswith("/>") and name not in ("br", "img"):
            stack.append(name)
    return not stack


@pytest.mark.parametrize("attend", [identity_maps, lambda text: None], ids=["aligned", "no-alignment"])
def test_every_tag_comes_back_once_in_order_balanced_and_byte_for_byte(attend):
    out = translate_markup(LINES, "html", lambda texts: [t.upper() for t in texts], each(attend))
    assert len(out) == len(LINES)
    for source, result in zip(LINES, out):
        assert tags_of(result) == tags_of(source)
        assert balanced(tags_of(result))


def test_an_identity_translation_with_identity_alignment_gives_the_line_back():
    assert translate_markup(LINES, "html", lambda texts: texts, each(identity_maps)) == LINES


def test_an_open_tag_never_closed_stays_before_the_word_it_was_stuck_to():
    # it was placed as a void tag after the word before, taking the space with it: "A man is riding<b> a bike."
    lines = ["Ein <b>Mann fährt.", "Ein Mann <p>fährt <b>schnell</b>.", "Ein <b><i>Mann</i> fährt."]
    assert translate_markup(lines, "html", lambda texts: texts, each(identity_maps)) == lines
    assert translate_markup(lines[:1], "html", lambda texts: ["A man drives."], each(lambda text: None)) == \
        ["A <b>man drives."]


@pytest.mark.parametrize("line, tokens, translation, expected", [
    ("Besuchen Sie www.example.com/<b>seite</b> heute.", ["Besuchen", "Sie", "www.example.com/seite", "heute", "."],
     "Please visit www.example.com/seite today.",
     "Please visit <b>www.example.com/seite</b> today."),    # was "Please visit www.<b>example.com/seite</b> today."
    ("Sie öffnet die <b>Haus</b>tür.", ["Sie", "öffnet", "die", "Haustür", "."], "She opens the door.",
     "She opens the <b>door</b>."),
    ("Es kostet 1<b>2</b>,50 €.", ["Es", "kostet", "12,50 €", "."], "It costs €12.50.",
     "It costs <b>€12.50</b>.")])                             # was around the whole line
def test_a_pair_inside_a_word_a_url_or_a_number_goes_around_that_words_translation_never_inside_it(
        line, tokens, translation, expected):
    output = translation[:-1].split(" ") + ["."]        # each output word attends to the source token in its place

    def maps(text):
        return [AttentionMap(tokens, output + ["</s>"], torch.eye(len(output) + 1, len(tokens)))]
    assert translate_markup([line], "html", lambda texts: [translation], each(maps)) == [expected]


def test_tags_follow_the_alignment_when_the_words_move():
    def swap(texts):    # "Der rote Ball" -> "Ball rote Der": the aligned words move, the tag goes with "rote"
        return ["Ball rote Der"]

    def maps(text):
        return [AttentionMap(["Der", "rote", "Ball"], ["Ball", "rote", "Der", "</s>"],
                             torch.tensor([[0., 0, 1], [0, 1, 0], [1, 0, 0], [1, 0, 0]]))]
    assert translate_markup(["Der <b>rote</b> Ball"], "html", swap, each(maps)) == ["Ball <b>rote</b> Der"]


def test_a_void_tag_goes_between_the_words_aligned_to_its_neighbours():
    out = translate_markup(["Zeile 1<br>Zeile 2"], "html", lambda texts: ["Line 1 Line 2"], each(lambda text: [
        AttentionMap(["Zeile", "1", "Zeile", "2"], ["Line", "1", "Line", "2", "</s>"], torch.eye(5, 4))]))
    assert out == ["Line 1<br>Line 2"]


def test_entities_come_back_as_written_and_other_special_characters_are_escaped():
    out = translate_markup(["Tom &amp; Jerry&nbsp;&#39;spielen&#39;"], "html",
                           lambda texts: ["Tom & Jerry\xa0'play' <3"], each(lambda text: None))
    assert out == ["Tom &amp; Jerry&nbsp;&#39;play&#39; &lt;3"]


def test_the_model_reads_text_without_tags_and_with_entities_decoded():
    seen = []
    translate_markup(['Klicken Sie <a href="/hilfe">hier</a> &amp; dort.'], "html",
                     lambda texts: seen.extend(texts) or texts, each(lambda text: None))
    assert seen == ["Klicken Sie hier & dort."]


def test_a_line_without_markup_is_translated_as_it_is_and_not_escaped():
    out = translate_markup(["Ein Hund < eine Katze & ein Ball."], "html", lambda texts: ["A dog < a cat & a ball."],
                           each(lambda text: pytest.fail("no alignment is needed")))
    assert out == ["A dog < a cat & a ball."]


def test_xml_pairs_tags_by_their_exact_name_and_keeps_self_closing_ones():
    parsed = parse('<Term id="1">Hund</Term><br/><term>x', "xml")
    assert [t.kind for t in parsed.tags] == ["open", "close", "void", "void"]
    assert parsed.plain == "Hund x"      # a <br/> between words reads as a space


def test_translate_py_html_keeps_every_tag_once_balanced_in_order_with_a_trained_model(tiny_run, synthetic_env):
    quoted = ["Er ruft <b>„Hilfe!“</b> und <i>rennt</i>.", "„<b>Komm</b>! Schnell!“, ruft sie."]   # maps spliced
    stdin = "".join(line + "\n" for line in LINES + quoted + ["Der Hund läuft im Park."]).encode()
    checkpoint = ["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--greedy"]
    out = run([*checkpoint, "--format", "html"], synthetic_env, stdin=stdin)
    plain = run(checkpoint, synthetic_env, stdin=b"Der Hund l\xc3\xa4uft im Park.\n")
    result = out.stdout.decode().split("\n")[:-1]
    assert len(result) == len(LINES) + len(quoted) + 1
    for source, line in zip(LINES + quoted, result):
        assert tags_of(line) == tags_of(source) and balanced(tags_of(line))
    assert 'href="/hilfe?x=1&amp;y=2"' in result[1]
    assert result[-1] + "\n" == plain.stdout.decode()


def test_tagged_lines_of_one_call_are_put_back_by_their_own_attention_as_each_alone(tiny_run):
    """The attention of a call's tagged lines comes from one search: two lines of different lengths (one of two
    sentences) get the maps, and so the output, each gets alone."""
    router = Router(load_translator(tiny_run / "best.pt"))
    decode = replace(router.cfg.decode, beam=2, n_best=1)
    lines = ["Zwei <i>junge</i> Männer spielen im Park. Die Sonne <b>scheint</b>.", "Ein <b>Hund</b> rennt."]
    alone = [router.lines_attention([line], decode)[0] for line in lines]
    together = router.lines_attention(lines, decode)
    assert [[(m.source, m.output, m.weights.tolist()) for m in maps] for maps in together] == \
        [[(m.source, m.output, m.weights.tolist()) for m in maps] for maps in alone]
    assert [len(maps) for maps in together] == [2, 1]
    assert translate_markup_lines(router, lines, "html", decode) == \
        [translate_markup_lines(router, [line], "html", decode)[0] for line in lines]


def test_a_tagged_lines_attention_comes_from_its_translations_search_not_a_second_one(tiny_run, monkeypatch):
    # before: each call searched its tagged lines twice, for their translations and again for their attention
    translator = load_translator(tiny_run / "best.pt")
    router, decode = Router(translator), replace(translator.cfg.decode, beam=2, n_best=1)
    lines = ["Zwei <i>junge</i> Männer spielen im Park. Die Sonne <b>scheint</b>.", "Ein <b>Hund</b> rennt.",
             "<b>Danke!</b>"]
    parsed = [markup_of(line, "html") for line in lines]
    searched_again = put_back_lines(parsed, router.translate([p.plain for p in parsed], decode),
                                    attention_of(router, decode))
    calls, search = [], translator.engine.search
    def counted(*args, **options):
        calls.append(args)
        return search(*args, **options)
    monkeypatch.setattr(translator.engine, "search", counted)
    assert translate_markup_lines(router, lines, "html", decode) == searched_again and len(calls) == 1


def test_translate_py_refuses_html_with_n_best(tiny_run, synthetic_env):
    out = run(["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--format", "html", "--n-best", "2"],
              synthetic_env, check=False)
    assert out.returncode == 2 and b"--n-best" in out.stderr and len(out.stderr.splitlines()) == 1


def test_source_order_wins_over_an_alignment_that_swaps_two_tags_and_no_pair_ends_empty():
    def maps(text):
        return [AttentionMap(["A", "und", "B"], ["B", "and", "A", "</s>"],
                             torch.tensor([[0., 0, 1], [0, 1, 0], [1, 0, 0], [1, 0, 0]]))]
    out = translate_markup(["<b>A</b> und <i>B</i>"], "html", lambda texts: ["B and A"], each(maps))
    assert tags_of(out[0]) == ["<b>", "</b>", "<i>", "</i>"]
    assert not re.search(r"<b></b>|<i></i>", out[0])


def test_subword_tokens_and_a_direction_tag_find_the_words_they_spell():
    """A model of subword units writes "▁" before a word's first piece and reads a direction tag first: neither
    moves the reading past a word, so every piece lands on its word."""
    words, found = token_words("Der rote Ball.", ["<2en>", "▁Der", "▁ro", "te", "▁Ball", "▁\uffed."])
    assert words == [0, 0, 1, 1, 2, 3] and found == 5


def test_a_token_the_pipeline_took_out_of_the_text_takes_no_word_from_the_tokens_after_it():
    """The model wrote a quote the output text no longer has: the placeholder's value after it still lands on its own
    first word, not on the word after."""
    tokens = ["▁This", "▁is", "▁", '"', "▁￭", "December 31", "▁￭'", "s", "<eos>"]
    words, found = token_words("This is December 31's", tokens)
    assert words[5] == 2 and found == 5
    assert token_words("Ein Café rennt", ["▁Ein", "▁Cafe", "▁rennt"]) == ([0, 1, 2], 2)   # a normalized word: its own


def test_a_mark_the_pipeline_took_off_the_end_stays_with_a_two_word_placeholder_and_the_pair_encloses_both_words():
    """The model wrote a full stop after the placeholder "Jonas Weber" that the output text does not have (its source
    had none): the stop stands for the placeholder's first word, so "Weber" aligns where "Jonas" does and the pair
    closes after it, not between the two names."""
    assert token_words("Photo Jonas Weber", ["▁photo", "▁", "Jonas Weber", ".", "<eos>"]) == ([0, 1, 1, 1, 1], 2)
    source = ["<2en>", "▁Das", "▁Foto", "▁von", "▁", "Jonas Weber"]
    output = ["▁The", "▁photo", "▁of", "▁", "Jonas Weber", ".", "<eos>"]
    weights = torch.tensor([[0.0, 0.9, 0.1, 0.0, 0.0, 0.0], [0.0, 0.0, 0.9, 0.1, 0.0, 0.0],
                            [0.0, 0.0, 0.1, 0.9, 0.0, 0.0], [0.0, 0.0, 0.0, 0.1, 0.9, 0.0],
                            [0.0, 0.0, 0.0, 0.0, 0.1, 0.9], [0.0, 0.0, 0.6, 0.2, 0.0, 0.2],
                            [0.5, 0.0, 0.0, 0.0, 0.0, 0.5]])
    maps = [AttentionMap(source, output, weights, carried=((4, 5),))]
    out = translate_markup(["Das Foto <i>von Jonas Weber</i>"], "html", lambda texts: ["The photo of Jonas Weber"],
                           each(lambda plain: maps))
    assert out == ["The photo <i>of Jonas Weber</i>"]


def test_a_tag_pair_follows_the_pairs_that_attend_most_to_each_other_both_ways():
    """Output "the red ball": "the" and "red" both attend most to "rote"; only "red" is the output token "rote"
    attends to most, so the pair around "rote" encloses "red" alone."""
    source, output = ["<2en>", "▁Der", "▁rote", "▁Ball"], ["▁The", "▁red", "▁ball", "<eos>"]
    weights = torch.tensor([[0.0, 0.2, 0.7, 0.1], [0.0, 0.1, 0.8, 0.1], [0.0, 0.1, 0.1, 0.8], [0.9, 0.0, 0.0, 0.1]])
    maps = [AttentionMap(source, output, weights)]
    aligned = links("Der rote Ball", "The red ball", maps)
    assert aligned.loose == [{1}, {1}, {2}] and aligned.sure == [set(), {1}, {2}]
    text = "Der <b>rote</b> Ball"
    assert translate_markup([text], "html", lambda texts: ["The red ball"], each(lambda plain: maps)) == \
        ["The <b>red</b> ball"]


def test_a_pair_whose_words_have_only_loose_links_follows_those_rather_than_the_whole_sentence():
    """No pair of "Hund" attends most both ways ("A" gives "Hund" more than "dog" does, and "A" attends most to
    "Ein"), yet "dog" attends to "Hund" most: the pair encloses "dog", not the sentence."""
    source, output = ["▁Ein", "▁Hund", "▁rennt"], ["▁A", "▁dog", "▁runs", "<eos>"]
    weights = torch.tensor([[0.5, 0.45, 0.05], [0.3, 0.4, 0.3], [0.0, 0.1, 0.9], [0.3, 0.3, 0.4]])
    line = "Ein <i>Hund</i> rennt"
    out = translate_markup([line], "html", lambda texts: ["A dog runs"],
                           each(lambda plain: [AttentionMap(source, output, weights)]))
    assert out == ["A <i>dog</i> runs"]


def verb_attending(source_words, output_words, links):
    """Maps where output word k attends to source word links[k] alone (a full stop to the verb, as a model's often
    does)."""
    weights = torch.zeros(len(output_words) + 1, len(source_words))
    for k, j in enumerate(links):
        weights[k, j] = 1.0
    weights[-1, -1] = 1.0
    return lambda plain: [AttentionMap(source_words, output_words + ["</s>"], weights)]


@pytest.mark.parametrize("line, output, links, expected", [
    ("<p>Ein Hund rennt.</p>", "A dog runs.", [0, 1, 2, 2], "<p>A dog runs.</p>"),           # the stop inside
    ("<b>Achtung:</b> Ein Hund.", "Warning: A dog.", [0, 0, 2, 3, 3], "<b>Warning:</b> A dog."),
    ("Ein <b>Hund</b>.", "A dog.", [0, 1, 1], "A <b>dog</b>."),                                # the stop outside
    ("Ein Hund.<br>Eine Katze.", "A dog. A cat.", [0, 1, 1, 3, 4, 4], "A dog.<br>A cat."),   # a break after it
    ('Er ruft <i>"Hilfe"</i> laut.', 'He shouts "help" loudly.', [0, 1, 2, 3, 4, 5, 5],
     'He shouts <i>"help"</i> loudly.'),                                                      # the quotes inside
    ('Er ruft "<i>Hilfe</i>" laut.', 'He shouts "help" loudly.', [0, 1, 2, 3, 4, 5, 5],
     'He shouts "<i>help</i>" loudly.'),                                                      # outside
    ('Da steht <b>„Bitte nicht“</b>.', 'It says "please not".', [0, 1, 2, 3, 4, 4, 4],
     'It says <b>"please not"</b>.'),                                          # the quotes inside, the stop outside
    ('Da steht <b>„Bitte nicht“</b>.', 'It says "please not now".', [0, 1, 2, 3, 4, 1, 4, 4],
     'It says <b>"please not now"</b>.'),               # a whole quotation: every word inside its marks, aligned or not
    ("<p>Ein Hund rennt</p>", "Quickly a dog runs", [2, 0, 1, 2], "<p>Quickly a dog runs</p>"),      # the whole line
    ("<b>Die Lehrerin</b> lacht.", "The teacher laughs.", [3, 1, 2, 3], "<b>The teacher</b> laughs."),    # its article
    ("Die <b>Lehrerin</b> lacht.", "The teacher laughs.", [3, 1, 2, 3], "The <b>teacher</b> laughs."),    # not its own
    ("Sie gibt ihre <b>neue Adresse</b> ein.", "She enters her new address.", [0, 1, 2, 3, 3, 4],
     "She enters her <b>new address</b>."),                # a stop that stood beside no tag of the pair: outside
    ("Eine Frau liest <i>Zeitung</i>.", "A woman reads.", [0, 1, 2, 3],
     "<i>A woman reads</i>."),             # the word lost, only the stop attends to it: no alignment, the sentence
])
def test_a_tag_stays_on_the_side_of_the_marks_beside_it_that_it_stood_on_in_the_source(line, output, links,
                                                                                          expected):
    """Where the source had a full stop, a colon or quotes inside a pair (or a break after the stop), so has the
    output, and where it had them outside, so has the output, whatever the mark attended to."""
    plain = re.sub(r"<[^<>]*>", " " if "<br>" in line else "", line).replace("  ", " ")
    source = [plain[a:b] for a, b in spans(plain)]
    words = [output[a:b] for a, b in spans(output)]
    assert len(words) == len(links)
    out = translate_markup([line], "html", lambda texts: [output], each(verb_attending(source, words, links)))
    assert out == [expected]


@pytest.mark.parametrize("output", ["The coffee costs €2.50.", "The coffee costs 2.50 €."])
def test_a_tag_pair_around_a_price_encloses_the_whole_price_never_part_of_the_number(output):
    line = 'Der Kaffee kostet <span class="preis">2,50 €</span>.'
    price = output.split("costs ")[1][:-1]
    source, words = ["▁Der", "▁Kaffee", "▁kostet", "▁2,50 €", "▁￭."], ["▁The", "▁coffee", "▁costs", f"▁{price}", "▁￭."]
    maps = [AttentionMap(source, words + ["<eos>"], torch.eye(len(words) + 1, len(source)))]
    out = translate_markup([line], "html", lambda texts: [output], each(lambda plain: maps))
    assert out == [output.replace(price, f'<span class="preis">{price}</span>')]


def test_a_pair_placed_in_proportion_never_comes_back_empty():
    """With no alignment each pair would wrap the sentence, and source order would leave the second pair empty, so
    tags go in proportion to where they stood; "Sofa" rounds to the boundary before the full stop, and its pair takes
    the word before it rather than come back as `<i></i>`."""
    line, output = "Die <b>rote</b> Katze schläft auf dem <i>Sofa</i>.", "There is sitting on the street."
    assert translate_markup([line], "html", lambda texts: [output], each(lambda plain: None)) == \
        ["<b>There is</b> sitting on the <i>street</i>."]


def test_an_engine_without_attention_places_a_pair_inside_the_line_in_proportion_not_around_it():
    """An export draws no attention: a pair around a word inside the line goes where that word stood in the source,
    by proportion, not around the whole sentence."""
    assert translate_markup(["Ein <b>roter</b> Hund rennt."], "html", lambda texts: ["A red dog runs."],
                            each(lambda plain: None)) == ["A <b>red</b> dog runs."]


def test_a_bare_word_start_mark_takes_no_alignment_from_the_word_it_stands_before():
    """sentencepiece writes a placeholder as a bare "▁" and the placeholder's token: the bare mark carries no word, so
    where it attends ("Frühstück") says nothing of the price it stands before, which keeps its own source word."""
    source = ["<2en>", "▁Es", "▁kostet", "▁", "89 €", "▁mit", "▁Frühstück"]
    output = ["▁It", "▁costs", "▁", "€89", "▁with", "▁breakfast", "<eos>"]
    weights = torch.tensor([[0.0, 0.9, 0.1, 0.0, 0.0, 0.0, 0.0], [0.0, 0.1, 0.9, 0.0, 0.0, 0.0, 0.0],
                            [0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 0.9], [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0],
                            [0.0, 0.0, 0.0, 0.0, 0.0, 0.9, 0.1], [0.0, 0.0, 0.0, 0.0, 0.0, 0.2, 0.8],
                            [0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5]])
    aligned = links("Es kostet 89 € mit Frühstück", "It costs €89 with breakfast",
                    [AttentionMap(source, output, weights, carried=((3, 4),))])
    assert aligned.sure == [{0}, {1}, {2}, {3}, {4}]


def test_a_sentence_whose_source_is_only_the_direction_tag_keeps_the_next_sentences_aligned():
    """Sentences are aligned one after another: one with no source word (only the tag) still moves past its tokens,
    so the next sentence's words line up with their own attention."""
    empty = AttentionMap(["<2en>"], ["▁Hi", "<eos>"], torch.tensor([[1.0], [1.0]]))
    second = AttentionMap(["▁Ein", "▁Hund"], ["▁A", "▁dog", "<eos>"],
                          torch.tensor([[0.9, 0.1], [0.1, 0.9], [0.5, 0.5]]))
    aligned = links("Ein Hund", "Hi A dog", [empty, second])
    assert aligned.sure == [set(), {0}, {1}]


@pytest.mark.parametrize("line, translation, expected", [
    ("Es sind 10&nbsp;km.", "It is 10 km.", "It is 10&nbsp;km."),
    ("Herr&nbsp;Baker (Tel.&nbsp;123) kommt.", "Mr Baker (Tel. 123) is coming.", "Mr Baker (Tel.&nbsp;123) is coming."),
    ("Es kostet 12&nbsp;$.", "It costs 12 $.", "It costs 12&nbsp;$."),
    ("Ein Zimmer für 89&nbsp;€, bitte.", "A room for 89 €, please.", "A room for 89&nbsp;€, please."),
    ("10&nbsp;km", "ten kilometres", "ten kilometres"),
    ("Es sind 10&nbsp;€.", "It is €10.", "It is €10."),
    ("Eintritt 8&nbsp;Euro.", "Entry 8 € and more.", "Entry 8&nbsp;€ and more."),      # a number before its unit
    ("Es sind 3,5&nbsp;km.", "It is 3.5 km.", "It is 3.5&nbsp;km."),
    ("Nur 10&nbsp;Minuten", "Only 10 .", "Only 10 ."),          # no word after the number: a plain space
    ("Es kostet 10&nbsp;€ pro Person.", "It costs €10 per person.", "It costs €10 per person."),   # the sign moved
])
def test_a_no_break_space_comes_back_between_the_words_it_joined_where_the_translation_keeps_them(line, translation,
                                                                                                   expected):
    assert translate_markup([line], "html", lambda texts: [translation], each(lambda text: None)) == [expected]


@pytest.mark.parametrize("line, translation, expected", [
    ("Es beginnt um <b>20 Uhr</b>.", "It starts at 8 pm.", "It starts at <b>8 pm</b>."),
    ("It starts on <u>December 31</u>.", "Es beginnt am 31. Dezember.", "Es beginnt am <u>31. Dezember</u>."),
])
def test_a_pair_around_a_placeholder_encloses_every_word_of_its_value(line, translation, expected):
    source = line.replace("<b>", "").replace("</b>", "").replace("<u>", "").replace("</u>", "")
    words = source.split()
    slot = "\ue000"                 # the placeholder piece the model read and wrote for the time or date
    src_tokens = words[:3] + [slot, "."]
    out_tokens = translation.split()[:3] + [slot, ".", "</s>"]

    def maps(text):
        return [AttentionMap(src_tokens, out_tokens, torch.eye(len(out_tokens), len(src_tokens)))]
    assert translate_markup([line], "html", lambda texts: [translation], each(maps)) == [expected]


def test_a_pair_around_a_placeholder_follows_the_placeholder_the_model_wrote_back_not_the_attention():
    """"Munich" travelled as a placeholder and came back as "München"; the attention of "bauen" points at it more
    than that of "München" does, yet the pair encloses "München": the placeholder is the same word on both sides."""
    source, output = ["<2de>", "▁Der", "▁Zug", "▁nach", "▁Munich"], ["▁Der", "▁Zug", "▁München", "▁bauen", "<eos>"]
    weights = torch.tensor([[0.0, 0.9, 0.0, 0.0, 0.1], [0.0, 0.0, 0.9, 0.0, 0.1], [0.0, 0.0, 0.0, 0.6, 0.4],
                            [0.0, 0.0, 0.0, 0.2, 0.8], [0.9, 0.0, 0.0, 0.0, 0.1]])
    line, translation = "Der Zug nach <b>Munich</b>", "Der Zug München bauen"
    by_attention = translate_markup([line], "html", lambda texts: [translation],
                                    each(lambda plain: [AttentionMap(source, output, weights)]))
    by_placeholder = translate_markup([line], "html", lambda texts: [translation],
                                      each(lambda plain: [AttentionMap(source, output, weights, ((2, 4),))]))
    assert by_attention == ["Der Zug München <b>bauen</b>"]
    assert by_placeholder == ["Der Zug <b>München</b> bauen"]


@pytest.mark.parametrize("line, plain", [
    ('Ein Hund <span data-a="1>2" title=\'a < b\'>rennt</span>.', "Ein Hund rennt."),   # ">" and "<" in a value
    ('Der Wert <![CDATA[a < b]]> ist klein.', "Der Wert ist klein."),
    ('Ein Hund <script>var x = "<b>";</script>rennt.', "Ein Hund rennt."),
    ('Ein <STYLE type="text/css">b { color: red }</STYLE>Hund.', "Ein Hund."),
])
def test_a_tag_with_marks_in_its_values_a_cdata_section_and_a_script_are_kept_and_not_read(line, plain):
    seen = []
    out = translate_markup([line], "html" if "CDATA" not in line else "xml", lambda texts: seen.extend(texts) or texts,
                           each(identity_maps))
    assert seen == [plain] and out == [line]


def test_an_empty_pair_and_a_tag_that_opens_the_line_stay_where_they_stood_not_around_the_sentence():
    out = translate_markup(['Ein Mann <b></b> fährt.', '<img src="a.png"> Ein Hund spielt.', '</b>Ein Hund.'],
                           "html", lambda texts: [t.upper() for t in texts], each(identity_maps))
    assert out == ['EIN MANN <b></b> FÄHRT.', '<img src="a.png"> EIN HUND SPIELT.', '</b>EIN HUND.']


def test_a_line_whose_only_markup_is_no_entity_or_that_has_no_words_is_as_without_the_flag():
    out = translate_markup(["Der Kurs von AT&T; steigt.", "</p><p>", "&nbsp;", "<b> </b>"], "html",
                           lambda texts: [t.upper() for t in texts], each(lambda text: pytest.fail("no alignment")))
    assert out == ["DER KURS VON AT&T; STEIGT.", "</p><p>", "&nbsp;", "<b> </b>"]


def test_the_server_and_evaluate_py_put_back_a_line_of_markup_and_no_words_as_written():
    """They call put_back_lines, as translate_markup does: the rule is put_back's."""
    for line in ("</p><p>", "&nbsp;", "<b> </b>"):
        assert put_back_lines([markup_of(line, "html")], [""], lambda texts: pytest.fail("no alignment")) == [line]


def test_an_open_tag_never_goes_between_a_word_and_the_closing_mark_stuck_to_it():
    """A weak model's attention put `<b>` before the full stop of "Mr.": `Mr<b>. Bauer</b>`."""
    parsed = parse("Herr <b>Bauer</b> kauft Brot.", "html")
    aligned = Alignment([{0}, {1}, {1}, {2}, {3}, {4}], [{0}, {1}, {1}, {2}, {3}, {4}])   # "." and "Bauer": "Bauer"
    assert place(parsed, "Mr. Bauer buys bread.", aligned) == [2, 3]


def test_a_character_written_two_ways_comes_back_each_way_where_it_stood():
    out = translate_markup(["10&nbsp;&euro; und 5&#8364; oder 3 €, &lt;b&gt;"], "html",
                           lambda texts: ["€10 and €5 or €3, <b> €"], each(lambda text: None))
    assert out == ["&euro;10 and &#8364;5 or €3, &lt;b&gt; &euro;"]


@pytest.mark.parametrize("line, plain", [
    ("<script>var x = 1;", ""),
    ('Ein Hund rennt.<SCRIPT type="text/javascript">if (a < b) { x = "Hund"; }', "Ein Hund rennt."),
    ("<style>b { color: red } <b>Hund</b>.", ""),
    ("Ein Hund rennt.<!-- Katze -->Eine Katze.<!-- schläft", "Ein Hund rennt. Eine Katze."),
    ("Der Wert<![CDATA[a < b ist klein.", "Der Wert"),
])
def test_a_script_style_comment_or_cdata_not_closed_on_the_line_keeps_the_rest_of_the_line_as_typed(line, plain):
    seen = []
    out = translate_markup([line], "xml", lambda texts: seen.extend(texts) or texts, each(identity_maps))
    assert seen == [plain] and out == [line]


def test_a_block_tag_between_two_words_is_read_as_a_space_and_takes_its_place_again():
    """"<li>Hund</li><li>Katze</li>" was read as "HundKatze"; an inline tag inside a word still joins it."""
    seen = []
    line = "<ul><li>Hund</li><li>Katze</li></ul><p>Ein Ball.</p><p>Ein Haus<b>tor</b>.</p>"
    out = translate_markup([line], "html", lambda texts: seen.extend(texts) or [t.upper() for t in texts],
                           each(identity_maps))
    assert seen == ["Hund Katze Ein Ball. Ein Haustor."]
    assert out == ["<ul><li>HUND</li><li>KATZE</li></ul><p>EIN BALL.</p><p>EIN <b>HAUSTOR</b>.</p>"]


def test_a_void_tag_after_a_full_stop_and_a_space_stays_after_the_full_stop():
    """"Ein Hund rennt. <br> Eine Katze schläft." came back as "A dog runs<br>. A cat sleeps."."""
    line = 'Ein Hund rennt. <br> Eine Katze schläft! <img src="a.png">Ein Ball.'
    out = translate_markup([line], "html", lambda texts: [t.upper() for t in texts], each(identity_maps))
    assert out == ['EIN HUND RENNT. <br> EINE KATZE SCHLÄFT! <img src="a.png">EIN BALL.']


@pytest.mark.parametrize("line", ["Ein Hund rennt. <br>", "<b>Ein Hund rennt.</b>  <br><!-- x", "Ein Hund <!-- rennt.",
                                  "<li>Ein Hund</li><li>"])
def test_tags_after_the_last_word_keep_the_space_they_stood_after(line):
    """"Ein Hund rennt. <br>" came back as "A dog runs.<br>"; a space the model read in place of a tag is none."""
    out = translate_markup([line], "html", lambda texts: [t.strip() for t in texts], each(identity_maps))
    assert out == [line]
