"""data/tags.py: the tags of a model of both directions, and the config of its other direction."""
from config import Config
from data.tags import direction_tags, reversed_config, reversed_name, tag


def test_a_model_of_both_directions_knows_a_tag_per_language_and_one_of_one_direction_none():
    cfg = Config()
    assert direction_tags(cfg.data) == ()
    cfg.data.directions = "both"
    assert direction_tags(cfg.data) == (tag("en"), tag("de")) == ("<2en>", "<2de>")


def test_the_other_direction_swaps_the_languages_only_and_leaves_the_config_as_it_was():
    cfg = Config()
    cfg.data.directions, cfg.data.train = "both", "corpus"
    turned = reversed_config(cfg)
    assert (turned.data.src_lang, turned.data.tgt_lang) == ("en", "de")
    assert (cfg.data.src_lang, cfg.data.tgt_lang) == ("de", "en")
    turned.data.src_lang, turned.data.tgt_lang = "de", "en"
    assert turned.to_dict() == cfg.to_dict()
    assert reversed_name("val") != "val"
