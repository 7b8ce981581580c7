"""Shared fixtures. Real Multi30K comes from ../shared/data/multi30k beside the repo (or $MULTI30K_DIR); tests that
need it are skipped with the reason when it is absent."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
from pathlib import Path

import pytest
import torch
from filelock import FileLock      # torch's own dependency

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED_MULTI30K = ROOT.parent / "shared/data/multi30k"
REAL_SPLITS = ("train", "val", "test_2016_flickr")
# `device=auto` picks a GPU where there is one (and bf16 with it): the suite, and the commands it starts, run on the
# CPU on every machine. Set before anything asks torch about CUDA, which reads this once. On a GPU machine,
# EINSUM_NMT_CUDA_TESTS=1 leaves the GPU visible for tests/test_cuda.py (which is skipped elsewhere).
if os.environ.get("EINSUM_NMT_CUDA_TESTS") != "1":
    os.environ["CUDA_VISIBLE_DEVICES"] = ""
# A suite started in the background (`nohup ... &`) or in a pytest-xdist worker inherits SIGINT ignored, and so would
# every command it starts, whose Ctrl-C tests then fail: the commands get a Ctrl-C as a terminal would give it.
# `precision=auto` would pick bf16 on CPUs with AVX512-BF16/AMX and fp32 elsewhere: the suite and every command it
# starts train in fp32 on every machine. Tests of the bf16 path ask for it (`--train.precision=bf16`).
os.environ["EINSUM_NMT_AUTO_PRECISION"] = "fp32"
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


# README's test command shares the test files among its two workers one file at a time, in the order collected; a
# slow file begun last keeps one worker busy after the other has finished, so the slowest go first.
SLOWEST_FIRST = ("test_readme.py", "test_docs_examples.py", "test_prepare.py", "test_train.py", "test_serve_live.py",
                 "test_cli.py", "test_resample.py", "test_serve_api.py")


def pytest_collection_modifyitems(items):
    rank = {name: n for n, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(SLOWEST_FIRST)))       # stable: a file's order kept

@pytest.fixture(autouse=True)
def one_thread():
    """Tiny tensors gain nothing from a second thread, and on a busy machine its spinning costs seconds."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(autouse=True)
def signal_handlers_restored():
    """A command run in-process that was stopped (Ctrl-C, SIGTERM) ignores further signals until its process ends, as
    promised; in the test process that would last for every later test, so each test gets the handlers back."""
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    yield
    for sig, handler in saved.items():
        signal.signal(sig, handler)


@contextlib.contextmanager
def built_once(tmp_path_factory, name: str):
    """A folder for something the session builds (real data's tokens, a tiny run), shared by the pytest-xdist workers
    of one run and held under a lock: the first worker builds it (20 to 30 s), the others wait and use what it saved."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:                          # one process: this run's own folder, no one to share with
        yield tmp_path_factory.mktemp(name)
        return
    folder = tmp_path_factory.getbasetemp().parent / name     # the run's folder above the workers' own
    folder.mkdir(exist_ok=True)
    with FileLock(str(folder) + ".lock"):
        yield folder


def built_by_one_worker(tmp_path_factory, name: str, build) -> Path:
    """built_once's folder after build(folder) has run in it once a test run, by whichever worker came first."""
    with built_once(tmp_path_factory, name) as folder:
        if not (folder / "built").is_file():
            build(folder)
            (folder / "built").touch()
        return folder


@pytest.fixture(scope="session")
def multi30k_dir() -> Path:
    path = Path(os.environ.get("MULTI30K_DIR") or SHARED_MULTI30K)
    names = [f"{split}.{lang}.gz" for split in REAL_SPLITS for lang in ("de", "en")]
    missing = [name for name in names if not (path / name).is_file()]
    if missing:
        pytest.skip(f"real Multi30K not found ({', '.join(missing)} missing in {path}); set MULTI30K_DIR to use it")
    return path


@pytest.fixture(scope="session")
def prepared_multi30k(multi30k_dir, tmp_path_factory):
    """(cache_dir, Prepared) for the default DataConfig on real train and val, built once per session."""
    from config import DataConfig
    from data.prepare import prepare_data

    with built_once(tmp_path_factory, "prepared") as cache_dir:   # the second worker loads the first one's cache
        return cache_dir, prepare_data(DataConfig(), multi30k_dir, cache_dir=cache_dir, progress=False)


@pytest.fixture(scope="session")
def real_tokens(multi30k_dir, tmp_path_factory) -> dict:
    """{lang: {split: (lines, spaCy tokens)}} for train, val and test_2016_flickr, tokenized once per session."""
    from data.multi30k import read_parallel
    from data.tokenizer import Tokenizer
    from util.textio import write_text_atomic

    with built_once(tmp_path_factory, "real-tokens") as folder:
        if (saved := folder / "tokens.json").is_file():
            loaded = json.loads(saved.read_text(encoding="utf-8"))
            return {lang: {split: tuple(pair) for split, pair in splits.items()} for lang, splits in loaded.items()}
        tokenizers = {lang: Tokenizer(lang) for lang in ("de", "en")}
        result: dict = {"de": {}, "en": {}}
        for split in REAL_SPLITS:
            src, tgt = read_parallel(split, multi30k_dir, download=False)
            for lang, lines in (("de", src), ("en", tgt)):
                result[lang][split] = (lines, tokenizers[lang].tokenize_many(lines))
        write_text_atomic(saved, json.dumps(result, ensure_ascii=False))
        return result


@pytest.fixture(scope="session")
def train_main():
    """train.main(argv) in this process (no start-up cost), leaving torch's process-wide settings as they were."""
    import train

    def run(argv) -> int:
        threads = torch.get_num_threads()
        try:
            return train.main(argv)
        finally:
            torch.set_num_threads(threads)
            torch.set_flush_denormal(False)
    return run


@pytest.fixture(scope="session")
def synthetic_env(tmp_path_factory) -> dict:
    """Environment for running the commands on a synthetic corpus; nothing is downloaded. The corpus and its data
    cache are shared by the xdist workers of a run, as two users' runs share one cache (it is written atomically)."""
    from tests.synthetic import offline_env, write_corpus

    root = built_by_one_worker(tmp_path_factory, "app", lambda folder: write_corpus(
        folder / "data", {"train": 1500, "val": 100, "test_2016_flickr": 100}))
    return offline_env(root / "cache", root / "data")


def synthetic_run(synthetic_env, train_main, tmp_path_factory, name: str, flags: list[str]) -> Path:
    """A tiny-preset run with `flags` (--train.max_steps=0: all its epochs, past the preset's smoke-run steps),
    trained on the synthetic corpus in this process, once a test run: the first xdist worker to ask trains it (20 to
    30 s), the other waits for it and reads the same files. Tests only read it."""
    from tests.synthetic import use_offline_env

    def train(folder: Path) -> None:
        with pytest.MonkeyPatch.context() as mp:
            use_offline_env(mp, synthetic_env)
            train_main(["--preset", "tiny", "--out", str(folder / "run"), "--train.threads=1", *flags])

    return built_by_one_worker(tmp_path_factory, name, train) / "run"


@pytest.fixture(scope="session")
def tiny_run(synthetic_env, train_main, tmp_path_factory) -> Path:
    """A tiny-preset run (best.pt, averaged.pt, ...) trained on the synthetic corpus, once a test run."""
    return synthetic_run(synthetic_env, train_main, tmp_path_factory, "tiny-run",
                         ["--train.max_epochs=12", "--train.max_steps=0", "--train.average_last=3"])


@pytest.fixture(scope="session")
def both_run(synthetic_env, train_main, tmp_path_factory) -> Path:
    """A tiny model of both directions (--data.directions=both) trained on the synthetic corpus, once a test run."""
    return synthetic_run(synthetic_env, train_main, tmp_path_factory, "both-run",
                         ["--train.max_epochs=6", "--train.max_steps=0", "--train.warmup_steps=10",
                          "--data.units=subword", "--data.directions=both"])


@pytest.fixture(scope="session")
def small_corpus(tmp_path_factory) -> Path:
    """A directory with data/ (300 synthetic training pairs) and, once used, cache/."""
    from tests.synthetic import write_corpus

    root = tmp_path_factory.mktemp("small")
    write_corpus(root / "data", {"train": 300, "val": 20, "test_2016_flickr": 10})
    return root


@contextlib.contextmanager
def small_corpus_env(root: Path):
    """The environment of in-process runs on the small corpus: its own cache, no download, no MULTI30K_DIR."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EINSUM_NMT_CACHE", str(root / "cache"))
        mp.setenv("MULTI30K_BASE_URL", "http://127.0.0.1:9/")
        mp.delenv("MULTI30K_DIR", raising=False)
        yield


@pytest.fixture(scope="module")
def root(small_corpus):
    """The small corpus, with its environment set for the rest of the module."""
    with small_corpus_env(small_corpus):
        yield small_corpus


@pytest.fixture(scope="session")
def averaged_run(train_main, small_corpus) -> Path:
    """A finished two-epoch run with averaging: best.pt, last.pt, averaged.pt, epoch1.pt, epoch2.pt."""
    from tests.runs import TINY

    out = small_corpus / "averaged-run"
    with small_corpus_env(small_corpus):
        train_main([*TINY, "--data-dir", str(small_corpus / "data"), "--out", str(out), "--train.max_epochs=2",
                    "--train.average_last=2"])
    return out


@pytest.fixture(scope="session")
def two_epoch_run(train_main, small_corpus) -> Path:
    """A finished two-epoch run."""
    from tests.runs import TINY

    out = small_corpus / "two-epoch-run"
    with small_corpus_env(small_corpus):
        train_main([*TINY, "--data-dir", str(small_corpus / "data"), "--out", str(out), "--train.max_epochs=2"])
    return out
