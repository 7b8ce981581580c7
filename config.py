"""The one typed configuration: model, data, train and decode sections, presets, and `--section.field=value` overrides.

    python train.py --preset base --model.attention=linear --train.max_steps=2000

The resolved config is printed at start, saved as JSON in the run directory and inside every checkpoint, so a
checkpoint rebuilds its model with no other file.
"""
from __future__ import annotations

import dataclasses
import difflib
import json
import math
import re
from dataclasses import dataclass, field, fields
from typing import Callable

from util.errors import UserError
from util.languages import spacy_languages


@dataclass(frozen=True)
class Rule:
    """What a field's value must be: `test(value)` holds; `requirement` completes "--key=value must be ..."."""
    test: Callable[[object], bool]
    requirement: str


def between(low, high) -> Rule:
    return Rule(lambda v: low <= v <= high, f"from {low} to {high}")


def one_of(choices) -> Rule:
    return Rule(lambda v: v in choices, f"one of {', '.join(choices)}")


ANY = Rule(lambda v: True, "anything")            # a bool: its type is its rule
AT_LEAST_0 = Rule(lambda v: v >= 0, "at least 0")
AT_LEAST_1 = Rule(lambda v: v >= 1, "at least 1")
ABOVE_0 = Rule(lambda v: v > 0, "above 0")
FRACTION = Rule(lambda v: 0 <= v < 1, "in [0, 1)")
NOT_EMPTY = Rule(lambda v: v.strip() != "", "a non-empty name")

# The choices, defined here once; models/ builds from these names.
ACTIVATIONS = ("relu", "gelu", "swiglu")     # swiglu: silu(x W_gate) * (x W_up), then W_down (d_ff each)
NORMS = ("pre", "post")
POSITIONS = ("sinusoidal-add", "sinusoidal-concat", "learned-add", "learned-concat", "relative")
OUTPUT_PIECES = ("seen", "all")
PRECISIONS = ("auto", "fp32", "bf16")
SCHEDULES = ("auto", "inverse-sqrt", "linear", "cosine")
DEVICE_FORMS = "auto, cpu, cuda or cuda:N"
MAX_THREADS = 1024           # far more than any machine's cores; a larger count makes OpenMP fail (a segfault)
MAX_BEAM = 1000              # a beam's memory grows with beam × vocabulary × batch; beyond this it is a typo
MAX_SEED = 2 ** 63 - 1       # what torch.manual_seed takes
MAX_RERANK = 10.0            # ten times the forward score's weight: the way back alone, near enough
MAX_LENGTH_PENALTY = 5.0     # length ** 5 stays finite for any output length; beyond it a search prefers the longest
# AdamW's decoupled decay multiplies the weights by 1 - lr × weight_decay each step: up to 10 that stays above 0 (the
# weights keep their sign) for any lr under 0.1, 30x the highest a recipe uses; the recipes' decay is at most 0.3
MAX_WEIGHT_DECAY = 10


def is_device_name(name: str) -> bool:
    return re.fullmatch(r"auto|cpu|cuda(:\d+)?", name) is not None


def opt(default, help: str, rule: Rule):
    """A config field with its help text (shown by `--help`) and the rule `check_config` checks its value against."""
    return field(default=default, metadata={"help": help, "rule": rule})


@dataclass
class ModelConfig:
    d_model: int = opt(256, 'width of every residual stream', AT_LEAST_1)
    n_heads: int = opt(8, 'attention heads; d_model must be divisible by it', AT_LEAST_1)
    n_encoder_layers: int = opt(3, 'encoder blocks', AT_LEAST_0)
    n_decoder_layers: int = opt(3, 'decoder blocks', AT_LEAST_1)
    d_ff: int = opt(1024, 'hidden width of the feed-forward block', AT_LEAST_1)
    dropout: float = opt(0.1, 'on residual branches and embeddings', FRACTION)
    attention_dropout: float = opt(0.0, 'on attention weights', FRACTION)
    activation: str = opt("relu", ' | '.join(ACTIVATIONS), one_of(ACTIVATIONS))
    norm: str = opt("pre", f"{' | '.join(NORMS)} (LayerNorm placement)", one_of(NORMS))
    attention: str = opt("full", 'self-attention type: any name in the attention registry', NOT_EMPTY)
    cross_attention: str = opt("", 'encoder-decoder attention type; "" = same as `attention`', ANY)
    decoder_attention: str = opt("", 'decoder (causal) self-attention type; "" = same as `attention`', ANY)
    attention_options: str = opt("", 'NAME=VALUE,... for the attention types in use, e.g. topk=8,window=16 '
                                      '(docs/ATTENTION.md lists each type\'s options)', ANY)
    position: str = opt("sinusoidal-add", ' | '.join(POSITIONS), one_of(POSITIONS))
    position_dim: int = opt(64, 'width of the position part in the *-concat modes', AT_LEAST_0)
    max_len: int = opt(256, 'longest sequence the position table covers',
                       Rule(lambda v: v >= 3, "at least 3 (<bos>, a token, <eos>)"))
    max_relative: int = opt(16, 'relative mode: distances are clipped to [-max_relative, max_relative]', AT_LEAST_0)
    share_embeddings: bool = opt(False, 'one embedding table for source and target (needs a shared vocabulary)', ANY)
    output_pieces: str = opt("seen", 'seen (the output layer scores only the target pieces the training data uses, '
                                     'about half of a joint vocabulary: less work a step) | all', one_of(OUTPUT_PIECES))
    tie_output: bool = opt(True, 'output projection reuses the target embedding', ANY)
    src_vocab_size: int = opt(0, 'filled in from the data before the model is built', AT_LEAST_0)
    tgt_vocab_size: int = opt(0, 'filled in from the data before the model is built', AT_LEAST_0)


@dataclass
class DataConfig:
    src_lang: str = opt("de", 'source language code (spaCy tokenizer and file suffix)', NOT_EMPTY)
    tgt_lang: str = opt("en", 'target language code', NOT_EMPTY)
    lowercase: bool = opt(False, 'cased is the reported metric', ANY)
    units: str = opt("subword", 'subword (sentencepiece pieces of spaCy tokens, nothing unknown) | word (spaCy tokens)',
                     one_of(("subword", "word")))
    subword_vocab: int = opt(8000, 'subword units: pieces per model, a soft limit (specials and 256 bytes included)',
                             AT_LEAST_1)
    subword_model: str = opt("unigram", 'subword units: unigram | bpe (sentencepiece)', one_of(("unigram", "bpe")))
    shared_vocab: bool = opt(True, 'one vocabulary for both languages (needed for share_embeddings)', ANY)
    min_freq: int = opt(2, 'word units: tokens seen fewer times become <unk>', AT_LEAST_1)
    max_vocab: int = opt(0, '0 = no limit', AT_LEAST_0)
    max_tokens: int = opt(4096, 'batch size in tokens (source + target of the longest pair, padded)', AT_LEAST_1)
    max_train_len: int = opt(100, 'training pairs with a side of more units are dropped; at most model.max_len - 2 '
                                  '(<bos> and <eos>), one less with directions=both (its tag); 0 = no limit, only '
                                  'in configs saved before that rule', AT_LEAST_0)
    train_split: str = opt("train", 'split the model learns from (and the vocabulary is built on)', NOT_EMPTY)
    val_split: str = opt("val", 'split for per-epoch validation and checkpoint selection', NOT_EMPTY)
    placeholders: bool = opt(True, 'numbers (and glossary terms) travel as placeholders the model copies, restored '
                                   'in English format after decoding; the search never writes digits itself', ANY)
    copy_pairs: float = opt(0.12, 'extra training pairs that teach copying (names swapped into pairs that share one, '
                                  'number placeholders), as a share of the corpus; 0 = none', AT_LEAST_0)
    everyday: float = opt(0.0, 'extra training pairs of everyday sentence frames captions lack (prices, paying, saying '
                               'and asking, a date first; data/everyday.py), as a share of the corpus, with 0.4 times '
                               'that of corpus pairs opening with a possessive ("His dog"), 0.5 times that of '
                               'questions and as many with a pronoun for subject ("Ich bin krank", '
                               'data/pronouns.py); 0 = none', AT_LEAST_0)
    sentences: bool = opt(True, 'a line with several sentences is translated sentence by sentence '
                                '(text/steps/sentences.py)', ANY)
    case: bool = opt(True, 'ALL-CAPS and all-lowercase sentences are written as the corpus writes them before '
                           'translation, caps restored after (text/steps/case.py)', ANY)
    names: bool = opt(True, 'names the model cannot know (and words the corpus copies) travel as placeholders, in '
                            'training too (text/finders/names.py)', ANY)
    copy_through: bool = opt(True, 'URLs, e-mail addresses, handles, hashtags, emoji, file names and codes travel as '
                                   'placeholders (text/finders/copy_through.py)', ANY)
    phrases: bool = opt(True, 'everyday phrases ("Hallo", "Tschüss") come from a phrase table '
                              '(text/finders/phrases.py)', ANY)
    marks: bool = opt(True, 'quotes, brackets and dashes of a kind its source has none of are taken out of a '
                            'translation (text/steps/marks.py)', ANY)
    train: str = opt("", 'your corpus as train_split: PATH (PATH.<src_lang> + PATH.<tgt_lang>, .gz too) or FILE.tsv '
                         '(source TAB target: German TAB English for de→en, English TAB German for en→de); A,B = '
                         'both; "" = Multi30K', ANY)
    val: str = opt("", 'your corpus as val_split, given like --data.train (which needs it)', ANY)
    workers: int = opt(0, 'processes that tokenize the corpus; 0 = up to 4, no more than the CPUs', AT_LEAST_0)
    directions: str = opt("one", 'one (src_lang→tgt_lang) | both (one model translates both ways: every pair trains '
                                  'each direction, its source opened by a tag naming the language to write; '
                                  'translate.py --to picks one, docs/TRAINING.md)', one_of(("one", "both")))
    mix_original: float = opt(0.0, 'with --data.train: add Multi30K training pairs, this share of your corpus\' size, '
                                   'against forgetting when fine-tuning (--init); 0 = none', AT_LEAST_0)


@dataclass
class TrainConfig:
    seed: int = opt(1, 'seeds weights, dropout and batch order', between(0, MAX_SEED))
    max_epochs: int = opt(30, 'epochs to train at most', AT_LEAST_1)
    max_steps: int = opt(0, '0 = no limit; stops cleanly with a checkpoint', AT_LEAST_0)
    time_budget: float = opt(0.0, 'seconds; 0 = no limit', AT_LEAST_0)
    lr: float = opt(1e-3, 'peak learning rate, reached after warmup', ABOVE_0)
    warmup_steps: int = opt(1000, 'linear warmup steps, then the schedule\'s decay', AT_LEAST_0)
    schedule: str = opt("auto", 'after warmup: inverse-sqrt (no end) | linear or cosine (to zero where max_steps or '
                                'time_budget ends, whichever first) | auto (linear with a budget, else inverse-sqrt)',
                        one_of(SCHEDULES))
    decay_start: float = opt(0.0, 'linear/cosine: the lr holds its peak until this share of the budget, then decays',
                             FRACTION)
    dropout_after: int = opt(0, 'epochs trained with model.dropout and model.attention_dropout paused, before they '
                                'apply (a short run does not overfit, a long one does); 0 = from the start',
                             AT_LEAST_0)
    forecast_after: float = opt(0.0, 'seconds: with a time budget, the run times its steps this long, predicts the '
                                     'steps the budget holds and sets dropout and weight decay by the rules of '
                                     'training/forecast.py; 0 = off (the settings given stand)', AT_LEAST_0)
    ema: float = opt(0.0, 'decay per step of an exponential moving average of the weights (bias-corrected), '
                          'validated beside them; best.pt is whichever scores higher; 0 = off', FRACTION)
    weight_decay: float = opt(1e-4, 'AdamW weight decay on matrices (not on biases and norms); each step scales them '
                                    'by 1 - lr × weight_decay', between(0, MAX_WEIGHT_DECAY))
    beta2: float = opt(0.98, 'AdamW second-moment decay', FRACTION)
    label_smoothing: float = opt(0.1, 'label smoothing of the training loss', FRACTION)
    subword_sampling: float = opt(0.0, 'subword regularization: from the epoch dropout starts (dropout_after), the '
                                       'training sources are cut into pieces anew each epoch, sampled with this '
                                       'alpha (unigram; BPE: merges dropped with this probability); 0 = off',
                                  FRACTION)
    consistency: float = opt(0.0, 'R-Drop: while dropout is on, each batch runs twice (two dropout masks) and this '
                                  'weight times the symmetric KL divergence of the two output distributions, per '
                                  'token, joins the loss (twice the work of a step); 0 = off', AT_LEAST_0)
    clip_norm: float = opt(1.0, '0 = no clipping', AT_LEAST_0)
    accum_steps: int = opt(1, 'gradient accumulation', AT_LEAST_1)
    precision: str = opt("auto", 'auto (fp32 on CPUs without native bf16; elsewhere bf16 when a few timed steps of '
                                 'the model show it faster, kept per machine in the data cache) | fp32 | bf16',
                         one_of(PRECISIONS))
    device: str = opt("auto", 'auto | cpu | cuda | cuda:N', Rule(is_device_name, DEVICE_FORMS))
    threads: int = opt(0, "CPU threads; 0 = torch's default", between(0, MAX_THREADS))
    parts: int = opt(0, "a step's batch cut into this many parts whose forward and backward passes run side by side, "
                        "one thread each, the CPU threads shared among them: the same gradient, more of the cores "
                        "busy (training/parts.py); 0 = auto (2 on a CPU of 2 threads or more, one process), 1 = off",
                     between(0, MAX_THREADS))
    patience: int = opt(0, 'early stopping on val BLEU, in epochs; 0 = off', AT_LEAST_0)
    average_last: int = opt(0, 'average the last N epoch checkpoints at the end (at most half the epochs); 0 = off',
                            AT_LEAST_0)
    log_every: int = opt(50, 'steps between metrics.jsonl records', AT_LEAST_1)
    val_beam: int = opt(1, 'beam for the per-epoch val BLEU (1 = greedy, fastest)', between(1, MAX_BEAM))
    val_max_sentences: int = opt(0, 'the first N val sentences for the validations during the run; 0 = all',
                                 AT_LEAST_0)
    final_beam: int = opt(0, 'beam of one last validation on the whole val split at the end (raw, EMA and best.pt '
                             'weights), which best.pt is then chosen by; 0 = none', between(0, MAX_BEAM))
    tensorboard: bool = opt(False, 'also write train loss, lr, tokens/s, val loss and val BLEU to '
                                   '<run>/tensorboard/ (needs `pip install tensorboard`)', ANY)
    save_every: float = opt(10.0, 'minutes between the last.pt written inside an epoch, so a kill loses at most this '
                                  'much work however long an epoch is; 0 = only at epoch ends', AT_LEAST_0)
    init_from: str = opt("", 'the checkpoint whose weights this run started from (set by --init); "" = random', ANY)
    init_sha256: str = opt("", "the sha256 of those weights (set by --init)", ANY)


@dataclass(unsafe_hash=True)     # hashable: the server groups requests by their settings (never changed once made)
class DecodeConfig:
    """The search settings: one type for the config, the command lines (decode_settings) and the server."""
    beam: int = opt(5, 'beam size (1 = greedy)', between(1, MAX_BEAM))
    n_best: int = opt(1, 'hypotheses per input, best first (the beam is widened to at least this)',
                      between(1, MAX_BEAM))
    length_penalty: float = opt(1.0, 'hypothesis score = log p / length ** length_penalty',
                                between(0.0, MAX_LENGTH_PENALTY))
    rerank: float = opt(0.0, "weight of the way back (a model of both directions): the beam's hypotheses ranked by "
                        "score + rerank * the source's per-token log p given each (decoding/rerank.py); 0 = off",
                        between(0.0, MAX_RERANK))
    max_len_a: float = opt(1.5, 'max output length = a * source length + b', AT_LEAST_0)
    max_len_b: int = opt(10, 'see max_len_a (at least 1 when max_len_a is 0)', AT_LEAST_0)
    batch_sentences: int = opt(64, 'sentences decoded together', AT_LEAST_1)
    max_repeat: int = opt(2, 'no output piece more than this many times in a row (no stammer); 0 = no limit',
                          AT_LEAST_0)
    no_repeat_ngram: int = opt(3, 'no n-gram of this many output pieces twice in one output (no loop); 0 = off',
                               AT_LEAST_0)


SECTIONS = ("model", "data", "train", "decode")
# fields earlier versions saved, and the values under which this version decodes their checkpoints alike (None: any)
RETIRED = {"model.pad_id": (0,)}


def _retired(section: str, name: str, value) -> bool:
    allowed = RETIRED.get(f"{section}.{name}", ())
    return allowed is None or value in allowed


@dataclass
class Config:
    model: ModelConfig = field(default_factory=ModelConfig)
    data: DataConfig = field(default_factory=DataConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    decode: DecodeConfig = field(default_factory=DecodeConfig)
    preset: str = "base"

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "Config":
        """The config a dict (config.json, a checkpoint's) describes; a key this version does not know is an error
        that names it, never silently dropped."""
        cfg = cls()
        unknown = [k for k in d if k not in (*SECTIONS, "preset")]
        for section in SECTIONS:
            known = {f.name for f in fields(getattr(cfg, section))}
            values = d.get(section, {})
            unknown += [f"{section}.{k}" for k, v in values.items() if k not in known and not _retired(section, k, v)]
            setattr(cfg, section, type(getattr(cfg, section))(**{k: v for k, v in values.items() if k in known}))
        if unknown:
            raise UserError(f"unknown config key{'s' if len(unknown) > 1 else ''} {', '.join(map(str, unknown))}; "
                            "was it written by a newer or another version of einsum-nmt?")
        cfg.preset = d.get("preset", cfg.preset)
        if "data" in d and "units" not in d["data"]:
            cfg.data.units = "word"           # a config saved before subword units existed
        if "data" in d and "placeholders" not in d["data"]:
            cfg.data.placeholders, cfg.data.copy_pairs = False, 0.0    # saved before placeholders: decode as then
        if "train" in d and "schedule" not in d["train"]:
            cfg.train.schedule = "inverse-sqrt"    # trained before budget-aware schedules: resume as it ran
        if "model" in d and "output_pieces" not in d["model"]:
            cfg.model.output_pieces = "all"      # trained before the output layer scored the seen pieces alone
        if "data" in d and "names" not in d["data"]:
            cfg.data.names = False        # trained before names travelled as placeholders (and with no lexicon)
        return cfg

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)


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
    # seconds on a CPU: for tests and smoke runs (word units: a toy corpus would give letter-sized pieces)
    "tiny": Preset("seconds: a toy model for tests and smoke runs",
                   {"model.d_model": 32, "model.n_heads": 4, "model.n_encoder_layers": 1,
                    "model.n_decoder_layers": 1, "model.d_ff": 64, "model.dropout": 0.0, "model.max_len": 64,
                    "data.max_train_len": 61,     # model.max_len less <bos>, <eos> and a direction tag
                    "data.units": "word", "data.min_freq": 1, "data.max_tokens": 1024, "train.lr": 3e-3,
                    "train.warmup_steps": 50, "train.max_epochs": 20, "train.label_smoothing": 0.0,
                    "train.log_every": 10, "decode.beam": 2, "train.schedule": "inverse-sqrt"}),
    # the config's own defaults: the original Transformer-base schedule (30 epochs of 4,096-token batches, no time
    # budget, inverse-sqrt decay), one direction; kept for the figures and tests that name it
    "base": Preset("the original schedule: 30 epochs of 4,096-token batches, one direction, no time budget (hours)",
                   {}),
    # fine-tuning a trained model (train.py --init CHECKPOINT): a lower peak, a short warmup, 10 minutes; the model
    # and data settings are the checkpoint's
    "finetune": Preset("with --init CHECKPOINT: fine-tune a trained model on your corpus for 10 minutes",
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


KIND_WORDS = {int: "an integer", float: "a number", bool: "true or false", str: "a string"}   # in errors


def _parse_value(text: str, current: object, key: str) -> object:
    kind = type(current)
    try:
        if kind is bool:
            lowered = text.lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise ValueError
        return kind(text)
    except ValueError:
        raise UserError(f"bad value for --{key}: {text!r} is not {KIND_WORDS[kind]}") from None


def all_keys(cfg: Config | None = None) -> list[str]:
    cfg = cfg or Config()
    return [f"{s}.{f.name}" for s in SECTIONS for f in fields(getattr(cfg, s))]


def set_value(cfg: Config, key: str, value: object) -> None:
    """Set `section.field` on cfg, parsing strings to the field's type; unknown keys name the closest ones."""
    if key not in all_keys(cfg):
        close = difflib.get_close_matches(key, all_keys(cfg), n=3, cutoff=0.6)
        hint = f" (did you mean {' or '.join('--' + c for c in close)}?)" if close else " (see --help for every key)"
        raise UserError(f"unknown config key --{key}{hint}")
    section, name = key.split(".")
    obj = getattr(cfg, section)
    current = getattr(obj, name)
    if isinstance(value, str) and not isinstance(current, str):
        value = _parse_value(value, current, key)
    elif type(current) is float and type(value) is int:
        value = float(value)
    setattr(obj, name, value)


def make_config(preset: str | None = None, overrides: list[str] | tuple[str, ...] = ()) -> Config:
    """The defaults, then the preset (None: DEFAULT_PRESET), then `section.field=value` overrides, in that order."""
    preset = preset or DEFAULT_PRESET
    if preset not in PRESETS:
        raise UserError(f"unknown preset {preset!r}; choose one of: {', '.join(PRESETS)}")
    cfg = Config(preset=preset)
    for key, value in PRESETS[preset].overrides.items():
        set_value(cfg, key, value)
    return check_config(apply_overrides(cfg, overrides))


def apply_overrides(cfg: Config, overrides, sections=SECTIONS,
                    when: str = "here") -> Config:
    """Apply `--section.field=value` items in order; a key outside `sections` is refused (e.g. when resuming)."""
    for item in overrides:
        key, sep, value = item.removeprefix("--").partition("=")
        if not sep:
            raise UserError(f"override {item!r} needs a value: --{key}=VALUE")
        if key.split(".")[0] not in sections:
            allowed = " and ".join(f"--{s}.*" for s in sections)
            raise UserError(f"--{key} cannot change {when}; only {allowed} can")
        set_value(cfg, key, value)
    return cfg


def help_text() -> str:
    """Every field with its default, for --help."""
    cfg = Config()
    lines = ["config fields, as preset base sets them (a preset changes some; override any with --section.field=value):"]
    for section in SECTIONS:
        for f in fields(getattr(cfg, section)):
            value = f"--{section}.{f.name}={getattr(getattr(cfg, section), f.name)!r}"
            lines.append(f"  {value:34s} {f.metadata.get('help', '')}".rstrip())
    lines.append(f"presets (--preset NAME; the default is {DEFAULT_PRESET}):")
    lines.append(preset_help())
    return "\n".join(lines)


# Checks: every value is checked when a config is built, so a bad one fails before any data or directory work.

class BrokenRule(UserError):
    """A value that breaks its field's rule: `key` ("decode.beam"), `value`, `requirement` ("from 1 to 1000").
    The message names the config flag; a command line or the server names its own flag for the same field."""

    def __init__(self, key: str, value, requirement: str):
        super().__init__(f"--{key}={value} must be {requirement}")
        self.key, self.value, self.requirement = key, value, requirement


def check_section(section: str, values) -> None:
    """Each field's type (its default's) and rule (beside it above); the first one broken is a UserError."""
    for f in fields(values):
        key, value, kind = f"{section}.{f.name}", getattr(values, f.name), type(f.default)
        if not (type(value) is kind or (kind is float and type(value) is int)):
            raise UserError(f"--{key}={value!r} is not {KIND_WORDS[kind]}")
        if kind is float and not math.isfinite(value):
            raise BrokenRule(key, value, "a finite number")
        rule = f.metadata["rule"]
        if not rule.test(value):
            raise BrokenRule(key, value, rule.requirement)


def check_config(cfg: Config, training: bool = True) -> Config:
    """cfg itself when every value is usable; else a UserError naming the first bad one and what it must be: each
    field's rule, then the rules between fields. training=False (a trained model's config, read to translate) leaves
    out the rules of the training data alone, which decoding never reads."""
    for section in SECTIONS:
        check_section(section, getattr(cfg, section))
    _check_model(cfg)
    _check_data(cfg.data)
    _check_decode(cfg.decode)
    _check_train(cfg.train)
    if cfg.decode.n_best > cfg.decode.beam:
        raise BrokenRule("decode.n_best", cfg.decode.n_best, f"at most --decode.beam={cfg.decode.beam}")
    if cfg.train.subword_sampling and cfg.data.units != "subword":
        raise UserError("--train.subword_sampling samples subword pieces: it needs --data.units=subword")
    if training:
        _check_lengths(cfg)
    return cfg


def longest_training_side(cfg: Config) -> int:
    """The most units a training pair's side may have (data.max_train_len counts units alone): with <bos> and <eos>,
    and the direction tag that opens each source of a model of both directions, it fits the position table."""
    return cfg.model.max_len - 2 - (1 if cfg.data.directions == "both" else 0)


def _check_lengths(cfg: Config) -> None:
    """A training pair longer than the position table stops the run at the first batch holding it, with nothing
    saved: refuse the settings that let one through, before any work."""
    longest, d = longest_training_side(cfg), cfg.data
    if not 1 <= d.max_train_len <= longest:
        tag = ", its direction tag" if d.directions == "both" else ""
        raise BrokenRule("data.max_train_len", d.max_train_len,
                         f"from 1 to {longest}: a training pair's longer side{tag} and <bos>/<eos> must fit "
                         f"--model.max_len={cfg.model.max_len} (or raise --model.max_len)")


def decode_settings(base: DecodeConfig, beam: int | None = None, n_best: int | None = None,
                    length_penalty: float | None = None, max_len: int | None = None,
                    no_repeat_ngram: int | None = None, rerank: float | None = None) -> DecodeConfig:
    """`base` with the given settings (None keeps base's); max_len caps every output at that many tokens. The
    values are checked by DecodeConfig's rules (a BrokenRule names the field); n best need a beam of at least n,
    so the beam is widened to n_best."""
    decode = dataclasses.replace(base)
    for name, value in (("beam", beam), ("n_best", n_best), ("length_penalty", length_penalty),
                        ("no_repeat_ngram", no_repeat_ngram), ("rerank", rerank)):
        if value is not None:
            setattr(decode, name, value)
    if max_len is not None:
        if max_len < 1:
            raise BrokenRule("decode.max_len_b", max_len, "at least 1")
        decode.max_len_a, decode.max_len_b = 0.0, max_len
    check_section("decode", decode)
    _check_decode(decode)
    decode.beam = max(decode.beam, decode.n_best)
    return decode


def _check_decode(d: DecodeConfig) -> None:
    if d.max_len_a == 0 and d.max_len_b < 1:
        raise BrokenRule("decode.max_len_b", d.max_len_b, "at least 1 when --decode.max_len_a is 0")


def _check_train(t: TrainConfig) -> None:
    if t.schedule in ("linear", "cosine") and not (t.max_steps or t.time_budget):
        raise UserError(f"--train.schedule={t.schedule} decays to zero where the run ends: give --train.max_steps or "
                        "--train.time_budget, or use --train.schedule=inverse-sqrt")


def _check_data(d: DataConfig) -> None:
    for key, lang in (("data.src_lang", d.src_lang), ("data.tgt_lang", d.tgt_lang)):
        if spacy_languages() and lang not in spacy_languages():     # spaCy's tokenizer would be an ImportError
            raise BrokenRule(key, lang, f"a language spaCy has a tokenizer for: {', '.join(sorted(spacy_languages()))}")
    if d.train and not d.val:
        raise UserError("--data.train needs --data.val too: a held-out corpus of your own to validate on, given the "
                        "same way (e.g. --data.val=PATH)")
    if d.directions == "both" and (d.units != "subword" or not d.shared_vocab):
        raise UserError("--data.directions=both writes both languages from one vocabulary of subword pieces: it needs "
                        "--data.units=subword and --data.shared_vocab=true")
    if d.directions == "both" and d.src_lang == d.tgt_lang:
        raise UserError(f"--data.directions=both needs two languages, but --data.src_lang and --data.tgt_lang are "
                        f"both {d.src_lang!r}")
    if d.train and d.train_split == d.val_split:
        raise UserError(f"--data.train and --data.val need two split names, but --data.train_split and "
                        f"--data.val_split are both {d.train_split!r}")


def check_model(m: ModelConfig) -> None:
    """The rules between model fields, checked once here: by check_config, and by the model when it is built."""
    if m.d_model % m.n_heads:
        raise UserError(f"--model.d_model={m.d_model} is not divisible by --model.n_heads={m.n_heads}")
    if m.position.endswith("-concat") and not 0 < m.position_dim < m.d_model:
        raise UserError(f"--model.position_dim={m.position_dim} must be between 0 and --model.d_model={m.d_model} "
                        f"(exclusive) for {m.position}")
    if m.position == "relative" and m.max_relative < 1:
        raise UserError(f"--model.max_relative={m.max_relative} must be at least 1 for relative positions")
    if m.share_embeddings and m.src_vocab_size and m.tgt_vocab_size and m.src_vocab_size != m.tgt_vocab_size:
        raise UserError(f"--model.share_embeddings=true needs one vocabulary, but the source has "
                        f"{m.src_vocab_size} and the target {m.tgt_vocab_size} types; use --data.shared_vocab=true")


def _check_model(cfg: Config) -> None:
    check_model(cfg.model)
    if cfg.model.share_embeddings and not cfg.data.shared_vocab:
        raise UserError("--model.share_embeddings=true needs one vocabulary: add --data.shared_vocab=true")


# fields that change how a run is watched or where it runs, not the model it trains
NOT_RECIPE = {"model.src_vocab_size", "model.tgt_vocab_size", "data.workers", "train.seed", "train.threads",
              "train.device", "train.log_every", "train.tensorboard", "train.save_every", "train.init_sha256",
              "train.val_max_sentences", "train.val_beam"}


def _flag_value(value) -> str:
    if type(value) is bool:
        return "true" if value else "false"
    return f"{value:g}" if type(value) is float else str(value)


def recipe_of(cfg: Config) -> str:
    """What a config trains, as the preset that needs the fewest flags and those flags: "30min" (also for `--preset
    cpu --data.directions=both`, which is the same), "30min --train.max_steps=8000 --train.time_budget=0"."""
    def flags(preset: str) -> list[str]:
        reference, found = make_config(preset), []
        for key in all_keys(cfg):
            section, name = key.split(".")
            value = getattr(getattr(cfg, section), name)
            if key not in NOT_RECIPE and section != "decode" and value != getattr(getattr(reference, section), name):
                found.append(f"--{key}={_flag_value(value)}")
        return found
    named = [cfg.preset] if cfg.preset in PRESETS else []
    candidates = {preset: flags(preset) for preset in [*named, *PRESETS] if preset != "finetune"}
    preset = min(candidates, key=lambda p: len(candidates[p]))      # min keeps the first of equals: cfg's own
    return " ".join([preset, *candidates[preset]])
