"""python -m probes (probes/__main__.py) without a model: the probe's lines to translate elsewhere, and outputs
scored from a file; and the direction it probes of a model of both directions."""
import json

import pytest

import probes.__main__ as probes_main
from probes.__main__ import main, parse_args
from probes.lines import probe_lines
from util.errors import UserError

KINDS = {"no names", "sentences", "caps", "lowercase", "typos", "spacing", "punctuation", "copy", "greetings",
         "people", "places", "brands", "clubs"}


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
    copied, copying = sum(len(p.verbatim) for p in lines), sum(bool(p.verbatim) for p in lines)
    assert copying >= 17
    assert result["copied_exactly"] == {"items": copied, "kept": copied, "lines": copying, "lines_all_kept": copying}
    assert set(result["kinds"]) == {p.kind for p in lines} | {"all"} > KINDS and not result["names_checked"]


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


def test_direction_picks_the_probed_direction_of_a_model_of_both(both_run, capsys):
    found = {}
    for direction in ("de-en", "en-de"):
        assert main(["--checkpoint", str(both_run / "best.pt"), "--direction", direction, "--json"]) == 0
        found[direction] = json.loads(capsys.readouterr().out.splitlines()[-1])["pytorch"]
    assert {d: f["direction"] for d, f in found.items()} == {"de-en": "de-en", "en-de": "en-de"}
    assert all(f["kinds"]["sentences"]["invented_numbers"] == 0 for f in found.values())


def test_to_names_the_probed_direction_as_direction_does(capsys):
    assert main(["--sources", "--to", "de"]) == 0          # was: --to ignored, the German lines of de-en
    assert capsys.readouterr().out.split("\n")[:-1] == [p.source for p in probe_lines("en-de")]


@pytest.mark.parametrize("flags, message", [
    (["--to", "auto"], r"^--to auto: the probes write en or de, each from lines of the other; pass --to en or --to de"),
    (["--to", "fr"], r"^--to fr: the probes write en or de"),
    (["--to", "de", "--direction", "de-en"], r"^--to de probes en-de, but --direction is de-en; give one of them$"),
])
def test_a_to_the_probes_cannot_write_is_one_line(flags, message):
    with pytest.raises(UserError, match=message):
        main(["--sources", *flags])


def test_to_and_glossary_reach_the_model_of_both_directions(both_run, tmp_path, capsys, monkeypatch):
    from decoding.translator import Translator
    with pytest.raises(UserError, match="nope.tsv"):        # was: --glossary never read
        main(["--checkpoint", str(both_run / "best.pt"), "--glossary", str(tmp_path / "nope.tsv")])
    (tmp_path / "terms.tsv").write_text("Hund\tdog\n", encoding="utf-8")
    used = []
    use = Translator.use_glossary
    monkeypatch.setattr(Translator, "use_glossary", lambda self, glossary: (used.append(glossary), use(self, glossary)))
    assert main(["--checkpoint", str(both_run / "best.pt"), "--to", "de", "--glossary", str(tmp_path / "terms.tsv"),
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["pytorch"]["direction"] == "en-de"
    assert used[-1] == {"Hund": "dog"}         # was: never given to the model


TINY = ("# a tiny probe\n"
        "places\tThe train to Munich is late.\tZug\tMünchen\n"
        "copy\tMail me at ab@cd.de today.\t=ab@cd.de\theute\n"
        "caps\tTHE TRAIN TO MUNICH IS LATE.\ttwin: The train to Munich is late.\n")


def test_file_replaces_the_directions_lines_for_sources_and_outputs(tmp_path, capsys, no_multi30k):
    (tmp_path / "tiny.en.tsv").write_text(TINY, encoding="utf-8")
    assert main(["--sources", "--direction", "en-de", "--file", str(tmp_path / "tiny.en.tsv")]) == 0
    sources = capsys.readouterr().out.split("\n")[:-1]
    assert sources == ["The train to Munich is late.", "Mail me at ab@cd.de today.", "THE TRAIN TO MUNICH IS LATE."]
    (tmp_path / "out.de").write_text("Der Zug nach München ist spät.\nSchreib mir heute an AB@cd.de.\n"
                                     "DER ZUG NACH MÜNCHEN IST SPÄT.\n", encoding="utf-8")
    assert main(["--outputs", str(tmp_path / "out.de"), "--direction", "en-de", "--file",
                 str(tmp_path / "tiny.en.tsv"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["file"]
    assert set(result["kinds"]) == {"places", "copy", "caps", "all"} and "entities" not in result
    assert result["copied_exactly"]["items"] == 1 and result["copied_exactly"]["kept"] == 0
    (tmp_path / "short.de").write_text("Der Zug.\n", encoding="utf-8")
    with pytest.raises(UserError, match="1 outputs for 3 probe lines of en-de; .* --file"):
        main(["--outputs", str(tmp_path / "short.de"), "--direction", "en-de", "--file", str(tmp_path / "tiny.en.tsv")])


def test_file_takes_a_name_in_probes_data():
    assert parse_args(["--file", "user.en.tsv"]).lines == probe_lines("en-de")


@pytest.mark.parametrize("text, message", [(None, "cannot read it"), ("places\tA line without items.\n", "line 1: "),
                                           ("# only a comment\n", "holds no probe lines"),
                                           ("caps\tA DOG.\ttwin: A dog.\n", "no line 'A dog.'")])
def test_a_missing_or_malformed_file_is_one_line(tmp_path, text, message):
    if text is not None:
        (tmp_path / "bad.tsv").write_text(text, encoding="utf-8")
    with pytest.raises(UserError, match=message) as raised:
        main(["--sources", "--file", str(tmp_path / "bad.tsv")])
    assert "\n" not in str(raised.value)


def test_a_files_figures_name_the_file_and_the_own_lines_figures_do_not(tmp_path, monkeypatch):
    (tmp_path / "tiny.en.tsv").write_text(TINY, encoding="utf-8")
    recorded = []
    monkeypatch.setattr(probes_main, "record_shares", lambda prog, args, shares, direction: recorded.append(shares))
    for flags in ([], ["--file", str(tmp_path / "tiny.en.tsv")]):
        args = parse_args(["--direction", "en-de", *flags])
        lines = probes_main.lines_of(args, "en-de")
        judge = probes_main.Judge("en-de", None)
        probes_main.record_probe(args, "en-de", probes_main.report(judge.lines(lines, [p.source for p in lines]),
                                                                    judge), None)
    assert list(recorded[0]) == ["probe items kept", "copied-through items kept exactly"]
    assert list(recorded[1]) == ["probe items kept (tiny.en.tsv)", "copied-through items kept exactly (tiny.en.tsv)"]


def test_a_files_direction_is_its_names_language_or_the_flags(tmp_path):
    """`--file fresh.en.tsv` without --direction probed its English lines with a German->English model, silently."""
    for name in ("tiny.en.tsv", "tiny.tsv"):
        (tmp_path / name).write_text(TINY, encoding="utf-8")
    assert parse_args(["--file", str(tmp_path / "tiny.en.tsv")]).direction == "en-de"
    assert parse_args(["--file", str(tmp_path / "tiny.tsv"), "--direction", "en-de"]).direction == "en-de"
    for flags, message in ((["--direction", "de-en"], "holds en lines, probed en-de"), ([], "does not say")):
        name = "tiny.en.tsv" if flags else "tiny.tsv"
        with pytest.raises(UserError, match=message):
            parse_args(["--file", str(tmp_path / name), *flags])
