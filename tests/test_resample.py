"""training/resample.py: subword regularization of the training sources, the same text cut anew each epoch, the same
cut for the same (seed, epoch), so a stopped and resumed run ends with the weights of a straight run."""
import json
import math
import os
import subprocess
import sys
from collections import Counter

import pytest
import torch

import training.loop as loop
import training.train as training_run
from data.batching import TokenBatchSampler
from data.prepared import Ragged, SplitData
from data.subwords import Subwords
from data.tokenizer import Tokenizer
from models.checkpoint import load_checkpoint
from tests.commands import REPO, run_process
from tests.runs import TINY
from tests.test_export import sentences
from training.resample import EpochData, EpochSources
from training.stop import StopSignal


@pytest.fixture(scope="module")
def corpus():
    tokens = Tokenizer("de").tokenize_many(sentences(120, 0))
    subwords = Subwords.learn(tokens, 300)
    return subwords, Ragged.of(subwords.encode_lines([" ".join(t) for t in tokens]))


@pytest.fixture(scope="module")
def bpe_corpus():
    tokens = Tokenizer("de").tokenize_many(sentences(120, 0))
    subwords = Subwords.learn(tokens, 400, "bpe")                  # 140 pieces, merges that compete
    return subwords, Ragged.of(subwords.encode_lines([" ".join(t) for t in tokens]))


@pytest.mark.parametrize("bpe", [False, True])
def test_an_epoch_cuts_the_same_text_anew_and_the_same_epoch_alike(corpus, bpe):
    subwords, ids = corpus
    if bpe:
        subwords = Subwords.learn(Tokenizer("de").tokenize_many(sentences(120, 0)), 300, "bpe")
        ids = Ragged.of(subwords.encode_lines([subwords.sp.decode(row) for row in ids]))
    sources = EpochSources(subwords, alpha=0.3, seed=1, max_len=100, bpe=bpe)
    first, again, other = sources.of(ids, 4), sources.of(ids, 4), sources.of(ids, 5)
    assert first == again and first != other and first != ids
    for cut, row in zip(first, ids):
        assert subwords.sp.decode(cut) == subwords.sp.decode(row)          # the same text, other pieces
    assert sum(len(row) for row in first) > sum(len(row) for row in ids)   # sampled cuts are finer on average


CUT_IN_A_NEW_PROCESS = """
import json, sys, threading
from data.prepared import Ragged
from data.subwords import Subwords
from training.resample import EpochSources
model, ids, bpe = open(sys.argv[1], "rb").read(), Ragged.of(json.load(open(sys.argv[2]))), sys.argv[3] == "bpe"
cut = []
worker = threading.Thread(target=lambda: cut.extend(EpochSources(Subwords(model), 0.3, 1, 100, bpe=bpe).of(ids, 4)))
worker.start()
worker.join()
print(json.dumps(cut))
"""


@pytest.mark.parametrize("kind", ["unigram", "bpe"])
def test_the_cut_of_an_epoch_depends_on_the_seed_and_the_epoch_alone_in_any_process(corpus, bpe_corpus, kind,
                                                                                    tmp_path):
    """Not on the epochs this process cut before, nor on the process or the thread that cuts it."""
    subwords, ids = corpus if kind == "unigram" else bpe_corpus
    sources = EpochSources(subwords, alpha=0.3, seed=1, max_len=100, bpe=kind == "bpe")
    fourth = list(sources.of(ids, 4))
    for epoch in (5, 2, 9):                                  # other epochs in between, out of order
        sources.of(ids, epoch)
    assert list(sources.of(ids, 4)) == fourth
    assert list(EpochSources(subwords, 0.3, 2, 100, bpe=kind == "bpe").of(ids, 4)) != fourth    # another seed
    (tmp_path / "model").write_bytes(subwords.model_proto)
    (tmp_path / "ids.json").write_text(json.dumps(list(ids)))
    new = subprocess.run([sys.executable, "-c", CUT_IN_A_NEW_PROCESS, str(tmp_path / "model"),
                          str(tmp_path / "ids.json"), kind], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert new.returncode == 0, new.stderr[-3000:]
    assert json.loads(new.stdout) == fourth


@pytest.mark.parametrize("kind", ["unigram", "bpe"])
def test_the_cuts_of_a_word_follow_the_distribution_of_sentencepieces_own_sampling(corpus, bpe_corpus, kind):
    subwords, ids = corpus if kind == "unigram" else bpe_corpus
    sp, n = subwords.sp, 3000
    options = {"alpha": 0.3} if kind == "bpe" else {"alpha": 0.3, "nbest_size": -1}
    sources = EpochSources(subwords, alpha=0.3, seed=1, max_len=100, bpe=kind == "bpe")
    words = sorted({tuple(word) for row in ids for word in sources.cuts.words(row)})
    for word in sorted(words, key=lambda w: len(set(map(tuple, sources.of(Ragged.of([list(w)] * 50), 0)))))[-3:]:
        text = "".join(map(sp.id_to_piece, word))
        ours = Counter(map(tuple, sources.of(Ragged.of([list(word)] * n), 0)))
        theirs = Counter(map(tuple, sp.encode([text.lstrip("▁")] * n, out_type=int, enable_sampling=True, **options)))
        assert len(ours) > 1                          # three of the words with the most cuts
        for cut in ours | theirs:                     # within 5 standard deviations of the difference of frequencies
            p, q = ours[cut] / n, theirs[cut] / n
            assert abs(p - q) <= 5 * math.sqrt((p + q + 1 / n) / n), (text, [sp.id_to_piece(i) for i in cut], p, q)


def test_the_tag_of_a_model_of_both_directions_stays_first_and_whole(both_run):
    from decoding.load import load_translator

    forward = load_translator(both_run / "best.pt")
    for translator in (forward, forward.toward("de")):
        ids = Ragged.of(translator.codec.ids(["Der Hund spielt heute im Park mit der Katze.", "The dog plays."]))
        cut = EpochSources(translator.codec.src_subwords, alpha=0.5, seed=1, max_len=60, keep=1).of(ids, 3)
        assert cut != ids and [row[0] for row in cut] == [row[0] for row in ids] == translator.codec.prefix * 2
        assert all(translator.codec.prefix[0] not in row[1:] for row in cut)


def test_a_sampled_cut_over_the_length_limit_keeps_the_prepared_one(corpus):
    subwords, ids = corpus
    limit = max(len(row) for row in ids)
    for cut, row in zip(EpochSources(subwords, alpha=0.5, seed=2, max_len=limit).of(ids, 0), ids):
        assert len(cut) <= limit and (len(cut) == len(row) or cut != row)


def test_epochs_before_the_start_are_the_prepared_pairs_and_later_ones_each_pair_once(corpus):
    subwords, ids = corpus
    split = SplitData(ids, ids, [""] * len(ids))
    sampler = TokenBatchSampler([len(r) for r in ids], [len(r) for r in ids], 64, seed=3)
    data = EpochData(split, sampler, EpochSources(subwords, 0.3, 3, 100), start=2)
    src, tgt, batches = data.of(1)
    assert src is split.src and batches == sampler.batches(1)
    src, tgt, batches = data.of(2)
    assert src != ids and tgt is split.tgt
    assert sorted(k for batch in batches for k in batch) == list(range(len(ids)))
    assert all(len(b) * (max(len(src[k]) for k in b) + max(len(tgt[k]) for k in b) + 1) <= 64
               for b in batches if len(b) > 1)


class StopAfter(StopSignal):
    def __enter__(self):
        StopAfter.instance = super().__enter__()
        return self


def sampled_flags(root, directions: str, steps: int) -> list[str]:
    """A tiny run's flags with sampled sources; 400 pieces: with 300 every piece of this corpus is one character, and
    there is nothing to cut anew."""
    return [*TINY, "--data-dir", str(root / "data"), "--data.units=subword", "--data.subword_vocab=400",
            f"--data.directions={directions}", "--train.subword_sampling=0.3", "--train.dropout_after=1",
            f"--train.max_steps={steps}", "--train.max_epochs=5", "--train.val_max_sentences=2"]


@pytest.fixture(scope="module")
def sampled_run(root, train_main, tmp_path_factory):
    """A straight run of one direction with sampled sources, trained in this process, once for the module (the tests
    only read its last.pt)."""
    out = tmp_path_factory.mktemp("sampled") / "straight"
    train_main([*sampled_flags(root, "one", 34), "--out", str(out)])
    return out


@pytest.mark.parametrize("directions, stop, steps", [("one", 30, 34), ("both", 60, 64)])   # both: twice the pairs
def test_a_run_with_sampled_sources_stopped_and_resumed_in_a_new_process_ends_with_the_weights_of_a_straight_run(
        directions, stop, steps, root, tmp_path, train_main, monkeypatch, request):
    flags = sampled_flags(root, directions, steps)
    if directions == "one":
        straight = request.getfixturevalue("sampled_run")          # the same flags: the module's run
    else:
        straight = tmp_path / "straight"
        train_main([*flags, "--out", str(straight)])
    taken, real_step = [], loop.train_step

    def step_then_signal(*args):
        taken.append(1)
        if len(taken) == stop:                     # inside the second epoch, a sampled one
            StopAfter.instance.requested = True
        return real_step(*args)

    monkeypatch.setattr(training_run, "StopSignal", StopAfter)
    monkeypatch.setattr(loop, "train_step", step_then_signal)
    train_main([*flags, "--out", str(tmp_path / "split")])
    stopped = load_checkpoint(tmp_path / "split" / "last.pt").raw["train_state"]["state"]
    assert stopped["step"] == stop and stopped["epoch"] >= 1 and stopped["batch_in_epoch"] > 0
    monkeypatch.setattr(training_run, "StopSignal", StopSignal)
    run_process(["train.py", "--resume", str(tmp_path / "split"), "--data-dir", str(root / "data")], dict(os.environ))
    a, b = (load_checkpoint(run / "last.pt").raw for run in (straight, tmp_path / "split"))
    assert b["train_state"]["state"]["step"] == steps
    for key in a["model"]:
        torch.testing.assert_close(a["model"][key], b["model"][key], atol=0, rtol=0, msg=key)


def test_a_run_with_sampled_sources_ends_with_the_same_weights_in_this_process_and_in_a_new_one(root, tmp_path,
                                                                                                 train_main,
                                                                                                 sampled_run):
    flags = sampled_flags(root, "one", 34)              # sampled_run's, trained in this process
    run_process(["train.py", *flags, "--out", str(tmp_path / "there")], dict(os.environ))
    train_main([*[f for f in flags if f != "--train.subword_sampling=0.3"], "--out", str(tmp_path / "unsampled")])
    here, there, unsampled = (load_checkpoint(run / "last.pt").raw["model"]
                              for run in (sampled_run, tmp_path / "there", tmp_path / "unsampled"))
    for key in here:
        torch.testing.assert_close(here[key], there[key], atol=0, rtol=0, msg=key)
    assert any(not torch.equal(here[key], unsampled[key]) for key in here)      # the sampled epoch was cut anew
