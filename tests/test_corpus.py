"""Your own corpora (--data.train / --data.val): every file form, one-line errors for bad data, a cache keyed by
content, tokenizing in worker processes, and a training run on them."""
from __future__ import annotations

import dataclasses
import gzip
import json
import random
import re
from pathlib import Path

import pytest

import data.cache_key as cache_key
import data.corpus as corpus_module
import data.encoding as encoding
import data.prepare as prepare
import data.tokenize_workers as tokenize_workers
from config import DataConfig
from config.presets import make_config
from data.corpus import Corpus, absolute_spec, shared_pairs
from data.prepare import prepare_data
from data.tokenizer import detokenize
from tests.synthetic import sentence_pair
from util.errors import UserError

CFG = DataConfig(units="word", min_freq=1, train="train", val="val")


def pairs(n: int, seed: int = 0) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [sentence_pair(rng) for _ in range(n)]


def write(prefix: Path, rows, form: str = "plain") -> str:
    """Write pairs as PREFIX.de + PREFIX.en ("plain", "gz") or PREFIX.tsv ("tsv", "tsv.gz"); -> the --data.* value."""
    prefix.parent.mkdir(parents=True, exist_ok=True)
    if form.startswith("tsv"):
        files = {f"{prefix}.{form}": "".join(f"{de}\t{en}\n" for de, en in rows)}
    else:
        end = ".gz" if form == "gz" else ""
        files = {f"{prefix}.{lang}{end}": "".join(row[side] + "\n" for row in rows)
                 for side, lang in enumerate(("de", "en"))}
    for name, text in files.items():
        Path(name).write_bytes(gzip.compress(text.encode(), mtime=0) if name.endswith(".gz") else text.encode())
    return f"{prefix}.{form}" if form.startswith("tsv") else str(prefix)


@pytest.fixture
def corpus(tmp_path):
    """(cfg reading a 300-pair train and a 20-pair val prefix corpus, cache dir)."""
    cfg = dataclasses.replace(CFG, train=write(tmp_path / "mine/train", pairs(300)),
                              val=write(tmp_path / "mine/val", pairs(20, seed=1)))
    return cfg, tmp_path / "cache"


def test_a_prefix_corpus_becomes_the_train_and_val_splits(corpus):
    cfg, cache = corpus
    prepared = prepare_data(cfg, cache_dir=cache, progress=False)
    assert prepared.splits["train"].tgt_text == [en for _, en in pairs(300)]
    assert prepared.splits["val"].tgt_text == [en for _, en in pairs(20, seed=1)]
    assert detokenize(prepared.src_vocab.tokens_of(prepared.splits["train"].src[0])) == pairs(1)[0][0]


@pytest.mark.parametrize("form", ["gz", "tsv", "tsv.gz"])
def test_gzip_and_tsv_files_give_what_plain_files_give(form, corpus, tmp_path):
    cfg, cache = corpus
    expected = prepare_data(cfg, cache_dir=cache, progress=False)
    other = dataclasses.replace(cfg, train=write(tmp_path / form / "train", pairs(300), form))
    assert prepare_data(other, cache_dir=cache, progress=False) == expected


def test_comma_separated_corpora_are_concatenated_in_order(corpus, tmp_path):
    cfg, cache = corpus
    rows = pairs(300)
    parts = [write(tmp_path / "a/train", rows[:100]), write(tmp_path / "b/train", rows[100:250], "tsv"),
             write(tmp_path / "c/train", rows[250:], "gz")]
    joined = prepare_data(dataclasses.replace(cfg, train=" , ".join(parts)), cache_dir=cache, progress=False)
    assert joined == prepare_data(cfg, cache_dir=cache, progress=False)


@pytest.mark.parametrize("name", ["mine,2024.tsv", "mine,2024"])
def test_a_corpus_with_a_comma_in_its_path_is_told_to_be_renamed(name, tmp_path):
    # before: "no de side of .../mine (tried .../mine.de and .../mine.de.gz)" for a file that is there
    path = str(tmp_path / name)
    if name.endswith(".tsv"):
        Path(path).write_text("Ein Hund läuft.\tA dog runs.\n")
    else:
        Path(f"{path}.de").write_text("Ein Hund läuft.\n")
        Path(f"{path}.en").write_text("A dog runs.\n")
    for read in (lambda: Corpus.from_spec(path, "de", "en"), lambda: absolute_spec(path)):     # train.py: the latter
        with pytest.raises(UserError, match=rf"^--data.train: a comma separates corpora, and {re.escape(path)} has one "
                                            "in its name; rename it"):
            read()


def test_windows_line_ends_and_a_byte_order_mark_are_removed(corpus, tmp_path):
    cfg, cache = corpus
    rows = pairs(300)
    path = tmp_path / "windows.tsv"
    path.write_bytes(("\ufeff" + "".join(f"{de}\t{en}\r\n" for de, en in rows)).encode())
    expected = prepare_data(cfg, cache_dir=cache, progress=False)
    assert prepare_data(dataclasses.replace(cfg, train=str(path)), cache_dir=cache, progress=False) == expected


def test_a_spreadsheets_empty_columns_after_the_target_are_no_columns(corpus, tmp_path):
    # before: "train.tsv line 1 has 3 tabs; each line must be source TAB target" for a spreadsheet's export
    cfg, cache = corpus
    path = tmp_path / "sheet.tsv"
    path.write_text("".join(f"{de}\t{en}\t\t \n" for de, en in pairs(300)))
    expected = prepare_data(cfg, cache_dir=cache, progress=False)
    assert prepare_data(dataclasses.replace(cfg, train=str(path)), cache_dir=cache, progress=False) == expected


def test_a_header_line_naming_the_columns_is_no_pair_and_one_the_other_way_round_is_refused(corpus, tmp_path,
                                                                                           capsys, monkeypatch):
    # before: a spreadsheet's header "de<TAB>en" was trained as the pair ("de", "en"), without a word
    cfg, cache = corpus
    expected = prepare_data(cfg, cache_dir=cache, progress=False)
    body = "".join(f"{de}\t{en}\r\n" for de, en in pairs(300))
    with monkeypatch.context() as before:            # a cache written when the header was read as a pair
        before.setattr(prepare, "has_header", lambda *args: False)
        before.setattr(corpus_module, "header_columns", lambda *args: None)
        (tmp_path / "old.tsv").write_text("de\ten\n" + body)
        prepare_data(dataclasses.replace(cfg, train=str(tmp_path / "old.tsv")), cache_dir=cache, progress=False)
    for header in ("de\ten\n", "\ufeffde\ten\r\n", "German\tEnglish\t\n", "Source\tTarget\n"):
        path = tmp_path / "sheet.tsv"
        path.write_text(header + body, newline="")
        assert prepare_data(dataclasses.replace(cfg, train=str(path)), cache_dir=cache, progress=True) == expected
        assert f"train: {path} (its header line skipped) read as source TAB target" in capsys.readouterr().out
    path.write_text("en\tde\n" + body)
    with pytest.raises(UserError, match=r"sheet\.tsv line 1 names its columns 'en' TAB 'de', but a TSV line is "
                                        r"source TAB target \(de TAB en for this de→en run\); swap its columns"):
        prepare_data(dataclasses.replace(cfg, train=str(path)), cache_dir=cache, progress=False)


def test_empty_and_over_long_pairs_are_dropped_and_counted_once(tmp_path, capsys):
    rows = pairs(20) + [("", "Empty source."), ("Leeres Ziel.", ""), (" ".join(["Hund"] * 30), "A dog.")]
    cfg = dataclasses.replace(CFG, train=write(tmp_path / "train", rows), val=write(tmp_path / "val", pairs(5)),
                              max_train_len=20)
    prepared = prepare_data(cfg, cache_dir=tmp_path / "cache", progress=True)
    assert len(prepared.splits["train"]) == 20 and prepared.splits["train"].tgt_text == [en for _, en in pairs(20)]
    assert "train: 2 empty and 1 over-long pairs dropped of 23" in capsys.readouterr().out
    prepare_data(cfg, cache_dir=tmp_path / "cache", progress=True)
    assert "dropped" not in capsys.readouterr().out


def test_a_blank_tsv_line_is_an_empty_pair_dropped_and_counted_as_a_prefix_corpus_blank_lines_are(tmp_path, capsys):
    # before: a blank line in a .tsv (one at the end, often) stopped the run, while PATH.de + PATH.en dropped theirs
    rows = pairs(20)
    blank = [*rows[:5], ("", ""), *rows[5:], ("", "")]
    val = write(tmp_path / "val", pairs(5))
    tsv = Path(write(tmp_path / "tsv/train", rows, "tsv"))
    lines = tsv.read_text().split("\n")
    tsv.write_text("\n".join([*lines[:5], "", *lines[5:-1], "  ", ""]))     # a blank line, and one of spaces at the end
    prepared = {}
    for form, spec in (("tsv", str(tsv)), ("prefix", write(tmp_path / "prefix/train", blank))):
        cfg = dataclasses.replace(CFG, train=spec, val=val)
        prepared[form] = prepare_data(cfg, cache_dir=tmp_path / "cache", progress=True)
        assert "train: 2 empty and 0 over-long pairs dropped of 22" in capsys.readouterr().out
    assert prepared["tsv"] == prepared["prefix"] and prepared["tsv"].splits["train"].tgt_text == [en for _, en in rows]


def test_the_drop_count_says_how_many_pairs_the_trainer_added_and_what_over_long_means(tmp_path, capsys):
    rows = pairs(300) + [(" ".join(["Hund"] * 30), "A dog.")]
    cfg = dataclasses.replace(CFG, train=write(tmp_path / "train", rows), val=write(tmp_path / "val", pairs(5)),
                              max_train_len=20, everyday=0.1)
    prepared = prepare_data(cfg, cache_dir=tmp_path / "cache", progress=True)
    found = re.search(r"train: 0 empty and 1 over-long pairs dropped of ([\d,]+) \(301 read, ([\d,]+) added: copy and "
                      r"everyday pairs\); over-long: over --data.max_train_len=20 units\n", capsys.readouterr().out)
    assert found, "was: 'dropped of N' with N more than the corpus's 301 lines, and no word of why"
    total, added = (int(g.replace(",", "")) for g in found.groups())
    assert total == 301 + added and len(prepared.splits["train"]) == total - 1


def damage(tmp_path: Path, kind: str) -> tuple[str, str]:
    """Write a damaged corpus; -> (its --data.train value, a pattern the error must match)."""
    rows = pairs(50)
    if kind == "line counts":
        prefix = write(tmp_path / "bad", rows)
        (tmp_path / "bad.en").write_text("".join(en + "\n" for _, en in rows[:47]))
        return prefix, r"bad\.de has 50 lines but .*bad\.en has 47"
    if kind == "empty file":
        prefix = write(tmp_path / "bad", rows)
        (tmp_path / "bad.en").write_bytes(b"")
        return prefix, r"bad\.en is empty"
    if kind == "empty files":
        prefix = write(tmp_path / "bad", [])
        return prefix, r"bad\.de and .*bad\.en are empty"
    if kind == "tabs":
        path = Path(write(tmp_path / "bad", rows, "tsv"))
        lines = path.read_text().split("\n")
        lines[6] = lines[6].replace("\t", " ")
        path.write_text("\n".join(lines))
        return str(path), r"bad\.tsv line 7 has 0 tabs; each line must be source TAB target"
    if kind == "utf-8":
        prefix = write(tmp_path / "bad", rows)
        text = (tmp_path / "bad.de").read_bytes().split(b"\n")
        text[11] = "Ein Hund läuft.".encode("latin-1")
        (tmp_path / "bad.de").write_bytes(b"\n".join(text))
        return prefix, r"bad\.de line 12 is not valid UTF-8"
    if kind == "utf-16":            # a spreadsheet's "Unicode text": was "not valid UTF-8; convert it from latin1"
        prefix = write(tmp_path / "bad", rows)
        (tmp_path / "bad.de").write_bytes((tmp_path / "bad.de").read_text().encode("utf-16"))
        return prefix, r"bad\.de is UTF-16 text; convert it to UTF-8, e\.g\. with `iconv -f utf-16 -t utf-8`"
    if kind == "other languages":    # was: "no de side of ...fr" and no word of the fr and en files beside it
        prefix = write(tmp_path / "fr", rows)
        (tmp_path / "fr.de").rename(tmp_path / "fr.fr")
        return prefix, (r"no de side of .*fr \(tried .*fr\.de and .*fr\.de\.gz\); there are .*fr\.en, .*fr\.fr: for "
                        r"another language pair give --data.src_lang and --data.tgt_lang \(e\.g\. "
                        r"--data.src_lang=fr --data.tgt_lang=en\)$")
    assert kind == "missing"
    write(tmp_path / "bad", rows)
    (tmp_path / "bad.en").unlink()
    return str(tmp_path / "bad"), r"no en side of .*bad \(tried .*bad\.en and .*bad\.en\.gz\)"


@pytest.mark.parametrize("kind", ["line counts", "empty file", "empty files", "tabs", "utf-8", "utf-16",
                                  "other languages", "missing"])
def test_bad_data_is_one_line_naming_the_file_and_nothing_is_cached(kind, corpus, tmp_path):
    cfg, cache = corpus
    spec, message = damage(tmp_path, kind)
    with pytest.raises(UserError, match=message) as error:
        prepare_data(dataclasses.replace(cfg, train=spec), cache_dir=cache, progress=False)
    assert "\n" not in str(error.value) and not cache.exists()


@pytest.mark.parametrize("form", ["tsv", "plain"])
def test_a_corpus_written_the_other_way_round_is_refused_in_one_line_before_any_tokenizing(form, corpus, tmp_path,
                                                                                          monkeypatch):
    cfg, cache = corpus
    reversed_rows = [(en, de) for de, en in pairs(300)]       # English TAB German (or train.de holding English)
    monkeypatch.setattr(prepare, "tokenize_split", lambda *a, **k: pytest.fail("tokenized a reversed corpus"))
    message = (r"^--data.train: .*train\.tsv looks reversed: its first column reads as 'en' and its second as 'de', "
               r"but a TSV line is source TAB target \(de TAB en for this de→en run\); swap its columns"
               if form == "tsv" else r"^--data.train: .*train\.de reads as 'en' and .*train\.en as 'de', the other "
               r"way round for this de→en run; swap the two files' names$")
    reversed_cfg = dataclasses.replace(cfg, train=write(tmp_path / "rev/train", reversed_rows, form))
    with pytest.raises(UserError, match=message) as error:
        prepare_data(reversed_cfg, cache_dir=cache, progress=False)
    assert "\n" not in str(error.value) and not cache.exists()
    monkeypatch.undo()
    with monkeypatch.context() as unchecked:           # a cache written before the check, e.g. by an older version
        unchecked.setattr(prepare, "check_direction", lambda *args: None)
        prepare_data(reversed_cfg, cache_dir=cache, progress=False)
    with pytest.raises(UserError, match=message):
        prepare_data(reversed_cfg, cache_dir=cache, progress=False)


@pytest.mark.parametrize("form", ["tsv", "plain"])
def test_a_corpus_with_one_language_on_both_sides_is_refused_in_one_line_naming_the_wrong_side(form, corpus,
                                                                                               tmp_path):
    # before: English on both sides (train.en copied over train.de) trained an English-to-English "de→en" model
    cfg, cache = corpus
    english = [(en, en) for _, en in pairs(300)]
    message = (r"^--data.train: both sides of .*train\.tsv read as 'en'; its first column must be the 'de' text of "
               r"each line for this de→en run$" if form == "tsv" else r"^--data.train: both sides of .*train\.de and "
               r".*train\.en read as 'en'; .*train\.de must be the 'de' text of each line for this de→en run$")
    with pytest.raises(UserError, match=message):
        prepare_data(dataclasses.replace(cfg, train=write(tmp_path / "one/train", english, form)), cache_dir=cache,
                     progress=False)
    assert not cache.exists()


def test_a_weak_teachers_junk_is_no_language_so_its_distillation_corpus_is_not_refused():
    """A teacher trained a few steps writes junk that holds a stray few stop words (a copied "oft"): no side that
    reads as a language, so the corpus it makes is not refused as one language on both sides (it was: the docs'
    distillation example on a toy teacher)."""
    from data.direction import one_language
    german = [de for de, _ in pairs(120)]
    junk = ["Pp h hppeeeearareeee h h rrtt h httuukk'' h hchch:"] * 112 + ["Pp h hppeeee oft h hthth."] * 8
    assert one_language(zip(german, junk), "de", "en") is None
    assert one_language(zip(german, german), "de", "en") == "de"          # a German file on both sides still is


def test_a_tsv_is_source_tab_target_of_the_run_and_the_log_says_which_language_is_which(corpus, tmp_path, capsys):
    cfg, cache = corpus
    german_english = write(tmp_path / "de-en/train", pairs(300), "tsv")
    prepare_data(dataclasses.replace(cfg, train=german_english), cache_dir=cache, progress=True)
    assert f"train: {german_english} read as source TAB target = de TAB en" in capsys.readouterr().out
    english_german = dataclasses.replace(cfg, src_lang="en", tgt_lang="de", train=german_english,
                                         val=write(tmp_path / "en-de/val", [(en, de) for de, en in pairs(20)], "tsv"))
    with pytest.raises(UserError, match=r"looks reversed: .* \(en TAB de for this en→de run\)"):
        prepare_data(english_german, cache_dir=cache, progress=False)    # README's old "German TAB English"


def test_one_language_on_both_sides_needs_a_tsv_not_one_file_read_twice(corpus, tmp_path):
    cfg, cache = corpus
    german = dataclasses.replace(cfg, tgt_lang="de")
    with pytest.raises(UserError, match=r"both 'de', so .*train\.de would be both the source and the target side; "
                                        r"give a \.tsv file") as error:
        prepare_data(german, cache_dir=cache, progress=False)     # was: mine/train.de trained to copy itself
    assert "\n" not in str(error.value) and not cache.exists()
    with pytest.raises(UserError, match=r"^--data.src_lang and --data.tgt_lang are both 'de', so Multi30K's "
                                        r"train\.de\.gz would be both the source and the target side; give your own "
                                        r"corpus as a \.tsv file"):    # one rule, one message: was worded apart
        prepare_data(dataclasses.replace(german, train="", val=""), cache_dir=cache, progress=False)
    rows = [(de, de.replace("Hund", "Hündchen")) for de, _ in pairs(300)]
    tsv = dataclasses.replace(german, train=write(tmp_path / "de-de/train", rows, "tsv"),
                              val=write(tmp_path / "de-de/val", rows[:20], "tsv"))
    assert len(prepare_data(tsv, cache_dir=cache, progress=False).splits["val"]) == 20
    (multi30k := tmp_path / "multi30k").mkdir()
    (multi30k / "train.de.gz").write_bytes(gzip.compress("".join(f"{de}\n" for de, _ in pairs(40)).encode()))
    with pytest.raises(UserError, match=r"^--data.mix_original: --data.src_lang and --data.tgt_lang are both 'de', "
                                        r"so Multi30K's train\.de\.gz would be both the source and the target side; "
                                        r"leave --data.mix_original out"):   # was: its German mixed in as copy pairs
        prepare_data(dataclasses.replace(tsv, mix_original=0.5), multi30k, cache_dir=cache, progress=False)


def test_a_bad_val_corpus_fails_before_the_train_corpus_is_tokenized(corpus, tmp_path, monkeypatch):
    cfg, cache = corpus
    spec, message = damage(tmp_path, "tabs")
    monkeypatch.setattr(prepare, "tokenize_split", lambda *a, **k: pytest.fail("tokenized before checking val"))
    with pytest.raises(UserError, match=message):
        prepare_data(dataclasses.replace(cfg, val=spec), cache_dir=cache, progress=False)


def test_own_data_needs_a_val_corpus_and_two_split_names():
    with pytest.raises(UserError, match="--data.train needs --data.val too"):
        make_config("tiny", ["--data.train=mine/train"])
    with pytest.raises(UserError, match="need two split names"):
        make_config("tiny", ["--data.train=a", "--data.val=b", "--data.val_split=train"])


def test_the_cache_is_keyed_by_content_so_a_renamed_copy_hits_it_and_a_changed_file_does_not(corpus, tmp_path,
                                                                                              monkeypatch):
    cfg, cache = corpus
    first = prepare_data(cfg, cache_dir=cache, progress=False)
    renamed = tmp_path / "renamed"
    renamed.mkdir()
    for lang in ("de", "en"):
        (renamed / f"copy.{lang}").write_bytes(Path(f"{cfg.train}.{lang}").read_bytes())
    build = prepare.build
    monkeypatch.setattr(prepare, "build", lambda *a, **k: pytest.fail("rebuilt although the content is cached"))
    assert prepare_data(dataclasses.replace(cfg, train=str(renamed / "copy")), cache_dir=cache, progress=False) == first
    (renamed / "copy.en").write_text((renamed / "copy.en").read_text().replace("dog", "hound"))
    monkeypatch.setattr(prepare, "build", build)
    changed = prepare_data(dataclasses.replace(cfg, train=str(renamed / "copy")), cache_dir=cache, progress=False)
    assert "hound" in changed.tgt_vocab.stoi and len(list(cache.glob("*.prep"))) == 2


def test_subword_units_are_learned_on_your_corpus(corpus):
    cfg, cache = corpus
    prepared = prepare_data(dataclasses.replace(cfg, units="subword", subword_vocab=300), cache_dir=cache,
                            progress=False)
    train = prepared.splits["train"]
    assert detokenize(prepared.src_subwords.join(prepared.src_vocab.tokens_of(train.src[0]))) == pairs(1)[0][0]


def test_a_large_corpus_learns_its_subwords_from_an_even_sample(corpus, monkeypatch):
    cfg, cache = corpus
    seen = []
    learn = encoding.Subwords.learn_lines
    monkeypatch.setattr(encoding, "SUBWORD_SENTENCES", 100)
    monkeypatch.setattr(encoding.Subwords, "learn_lines", lambda lines, *a: seen.append(lines) or learn(lines, *a))
    prepare_data(dataclasses.replace(cfg, units="subword", subword_vocab=300), cache_dir=cache, progress=False)
    [lines] = seen                                  # one joint model of 600 lines, every 6th taken
    tokens_of = encoding.line_to_tokens
    assert len(lines) == 100 and detokenize(tokens_of(lines[0])) == pairs(1)[0][0]
    assert detokenize(tokens_of(lines[-1])) == pairs(300)[294][1]


def test_worker_processes_give_what_one_process_gives(corpus, monkeypatch):
    cfg, cache = corpus
    monkeypatch.setattr(tokenize_workers, "CHUNK", 40)      # 8 chunks in flight over 2 workers
    monkeypatch.setattr(prepare, "CHUNK", 40)
    one = prepare_data(dataclasses.replace(cfg, workers=1), cache_dir=cache / "one", progress=False)
    two = prepare_data(dataclasses.replace(cfg, workers=2), cache_dir=cache / "two", progress=False)
    assert one == two


def test_train_runs_on_your_corpus_and_saves_where_it_came_from(corpus, tmp_path, monkeypatch, train_main):
    """Saved as absolute paths: a run started with --data.train=mine/train could not be resumed from elsewhere."""
    cfg, cache = corpus
    monkeypatch.setenv("EINSUM_NMT_CACHE", str(cache))
    monkeypatch.setenv("MULTI30K_BASE_URL", "http://127.0.0.1:9/")     # nothing may be downloaded
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "run"
    assert train_main(["--preset", "tiny", "--train.threads=1", "--data.train=mine/train",
                       "--data.val=./mine/val", "--train.max_steps=5", "--out", str(out)]) in (0, None)
    assert (out / "last.pt").is_file()
    saved = json.loads((out / "config.json").read_text())["data"]
    assert (saved["train"], saved["val"]) == (cfg.train, cfg.val)
    monkeypatch.chdir(out)
    assert train_main(["--resume", str(out), "--train.max_steps=7"]) in (0, None)


def test_val_pairs_that_are_also_training_pairs_get_a_note(tmp_path, capsys):
    """A user's val set cut from the training corpus was scored without a word: BLEU read high, best.pt was chosen
    on pairs learned by heart."""
    train = pairs(30)
    val = [train[3], (" " + train[7][0], train[7][1] + " "), *pairs(4, seed=1)]     # two of six, one spaced
    assert shared_pairs(Corpus.from_spec(write(tmp_path / "v", val), "de", "en", "--data.val"),
                        Corpus.from_spec(write(tmp_path / "t", train), "de", "en", "--data.train")) == 2
    cfg = dataclasses.replace(CFG, train=write(tmp_path / "train", train), val=write(tmp_path / "val", val))
    prepare_data(cfg, cache_dir=tmp_path / "cache", progress=True)
    assert "note: 2 of the 6 val pairs are train pairs too" in capsys.readouterr().out
    apart = dataclasses.replace(cfg, val=write(tmp_path / "val2", pairs(6, seed=1)))
    prepare_data(apart, cache_dir=tmp_path / "cache", progress=True)
    assert "pairs too" not in capsys.readouterr().out


def test_blank_val_pairs_are_dropped_and_counted_and_a_val_set_of_none_is_refused(tmp_path, capsys, monkeypatch,
                                                                                   train_main):
    """Blank val lines were scored as pairs: a val set of only blank lines trained with "best val BLEU 0.00", best.pt
    chosen on nothing."""
    val = [*pairs(3, seed=1), ("", ""), ("  ", "")]
    cfg = dataclasses.replace(CFG, train=write(tmp_path / "mine/train", pairs(30)), val=write(tmp_path / "val", val))
    prepared = prepare_data(cfg, cache_dir=tmp_path / "cache", progress=True)
    assert prepared.splits["val"].tgt_text == [en for _, en in pairs(3, seed=1)]
    assert "note: 2 of the 5 val pairs are empty" in capsys.readouterr().out
    write(tmp_path / "mine/blank", [("", ""), ("", "")])
    monkeypatch.setenv("EINSUM_NMT_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError, match=r"^--data.val=.*mine/blank holds no pair with text on both sides .*; give a "
                                        r"val set of sentence pairs"):
        train_main(["--preset", "tiny", "--train.threads=1", "--data.train=mine/train", "--data.val=mine/blank",
                    "--out", str(tmp_path / "run")])
    assert not (tmp_path / "run").exists()


def test_a_spreadsheets_quoted_cells_are_unquoted_and_sentences_in_quotes_are_left_as_written(tmp_path,
                                                                                             monkeypatch):
    # before: '"Er sagte ""Hallo""."' was trained with its outer quotes and doubled quotes
    rows = [('Er sagte "Hallo".', 'He said "Hello".'), ('"Hallo", sagt er.', '"Hello," he says.'),
            ('"Ja!"', '"Yes!"'), ('Sie sagt "Ja" und "Nein".', '"Yes" and "no", she says.')]
    cells = ['"Er sagte ""Hallo""."\t"He said ""Hello""."', *(f"{de}\t{en}" for de, en in rows[1:])]
    (tmp_path / "sheet.tsv").write_text("\n".join(cells) + "\n")
    assert list(Corpus.from_spec(str(tmp_path / "sheet.tsv"), "de", "en").pairs()) == rows
    cfg = dataclasses.replace(CFG, train=write(tmp_path / "train", pairs(30)), val=str(tmp_path / "sheet.tsv"))
    with monkeypatch.context() as before:            # a cache written when the cells were read as written
        before.setattr(corpus_module, "_unquoted", lambda field: field)
        before.setattr(cache_key, "is_tsv", lambda path: False)     # and not in the cache key
        prepare_data(cfg, cache_dir=tmp_path / "cache", progress=False)
    assert prepare_data(cfg, cache_dir=tmp_path / "cache", progress=False).splits["val"].tgt_text[0] == rows[0][1]


def test_a_quoted_cell_with_a_line_break_is_refused_saying_why(tmp_path):
    # before: "line 2 has 0 tabs; each line must be source TAB target" and no word of the cell
    (tmp_path / "sheet.tsv").write_text('Eins.\tOne.\n"Zeile eins\r\nZeile zwei"\tTwo lines.\n', newline="")
    with pytest.raises(UserError, match=r"sheet\.tsv line 2 has 0 tabs; .*quoted cell with a line break or a tab "
                                        r"inside is not supported: replace them in the cells"):
        list(Corpus.from_spec(str(tmp_path / "sheet.tsv"), "de", "en").pairs())


def test_a_file_beside_its_own_gzip_copy_is_read_and_one_beside_another_is_refused(tmp_path):
    # before: `gzip -k mine/train.de` gave "both mine/train.de and mine/train.de.gz exist; keep one of them"
    prefix = write(tmp_path / "mine/train", pairs(5))
    plain = Path(f"{prefix}.de")
    Path(f"{plain}.gz").write_bytes(gzip.compress(plain.read_bytes()))
    assert Corpus.from_spec(prefix, "de", "en").parts == [(plain, Path(f"{prefix}.en"))]
    Path(f"{plain}.gz").write_bytes(gzip.compress(plain.read_bytes() + b"Noch ein Satz.\n"))
    with pytest.raises(UserError, match=r"both .*train\.de and .*\.gz exist and differ; keep the one you mean"):
        Corpus.from_spec(prefix, "de", "en")


def test_a_corpus_text_digest_is_its_pairs_whatever_the_files_compression_line_ends_or_byte_order_mark(tmp_path):
    plain, other = tmp_path / "plain", tmp_path / "other"
    plain.with_suffix(".de").write_text("Ein Hund läuft.\nZwei Katzen schlafen.\n")
    plain.with_suffix(".en").write_text("A dog runs.\nTwo cats sleep.\n")
    other.with_suffix(".de.gz").write_bytes(gzip.compress("\ufeffEin Hund läuft.\r\nZwei Katzen schlafen.".encode()))
    other.with_suffix(".en").write_bytes(b"A dog runs.\r\nTwo cats sleep.\r\n")
    digest = Corpus.from_spec(str(plain), "de", "en").text_digest()
    assert Corpus.from_spec(str(other), "de", "en").text_digest() == digest
    plain.with_suffix(".en").write_text("Two cats sleep.\nA dog runs.\n")     # the same lines, misaligned
    assert Corpus.from_spec(str(plain), "de", "en").text_digest() != digest
