"""probes/subtitles.py: each way a translated subtitle file can lose its form lowers its own figure, a file refused
whole counts as lost, the probe's files hold the tricky parts they promise, and the probe runs and records."""
import json

from probes.lines import DATA
from probes.subtitles import judge, layout, main, subtitle_files, totals
from util.errors import UserError

SRT = "\ufeff7\r\n00:00:01,000 --> 00:00:02,500 X1:40 X2:600\r\nEin Mann fährt\r\nmit dem Rad.\r\n\r\n" \
      "8\r\n00:00:03,000 --> 00:00:04,000\r\n- Hallo!\r\n- Guten Tag.\r\n"
GOOD = SRT.replace("Ein Mann fährt", "A man rides").replace("mit dem Rad.", "his bike.") \
    .replace("- Hallo!", "- Hello!").replace("- Guten Tag.", "- Good day.")


def test_a_translation_that_changes_only_the_cue_text_is_right():
    result = judge("x.srt", SRT, GOOD)
    assert result.right and result.failures == ()
    assert (result.kept_lines, result.cues, result.text_cues) == (5, 2, 2)


def test_each_loss_lowers_its_own_figure():
    timing = judge("x.srt", SRT, GOOD.replace("X1:40 X2:600", "X1:40"))
    assert (timing.kept_same, timing.same_breaks, timing.bom_kept) == (4, 2, True) and not timing.right
    joined = judge("x.srt", SRT, GOOD.replace("A man rides\r\nhis bike.", "A man rides his bike."))
    assert (joined.kept_same, joined.same_breaks) == (5, 1)
    bom = judge("x.srt", SRT, GOOD.removeprefix("\ufeff"))
    assert not bom.bom_kept and bom.kept_same == 5
    ends = judge("x.srt", SRT, GOOD.replace("\r\n", "\n"))
    assert ends.kept_same == 0
    lost = judge("x.srt", SRT, GOOD.replace("\r\n8\r\n00:00:03,000 --> 00:00:04,000\r\n", "\r\n"))
    assert lost.output_cues == 1 and not lost.right


def test_a_refused_file_comes_back_with_nothing():
    refused = judge("x.srt", SRT, UserError("stdin line 5: expected a cue number"))
    assert (refused.refused, refused.kept_same, refused.output_cues, refused.same_breaks) == (1, 0, 0, 0)
    assert "refused" in refused.failures[0]
    assert totals([refused, judge("x.srt", SRT, GOOD)]).kept_same == 5


def test_text_after_a_blank_line_in_a_cue_is_read_as_more_of_its_text():
    kept, breaks = layout("1\n00:00:01,000 --> 00:00:02,000\nerste\n\nzweite\n\n2\n00:00:03,000 --> 00:00:04,000\n"
                          "dritte\n", "srt")
    assert breaks == [2, 1] and kept.count("\n") == 2 and len(kept) == 6


def test_the_probe_files_hold_the_tricky_parts():
    files = {path.name: path.read_bytes() for lang in ("de", "en") for path in subtitle_files(lang)}
    assert len(files) == 8 and (DATA / ".gitattributes").read_text().count("-text") == 2
    both = b"".join(files.values()).decode("utf-8")
    assert files["subtitles.de.srt"].startswith("\ufeff17\r\n".encode()) and b"\r\n" in files["subtitles.en.vtt"]
    for part in ("X1:40 X2:600", "WEBVTT - ", "NOTE ", "STYLE", "align:start", "<i>", "</i>", "<v Lena>", "{\\an8}",
                 "- Hallo", "\n101\n"):
        assert part in both, part
    assert "00:00:08,500 --> 00:00:09,000\r\n\r\n" in both          # a cue with no text
    assert "zehn Uhr\n\nund dauert" in both                        # a blank line inside a cue
    assert "Kuchen.\n14\n00:01:07,500 --> 00:01:08,000\n15\n" in both     # cues with no blank line before them
    assert "every Sunday.\n00:00:05.500 --> 00:00:06.000\n00:00:06.500" in both


def test_the_probe_runs_both_ways_and_records(both_run, tmp_path, monkeypatch, capsys):
    ledger = tmp_path / "ledger.jsonl"
    monkeypatch.setenv("EINSUM_NMT_LEDGER", str(ledger))
    assert main(["--checkpoint", str(both_run / "best.pt"), "--greedy", "--record"]) == 0
    out = capsys.readouterr().out
    assert "subtitles.de.srt" in out and "subtitles.en.vtt" in out and out.count("all (4 files") == 2
    records = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert len(records) == 4 and {r["direction"] for r in records} == {"de-en", "en-de"}
