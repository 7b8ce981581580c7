"""The spaCy tokenizer restores every line exactly, and detokenize survives whatever a model emits."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from data.tokenizer import JOINER, Tokenizer, detokenize

J = JOINER


@pytest.fixture(scope="module")
def tokenizers():
    return {lang: Tokenizer(lang) for lang in ("de", "en")}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_line_of_train_val_and_test_round_trips_exactly(lang, real_tokens):
    total, failures = 0, []
    for split, (lines, token_lists) in real_tokens[lang].items():
        for line, tokens in zip(lines, token_lists):
            if detokenize(tokens) != line:
                failures.append((split, line, tokens))
        total += len(lines)
    print(f"{lang}: {total - len(failures)} of {total} lines round-trip")
    assert total == 31014
    assert len(failures) == 0, f"{len(failures)} lines differ, e.g. {failures[:3]}"


def test_a_joiner_marks_tokens_that_attach_to_the_previous_one(tokenizers):
    assert tokenizers["en"].tokenize("A t-shirt, isn't it.") == \
        ["A", "t", J + "-", J + "shirt", J + ",", "is", J + "n't", "it", J + "."]


@pytest.mark.parametrize("text, tokens", [
    ("a  b", ["a", J + " ", "b"]),                 # the word after a double space keeps its plain form
    ("a\tb", ["a", J + "\t", J + "b"]),
    (" a ", [J + " ", J + "a", J + " "]),
    ("", []),
    ("   ", [J + "   "]),
])
def test_unusual_spacing_becomes_gap_tokens(text, tokens, tokenizers):
    assert tokenizers["en"].tokenize(text) == tokens


@pytest.mark.parametrize("text", ["", " ", "  two  spaces  ", "\ttab\t", "no\xa0break \xa0 mixed", "x\n y",
                                  "(quotes) \"here\"...", "Straße – „Zitat“ z.B. 3,5 km", "a \t b"])
def test_odd_whitespace_and_punctuation_round_trip(text, tokenizers):
    for tokenizer in tokenizers.values():
        assert tokenizer.detokenize(tokenizer.tokenize(text)) == text


@pytest.mark.parametrize("tokens", [[], [J], [J + "a", "b"], ["", ""], [J + " ", J], ["<unk>", J + "<eos>"],
                                    [J + J + J], ["a", J + "\n", "b"]])
def test_detokenize_accepts_any_list_of_strings(tokens):
    assert isinstance(detokenize(tokens), str)


def test_detokenize_never_crashes_on_shuffled_tokens(tokenizers):
    tokens = tokenizers["de"].tokenize("Ein  Mann mit Hut  läuft \tüber die Straße. ")
    rng = random.Random(0)
    for _ in range(100):
        rng.shuffle(tokens)
        text = detokenize(tokens[:rng.randint(0, len(tokens))])
        assert J not in text


def test_a_joined_first_token_attaches_to_nothing():
    assert detokenize([J + ".", "a", J + "b"]) == ". ab"


def test_lowercase_mode_lowercases_before_tokenizing():
    tokenizer = Tokenizer("en", lowercase=True)
    assert tokenizer.tokenize("A Dog  RUNS.") == ["a", "dog", J + " ", "runs", J + "."]
    assert tokenizer.detokenize(tokenizer.tokenize("A Dog  RUNS.")) == "a dog  runs."


def test_tokenize_many_equals_tokenize_one_by_one(tokenizers):
    lines = ["Ein Hund.", "  ", "Zwei Katzen, drei Mäuse!", ""]
    expected = [tokenizers["de"].tokenize(line) for line in lines]
    assert tokenizers["de"].tokenize_many(lines, batch_size=2) == expected
    assert tokenizers["de"].tokenize_many(lines, progress=True) == expected
    for _ in range(2):                                      # spaCy's words forgotten: the same tokens, again
        assert tokenizers["de"].tokenize_many(lines, remember=False) == expected


def test_spacy_is_loaded_once_a_process_for_each_language():
    """A run of both directions makes eight tokenizers of two languages; each loads spaCy in half a second."""
    assert Tokenizer("de").nlp is Tokenizer("de", lowercase=True).nlp is not Tokenizer("en").nlp


def test_detokenizing_loads_no_spacy(monkeypatch):
    """A translation's target side only detokenizes: it costs no spaCy load (a fifth of a second a process)."""
    monkeypatch.setattr("data.tokenizer.load_spacy", lambda lang: pytest.fail(f"spaCy {lang} loaded"))
    assert Tokenizer("en").detokenize(["A", "dog", JOINER + "."]) == "A dog."


def test_tokenizing_imports_no_spacy_command_line():
    """spaCy's __init__ would import its whole CLI (a third of a second a process); tokenizing needs none of it, and
    spacy.cli imported afterwards is the real one."""
    code = ("import sys; from data.tokenizer import Tokenizer; tokens = Tokenizer('de').tokenize('Ein Hund rennt.'); "
            "loaded = sorted(m for m in sys.modules if m.startswith('spacy.cli') or m == 'typer'); "
            "import spacy.cli; from spacy.cli.info import info; "
            "print(tokens, loaded, callable(spacy.cli.download), info.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout
    assert out.split() == ["['Ein',", "'Hund',", "'rennt',", f"'{J}.']", "[]", "True", "spacy.cli.info"]


def test_a_spacy_whose_init_asks_its_command_line_for_more_is_imported_whole(tmp_path):
    """The stand-ins hold only what spaCy's __init__ imports today; a spaCy asking for more imports as it always did."""
    package = tmp_path / "spacy"
    (package / "cli").mkdir(parents=True)
    (package / "__init__.py").write_text("from .cli.info import info, validate\n")
    (package / "cli" / "__init__.py").write_text("")
    (package / "cli" / "info.py").write_text("def info(): return 'real'\ndef validate(): return 'real'\n")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from data.tokenizer import import_spacy; "
            "spacy = import_spacy(); print(spacy.info(), spacy.validate(), type(sys.modules['spacy.cli']).__name__, "
            "sys.modules['spacy.cli'].__file__ is not None)")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout
    assert out.split() == ["real", "real", "module", "True"]
