"""decoding/markup_kept.py: tags_kept says whether an output kept every tag of its source once, in order, balanced and
byte for byte, and which of the four failed; plain_text is a line as it is scored."""
from decoding.markup_kept import TagsKept, plain_text, tags_kept

SOURCE = 'Klicken Sie <a href="/hilfe">hier</a> oder <b>dort</b>.'


def test_a_line_with_every_tag_kept_is_true_on_all_four():
    found = tags_kept(SOURCE, 'Click <a href="/hilfe">here</a> or <b>there</b>.')
    assert found == TagsKept(once=True, in_order=True, balanced=True, identical=True) and found and found.kept


def test_a_lost_or_added_tag_is_not_once():
    assert tags_kept(SOURCE, 'Click <a href="/hilfe">here</a> or there.') == TagsKept(False, False, False, False)
    extra = tags_kept("Ein Hund.", "A <b>dog</b>.")
    assert not extra and not extra.once


def test_tags_in_another_order_are_once_but_not_in_order():
    found = tags_kept(SOURCE, '<b>There</b> or click <a href="/hilfe">here</a>.')
    assert found.once and not found.in_order and not found


def test_a_pair_closed_across_another_is_not_balanced():
    found = tags_kept("<b><i>Hund</i></b>", "<b><i>dog</b></i>")
    assert found.once and not found.balanced and not found


def test_a_changed_attribute_is_not_identical():
    found = tags_kept(SOURCE, 'Click <a href="/help">here</a> or <b>there</b>.')
    assert (found.once, found.in_order, found.balanced, found.identical) == (True, True, True, False) and not found


def test_a_line_without_tags_keeps_them_all_and_xml_names_keep_their_case():
    assert tags_kept("Ein Hund rennt.", "A dog runs.")
    assert not tags_kept('<Term id="1">Hund</Term>', '<term id="1">dog</term>', "xml").once


def test_a_line_is_scored_without_its_tags_and_with_its_entities_decoded():
    assert plain_text('Tom &amp; <b>Jerry</b>&nbsp;spielen', "html") == "Tom & Jerry\xa0spielen"
    assert plain_text("A < B & C", "html") == "A < B & C"      # no markup: as it is
