"""A model of both directions (--data.directions=both): every training pair teaches src_lang→tgt_lang and
tgt_lang→src_lang, each source opened by a tag naming the language to write (the target-language token of
Johnson et al. 2017's multilingual translation). The tags are pieces of the joint subword model, like placeholders.

    tag("en")                    -> "<2en>"
    source ids of "Ein Hund."    -> [id of <2en>, ▁Ein, ▁Hund, .]      (English comes out)
    reversed_config(cfg).data    -> src_lang "en", tgt_lang "de"       (the other direction's config)
"""
from __future__ import annotations

import copy

from config import Config, DataConfig


def tag(lang: str) -> str:
    """The piece that opens a source to be written in `lang`."""
    return f"<2{lang}>"


def direction_tags(cfg: DataConfig) -> tuple[str, ...]:
    """The tags a model of this config's data knows (none for a model of one direction)."""
    return (tag(cfg.tgt_lang), tag(cfg.src_lang)) if cfg.directions == "both" else ()


def source_prefix(vocab, cfg: DataConfig) -> list[int]:
    """The ids that open every source of a model of this config's data (its direction's tag; none for a model of
    one direction): what training reads and what translation writes, from this one rule."""
    return [vocab.stoi[tag(cfg.tgt_lang)]] if cfg.directions == "both" else []


def reversed_data(cfg: DataConfig) -> DataConfig:
    """The data settings of the other direction: the two languages swapped, the rest as they are."""
    turned = copy.deepcopy(cfg)
    turned.src_lang, turned.tgt_lang = cfg.tgt_lang, cfg.src_lang
    return turned


def reversed_config(cfg: Config) -> Config:
    turned = copy.deepcopy(cfg)
    turned.data = reversed_data(cfg.data)
    return turned


def reversed_name(split: str) -> str:
    """The name a split's pairs turned round go by in prepared data (a model of both directions validates on both)."""
    return f"{split}.reversed"
