"""decoding/export_files.py: an export's files carry the sha256 recorded when it was written; a missing file or a
changed bit anywhere is one line naming the file, and exports written before checksums still load."""
import json
import os

import pytest

from decoding.export_files import MANIFEST, check_export_files, seal, source_record, stale_note
from tests.tiny_models import tiny_trainable
from util.errors import UserError

FILES = {"model.bin": b"\x00\x01weights" * 100, "config.json": b'{"layers": 2}', "shared_vocabulary.json": b'["a"]',
         "src.spm.model": b"\x0a\x05piece" * 20}


def export_dir(tmp_path, units="subword"):
    """A directory shaped like an export (its files' bytes do not matter here) and its sealed manifest."""
    for name, body in FILES.items():
        (tmp_path / name).write_bytes(body)
    _, cfg = tiny_trainable()
    cfg.data.units = units
    manifest = seal(tmp_path, {"config": cfg.to_dict(), "src_vocab": ["<pad>", "Hund"], "tgt_vocab": ["<pad>", "dog"]})
    (tmp_path / MANIFEST).write_text(json.dumps(manifest))
    return manifest


def refusal(directory, manifest) -> str:
    with pytest.raises(UserError) as error:
        check_export_files(directory, manifest)
    assert "\n" not in str(error.value) and "export the checkpoint again with export.py" in str(error.value)
    return str(error.value)


def test_an_untouched_export_passes_and_every_file_is_recorded(tmp_path):
    manifest = export_dir(tmp_path)
    assert sorted(manifest["files"]) == sorted([*FILES, MANIFEST])
    check_export_files(tmp_path, json.loads((tmp_path / MANIFEST).read_text()))


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_missing_file_is_one_line_naming_it(name, tmp_path):
    manifest = export_dir(tmp_path)
    (tmp_path / name).unlink()
    assert refusal(tmp_path, manifest).startswith(f"{tmp_path / name} is missing")


@pytest.mark.parametrize("name", sorted(FILES))
def test_one_flipped_bit_is_one_line_naming_the_file(name, tmp_path):
    manifest = export_dir(tmp_path)
    body = bytearray((tmp_path / name).read_bytes())
    body[len(body) // 2] ^= 0x04
    (tmp_path / name).write_bytes(bytes(body))
    assert refusal(tmp_path, manifest).startswith(f"{tmp_path / name} is damaged")


def test_a_changed_vocabulary_entry_or_checksum_in_the_manifest_names_the_manifest(tmp_path):
    manifest = export_dir(tmp_path)
    changed = {**manifest, "tgt_vocab": ["<pad>", "cat"]}
    assert refusal(tmp_path, changed).startswith(f"{tmp_path / MANIFEST} is damaged")
    changed = {**manifest, "files": {**manifest["files"], "model.bin": "0" * 64}}
    assert refusal(tmp_path, changed).startswith(f"{tmp_path / MANIFEST} is damaged")


def test_an_export_written_before_checksums_still_loads_but_needs_its_subword_model(tmp_path):
    manifest = export_dir(tmp_path)
    del manifest["files"]
    check_export_files(tmp_path, manifest)
    (tmp_path / "src.spm.model").unlink()
    line = refusal(tmp_path, manifest)
    assert line.startswith(f"{tmp_path / 'src.spm.model'} is missing") and "predates checksums" in line


def test_an_old_word_level_export_needs_no_subword_model(tmp_path):
    manifest = export_dir(tmp_path, units="word")
    del manifest["files"]
    (tmp_path / "src.spm.model").unlink()
    check_export_files(tmp_path, manifest)


def test_a_checkpoint_rewritten_since_the_export_is_one_note_and_one_touched_moved_or_copied_back_is_none(tmp_path):
    ckpt = tmp_path / "best.pt"
    ckpt.write_bytes(b"weights of step 300")
    manifest = {"source": source_record(ckpt, 300), "quantization": "int8"}
    assert stale_note(tmp_path / "ct2", manifest) is None
    os.utime(ckpt, ns=(0, 10 ** 18))                          # the same bytes, touched or copied: not stale
    assert stale_note(tmp_path / "ct2", manifest) is None
    ckpt.write_bytes(b"weights of step 900")                    # its run wrote a newer best.pt
    note = stale_note(tmp_path / "ct2", manifest)
    assert note.startswith(f"note: the export {tmp_path / 'ct2'} is older than its checkpoint: {ckpt} was rewritten")
    assert "(step 300)" in note and "\n" not in note
    assert note.endswith(f"`python export.py {ckpt} {tmp_path / 'ct2'} --force --quantization int8` refreshes it")
    ckpt.unlink()                                               # an export shipped without its checkpoint
    assert stale_note(tmp_path / "ct2", manifest) is None
