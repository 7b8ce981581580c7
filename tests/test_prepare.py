"""prepare_data: ids and raw lines per split, vocabularies from train, a fast, keyed, self-healing cache."""
from __future__ import annotations

import dataclasses
import gzip
import json
import os
import subprocess
import sys
import tempfile

import pytest

import data.prepare as prepare
from config import DataConfig
from data.cache_key import Units
from data.prepare import prepare_data
from data.prepared import _MAGIC
from util.errors import UserError

ROOT = prepare.__file__.rsplit("/data/", 1)[0]
LINES = {
    "train": (["Ein Hund läuft.", "Ein Hund  schläft.", "Zwei Hunde spielen und spielen und spielen.", "Hund"],
              ["A dog runs.", "A dog  sleeps.", "Two dogs play.", "Dog"]),
    "val": (["Ein Hund spielen und spielen und spielen.", "Katze"], ["A dog plays.", "A cat."]),
}
CFG = DataConfig(units="word", min_freq=1, max_train_len=5)


@pytest.fixture
def data_dir(tmp_path):
    root = tmp_path / "multi30k"
    root.mkdir()
    for split, (de, en) in LINES.items():
        for lang, lines in (("de", de), ("en", en)):
            (root / f"{split}.{lang}.gz").write_bytes(gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0))
    return root


def test_splits_hold_ids_and_the_reference_lines(data_dir, tmp_path):
    prepared = prepare_data(CFG, data_dir, cache_dir=tmp_path / "cache", progress=False)
    val = prepared.splits["val"]
    assert val.tgt_text == LINES["val"][1] and val.src_text == LINES["val"][0]      # validation translates text
    assert prepared.tgt_vocab.tokens_of(val.tgt[0]) == ["A", "dog", "<unk>", "\uffed."]   # "plays" is not in train
    train = prepared.splits["train"]
    # training pairs go through the text pipeline: its first step makes "Hund  schläft" one space
    assert prepared.src_vocab.tokens_of(train.src[1]) == ["Ein", "Hund", "schläft", "\uffed."]
    assert train.src_text is None and prepared.lexicon.knows("hund")


def test_long_pairs_are_dropped_from_train_only(data_dir, tmp_path):
    prepared = prepare_data(CFG, data_dir, cache_dir=tmp_path / "cache", progress=False)
    assert prepared.splits["train"].tgt_text == ["A dog runs.", "A dog sleeps.", "Dog"]
    assert len(prepared.splits["val"]) == 2 and max(len(x) for x in prepared.splits["val"].src) > 5


def test_a_shared_vocabulary_is_one_object_built_from_both_sides(data_dir, tmp_path):
    shared = prepare_data(CFG, data_dir, cache_dir=tmp_path / "a", progress=False)
    assert shared.src_vocab is shared.tgt_vocab and {"Hund", "dog"} <= set(shared.src_vocab.itos)
    separate = prepare_data(dataclasses.replace(CFG, shared_vocab=False), data_dir, cache_dir=tmp_path / "b",
                            progress=False)
    assert "dog" not in separate.src_vocab.stoi and "Hund" not in separate.tgt_vocab.stoi


def test_the_second_call_loads_the_cache_without_rebuilding(data_dir, tmp_path, monkeypatch):
    first = prepare_data(CFG, data_dir, cache_dir=tmp_path, progress=False)
    monkeypatch.setattr(prepare, "build", lambda *a, **k: pytest.fail("rebuilt although cached"))
    again = prepare_data(CFG, data_dir, cache_dir=tmp_path, progress=False)
    assert again == first and again.src_vocab is again.tgt_vocab


def test_a_changed_setting_or_data_file_builds_a_new_cache(data_dir, tmp_path):
    prepare_data(CFG, data_dir, cache_dir=tmp_path, progress=False)
    prepare_data(dataclasses.replace(CFG, min_freq=2), data_dir, cache_dir=tmp_path, progress=False)
    (data_dir / "val.en.gz").write_bytes(gzip.compress(b"A dog plays.\nA cat!\n"))
    assert prepare_data(CFG, data_dir, cache_dir=tmp_path, progress=False).splits["val"].tgt_text[1] == "A cat!"
    assert len(list(tmp_path.glob("*.prep"))) == 3


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "header size"])
def test_a_damaged_cache_is_rebuilt(damage, data_dir, tmp_path):
    expected = prepare_data(CFG, data_dir, cache_dir=tmp_path, progress=False)
    [path] = tmp_path.glob("*.prep")
    blob = bytearray(path.read_bytes())
    size_at = len(_MAGIC) + 32          # the header's size, before the digest can be checked: never read as given
    blob = {"truncate": blob[:len(blob) // 2], "garbage": b"not a cache", "empty": b"",
            "flip": blob[:-5] + bytes([blob[-5] ^ 1]) + blob[-4:],
            "header size": blob[:size_at] + b"\xff" * 8 + blob[size_at + 8:]}[damage]
    path.write_bytes(bytes(blob))
    assert prepare_data(CFG, data_dir, cache_dir=tmp_path, progress=False) == expected
    assert prepare.load_cache(path, prepare.cache_key(CFG, ("train", "val"), {
        s: {lang: data_dir / f"{s}.{lang}.gz" for lang in ("de", "en")} for s in ("train", "val")})) == expected


def test_an_unwritable_cache_dir_is_only_a_warning(data_dir, tmp_path, capsys):
    (tmp_path / "file").write_text("")
    prepared = prepare_data(CFG, data_dir, cache_dir=tmp_path / "file" / "cache", progress=False)
    assert len(prepared.splits["val"]) == 2 and "warning: could not write the data cache" in capsys.readouterr().err


def test_the_cache_dir_comes_from_the_environment(data_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("EINSUM_NMT_CACHE", str(tmp_path / "env"))
    prepare_data(CFG, data_dir, progress=False)
    assert len(list((tmp_path / "env").glob("*.prep"))) == 1


def load_in_subprocess(data_dir, cache_dir, cfg: DataConfig, baseline: bool = False) -> dict:
    """A fresh process's cached load: its seconds, whether it imported spaCy, its sizes; with `baseline`, also the
    seconds spaCy takes there to tokenize 1000 lines (spaCy's start-up is seconds: only the test that compares)."""
    code = f"""
import json, sys, time
sys.path.insert(0, {ROOT!r})
from config import DataConfig
from data.prepare import prepare_data
start = time.perf_counter()
prepared = prepare_data(DataConfig(**{dataclasses.asdict(cfg)!r}), {str(data_dir)!r}, cache_dir={str(cache_dir)!r})
seconds, spacy = time.perf_counter() - start, "spacy" in sys.modules
start = time.perf_counter()      # the baseline, on the same machine at the same moment: what the cache spares
if {baseline!r}:
    from data.tokenizer import Tokenizer
    Tokenizer("de").tokenize_many(["Ein Mann fährt mit dem Fahrrad durch die Stadt."] * 1000)
print(json.dumps({{"seconds": seconds, "spacy": spacy, "spacy_1000_lines": time.perf_counter() - start,
                  "train": len(prepared.splits["train"]), "vocab": len(prepared.src_vocab)}}))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_loading_the_cache_does_not_import_spacy(data_dir, tmp_path):
    prepare_data(CFG, data_dir, cache_dir=tmp_path, progress=False)
    result = load_in_subprocess(data_dir, tmp_path, CFG)
    assert result["spacy"] is False and result["train"] == 3


def test_real_data_loads_from_the_cache_faster_than_spacy_tokenizes_1000_lines(prepared_multi30k, multi30k_dir):
    """Relative to a baseline measured in the same process, so a slow or busy machine passes as a fast one does."""
    cache_dir, prepared = prepared_multi30k
    result = load_in_subprocess(multi30k_dir, cache_dir, DataConfig(), baseline=True)
    print(f"cached load: {result['seconds']:.3f} s (spaCy: {result['spacy_1000_lines']:.3f} s for 1000 lines); "
          f"vocab {result['vocab']}; {result['train']} train pairs")
    assert result["spacy"] is False and result["seconds"] < result["spacy_1000_lines"]
    assert (result["train"], result["vocab"]) == (len(prepared.splits["train"]), len(prepared.src_vocab))


SUBWORD = DataConfig(units="subword", subword_vocab=300, copy_pairs=0.0)


def test_given_units_encode_the_data_unchanged_and_an_unseen_word_falls_back_to_bytes(data_dir, tmp_path):
    base = prepare_data(SUBWORD, data_dir, cache_dir=tmp_path / "a", progress=False)
    units = Units(base.src_vocab, base.tgt_vocab, base.src_subwords, base.tgt_subwords)
    (tmp_path / "own").mkdir()
    (tmp_path / "own/train.de").write_text("Der Flughafen Zürich-Kloten ist groß.\nEin Hund läuft.\n")
    (tmp_path / "own/train.en").write_text("The airport Zurich-Kloten is big.\nA dog runs.\n")
    own = dataclasses.replace(SUBWORD, train=str(tmp_path / "own/train"), val=str(tmp_path / "own/train"),
                              val_split="dev")
    prepared = prepare_data(own, data_dir, cache_dir=tmp_path / "b", progress=False, units=units,
                            splits=("train", "dev"))
    assert prepared.subword_models() == base.subword_models()            # nothing relearned, byte for byte
    assert prepared.src_vocab.itos == base.src_vocab.itos
    ids = prepared.splits["train"].src[0]
    assert 1 not in ids                                                  # no <unk>: "ü", "K", "F" ... are bytes
    pieces = prepared.src_vocab.tokens_of(ids)
    assert any(p.startswith("<0x") for p in pieces)
    assert " ".join(prepared.src_subwords.join(pieces)).startswith("Der Flughafen Zürich")


def test_mix_original_adds_that_share_of_multi30k_training_pairs_to_your_corpus(data_dir, tmp_path):
    (tmp_path / "own.tsv").write_text("".join(f"Satz {w}.\tSentence {w}.\n" for w in "abcdefgh"))
    cfg = dataclasses.replace(CFG, train=str(tmp_path / "own.tsv"), val=str(tmp_path / "own.tsv"), val_split="dev",
                              mix_original=0.25, copy_pairs=0.0, max_train_len=0)
    train = prepare_data(cfg, data_dir, cache_dir=tmp_path, progress=False, splits=("train", "dev")).splits["train"]
    assert train.tgt_text == [f"Sentence {w}." for w in "abcdefgh"] + ["A dog runs.", "Two dogs play."]
    with pytest.raises(UserError, match="--data.mix_original mixes Multi30K into your corpus: it needs --data.train"):
        prepare_data(dataclasses.replace(CFG, mix_original=0.5), data_dir, cache_dir=tmp_path, progress=False)


def test_a_model_of_both_directions_trains_on_each_pair_both_ways_encoded_as_it_translates(both_run, synthetic_env,
                                                                                            monkeypatch):
    from data.codec import Codec
    from data.tags import reversed_config, reversed_name
    from models.checkpoint import load_checkpoint
    from tests.synthetic import use_offline_env

    use_offline_env(monkeypatch, synthetic_env)
    cfg = load_checkpoint(both_run / "best.pt").cfg
    data = prepare_data(cfg.data, splits=("train", "val"), progress=False)
    tags = [data.src_vocab.stoi[t] for t in ("<2en>", "<2de>")]
    train, val, turned = data.splits["train"], data.splits["val"], data.splits[reversed_name("val")]
    firsts = [src[0] for src in train.src]
    half = len(firsts) // 2                       # each direction's pairs (with as many copy pairs) in one split
    assert firsts == [tags[0]] * half + [tags[1]] * half
    assert all(t not in tgt for tgt in train.tgt for t in tags)
    assert turned.src_text == val.tgt_text and turned.tgt_text == val.src_text
    for split, config in ((val, cfg), (turned, reversed_config(cfg))):     # each through its own language's tokenizer
        codec = Codec(config, data.src_vocab, data.tgt_vocab, data.src_subwords, data.tgt_subwords)
        assert codec.ids(split.src_text) == list(split.src)
    assert data.lexicon.reverse is not None and data.lexicon.reverse.knows("woman") and not data.lexicon.knows("woman")


def test_a_full_temp_directory_while_tokenizing_is_one_line_naming_it(data_dir, tmp_path):
    # before: "error: File too large (writing the output)", which named neither the file nor what to do
    import resource
    import signal
    previous_signal = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    previous_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (10, previous_limit[1]))     # a full disk, as far as the writes go
    try:
        with pytest.raises(UserError, match=r"^cannot write the tokenized corpus to .*einsum-nmt-prepare-\d+-\w+ \(File "
                                            r"too large\); free space there, or set TMPDIR to a directory with room$"):
            prepare_data(CFG, data_dir, cache_dir=tmp_path / "cache", progress=False)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, previous_limit)
        signal.signal(signal.SIGXFSZ, previous_signal)


def test_a_preparation_removes_what_a_killed_one_left_in_the_temp_directory(data_dir, tmp_path, monkeypatch):
    # before: every preparation killed while tokenizing (kill -9, the OOM killer) left its token lines there for good
    from tests.test_scratch import dead_pid, leftover
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    killed = leftover(tmp_path, dead_pid())
    prepare_data(CFG, data_dir, cache_dir=tmp_path / "cache", progress=False)
    assert not killed.exists() and not list(tmp_path.glob("einsum-nmt-prepare-*"))


def test_a_preparation_removes_the_cache_file_a_killed_one_was_writing_and_keeps_a_live_ones(data_dir, tmp_path):
    # before: a preparation killed while it wrote the cache (kill -9) left its .part (the whole data) there for good
    import fcntl
    from tests.test_scratch import dead_pid
    cache = tmp_path / "cache"
    cache.mkdir()
    killed, live, held = (cache / f".{'0' * 32}.prep.{pid}.abc_1234.part" for pid in (dead_pid(), os.getppid(),
                                                                                        dead_pid()))
    for part in (killed, live, held):
        part.write_bytes(b"EINSUM")
    with open(held) as writer:              # a writer under a pid this process cannot see holds its lock
        fcntl.flock(writer, fcntl.LOCK_EX)
        prepare_data(CFG, data_dir, cache_dir=cache, progress=False)
    assert not killed.exists() and live.exists() and held.exists()
    assert sorted(cache.glob("*.part")) == sorted([live, held]) and len(list(cache.glob("*.prep"))) == 1


def test_the_tokenized_count_includes_the_pairs_the_trainer_adds(data_dir, tmp_path, capsys):
    prepare_data(dataclasses.replace(CFG, everyday=1.0, max_train_len=0), data_dir, cache_dir=tmp_path, progress=True)
    out = capsys.readouterr().out
    dropped = next(line for line in out.splitlines() if line.startswith("train: 0 empty"))
    total = dropped.split(" of ")[1].split()[0]         # "... dropped of 8 (4 read, 4 added: ...)"
    assert f"train: {total} pairs (4 read, " in out and total != "4"
