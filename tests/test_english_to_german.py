"""English -> German end to end: train.py --data.src_lang=en --data.tgt_lang=de learns, and translate.py gives German
with the text pipeline run the other way round (German number format, the sentence split of English)."""
import itertools

import translate
from models.checkpoint import load_checkpoint
from tests.runs import TINY
from tests.synthetic import write_pairs

SUBJECTS = [("The dog", "Der Hund"), ("The woman", "Die Frau"), ("The boy", "Der Junge"), ("The girl", "Das Mädchen")]
VERBS = [("runs", "läuft"), ("sleeps", "schläft"), ("plays", "spielt"), ("waits", "wartet")]
PLACES = [("in the park.", "im Park."), ("on the beach.", "am Strand."), ("at home.", "zu Hause.")]


def test_english_to_german_trains_and_translates_each_sentence_into_german(tmp_path, train_main, monkeypatch, capsys):
    pairs = [(f"{a} {b} {c}", f"{x} {y} {z}") for (a, x), (b, y), (c, z) in itertools.product(SUBJECTS, VERBS, PLACES)]
    data = write_pairs(tmp_path / "multi30k", {"train": pairs * 16, "val": pairs[:8]}, ("en", "de"))
    monkeypatch.setenv("EINSUM_NMT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("MULTI30K_BASE_URL", "http://127.0.0.1:9/")          # nothing may be downloaded
    train_main([*TINY, "--data.src_lang=en", "--data.tgt_lang=de", "--data-dir", str(data), "--out",
                str(tmp_path / "run"), "--train.max_epochs=300", "--train.max_steps=300"])
    best = tmp_path / "run" / "best.pt"
    assert (load_checkpoint(best).cfg.data.src_lang, load_checkpoint(best).cfg.data.tgt_lang) == ("en", "de")
    capsys.readouterr()
    translate.main(["--checkpoint", str(best), "--beam=1", "The dog runs in the park. The girl sleeps at home."])
    assert capsys.readouterr().out.strip() == "Der Hund läuft im Park. Das Mädchen schläft zu Hause."
