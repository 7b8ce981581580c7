"""probes/markup.py: each way a translated line can spoil its markup lowers its own figure, the sheet shows the words
inside each tag pair on both sides, and the probe runs on a model of both directions and records into a ledger."""
import json

from probes.lines import text_lines
from probes.markup import judge, main, matched_pairs, score, sheet_rows

SOURCE = 'Klicken Sie <a href="/agb" title="Geschäftsbedingungen">hier</a> &amp; <b>jetzt</b>.'


def test_a_line_with_every_tag_and_entity_as_written_is_right():
    result = judge(SOURCE, 'Click <a href="/agb" title="Geschäftsbedingungen">here</a> &amp; <b>now</b>.')
    assert result.right and result.problems() == []


def test_each_fault_fails_its_own_check():
    faults = {
        'Click <a href="/agb" title="Geschäftsbedingungen">here</a> &amp; <b>now.': {
            "tags once", "tags in order", "tags balanced", "tags identical"},
        'Click <b>now</b> &amp; <a href="/agb" title="Geschäftsbedingungen">here</a>.': {"tags in order",
                                                                                         "tags identical"},
        'Click <a href="/agb" title="Terms">here</a> &amp; <b>now</b>.': {"tags identical"},
        'Click <a href="/agb" title="Geschäftsbedingungen">here</a> & <b>now</b>.': {"entities kept", "escaped"},
        'Click <a href="/agb" title="Geschäftsbedingungen">here</a> and &quot;<b>now</b>.': {"entities kept",
                                                                                              "escaped"},
    }
    for output, failed in faults.items():
        assert set(judge(SOURCE, output).problems()) == failed, output


def test_crossed_pairs_are_not_balanced():
    assert not judge("<b>ein <i>Hund</i></b>", "<b>a <i>dog</b></i>").tags.balanced


def test_the_score_counts_lines_and_pairs_wrapped_around_the_whole_output():
    outputs = ['Click <a href="/agb" title="Geschäftsbedingungen">here</a> &amp; <b>now</b>.',
               '<a href="/agb" title="Geschäftsbedingungen">Click here</a> &amp; <b>now.</b>']
    s = score("de-en", [judge(SOURCE, output) for output in outputs])
    assert (s.lines, s.right, s.tags_once, s.identical, s.entity_lines) == (2, 2, 2, 2, 2)
    assert (s.part_pairs, s.widened) == (4, 0)
    s = score("de-en", [judge("Der <b>rote</b> Ball.", "<b>The red ball.</b>")])
    assert (s.part_pairs, s.widened) == (1, 1)


def test_a_tag_between_the_digits_of_a_number_is_counted():
    source = 'Ein Kaffee kostet <span class="preis">2,50 €</span>.'
    outputs = ['A coffee costs <span class="preis">2</span>,50 €.',
               'A coffee costs <span class="preis">€2.50</span>.']
    assert score("de-en", [judge(source, output) for output in outputs]).split_numbers == 1


def test_the_sheet_gives_the_words_inside_each_pair_on_both_sides():
    result = judge("Ein <i>kleiner <b>roter</b> Ball</i> &amp; mehr", "A <i>small <b>red</b> ball</i> &amp; more")
    assert matched_pairs(result) == [("<i>", "kleiner roter Ball", "small red ball"), ("<b>", "roter", "red")]
    lost = judge("Der <b>rote</b> Ball.", "The red ball.")
    [row] = sheet_rows("de-en", [lost])
    assert row.split("\t")[:5] == ["de-en", "1", "<b>", "rote", "(pair lost)"]


def test_the_probe_lines_hold_every_kind_of_markup_a_page_has():
    for name in ("markup.de.txt", "markup.en.txt"):
        lines = text_lines(name)
        joined = "\n".join(lines)
        assert len(lines) >= 40 and len(set(lines)) == len(lines)
        assert all("<" in line or "&" in line for line in lines)
        for mark in ("<b>", "<i>", '<a href="', '<span class="', "<br>", "<br/>", "<img src=", "alt=", "<!--",
                     "&amp;", "&nbsp;", "&lt;", "&quot;", "&#39;", "<p>", "</i>"):
            assert mark in joined, (name, mark)
        assert sum(line.startswith("<") for line in lines) >= 3 and sum(line.endswith(">") for line in lines) >= 3


def test_the_probe_runs_both_ways_writes_the_sheet_and_records(both_run, tmp_path, monkeypatch, capsys):
    ledger = tmp_path / "ledger.jsonl"
    monkeypatch.setenv("EINSUM_NMT_LEDGER", str(ledger))
    sheet = tmp_path / "pairs.tsv"
    assert main(["--checkpoint", str(both_run / "best.pt"), "--greedy", "--record", "--sheet", str(sheet)]) == 0
    out = capsys.readouterr().out
    assert "markup de-en: 50 lines" in out and "markup en-de: 50 lines" in out
    records = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert {r["direction"] for r in records} == {"de-en", "en-de"} and all(r["topic"] == "probes" for r in records)
    rows = sheet.read_text(encoding="utf-8").splitlines()
    assert len(rows) > 40 and all(len(row.split("\t")) == 8 for row in rows)
