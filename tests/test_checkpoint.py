"""models/checkpoint.py: a checkpoint never runs code; truncated, foreign, malformed, non-finite or bit-flipped files
are one line; best.pt says which BLEU it holds."""
import os
import shutil
from pathlib import Path

import pytest
import torch

from decoding.load import load_translator
from models.checkpoint import atomic_torch_save, best_checkpoint_info, load_checkpoint, save_checkpoint
from tests.runs import records_of
from tests.tiny_checkpoints import WORDS, save
from util.errors import UserError


class RunsCode:
    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_a_checkpoint_that_would_run_code_is_refused(tmp_path):
    payload = RunsCode()
    RunsCode.marker = tmp_path / "pwned"
    torch.save({"format": "einsum-nmt/1", "model": payload}, tmp_path / "evil.pt")
    with pytest.raises(UserError, match="refusing to load"):
        load_checkpoint(tmp_path / "evil.pt")
    assert not (tmp_path / "pwned").exists()


def test_truncated_and_foreign_files_are_clear_errors(tmp_path):
    atomic_torch_save({"format": "einsum-nmt/1", "model": {"w": torch.zeros(1000)}}, tmp_path / "good.pt")
    data = (tmp_path / "good.pt").read_bytes()
    (tmp_path / "cut.pt").write_bytes(data[: len(data) // 2])
    with pytest.raises(UserError, match="truncated or not a checkpoint"):
        load_checkpoint(tmp_path / "cut.pt")
    torch.save({"weights": torch.zeros(3)}, tmp_path / "foreign.pt")
    with pytest.raises(UserError, match="not an einsum-nmt checkpoint"):
        load_checkpoint(tmp_path / "foreign.pt")
    (tmp_path / "text.pt").write_text("hello")
    with pytest.raises(UserError):
        load_checkpoint(tmp_path / "text.pt")


def test_a_damaged_last_pt_says_how_to_train_on_from_the_best_pt_beside_it(tmp_path):
    (tmp_path / "last.pt").write_bytes(b"")          # a kill or a full disk while it was copied
    with pytest.raises(UserError) as error:
        load_checkpoint(tmp_path / "last.pt")
    assert str(error.value).endswith(f"its run cannot continue from it: translate with best.pt, or train on from "
                                     f"best.pt's weights in a new run: `python train.py --init {tmp_path / 'best.pt'} "
                                     "--out NEW_DIR`")


def test_a_text_file_is_not_a_checkpoint_rather_than_code(tmp_path):
    (tmp_path / "notes.pt").write_text("Ein Mann fährt Fahrrad.\n")
    with pytest.raises(UserError, match="not a checkpoint") as error:
        load_checkpoint(tmp_path / "notes.pt")
    assert "code" not in str(error.value)


def damaged(averaged_run: Path, tmp_path: Path, change) -> Path:
    ckpt = load_checkpoint(averaged_run / "best.pt").raw
    change(ckpt)
    ckpt.pop("checksum", None)      # as a foreign or older writer's file: the checks behind the checksum still hold
    torch.save(ckpt, tmp_path / "damaged.pt")
    return tmp_path / "damaged.pt"


@pytest.mark.parametrize("change, message", [
    (lambda c: c["config"]["model"].update(d_ff=128), "the weights do not fit the model its config describes: "
                                                      "6 of another shape (e.g. encoder.0.ffn.0.weight (64, 32) "
                                                      "where the config gives (128, 32))"),
    (lambda c: c["model"].pop("encoder_norm.weight"), "1 missing (e.g. encoder_norm.weight)"),
    (lambda c: c.pop("model"), "is damaged: its 'model' entry is missing"),
    (lambda c: c["src_vocab"]["itos"].__setitem__(0, "<s>"), "holds an unusable src vocabulary"),
    (lambda c: c["tgt_vocab"]["itos"].append("extra"), "is inconsistent: its config says model.tgt_vocab_size"),
    (lambda c: c["config"]["model"].update(d_model=4_000_000), "holds a config that cannot be used: the model.* "
                                                               "sizes describe about"),
    (lambda c: c["config"]["model"].update(n_heads="8"), "--model.n_heads='8' is not an integer"),
    (lambda c: c["config"]["data"].update(src_lang="zz"), "holds a config that cannot be used: --data.src_lang=zz "
                                                          "must be a language spaCy has a tokenizer for: af, "),
])
def test_a_malformed_checkpoint_is_one_line(change, message, averaged_run, tmp_path):
    with pytest.raises(UserError) as error:
        load_translator(damaged(averaged_run, tmp_path, change))
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_checkpoint_with_nan_weights_is_refused_in_one_line_naming_it(two_epoch_run, tmp_path):
    raw = load_checkpoint(two_epoch_run / "best.pt").raw
    raw["model"]["encoder_norm.weight"][0] = float("nan")
    del raw["checksum"]                                   # as an older checkpoint, which has none
    torch.save(raw, tmp_path / "nan.pt")
    with pytest.raises(UserError) as error:
        load_checkpoint(tmp_path / "nan.pt")
    assert str(error.value).startswith(f"{tmp_path / 'nan.pt'} holds weights that are not finite (nan in "
                                       "encoder_norm.weight)")
    with pytest.raises(UserError, match="refusing to write .*: the weights are not finite"):
        save_checkpoint(tmp_path / "again.pt", model_state=raw["model"], config=raw["config"],
                        src_vocab=raw["src_vocab"], tgt_vocab=raw["tgt_vocab"])
    assert not (tmp_path / "again.pt").exists()


def test_a_flipped_bit_in_the_weights_is_found_on_load(two_epoch_run, tmp_path):
    path = Path(shutil.copy(two_epoch_run / "last.pt", tmp_path / "last.pt"))
    weight = load_checkpoint(path).raw["model"]["encoder.0.ffn.0.weight"]
    data = bytearray(path.read_bytes())
    at = data.find(weight.reshape(-1)[:8].numpy().tobytes())
    assert at > 0
    data[at + 2] ^= 0x10                                  # one bit of the first float's mantissa
    path.write_bytes(bytes(data))
    with pytest.raises(UserError, match=r"last.pt is damaged: its weights do not match the checksum"):
        load_checkpoint(path)


def test_a_flipped_byte_in_the_pickle_is_damage_not_code(tmp_path):
    """A byte flipped in a global's name read as 'holds Python objects that would run code'."""
    data = bytearray(Path(save(tmp_path / "good.pt", 1)).read_bytes())
    at = data.find(b"_rebuild_tensor_v2")
    assert at > 0
    data[at + 3] ^= 0x01
    (tmp_path / "last.pt").write_bytes(bytes(data))
    with pytest.raises(UserError) as error:
        load_checkpoint(tmp_path / "last.pt")
    assert str(error.value).startswith(f"{tmp_path / 'last.pt'} is damaged: its archive/data.pkl does not match the "
                                       "CRC its zip archive stores (changed bytes); its run cannot continue from it")
    assert "code" not in str(error.value)


def test_a_checkpoint_without_a_checksum_still_loads(two_epoch_run, tmp_path):
    raw = load_checkpoint(two_epoch_run / "best.pt").raw
    del raw["checksum"]
    torch.save(raw, tmp_path / "old.pt")
    assert load_checkpoint(tmp_path / "old.pt").raw["model"].keys() == raw["model"].keys()


def test_best_pt_records_its_val_bleu_and_old_full_checkpoints_still_say_it(averaged_run, tmp_path):
    info = best_checkpoint_info(averaged_run / "best.pt")
    bleus = [r.get("val_bleu") for r in records_of(averaged_run, "epoch", "averaged")]
    assert info["val_bleu"] == max(bleus)
    old = load_checkpoint(averaged_run / "last.pt").raw      # the old format: a full TrainState in best.pt, no info
    del old["info"]
    old["train_state"]["state"]["best_bleu"] = 12.5
    torch.save(old, tmp_path / "best.pt")
    assert best_checkpoint_info(tmp_path / "best.pt")["val_bleu"] == 12.5
    assert best_checkpoint_info(tmp_path / "missing.pt") is None


def test_a_directory_is_named_as_one_with_the_checkpoint_it_may_hold(tmp_path):
    (tmp_path / "run").mkdir()
    with pytest.raises(UserError, match=r"^.*run is a directory, not a checkpoint; pass a .pt file written by "
                                        r"train.py$"):
        load_checkpoint(tmp_path / "run")
    (tmp_path / "run" / "best.pt").write_text("")
    with pytest.raises(UserError, match=r"is a directory, not a checkpoint; pass a .pt file written by train.py "
                                        r"\(e.g. .*run/best.pt\)$"):
        load_checkpoint(tmp_path / "run")
    with pytest.raises(UserError, match=r"is a directory but not an exported model .*; pass a .pt checkpoint "
                                        rf"\(e.g. {tmp_path / 'run' / 'best.pt'}, its run's best\) or a directory"):
        load_translator(tmp_path / "run")                  # translate.py, evaluate.py, serve.py: the same hint
    (tmp_path / "run" / "best.pt").rename(tmp_path / "run" / "config.json")     # a run in its first epoch
    (tmp_path / "runs" / "a").mkdir(parents=True)
    (tmp_path / "runs" / "a" / "best.pt").write_text("")
    with pytest.raises(UserError, match=rf"; pass a .pt checkpoint \(e.g. {tmp_path / 'runs' / 'a' / 'best.pt'}, its "
                                        r"newest run's best\) or a directory"):
        load_translator(tmp_path / "runs")                 # runs/ itself: its newest run's best.pt


@pytest.mark.parametrize("name", ["model.bin", "einsum_nmt.json"])
def test_a_file_inside_an_export_directory_says_to_pass_the_directory(name, tmp_path):
    (tmp_path / "exp").mkdir()
    (tmp_path / "exp" / "model.bin").write_bytes(b"\0" * 8)
    (tmp_path / "exp" / "einsum_nmt.json").write_text("{}")
    with pytest.raises(UserError, match=rf"^.*{name} is one file of the exported model in .*exp; pass the directory: "
                                        rf"--checkpoint {tmp_path / 'exp'}$"):
        load_translator(tmp_path / "exp" / name)


def test_best_pt_of_a_run_in_its_first_epoch_is_said_to_come_at_its_end_not_to_be_trained(tmp_path):
    from config.presets import make_config
    run = tmp_path / "run"
    run.mkdir()
    (run / "config.json").write_text(make_config("tiny").to_json())       # what a run writes before its first epoch
    with pytest.raises(UserError, match=rf"^no checkpoint at {run / 'best.pt'} yet: its run writes best.pt at the "
                                        r"end of its first epoch$"):
        load_checkpoint(run / "best.pt")
    (run / "last.pt").write_bytes(b"")                                    # written every --train.save_every minutes
    with pytest.raises(UserError, match=rf"; {run / 'last.pt'} holds its weights so far$"):
        load_checkpoint(run / "best.pt")
    (run / "config.json").write_text('{"bos_token": "<s>"}')              # an export's config.json: no run
    with pytest.raises(UserError, match=r"— train one with `python train.py`, or name a .pt file that exists$"):
        load_checkpoint(run / "best.pt")


def test_vocabularies_and_lexicon_are_stored_as_json_and_files_with_them_as_lists_still_load(tmp_path):
    """torch's weights_only unpickler takes a quarter of a second over a lexicon's and vocabularies' strings: each is
    one JSON text in the file, read back as it was written; a file from before, with plain lists, reads the same."""
    lexicon = {"forms": ["Hund", "Park"], "counts": [3, 1], "copied": ["Park"], "nouns": [["hund", "dog"]]}
    new = save(tmp_path / "new.pt", 1, lexicon=lexicon)
    stored = torch.load(new, weights_only=True)
    assert [sorted(stored[key]) for key in ("src_vocab", "tgt_vocab", "lexicon")] == [["json"]] * 3
    raw = load_checkpoint(new).raw
    assert raw["lexicon"] == lexicon and raw["src_vocab"] == raw["tgt_vocab"] == WORDS.to_dict()
    torch.save(raw, tmp_path / "old.pt")                  # as written before: the parts as plain lists
    old = load_checkpoint(tmp_path / "old.pt").raw
    assert (old["lexicon"], old["src_vocab"]) == (lexicon, WORDS.to_dict())
    stored["lexicon"]["json"] = b'{"forms": ['
    torch.save(stored, tmp_path / "cut.pt")
    with pytest.raises(UserError, match=r"cut.pt is damaged: its lexicon is not readable \(Expecting value") as error:
        load_checkpoint(tmp_path / "cut.pt")
    assert "\n" not in str(error.value)
