"""data/cache_key.py: every data setting and a fine-tuned model's given units are part of the prepared data's cache
key."""
import dataclasses

import pytest

from data.cache_key import Units, cache_key
from data.prepare import prepare_data
from tests import test_prepare

CFG, SUBWORD = test_prepare.CFG, test_prepare.SUBWORD
data_dir = test_prepare.data_dir          # the fixture: a tiny Multi30K in tmp_path


@pytest.mark.parametrize("change", [{"min_freq": 2}, {"max_vocab": 10}, {"lowercase": True}, {"shared_vocab": False},
                                    {"max_train_len": 50}, {"src_lang": "en", "tgt_lang": "de"}])
def test_every_setting_changes_the_cache_key(change, data_dir):
    files = {s: {lang: data_dir / f"{s}.{lang}.gz" for lang in ("de", "en")} for s in ("train", "val")}
    assert cache_key(dataclasses.replace(CFG, **change), ("val",), files) != cache_key(CFG, ("val",), files)


def test_given_units_are_part_of_the_cache_key(data_dir, tmp_path):
    base = prepare_data(SUBWORD, data_dir, cache_dir=tmp_path / "a", progress=False)
    other = prepare_data(dataclasses.replace(SUBWORD, subword_vocab=290, subword_model="bpe"), data_dir,
                         cache_dir=tmp_path / "b", progress=False)
    files = {s: {lang: data_dir / f"{s}.{lang}.gz" for lang in ("de", "en")} for s in ("train", "val")}
    keys = {cache_key(SUBWORD, ("val",), files, units) for units in (
        None, Units(base.src_vocab, base.tgt_vocab, base.src_subwords, base.tgt_subwords),
        Units(other.src_vocab, other.tgt_vocab, other.src_subwords, other.tgt_subwords))}
    assert len(keys) == 3
