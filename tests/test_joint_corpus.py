import gzip

from bench.joint_corpus import main


def _split(root, split, german, english):
    for lang, lines in (("de", german), ("en", english)):
        with gzip.open(root / f"{split}.{lang}.gz", "wt", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))


def test_each_pair_trains_both_directions_alternating_and_each_direction_is_scored_apart(tmp_path):
    data = tmp_path / "m30k"
    data.mkdir()
    _split(data, "train", ["Ein Hund.", "Zwei Katzen."], ["A dog.", "Two cats."])
    _split(data, "val", ["Ein Mann."], ["A man."])
    _split(data, "test_2016_flickr", ["Eine Frau."], ["A woman."])
    out = tmp_path / "joint"
    main(["--data-dir", str(data), "--out", str(out)])

    read = lambda name: (out / name).read_text(encoding="utf-8").splitlines()
    assert read("train.de") == ["xxen Ein Hund.", "xxde A dog.", "xxen Zwei Katzen.", "xxde Two cats."]
    assert read("train.en") == ["A dog.", "Ein Hund.", "Two cats.", "Zwei Katzen."]
    assert read("val.de") == ["xxen Ein Mann.", "xxde A man."]
    assert read("test_2016_flickr-deen.src") == ["xxen Eine Frau."]
    assert read("test_2016_flickr-deen.ref") == ["A woman."]
    assert read("test_2016_flickr-ende.src") == ["xxde A woman."]
    assert read("test_2016_flickr-ende.ref") == ["Eine Frau."]
    # test never joins the training files, and no temporary file is left
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["train.de", "train.en", "val.de", "val.en"]
        + [f"{split}-{pair}.{end}" for split in ("val", "test_2016_flickr") for pair in ("deen", "ende")
           for end in ("src", "ref")])
