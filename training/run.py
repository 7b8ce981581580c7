"""A training run's state: what the loop's functions share, how it is built (fresh, resumed from last.pt:
training/resume.py, or fine-tuned from another model's weights). The run reads top to bottom in training/train.py
(its epochs in training/loop.py, its end in training/finish.py); which checkpoints are written when is
training/save_policy.py, how a stop signal reaches the loop training/stop.py."""
from __future__ import annotations

import json
import os
import random
import shlex
import time
from array import array
from dataclasses import dataclass, field, replace
from pathlib import Path

import torch

from config import Config
from config.presets import settings_typed
from data.batching import TokenBatchSampler
from data.codec import Codec
from data.corpus import Corpus
from data.tags import direction_tags, reversed_name
from data.prepare import Prepared, SplitData, prepare_data
from data.prepared import Ragged
from decoding.translator import Translator
from models.attention.choice import check_attentions
from models.checkpoint import ModelCheckpoint, check_vocabularies, load_weights
from models.lineage import new_run_id, runs_of
from models.output import pieces_to_score
from models.resume_command import resume_command
from models.transformer import Transformer, build_model, check_size
from training.save_policy import Checkpoints
from training.ema import EMA
from training.parts import PartThreads, parts_of
from training.finetune import checkpoint_units, unknown_words_note
from training.resample import EpochData, EpochSources
from training.resume import TrainState, resume_training_state
from training.rundir import open_log
from training.schedule import Schedule
from training.precision import autocast_of, run_precision
from training.step import make_optimizer
from training.tensorboard import TensorBoardLog, check_tensorboard_installed
from util import distributed
from cli import pick_device
from util.errors import UserError
from util.ledger import current_commit
from util.textio import write_text_atomic


@dataclass
class Run:
    """What the loop's small functions share. Which checkpoints are written when: `checkpoints` (training/save_policy.py)."""
    cfg: Config
    dir: Path
    dist: distributed.DistInfo
    device: torch.device
    data: Prepared                   # vocabularies, subword models, the train and val splits as ids
    model: Transformer
    ddp_model: torch.nn.Module       # the model, wrapped for data-parallel training when there are ranks
    optimizer: torch.optim.Optimizer
    schedule: Schedule
    amp: object                      # the autocast context of the run's precision (state.precision)
    translator: Translator
    sampler: TokenBatchSampler
    checkpoints: Checkpoints
    state: TrainState = field(default_factory=TrainState)
    metrics_log: object = None       # metrics.jsonl, open on rank 0
    tensorboard: TensorBoardLog | None = None   # with --train.tensorboard=true, on rank 0
    step_seconds: float = 0.0        # the last step's time, for what a stop signal says it waits for
    ending_epoch: int = 0            # the epoch whose end (validation, checkpoints) is under way; 0: none
    ema: EMA | None = None           # with --train.ema: the moving average of the weights
    epochs: EpochData | None = None  # each epoch's pairs and batches (set by build_run)
    threads: PartThreads | None = None   # with a step's batch in parts: the threads that run them (training/parts.py)
    commit: str = ""                 # the code this process trains with, as it started: a commit made during the run
    #                                  is not it (util.ledger.current_commit)
    curves_drawn: float = field(default_factory=time.monotonic)    # when curves.png was last drawn (or the start)

    @property
    def train_data(self) -> SplitData:
        return self.data.splits[self.cfg.data.train_split]

    @property
    def val_data(self) -> SplitData:
        return self.data.splits[self.cfg.data.val_split]

    def validations(self) -> list[tuple[Translator, SplitData]]:
        """What validation scores: the val split, and for a model of both directions also its pairs turned round
        with the translator of the other direction."""
        found = [(self.translator, self.val_data)]
        if self.cfg.data.directions == "both":
            found.append((self.translator.toward(self.cfg.data.src_lang),
                          self.data.splits[reversed_name(self.cfg.data.val_split)]))
        return found

    def log(self, text: str) -> None:
        if self.dist.is_main:
            print(text, flush=True)

    def record(self, kind: str, **values) -> None:
        if self.metrics_log:
            try:
                self.metrics_log.write(json.dumps({"kind": kind, **values}) + "\n")
                self.metrics_log.flush()
            except OSError as e:
                raise UserError(f"cannot append to {self.dir / 'metrics.jsonl'} ({e.strerror}); "
                                f"{self.checkpoints.kept()}") from None
        if self.tensorboard:
            self.tensorboard.record(kind, values)

    def metrics_size(self) -> int:
        """Bytes of metrics.jsonl so far (-1 off rank 0): a checkpoint records it, a resume cuts the log back to it."""
        return os.fstat(self.metrics_log.fileno()).st_size if self.metrics_log else -1

    def out_of_budget(self) -> str | None:
        train = self.cfg.train
        if train.max_steps and self.state.step >= train.max_steps:
            return f"reached --train.max_steps={train.max_steps}"
        if train.time_budget and self.state.elapsed >= train.time_budget:
            return f"reached --train.time_budget={train.time_budget:g}s"
        return None

    def close(self) -> None:
        if self.metrics_log:
            self.metrics_log.close()
        if self.tensorboard:
            self.tensorboard.close()


def check_usable(cfg: Config) -> None:
    """What the config alone cannot know: registered attentions (their roles and options), a model of a sane size, an
    available device, optional packages."""
    check_attentions(cfg.model)
    check_size(cfg.model)
    device = pick_device(cfg.train.device)
    if cfg.train.parts > 1 and distributed.launched_ranks() > 1:
        raise UserError(f"--train.parts={cfg.train.parts} cuts a batch among the threads of one process; under "
                        "torchrun each rank runs its batch whole: leave --train.parts at 0 (auto) or 1")
    if cfg.train.parts > 1 and device.type != "cpu":
        raise UserError(f"--train.parts={cfg.train.parts} is for CPUs, where one pass leaves cores idle; on a GPU "
                        "leave it at 0 (auto) or 1")
    if cfg.train.tensorboard:
        check_tensorboard_installed()


def score_pieces(model: Transformer, train_data: SplitData, data: Prepared, cfg: Config, fine_tuning: bool) -> None:
    """The pieces the output layer scores (model.output_pieces=seen, models/output.py): those the training targets
    use, and in a model of both directions those of each direction's targets apart. A fine-tuned model keeps what
    it scored before."""
    tags = [data.src_vocab.stoi[t] for t in direction_tags(cfg.data)]
    if not tags:
        model.score_only(pieces_to_score(Ragged.of(train_data.tgt).flat, data.tgt_vocab,
                                         model.scored_ids() if fine_tuning else None))
        return
    targets = {t: array("i") for t in tags}
    for src, tgt in zip(train_data.src, train_data.tgt):
        if len(src) and src[0] in targets:
            targets[src[0]].extend(tgt)
    before = [model.scored_after(torch.tensor([[t]])).nonzero().squeeze(1) if fine_tuning else None for t in tags]
    model.score_ways(tags, [pieces_to_score(targets[t], data.tgt_vocab, b) for t, b in zip(tags, before)])


def corpus_digest(cfg: Config) -> str:
    """Your training corpus's text digest, which a resumed run must find again; "" for Multi30K's files."""
    if not cfg.data.train:
        return ""
    return Corpus.from_spec(cfg.data.train, cfg.data.src_lang, cfg.data.tgt_lang).text_digest()


def changed_data_fix(cfg: Config, run_dir: Path) -> str | None:
    """What to do when a resumed run's data gives other vocabularies than it was trained with: with your corpus, it
    was edited since the run started; None for Multi30K's files (check_vocabularies' advice: another --data-dir)."""
    if not cfg.data.train:
        return None
    return (f"--data.train={cfg.data.train} has changed since the run started: put back the files it started with, "
            f"or go on training on them as they are now from its weights: python train.py --init "
            f"{shlex.quote(str(run_dir / 'last.pt'))} {shlex.quote('--data.train=' + cfg.data.train)} "
            f"{shlex.quote('--data.val=' + cfg.data.val)} --out NEW_RUN")


def plan_line(cfg: Config) -> str:
    """A run's first line: what it trains and how long, as the preset and the flags given set it."""
    d, t = cfg.data, cfg.train
    way = f"{d.src_lang}→{d.tgt_lang}"
    what = f"one model of {way} and {d.tgt_lang}→{d.src_lang}" if d.directions == "both" else way
    ends = [f"{t.max_steps:,} step{'s' if t.max_steps > 1 else ''}"] if t.max_steps else []
    if t.time_budget:
        ends.append(f"{t.time_budget / 60:,.1f}".removesuffix(".0") + " minutes")
    ends.append(f"{t.max_epochs} epoch{'s' if t.max_epochs > 1 else ''}")
    first = ", whichever comes first" if len(ends) > 1 else ""
    return f"training (preset {cfg.preset}): {what}, until {' or '.join(ends)}{first}"


def build_run(data_dir, cfg: Config, run_dir: Path, resume: ModelCheckpoint | None, dist, device,
              init: ModelCheckpoint | None = None, user_module: str | None = None, data_note: str = "") -> Run:
    """The run: data prepared (with `init`'s units when fine-tuning), model (with `init`'s weights), optimizer; the
    state of last.pt when resuming. Its config (run.cfg) is `cfg` with the vocabulary sizes of the data; `cfg` itself
    is left as it was. `data_note`: where the data comes from, said after the first line when not the usual place."""
    if cfg.train.threads > 0:
        torch.set_num_threads(cfg.train.threads)
    torch.set_flush_denormal(True)     # denormal floats (tiny early gradients) slow CPU math 10-100x
    torch.manual_seed(cfg.train.seed)
    random.seed(cfg.train.seed)

    corpus = corpus_digest(cfg)
    if resume is not None and corpus != (resume.raw["train_state"]["state"].get("corpus") or corpus):
        raise UserError(changed_data_fix(cfg, run_dir))     # an edit that leaves the vocabularies as they were too
    if dist.is_main:
        print(plan_line(cfg), flush=True)      # before the data's preparation, which can take minutes
        if data_note:
            print(data_note, flush=True)
    units = None                       # learned from the training data, or the trained model's own (fine-tuning)
    if init is not None or (resume is not None and cfg.train.init_from):
        units = checkpoint_units(init if init is not None else resume)
    data = distributed.main_first(dist, lambda: prepare_data(     # rank 0 tokenizes and caches, the others load it
        cfg.data, data_dir, splits=(cfg.data.train_split, cfg.data.val_split), progress=dist.is_main, units=units))
    train_data, val_data = data.splits[cfg.data.train_split], data.splits[cfg.data.val_split]
    if len(train_data) and not len(val_data):
        raise UserError(f"{'--data.val=' + cfg.data.val if cfg.data.val else cfg.data.val_split} holds no pair with "
                        "text on both sides (empty pairs, blank lines among them, are dropped); give a val set of "
                        "sentence pairs, one a line, apart from the training corpus")
    if not len(train_data) or not len(val_data):
        raise UserError(f"nothing to train on: {len(train_data)} usable {cfg.data.train_split} pairs (empty ones and "
                        f"those over --data.max_train_len={cfg.data.max_train_len} tokens are dropped), "
                        f"{len(val_data)} {cfg.data.val_split} pairs; check the data")
    if resume is not None:
        check_vocabularies(resume, data.src_vocab, data.tgt_vocab, run_dir / "last.pt", changed_data_fix(cfg, run_dir))
    cfg = replace(cfg, model=replace(cfg.model, src_vocab_size=len(data.src_vocab), tgt_vocab_size=len(data.tgt_vocab)))

    model = build_model(cfg.model).to(device)
    if init is not None:
        load_weights(model, init.raw["model"], cfg.train.init_from)
    if model.scored is not None and resume is None:     # a fine-tuning run scores its own targets' pieces too
        score_pieces(model, train_data, data, cfg, init is not None)
    optimizer, schedule = make_optimizer(model, cfg)
    ddp_model = model
    if dist.enabled:
        ddp_model = torch.nn.parallel.DistributedDataParallel(
            model, device_ids=[device.index] if device.type == "cuda" else None)
    sampler = TokenBatchSampler([len(s) for s in train_data.src], [len(t) for t in train_data.tgt],
                                cfg.data.max_tokens, shuffle=True, seed=cfg.train.seed,
                                rank=dist.rank, world_size=dist.world_size)
    parts = parts_of(cfg.train.parts, device, dist.world_size)
    threads = PartThreads(parts, torch.get_num_threads()) if parts > 1 else None
    precision = run_precision(cfg, device, model, train_data, sampler,
                              resume.raw["train_state"]["state"] if resume is not None else None, dist, threads)
    run = Run(cfg, run_dir, dist, device, data, model, ddp_model, optimizer, schedule,
              autocast_of(precision.precision, device), Translator.of_model(model, cfg, Codec(cfg, data.src_vocab, data.tgt_vocab,
                                                                            data.src_subwords, data.tgt_subwords),
                                                         device, data.lexicon), sampler,
              Checkpoints(run_dir, dist.is_main, cfg.train.save_every, data_dir, user_module, dist.world_size),
              ema=EMA(model, cfg.train.ema) if cfg.train.ema else None, threads=threads, commit=current_commit())
    run.epochs = epoch_data(cfg, data, train_data, sampler)
    if resume is not None:
        resume_training_state(run, resume)
    if not run.state.runs:      # a new run (a resumed one keeps its id; one begun before run ids draws one now)
        run.state.runs = [*(runs_of(init.raw) if init is not None else []), new_run_id()]
    if resume is not None and run.state.ranks not in (0, dist.world_size):       # 0: a run begun before they counted
        run.state.batch_in_epoch = distributed.place_in_epoch(
            run.state.ranks, dist.world_size, run.state.batch_in_epoch, run.dir / "last.pt",
            resume_command(run.dir, data_dir, user_module, run.state.ranks))
        run.log(f"resuming with {dist.world_size} rank(s) where {run.state.ranks} trained: a step now takes "
                f"{dist.world_size} batch(es), and the epoch goes on where it was")
    run.state.precision, run.state.ranks, run.state.corpus = precision.precision, dist.world_size, corpus
    if dist.is_main:
        try:
            if resume is None or not (run.dir / "config.json").is_file():   # a half one blocks --out
                write_text_atomic(run.dir / "config.json", (resume.cfg if resume else cfg).to_json() + "\n")
            if resume is not None:
                run.checkpoints.config_at_resume = (run.dir / "config.json").read_text(encoding="utf-8")
            # a resume's flags reach config.json with the first last.pt that holds them (Checkpoints.write_last): a
            # resume that fails before leaves it as it was, and the next one takes no flag for an edit by hand
            run.metrics_log = open_log(run.dir / "metrics.jsonl", run.state.metrics_bytes if resume else 0)
            if cfg.train.tensorboard:
                run.tensorboard = TensorBoardLog(run.dir, run.state.step if resume else None)
        except OSError as e:
            raise UserError(f"cannot write to the run directory {run.dir} ({e.strerror}); "
                            f"{run.checkpoints.kept()}") from None
        run.log(f"config: {' '.join(settings_typed(cfg))} (every field: {run.dir / 'config.json'})")   # not 100 lines
        run.log(f"model: {model.num_parameters():,} parameters on {device}; vocab "
                f"{cfg.model.src_vocab_size}/{cfg.model.tgt_vocab_size}" + ("" if model.scored is None else
                f" (the output scores the {int(model.scored.sum()):,} target pieces training uses)") +
                f"; {len(train_data.src):,} training "
                f"pairs; run {run.dir}" + (f"; resuming at step {run.state.step}" if resume else "") +
                (f"; weights from {cfg.train.init_from}" if init is not None else ""))
        run.log(f"precision {precision.precision}: {precision.why}")
        if init is not None and data.src_subwords is None:
            run.log(unknown_words_note(train_data))
    run.checkpoints.last_written = time.monotonic()     # the save_every clock starts with the training
    return run


def epoch_data(cfg: Config, data: Prepared, train_data: SplitData, sampler: TokenBatchSampler) -> EpochData:
    """The prepared pairs every epoch, or with --train.subword_sampling sources cut anew from dropout's epoch on."""
    if not cfg.train.subword_sampling or data.src_subwords is None:
        return EpochData(train_data, sampler)
    longest = min(cfg.data.max_train_len or cfg.model.max_len, cfg.model.max_len - 2)
    sources = EpochSources(data.src_subwords, cfg.train.subword_sampling, cfg.train.seed, longest,
                           bpe=cfg.data.subword_model == "bpe", keep=1 if cfg.data.directions == "both" else 0)
    return EpochData(train_data, sampler, sources, start=cfg.train.dropout_after)
