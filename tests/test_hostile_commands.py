"""The hostile sweep's findings about the commands (issue 15): values that passed and then crashed are refused with
their range, output paths are checked before work, damaged exports are one line, engines agree on empty lines."""
import json
import shutil
import sys

import pytest

import average
import export
import serve
import translate
from decoding.engines import load_translator
from tests.test_engines import SOURCES, save
from util.cli import run_main
from util.errors import UserError


@pytest.mark.parametrize("flags, message", [
    (["--threads", "100000"], "--threads 100000 must be from 0 to 1024"),
    (["--threads", "-3"], "--threads -3 must be from 0 to 1024"),
    (["--port", "99999"], "--port 99999 must be from 0 to 65535"),
    (["--max-batch-wait-ms", "1e300"], "--max-batch-wait-ms 1e+300 must be from 0 to 10000"),
    (["--max-batch-wait-ms", "nan"], "--max-batch-wait-ms nan must be from 0 to 10000"),
    (["--max-beam", "100000"], "--max-beam 100000 must be from 1 to 1000"),
    (["--device", "gpu"], "--device=gpu is not a device; use auto, cpu, cuda or cuda:N"),
])
def test_serve_refuses_values_that_would_crash_or_hang_in_one_line(flags, message, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["serve.py", *flags])
    with pytest.raises(SystemExit) as exit:
        run_main(serve.main)
    assert exit.value.code == 2 and capsys.readouterr().err.startswith(f"error: {message}")


def test_translate_refuses_a_beam_that_would_take_all_memory():
    with pytest.raises(UserError, match=r"^--beam 100000000 must be at most 1000"):
        translate.parse_args(["--beam", "100000000", "Hallo"])
    with pytest.raises(UserError, match=r"^--n-best 5000 must be from 1 to 1000"):
        translate.parse_args(["--n-best", "5000", "Hallo"])


def test_output_paths_are_checked_before_any_work(tmp_path):
    (tmp_path / "file").write_text("keep me")
    with pytest.raises(UserError, match=r"file is a file, not a directory; choose another OUT_DIR"):
        export.main([str(tmp_path / "missing.pt"), str(tmp_path / "file"), "--force"])
    with pytest.raises(UserError, match=r"^--out .* is a directory; give a file name"):
        average.main([str(tmp_path / "a.pt"), str(tmp_path / "b.pt"), "--out", str(tmp_path)])
    assert (tmp_path / "file").read_text() == "keep me"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    pytest.importorskip("ctranslate2", reason="ctranslate2 is an optional dependency")
    root = tmp_path_factory.mktemp("exported")
    export.main([save(root / "a.pt", 1), str(root / "ct2"), "--quantization", "float32"])
    return root


@pytest.mark.parametrize("damage, named", [
    (lambda d: (d / "einsum_nmt.json").write_text('{"config": '), "einsum_nmt.json is damaged"),
    (lambda d: (d / "einsum_nmt.json").write_text(json.dumps({"config": {}, "src_vocab": 3})), "einsum_nmt.json is "
                                                                                                 "damaged"),
    (lambda d: (d / "model.bin").write_bytes(b""), "model.bin cannot be loaded by CTranslate2"),
])
def test_a_damaged_export_directory_is_one_line_naming_the_file(damage, named, exported, tmp_path):
    directory = shutil.copytree(exported / "ct2", tmp_path / "ct2")
    damage(directory)
    with pytest.raises(UserError) as error:
        load_translator(directory)
    assert named in str(error.value) and "export.py" in str(error.value) and "\n" not in str(error.value)


def test_scoring_an_empty_line_gives_zero_in_both_engines(exported):
    engines = [load_translator(exported / "a.pt"), load_translator(exported / "ct2")]
    scores = [engine.score([SOURCES[0], SOURCES[1], ""], ["", "A man plays.", "A dog."]) for engine in engines]
    for engine_scores in scores:
        assert engine_scores[0] == engine_scores[2] == (0.0, 0.0, 0) and engine_scores[1].log_prob < 0
    assert scores[0][1].log_prob == pytest.approx(scores[1][1].log_prob, abs=1e-3)
