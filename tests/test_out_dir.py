"""exporting/out_dir.py: export.py fills a new or empty directory, replaces (with --force) only an earlier export,
and never deletes a directory that holds anything else."""
import json

import pytest

import export
from decoding.export_files import MANIFEST
from exporting.out_dir import check_target, install
from tests.tiny_checkpoints import save
from util.errors import UserError


def fake_export(directory, *extra):
    directory.mkdir()
    for name in ("model.bin", "config.json", "shared_vocabulary.json", "src.spm.model", *extra):
        (directory / name).write_text(name)
    files = {name: "0" * 64 for name in ("model.bin", "config.json", "shared_vocabulary.json", "src.spm.model")}
    (directory / MANIFEST).write_text(json.dumps({"files": files}))
    return directory


def test_force_never_deletes_a_run_directory_nor_the_checkpoint_being_exported(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    checkpoint = save(run / "best.pt", 1)
    for name in ("last.pt", "metrics.jsonl"):
        (run / name).write_text(name)
    with pytest.raises(UserError, match=rf"^{run} is not empty and not an earlier export \(it holds best.pt, last.pt, "
                                        r"metrics.jsonl\); export.py replaces only a directory it wrote"):
        export.main([checkpoint, str(run), "--force"])
    assert sorted(p.name for p in run.iterdir()) == ["best.pt", "last.pt", "metrics.jsonl"]


def test_the_current_directory_is_refused_in_one_line_not_a_traceback(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    checkpoint = save(tmp_path / "a.pt", 1)
    with pytest.raises(UserError, match=r"^\. is not empty and not an earlier export \(it holds a.pt\)"):
        export.main([checkpoint, ".", "--force"])       # before: ValueError (Path(".").with_name)


def test_an_earlier_export_is_replaced_with_force_only_and_a_stray_file_keeps_it(tmp_path):
    checkpoint = save(tmp_path / "a.pt", 1)
    earlier = fake_export(tmp_path / "ct2")
    with pytest.raises(UserError, match=r"holds an earlier export; pass --force to replace it$"):
        check_target(earlier, False, checkpoint)
    check_target(earlier, True, checkpoint)
    check_target(tmp_path / "new", False, checkpoint)
    mixed = fake_export(tmp_path / "mixed", "notes.txt")
    with pytest.raises(UserError, match=r"not an earlier export \(it holds notes.txt\)"):
        check_target(mixed, True, checkpoint)
    (tmp_path / "no-manifest").mkdir()
    (tmp_path / "no-manifest" / "model.bin").write_text("")
    with pytest.raises(UserError, match=r"not an earlier export \(it holds model.bin\)"):   # no manifest
        check_target(tmp_path / "no-manifest", True, checkpoint)


def test_an_out_dir_that_is_a_link_to_no_directory_yet_gets_the_export_there_and_keeps_the_link(tmp_path):
    staged = fake_export(tmp_path / "staged")
    link = tmp_path / "exported"
    link.symlink_to(tmp_path / "target")
    check_target(link, False, tmp_path / "a.pt")
    install(staged, link)                 # before: NotADirectoryError (a directory renamed onto the link)
    assert link.is_symlink() and sorted(p.name for p in (tmp_path / "target").iterdir())[0] == "config.json"


def test_an_out_dir_that_is_a_link_round_a_loop_is_refused_in_one_line(tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises(UserError, match=rf"^{loop} cannot be followed .*; choose another OUT_DIR$"):
        check_target(loop, False, tmp_path / "a.pt")        # before: RuntimeError (Symlink loop)
