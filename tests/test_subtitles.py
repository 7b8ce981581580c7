"""decoding/subtitles.py and translate.py --format srt|vtt: only cues' text changes, sentences cross line breaks and
come back on as many lines, all cues decode in one call, and a broken file is one line naming its line."""
import pytest

import translate
from decoding.load import load_translator
from decoding.cue_text import split_like
from decoding.subtitles import translate_subtitles, translate_texts
from tests.commands import run
from tests.tiny_checkpoints import save
from tests.translator_doubles import CountingTranslator
from util.errors import UserError

SRT = """1
00:00:01,000 --> 00:00:03,500
Ein Mann fährt
mit dem Fahrrad.

2
00:00:04,000 --> 00:00:06,000 X1:40 X2:600
- Hallo.
- Wie geht es dir?

3
00:00:07,000 --> 00:00:08,000
Es regnet.
Die Sonne scheint.

"""
VTT = """WEBVTT - Film
Kind: captions
Language: de

NOTE eine Notiz
über zwei Zeilen

STYLE
::cue { color: yellow }

eins
00:01.000 --> 00:03.000 align:start line:0 position:10%
<i>Ein Hund läuft</i>
<i>im Park.</i>

00:00:04.000 --> 00:00:05.000
{\\an8}Eine Frau singt.
"""


class Fake:
    """translate(texts, line numbers) of decoding/subtitles.py: each text through `change`, every call recorded."""

    def __init__(self, change=lambda text: text):
        self.change, self.calls = change, []

    def __call__(self, texts, numbers):
        self.calls.append((list(texts), list(numbers)))
        return [self.change(text) for text in texts]


def text_lines(content: str) -> set[int]:
    """Indices of a file's lines that are a cue's text: those after a timing line, up to a blank line."""
    out, inside = set(), False
    for n, line in enumerate(content.split("\n")):
        if not line.strip():
            inside = False
        elif inside:
            out.add(n)
        elif "-->" in line:
            inside = True
    return out


@pytest.mark.parametrize("fmt, content", [("srt", SRT), ("vtt", VTT)])
def test_every_line_that_is_not_a_cues_text_comes_back_byte_for_byte(fmt, content):
    out = translate_subtitles(content, fmt, Fake(str.upper))
    source, result, changed = content.split("\n"), out.split("\n"), text_lines(content)
    assert len(result) == len(source)
    assert [line for n, line in enumerate(result) if n not in changed] == \
           [line for n, line in enumerate(source) if n not in changed]
    assert all(result[n] != source[n] and result[n].lower() == source[n].lower() for n in changed)
    assert translate_subtitles(content, fmt, Fake()) == content        # an identity translator: the file itself


def test_a_sentence_over_two_lines_is_translated_as_one_and_cut_back_into_two_near_the_sources_proportion():
    fake = Fake({"Ein Mann fährt mit dem Fahrrad.": "A man is riding his bicycle down the road."}.get)
    out = translate_subtitles("1\n00:00:01,000 --> 00:00:03,500\nEin Mann fährt\nmit dem Fahrrad.\n", "srt", fake)
    assert fake.calls == [(["Ein Mann fährt mit dem Fahrrad."], [3])]       # the text's first line, for warnings
    assert out.split("\n")[2:] == ["A man is riding his", "bicycle down the road.", ""]


def test_dialogue_lines_and_lines_that_each_end_a_sentence_are_translated_apart():
    fake = Fake(str.upper)
    translate_subtitles(SRT, "srt", fake)
    assert fake.calls == [(["Ein Mann fährt mit dem Fahrrad.", "Hallo.", "Wie geht es dir?", "Es regnet.",
                            "Die Sonne scheint."], [3, 8, 9, 13, 14])]
    fake = Fake(str.upper)      # a dash opens a new speaker even after a line that leaves its sentence open
    out = translate_subtitles("1\n0:00:01,000 --> 0:00:02,000\n- Warte\n- Nein\n", "srt", fake)
    assert fake.calls[0][0] == ["Warte", "Nein"] and out.endswith("- WARTE\n- NEIN\n")


def test_two_speakers_on_one_line_are_translated_apart_and_keep_the_dash_between_them():
    # a model read "Where is he? - I don't know." as one sentence and wrote "- Wo ist er nicht?": a speaker lost
    fake = Fake(str.upper)
    out = translate_subtitles("1\n00:00:01,000 --> 00:00:02,000\n- Wo ist er? - Ich weiß es nicht.\n", "srt", fake)
    assert fake.calls[0][0] == ["Wo ist er?", "Ich weiß es nicht."]
    assert out.endswith("\n- WO IST ER? - ICH WEISS ES NICHT.\n")
    fake = Fake(str.upper)      # a dash inside a sentence is no speaker's
    translate_subtitles("1\n00:00:01,000 --> 00:00:02,000\nEin Hund - und eine Katze.\n", "srt", fake)
    assert fake.calls[0][0] == ["Ein Hund - und eine Katze."]


def test_tags_and_dialogue_dashes_around_a_line_are_put_back_around_its_translation():
    fake = Fake({"Ein Hund läuft im Park.": "A dog runs in the park.", "Eine Frau singt.": "A woman sings.",
                 "Ja, ganz schön.": "Yes, quite nice."}.get)
    out = translate_subtitles(VTT, "vtt", fake)
    assert "<i>A dog runs in</i>\n<i>the park.</i>\n" in out and "{\\an8}A woman sings.\n" in out
    out = translate_subtitles("1\n00:00:01,000 --> 00:00:02,000\n- <i>Ja, <b>ganz</b> schön.</i>\n", "srt", fake)
    assert out.endswith("- <i>Yes, quite nice.</i>\n")      # a tag inside the line is not for the model


def test_crlf_line_ends_and_a_bom_survive():
    content = "\ufeff" + SRT.replace("\n", "\r\n")
    out = translate_subtitles(content, "srt", Fake(str.upper))
    assert out.startswith("\ufeff1\r\n00:00:01,000 --> 00:00:03,500\r\nEIN MANN FÄHRT\r\nMIT DEM FAHRRAD.\r\n")
    assert out.count("\r\n") == content.count("\r\n") and out.count("\n") == content.count("\n")
    assert translate_subtitles(content.rstrip("\r\n"), "srt", Fake()) == content.rstrip("\r\n")   # no end, none added


def test_the_vtt_header_notes_styles_identifiers_and_cue_settings_are_not_translated():
    fake = Fake(str.upper)
    out = translate_subtitles(VTT, "vtt", fake)
    assert fake.calls[0][0] == ["Ein Hund läuft im Park.", "Eine Frau singt."]
    assert out.startswith(VTT.split("eins\n")[0] + "eins\n00:01.000 --> 00:03.000 align:start line:0 position:10%\n")


@pytest.mark.parametrize("fmt, content, message", [
    ("srt", "1\n00:00:01,000 --> 00:00:02,000\nHallo.\n\n2\n00:00:03 --> 00:00:04\nDu.\n",
     "stdin line 6: the timing line '00:00:03 --> 00:00:04' does not parse; write it like `00:00:01,000 --> "
     "00:00:03,500`"),
    ("srt", "1\nHallo.\n", "stdin line 2: expected the timing line of cue '1', like `00:00:01,000 --> 00:00:03,500`, "
     "got 'Hallo.'"),
    ("srt", "Hallo.\n", "stdin line 1: expected a cue number or a timing line"),
    ("srt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHallo.\n", "stdin line 1: 'WEBVTT' opens a WebVTT file; give "
     "--format vtt"),
    ("vtt", "1\n00:00:01,000 --> 00:00:02,000\nHallo.\n", "stdin line 1: a WebVTT file starts with the line WEBVTT"),
    ("vtt", "WEBVTT\n\nx\n00:01.000 -> 00:02.000\nHallo.\n", "stdin line 4: expected the timing line of cue 'x'"),
])
def test_a_broken_file_is_one_line_naming_the_line(fmt, content, message):
    with pytest.raises(UserError, match="^" + message.replace("(", r"\(").replace(")", r"\)")) as e:
        translate_subtitles(content, fmt, Fake())
    assert "\n" not in str(e.value)


def test_a_translation_is_cut_at_spaces_near_the_source_lines_proportion_and_never_leaves_a_line_empty():
    assert split_like("one two three four five six", [10, 10]) == ["one two three", "four five six"]
    assert split_like("one two three four five six", [3, 20]) == ["one", "two three four five six"]
    assert split_like("a b c", [1, 1, 1]) == ["a", "b", "c"]
    assert split_like("Yes.", [3, 3]) == ["Yes."]              # fewer words than lines: fewer lines, none blank
    assert split_like("5\u00a0°C today", [4, 4]) == ["5\u00a0°C", "today"]     # a no-break space holds


def test_every_cue_is_decoded_in_one_call_of_the_translator(tmp_path):
    translator = CountingTranslator(load_translator(save(tmp_path / "a.pt", 1), "cpu"))
    out = translate_subtitles(SRT, "srt", lambda texts, numbers: translate_texts(translator, texts, numbers,
                                                                                 translator.cfg.decode))
    assert len(translator.calls) == 1 and translator.calls[0][0] == 5      # five sentences, one batch
    assert [line for line in out.split("\n") if "-->" in line] == [line for line in SRT.split("\n") if "-->" in line]


def test_translate_py_writes_an_srt_file_to_stdout_or_to_output_with_a_trained_model(tiny_run, synthetic_env,
                                                                                   tmp_path):
    srt = "\ufeff1\r\n00:00:01,000 --> 00:00:03,500\r\nDer Hund läuft\r\nim Park.\r\n\r\n2\r\n" \
          "00:00:04,000 --> 00:00:05,000\r\n<i>Der Hund läuft im Park.</i>\r\n"
    command = ["translate.py", "--checkpoint", str(tiny_run / "best.pt"), "--greedy", "--format", "srt"]
    out = run(command, synthetic_env, stdin=srt.encode()).stdout.decode()
    lines = out.split("\r\n")
    assert lines[:2] == ["\ufeff1", "00:00:01,000 --> 00:00:03,500"] and lines[4:7] == ["", "2", srt.split("\r\n")[6]]
    assert f"{lines[2]} {lines[3]}" == "The dog runs in the park."
    assert lines[7:] == ["<i>The dog runs in the park.</i>", ""]
    run([*command, "--output", str(tmp_path / "out.srt")], synthetic_env, stdin=srt.encode())
    assert (tmp_path / "out.srt").read_bytes() == out.encode()
    broken = run(command, synthetic_env, stdin=b"1\n00:00:01 --> 00:00:02\nHallo.\n", check=False)
    assert broken.returncode == 2 and broken.stderr.decode().count("\n") == 1
    assert broken.stderr.decode().startswith("error: stdin line 2: the timing line")
    latin = run(command, synthetic_env, stdin="1\n00:00:01,000 --> 00:00:02,000\nGrüß\n".encode("cp1252"),
                check=False)
    assert latin.returncode == 2 and latin.stderr.decode().startswith("error: stdin line 3 is not valid UTF-8")


@pytest.mark.parametrize("flags, message", [
    (["--format", "srt", "Hallo."], "--format srt translates a subtitle file on stdin"),
    (["--format", "vtt", "--json"], "--format vtt writes a subtitle file, which has no room for what --json adds"),
    (["--format", "srt", "--n-best", "2"], "--format srt writes a subtitle file, which has no room for what --n-best"),
    (["--output", "out.txt"], "--output writes a subtitle file (--format srt or vtt)"),
    (["--format", "doc"], "argument --format: invalid choice"),
])
def test_what_a_subtitle_file_has_no_room_for_is_refused_before_loading_a_model(flags, message):
    with pytest.raises(UserError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        translate.parse_args(["--checkpoint", "none.pt", *flags])


def test_output_into_a_missing_directory_is_refused_before_loading_a_model(tmp_path):
    with pytest.raises(UserError, match="--output .*: there is no directory"):
        translate.parse_args(["--checkpoint", "none.pt", "--format", "srt", "--output", str(tmp_path / "no" / "a.srt")])


def test_an_output_file_that_exists_is_replaced_only_with_force(tmp_path):
    (tmp_path / "a.srt").write_text("mine")
    flags = ["--checkpoint", "none.pt", "--format", "srt", "--output", str(tmp_path / "a.srt")]
    with pytest.raises(UserError, match=r"^--output .*a.srt exists; pass --force to replace it, or choose another "):
        translate.parse_args(flags)
    assert translate.parse_args([*flags, "--force"]).force and (tmp_path / "a.srt").read_text() == "mine"


@pytest.mark.parametrize("fmt, content", [
    ("srt", "1\n00:00:01,000 --> 00:00:02,000\nHallo.\n\nWie geht es?\n\n2\n00:00:03,000 --> 00:00:04,000\nGut.\n"),
    ("srt", "1\n00:00:01,000 --> 00:00:02,000\nHallo.\n\nWie geht es?\n2\n00:00:03,000 --> 00:00:04,000\nGut.\n"),
    ("vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nHallo.\n\nWie geht es?\n\n00:03.000 --> 00:04.000\nGut.\n"),
])
def test_text_after_a_blank_line_inside_a_cue_is_translated_and_the_cues_stay_as_they_were(fmt, content):
    out = translate_subtitles(content, fmt, Fake(str.upper))
    assert out == content.replace("Hallo.", "HALLO.").replace("Wie geht es?", "WIE GEHT ES?").replace("Gut.", "GUT.")


@pytest.mark.parametrize("fmt, content", [
    ("srt", "1\n00:00:01,000 --> 00:00:02,000\nHallo.\n2\n00:00:03,000 --> 00:00:04,000\nGut.\n\n"
            "3\n00:00:05,000 --> 00:00:06,000\n4\n00:00:07,000 --> 00:00:08,000\nJa.\n"),
    ("vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nHallo.\n00:03.000 --> 00:04.000\nGut.\n"),
])
def test_a_cue_that_starts_right_after_a_cues_text_or_timing_keeps_its_number_and_timing(fmt, content):
    """No blank line before a cue (or a cue with no text before it): its number and timing line are no text."""
    fake = Fake(str.upper)
    out = translate_subtitles(content, fmt, fake)
    assert out == content.replace("Hallo.", "HALLO.").replace("Gut.", "GUT.").replace("Ja.", "JA.")
    assert fake.calls[0][0] == [t for t in ("Hallo.", "Gut.", "Ja.") if t in content]


@pytest.mark.parametrize("line, expected", [
    ("<i>Ein Hund</i> rennt.", "EIN HUND RENNT."),                 # the pair does not enclose the line: dropped
    ("Ein Hund <i>rennt.</i>", "EIN HUND RENNT."),
    ("<c.yellow>Eine Frau</c> singt.", "EINE FRAU SINGT."),
    ("<i><b>Hallo</b> du.</i>", "<i>HALLO DU.</i>"),               # the outer pair encloses it: kept
    ("{\\an8}<i>Ja</i> gut.", "{\\an8}JA GUT."),                   # a position tag has no partner
])
def test_a_tag_at_a_lines_edge_whose_partner_is_inside_the_line_is_dropped_with_it(line, expected):
    out = translate_subtitles(f"1\n00:00:01,000 --> 00:00:02,000\n{line}\n", "srt", Fake(str.upper))
    assert out == f"1\n00:00:01,000 --> 00:00:02,000\n{expected}\n"
