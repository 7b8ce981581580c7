"""The presets: recipes named for what a user wants, each a set of overrides on the config's defaults; make_config
builds a config from one and the command line's overrides, recipe_of names the preset and flags a config trains."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, fields

from config import ANY, DEVICE_FORMS, SECTIONS, Config, Rule
from config.checks import check_config
from config.overrides import all_keys, apply_overrides, set_value
from util.errors import UserError


# The CPU recipe (presets 30min, long and cpu): the best BLEU in about 30 minutes of two cores (tuned on val at 940
# and 2,600 steps of 4096 tokens). Batches of 2048 tokens: twice the steps for the same work, +1.4 val BLEU in both
# directions at the work of 940 steps of 4096 (0.95x the tokens a second on an AVX2 CPU); warmup 300 such steps, i.e. the
# tokens of the 150 it had. The lr decays to zero where the budget ends; dropout 0.1 from the fifth epoch on
# (late dropout: 3-4 epochs are too few to overfit, dropout there costs 1.7 val BLEU; 9 epochs do overfit, and
# dropout is worth 3 BLEU there, docs/RESULTS.md), attention dropout 0.1 with it (at 4,000 steps +0.35 val BLEU
# German->English and +0.40 English->German, better in each of 4 seeds in both directions; 0.96x the tokens a
# second while it is on), AdamW weight decay 0.3 on the matrices (3,000x the default: at 4,000 joint steps
# +1.46 val BLEU over 1e-4 and +0.75 over 0.1, means of 2 seeds), no EMA (it never beat the decayed weights);
# validation during the run is greedy on 500 sentences (a few seconds) and best.pt is chosen at the end by beam 5
# on all of val; everyday pairs at 5% of the corpus (data/everyday.py: the same val BLEU within a seed's noise, and
# prices, quotations and dates the model keeps far more often; the ledger holds both runs and their probes)
CPU_RECIPE: dict[str, object] = {
    "model.attention": "sdpa", "model.share_embeddings": True,
    "model.dropout": 0.1, "train.dropout_after": 4, "model.attention_dropout": 0.1, "train.weight_decay": 0.3,
    "data.max_tokens": 2048, "train.time_budget": 1800.0, "train.lr": 2e-3, "train.warmup_steps": 300,
    "train.val_beam": 1, "train.val_max_sentences": 500, "train.final_beam": 5, "data.everyday": 0.05,
    "train.forecast_after": 60.0}

# Presets are overrides on top of the defaults above; each has a one-line purpose that `train.py --help` lists.
@dataclass(frozen=True)
class Preset:
    purpose: str
    overrides: dict[str, object]


DEFAULT_PRESET = "30min"
FINETUNE = "finetune"       # the recipe of train.py --init: its model and data settings are the checkpoint's
PRESETS: dict[str, Preset] = {
    # the default: the most BLEU in a bounded time. One model of both directions (at equal work it beats two separate
    # models, docs/TRAINING.md), the CPU recipe, 30 minutes; on a GPU the same minutes train far more steps
    "30min": Preset("the default: one model of both directions, the most BLEU from 30 minutes of any machine",
                    {**CPU_RECIPE, "data.directions": "both"}),
    # the long recipe: the 30min recipe over a budget of work rather than of seconds, 16,000 steps of both directions
    # (the work of 8,000 a direction, about 2 hours of 2 cores in bf16, 2.5 in fp32), with dropout 0.2 from the fifth
    # epoch, which keeps English->German learning where 0.1 stops (at 8,000 steps 0.2 loses to 0.1, so only here);
    # the same command trains the same model on any machine
    "long": Preset("a fixed amount of work: 16,000 steps of both directions (about 2 hours of 2 bf16 CPU cores), "
                   "the same model on any machine", {**CPU_RECIPE, "data.directions": "both",
                                                      "train.max_steps": 16000, "train.time_budget": 0.0,
                                                      "model.dropout": 0.2}),
    # one direction (data.src_lang -> data.tgt_lang) in 30 minutes: the recipe of the figures before the default
    # trained both directions
    "cpu": Preset("one direction (--data.src_lang to --data.tgt_lang) in 30 minutes", CPU_RECIPE),
    # a smoke run: a toy model trains 200 steps (under a quarter of a Multi30K epoch), validates and writes its
    # checkpoints in seconds of a CPU; the tests that train it for its epochs give --train.max_steps=0 (word units:
    # a toy corpus would give letter-sized pieces)
    "tiny": Preset("a smoke run: a toy model trains 200 steps, validates and saves its checkpoints, in seconds once "
                   "the data is prepared (also the tests' model)",
                   {"model.d_model": 32, "model.n_heads": 4, "model.n_encoder_layers": 1,
                    "model.n_decoder_layers": 1, "model.d_ff": 64, "model.dropout": 0.0, "model.max_len": 64,
                    "data.max_train_len": 61,     # model.max_len less <bos>, <eos> and a direction tag
                    "data.units": "word", "data.min_freq": 1, "data.max_tokens": 1024, "train.lr": 3e-3,
                    "train.warmup_steps": 50, "train.max_epochs": 20, "train.max_steps": 200,
                    "train.label_smoothing": 0.0,
                    "train.log_every": 10, "decode.beam": 2, "train.schedule": "inverse-sqrt"}),
    # the config's own defaults: the original Transformer-base schedule (30 epochs of 4,096-token batches, no time
    # budget, inverse-sqrt decay), one direction; kept for the figures and tests that name it
    "base": Preset("the original schedule: 30 epochs of 4,096-token batches, one direction, no time budget (hours)",
                   {}),
    # fine-tuning a trained model (train.py --init CHECKPOINT): a lower peak, a short warmup, 10 minutes; the model
    # and data settings are the checkpoint's
    FINETUNE: Preset("with --init CHECKPOINT: fine-tune a trained model on your corpus for 10 minutes",
                     {"train.lr": 5e-4, "train.warmup_steps": 100, "train.time_budget": 600.0}),
    # the full recipe: wider model, more epochs, averaged checkpoints
    "full": Preset("a Transformer-base-sized model (d_model 512, 6+6 layers), 60 epochs: for a GPU",
                   {"model.d_model": 512, "model.n_heads": 8, "model.d_ff": 2048, "model.n_encoder_layers": 6,
                    "model.n_decoder_layers": 6, "model.dropout": 0.3, "model.attention": "sdpa",
                    "model.share_embeddings": True, "train.lr": 5e-4, "train.warmup_steps": 4000,
                    "train.weight_decay": 1e-4, "train.max_epochs": 60, "train.average_last": 5}),
}


def preset_help() -> str:
    """Every preset with its one-line purpose, the default first (for --help)."""
    names = [DEFAULT_PRESET] + [name for name in PRESETS if name != DEFAULT_PRESET]
    return "\n".join(f"  {name:9s} {PRESETS[name].purpose}" for name in names)



def make_config(preset: str | None = None, overrides: list[str] | tuple[str, ...] = ()) -> Config:
    """The defaults, then the preset (None: DEFAULT_PRESET), then `section.field=value` overrides, in that order."""
    preset = preset or DEFAULT_PRESET
    if preset not in PRESETS:
        close = [p for p in PRESETS if p.lower() == preset.lower()] or difflib.get_close_matches(
            preset.lower(), PRESETS, n=1, cutoff=0.6)
        hint = f" (did you mean --preset {close[0]}?)" if close else ""
        raise UserError(f"unknown preset {preset!r}{hint}; choose one of: {', '.join(PRESETS)}")
    cfg = Config(preset=preset)
    for key, value in PRESETS[preset].overrides.items():
        set_value(cfg, key, value)
    return check_config(apply_overrides(cfg, overrides))


def help_text(preset: str | None = None) -> str:
    """Every field with its value under `preset` (None: DEFAULT_PRESET, what a run without --preset trains), a * on
    those the preset changes from the config's defaults (preset base), then the presets, for --help."""
    preset = preset or DEFAULT_PRESET
    cfg, base = make_config(preset), Config()
    lines = [f"config fields, as preset {preset} sets them (* = changed from preset base; `--preset NAME --help` shows "
             "another's; override any with --section.field=value):"]
    for section in SECTIONS:
        for f in fields(getattr(cfg, section)):
            value = getattr(getattr(cfg, section), f.name)
            mark = "*" if value != getattr(getattr(base, section), f.name) else " "
            lines.append(f"{mark} {f'--{section}.{f.name}={flag_value(value)}':34s} {f.metadata.get('help', '')}"
                         f"{rule_note(f.metadata['rule'])}".rstrip())
    lines.append(f"presets (--preset NAME; the default is {DEFAULT_PRESET}):")
    lines.append(preset_help())
    return "\n".join(lines)


def rule_note(rule: Rule) -> str:
    """A field's rule as --help appends it ("; at least 1"); none where the help already lists the choices."""
    if rule is ANY or rule.requirement.startswith("one of") or rule.requirement == DEVICE_FORMS:
        return ""
    return f"; must be {rule.requirement}"


DERIVED = {"model.src_vocab_size", "model.tgt_vocab_size", "train.init_sha256"}     # the run fills them in
NOT_RECIPE = {"model.src_vocab_size", "model.tgt_vocab_size", "data.workers", "train.seed", "train.threads",
              "train.device", "train.log_every", "train.tensorboard", "train.save_every", "train.init_sha256",
              "train.val_max_sentences", "train.val_beam"}


def flag_value(value) -> str:
    """The value as a --section.field=value flag is typed: true, 1800, 0.0007, sdpa ("" is nothing after the =)."""
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is float:
        return f"{value:g}" if float(f"{value:g}") == value else repr(value)
    return str(value)


def changed_flags(cfg: Config, preset: str, skip=DERIVED) -> list[str]:
    """The --section.field=value flags that turn `preset`'s config into cfg (keys in `skip` and the decode section
    left out where skip says so): ["--train.max_steps=5"]."""
    reference, found = make_config(preset), []
    for key in all_keys(cfg):
        section, name = key.split(".")
        value = getattr(getattr(cfg, section), name)
        if key not in skip and section not in skip and value != getattr(getattr(reference, section), name):
            found.append(f"--{key}={flag_value(value)}")
    return found


def recipe_of(cfg: Config) -> str:
    """What a config trains, as the preset that needs the fewest flags and those flags: "30min" (also for `--preset
    cpu --data.directions=both`, which is the same), "30min --train.max_steps=8000 --train.time_budget=0"."""
    def flags(preset: str) -> list[str]:
        return changed_flags(cfg, preset, NOT_RECIPE | {"decode"})
    named = [cfg.preset] if cfg.preset in PRESETS else []
    candidates = {preset: flags(preset) for preset in [*named, *PRESETS] if preset != FINETUNE}
    preset = min(candidates, key=lambda p: len(candidates[p]))      # min keeps the first of equals: cfg's own
    return " ".join([preset, *candidates[preset]])


def settings_typed(cfg: Config) -> list[str]:
    """The run's preset and the flags that differ from it, as typed ("--preset 30min --train.max_steps=5"); a
    fine-tuning's, whose model is the checkpoint's, as the preset its config is nearest to."""
    if cfg.preset in PRESETS and cfg.preset != FINETUNE:
        return ["--preset", cfg.preset, *changed_flags(cfg, cfg.preset)]
    return ["--preset", *recipe_of(cfg).split()]
