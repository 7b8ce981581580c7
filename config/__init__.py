"""The one typed configuration: model, data, train and decode sections, each field with its default, help and rule.

    python train.py --preset base --model.attention=linear --train.max_steps=2000

The resolved config is printed at start, saved as JSON in the run directory and inside every checkpoint, so a
checkpoint rebuilds its model with no other file. Beside this file: presets.py (the presets and make_config, which
builds a config from one and its overrides), overrides.py (`--section.field=value`), checks.py (the rules between
fields and the error of a broken one).
"""
from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Callable

from util.errors import UserError


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

KIND_WORDS = {int: "an integer", float: "a number", bool: "true or false", str: "a string"}   # in errors


def is_device_name(name: str) -> bool:
    return re.fullmatch(r"auto|cpu|cuda(:\d+)?", name) is not None


def opt(default, help: str, rule: Rule):
    """A config field with its help text (shown by `--help`) and the rule that `check_config` (checks.py) checks
    its value against."""
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


def is_run_config(path: Path) -> bool:
    """A config.json that train.py wrote: this project's config, not e.g. CTranslate2's of an export."""
    if path.is_symlink():              # a new run writes config.json: through a link, into another file
        return False
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
        if not (isinstance(config, dict) and {"model", "data", "train"} <= set(config)):
            return False
        Config.from_dict(config)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, TypeError, AttributeError, UserError):
        return False
    return True
