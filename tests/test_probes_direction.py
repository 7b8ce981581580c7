"""probes/direction.py: the shares per kind count what they say (an undecided line goes the model's own way, an
undecidable line is right when undecided), fragments are 1-4 words of their line, the probe's lines are labelled
soundly, and the probe runs on a model of both directions and records."""
import json
import random

from probes.direction import Line, UNDECIDABLE, fragments, kind_shares, main, probe_lines


def test_shares_count_lines_read_right_and_going_the_right_way():
    """An undecided line goes the model's own way: right for a line of its source language (here German)."""
    lines = [Line("short", "de", "Guten Morgen"), Line("short", "en", "Thank you"), Line("short", "de", "Tschüss"),
             Line("short", "en", "Goodbye"), Line(UNDECIDABLE, "", "OK"), Line(UNDECIDABLE, "", "Maria")]
    read = {"Guten Morgen": "de", "Thank you": "en", "Tschüss": None, "Goodbye": None, "OK": None, "Maria": "de"}.get
    short, undecidable = kind_shares(lines, read, own="de")
    assert (short.lines, short.read_right, short.right_way, short.undecided) == (4, 2, 3, 2)
    assert short.wrong == (("Goodbye", None),)
    assert (undecidable.read_right, undecidable.undecided, undecidable.wrong) == (1, 1, (("Maria", "de"),))
    assert undecidable.right_way == 2                   # read as German, it still goes the model's own way
    assert kind_shares(lines, read, own="en")[1].right_way == 1


def test_fragments_are_one_to_four_words_in_a_row_of_their_line_and_repeat_with_the_seed():
    lines = ["Ein Mann mit einem roten Hut wartet an der Haltestelle .", "Hallo", "Zwei Hunde spielen"]
    cut = fragments(lines, random.Random(1))
    assert all(1 <= len(f.split()) <= 4 and f in line for f, line in zip(cut, lines))
    assert cut == fragments(lines, random.Random(1)) and cut[1] == "Hallo"


def test_the_probe_lines_are_labelled_and_short_lines_are_short():
    lines = probe_lines()
    kinds = {kind: [line for line in lines if line.kind == kind] for kind in dict.fromkeys(l.kind for l in lines)}
    assert list(kinds) == ["sentence", "short", "names and numbers", UNDECIDABLE]
    for kind in ("sentence", "short", "names and numbers"):
        assert {line.lang for line in kinds[kind]} == {"de", "en"} and len(kinds[kind]) >= 12
    assert all(1 <= len(line.text.split()) <= 4 for line in kinds["short"])
    assert {"Guten Morgen", "Thank you", "Wo ist der Bahnhof?", "OK", "Taxi"} <= {line.text for line in lines}
    assert len({line.text for line in lines}) == len(lines)


def test_the_probe_runs_on_a_model_of_both_directions_and_records(both_run, tmp_path, monkeypatch, capsys):
    ledger = tmp_path / "ledger.jsonl"
    monkeypatch.setenv("EINSUM_NMT_LEDGER", str(ledger))
    assert main(["--checkpoint", str(both_run / "best.pt"), "--record"]) == 0
    assert "undecidable" in capsys.readouterr().out
    records = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert len(records) == 4 and all(r["topic"] == "probes" and 0 <= r["value"] <= 1 for r in records)
    read = {r["split"]: r["value"] for r in records}
    assert read["direction probe: sentence read right"] > 0.5, read       # the router reads auto, as --to's default


def test_a_split_is_read_both_sides_whole_and_in_fragments(both_run, multi30k_dir, capsys):
    assert main(["--checkpoint", str(both_run / "best.pt"), "--split", "val", "--data-dir", str(multi30k_dir)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert [row.split()[:3] for row in rows[1:3]] == [["val", "lines", "2028"], ["val", "fragments", "2028"]]
