"""decoding/engines.py: `load_translator` on a CTranslate2 export: a damaged directory is one line, and both engines
score alike."""
import json
import shutil

import pytest

import export
from decoding.load import load_translator
from tests.tiny_checkpoints import SOURCES, save
from util.errors import UserError


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    pytest.importorskip("ctranslate2", reason="ctranslate2 is an optional dependency")
    root = tmp_path_factory.mktemp("exported")
    export.main([save(root / "a.pt", 1), str(root / "ct2"), "--quantization", "float32"])
    return root


def as_before_checksums(directory):
    """The directory as export.py wrote it before exports carried checksums: no "files" in the manifest."""
    manifest = json.loads((directory / "einsum_nmt.json").read_text())
    del manifest["files"]
    (directory / "einsum_nmt.json").write_text(json.dumps(manifest))


@pytest.mark.parametrize("damage, named", [
    (lambda d: (d / "einsum_nmt.json").write_text('{"config": '), "einsum_nmt.json is damaged"),
    (lambda d: (d / "einsum_nmt.json").write_text(json.dumps({"config": {}, "src_vocab": 3})), "einsum_nmt.json is "
                                                                                                 "damaged"),
    (lambda d: (d / "model.bin").write_bytes(b""), "model.bin is damaged"),          # its sha256 differs
    (lambda d: [as_before_checksums(d), (d / "model.bin").write_bytes(b"")], "model.bin cannot be loaded by "
                                                                             "CTranslate2"),
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
