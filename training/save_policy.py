"""The checkpoint policy, in one place: which files a run writes, when, and why. It validates nothing itself: the
loop (training/loop.py, training/finish.py) validates and hands it the scores.

    best.pt      The weights with the best val BLEU so far, and that BLEU. Written after any validation that beats
                 it: at an epoch's end, after the partial last epoch, and for averaged.pt. Weights only: the file to
                 share and translate with.
    epochN.pt    The weights at the end of epoch N, only with --train.average_last=K; the one K epochs older is
                 removed. Weights only, with their card: what averaged.pt is made of.
    last.pt      The weights and the whole training state (optimizer, schedule, EMA, RNG, the position in the epoch):
                 what --resume continues from, exactly. Written at every epoch's end, every --train.save_every
                 minutes inside an epoch (so a kill loses at most that much work, however long an epoch is), when a
                 stop signal arrives, and at the run's end inside an epoch both before the final validation (a stop
                 signal ends that validation at once, and a kill loses no training) and after it.
    averaged.pt  The mean of the last epochN.pt files, once at the end (with --train.average_last), with a card
                 naming them and the newest one's step; when its val BLEU beats best.pt, best.pt becomes these
                 weights too. An averaged.pt that is not this run's (average.py's, put there while it was stopped)
                 is kept: the run's goes to the first of averaged-2.pt, averaged-3.pt, ... that is free or its own.
    MODEL.md     best.pt's model card (training/card.py): how it was trained, its val BLEU, what it is good at and
                 how to translate with it. Written with every best.pt, which holds the same card, and again at the
                 run's end with all of its training and why it ended, into best.pt too (its weights unchanged).

With --train.ema the average of the weights is validated after the weights themselves, and becomes best.pt in the
same way when it scores higher. With --train.final_beam the run ends with one validation on the whole val split at
that beam, of best.pt's weights, the final weights and their EMA: best.pt becomes the highest of these, so it is
chosen on that measure, never on the cheaper one of the validations during the run.

Every file is written atomically (temp file, fsync, rename), on rank 0 only, and never from weights that are not
finite. At an epoch's end best.pt and epochN.pt come before last.pt, so last.pt commits the epoch: a kill before it
leaves the previous last.pt, and the resumed run redoes the epoch. It then finds best.pt ahead of last.pt
(`best_on_disk`): the same validation at the same step with the same BLEU counts again as the improvement it was,
so the epoch's records and best.pt come out as in a run that was never killed.
"""
from __future__ import annotations

import itertools
import random
import sys
import time
from dataclasses import asdict
from pathlib import Path

import torch

from models.checkpoint import atomic_torch_save, best_checkpoint_info, load_checkpoint, save_checkpoint
from models.checkpoint_json import packed
from training.card import CARD_NAME, averaged_card, ended_at, model_card, write_card
from models.resume_command import resume_command
from util.errors import UserError
from util.textio import write_text_atomic


class Checkpoints:
    """The policy above, applied at a run's events (the methods, in the order a run meets them); it knows what
    last.pt and best.pt on disk hold."""

    def __init__(self, run_dir: Path, is_main: bool, save_every_minutes: float, data_dir: str | None = None,
                 user_module: str | None = None, ranks: int = 1):
        self.dir, self.is_main, self.save_every = run_dir, is_main, save_every_minutes * 60
        self.resume_command = resume_command(run_dir, data_dir, user_module, ranks)    # what continues from last.pt
        self.saved_step: int | None = None                 # the step last.pt on disk holds
        self.best_on_disk: tuple[int, str] | None = None   # (step, kind) of a best.pt ahead of last.pt
        self.last_written = time.monotonic()               # when last.pt was written, or this session started
        self.config_at_resume: str | None = None           # a resumed run's config.json as it began: write_config
        self.write_seconds = 0.0                           # how long writing last.pt took (0: not yet written)
        self.best: dict | None = None                      # the validation best.pt holds, once written here

    def after_step(self, run) -> bool:
        """Inside an epoch: last.pt once --train.save_every minutes have passed since the last one; -> written."""
        if not self.save_every or time.monotonic() - self.last_written < self.save_every:
            return False
        self.write_last(run)
        return True

    def after_validation(self, run, kind: str, val_bleu: float, by_direction: dict | None = None,
                         full: bool = False) -> bool:
        """best.pt when val BLEU beats it, or redoes the improvement a kill interrupted; -> whether it did.
        by_direction: each direction's val BLEU (a model of both); full: scored on all of val (--train.final_beam)."""
        state = run.state
        redo = self.best_on_disk == (state.step, kind) and val_bleu == state.best_bleu
        if not (val_bleu > state.best_bleu or redo):
            return False
        state.best_bleu, self.best_on_disk = val_bleu, None
        self.write_best(run, {"val_bleu": val_bleu, "epoch": state.epoch, "kind": kind, "step": state.step,
                              "by_direction": by_direction, "full": full})
        return True

    def at_epoch_end(self, run, val_bleu: float, by_direction: dict | None = None) -> None:
        """After the epoch's validation (and its best.pt): epochN.pt for averaging, with its card (that validation's
        BLEU), then last.pt, which commits it."""
        epoch, keep = run.state.epoch, run.cfg.train.average_last
        if keep and self.is_main:
            name = f"epoch{epoch}.pt"
            card = model_card(run, {"step": run.state.step, "epoch": epoch, "kind": "epoch", "val_bleu": val_bleu,
                                    "by_direction": by_direction}, name=name)
            self.write(run, name, epoch=epoch, card=card)
            old = self.dir / f"epoch{epoch - keep}.pt"
            if old.exists():
                old.unlink()
        self.write_last(run)

    def at_stop(self, run) -> None:
        """A stop signal: last.pt at the step just finished, mid-epoch or not."""
        self.write_last(run)

    def before_end(self, run) -> None:
        """The run's end (final validation, averaging) begins: last.pt at the last step, so that a stop signal can end
        that work at once, and a kill loses no training."""
        if self.saved_step != run.state.step:
            self.write_last(run)

    def before_final_validation(self, run) -> tuple[dict, dict] | None:
        """With --train.final_beam every candidate for best.pt is validated anew on the whole val split at that beam,
        so the BLEU of the validations during the run no longer counts; -> (info, weights) of best.pt when it holds
        older weights than the final ones: the first candidate, its score for after_best_validated."""
        run.state.best_bleu, self.best_on_disk = -1.0, None
        path = self.dir / "best.pt"
        best = best_checkpoint_info(path)
        if best is None or best["step"] == run.state.step:
            return None
        return best, load_checkpoint(path).raw["model"]

    def after_best_validated(self, run, best: dict, val_bleu: float, by_direction: dict | None = None) -> None:
        """best.pt again, from the model that holds its weights, with its val BLEU on the final measure: the one the
        final weights and their EMA must beat."""
        run.state.best_bleu = val_bleu
        self.write_best(run, {"val_bleu": val_bleu, "kind": best["kind"], "step": best["step"],
                              "by_direction": by_direction, "full": True})

    def after_partial_epoch(self, run) -> None:
        """The run ended inside an epoch and that epoch's weights were validated: last.pt records that it was, so a
        resumed finished run does not validate them again."""
        self.write_last(run)

    def to_average(self, run) -> list[Path]:
        """The epochN.pt files averaged.pt is made of: the last N, N at most half the epochs trained (at least 2), as
        a short run's first epochs would drag the average down; none without --train.average_last, off rank 0, or
        with fewer than 2. Their mean is validated (as "averaged") before after_averaging."""
        if not (run.cfg.train.average_last and self.is_main):
            return []
        n = min(run.cfg.train.average_last, max(2, run.state.epoch // 2))
        paths = sorted(self.dir.glob("epoch*.pt"), key=lambda p: int(p.stem[5:]))[-n:]
        return paths if len(paths) >= 2 else []

    def after_averaging(self, run, averaged: list[dict], val_bleu: float, by_direction: dict | None = None,
                        full: bool = False, newest_card: dict | None = None, ended: str | None = None) -> str | None:
        """averaged.pt: the model holds the mean of the epochN.pt files `averaged` names ([{"checkpoint", "step"}]),
        validated (and kept as best.pt when its val BLEU was higher); its card and step are the newest one's
        (newest_card: the card that file holds, its training up to its step; None: the run's now), with why the run
        ended (`ended`: the run's end writes it, after its last step; at a later step, that step too); -> the name it
        was written under (averaged_name), None off rank 0."""
        if not self.is_main:
            return None
        name = self.averaged_name(run)
        card = model_card(run, {"step": run.state.step, "kind": "averaged", "val_bleu": val_bleu,
                                "by_direction": by_direction, "full": full}, ended, name=name)
        if newest_card is not None and ended:
            newest_card = ended_at(newest_card, ended, run.state.step)
        card = averaged_card(newest_card or card, card["checkpoint"], averaged,
                             validated={key: card["best"][key] for key in ("val_bleu", "by_direction", "measure")})
        self.write(run, name, step=card["trained"]["steps"], val_bleu=val_bleu, epochs=len(averaged),
                   averaged=averaged, card=card)
        return name

    def averaged_name(self, run) -> str:
        """averaged.pt, or where that is not this run's own, the first of averaged-2.pt, averaged-3.pt, ... that is
        free or this run's (a note says so): a file the user made is never replaced."""
        for n in itertools.count(1):
            name = "averaged.pt" if n == 1 else f"averaged-{n}.pt"
            if not (self.dir / name).exists() or runs_own_average(self.dir / name, run.state.runs):
                if n > 1:
                    print(f"note: {self.dir / 'averaged.pt'} is not this run's (average.py's, or another program's), "
                          f"so it is kept: the run's mean of its last epochs is {self.dir / name}", file=sys.stderr)
                return name

    def at_end(self, run, finished: str) -> None:
        """The run is done (`finished` says why): MODEL.md again, with all of its training, and the same card into
        best.pt, whichever step its weights are from (written before the end, its card said the run went on)."""
        if not self.is_main:
            return
        best = self.best
        if best is None:              # resumed, and best.pt is an earlier session's
            try:
                best = best_of_disk(self.dir / "best.pt")
            except UserError as e:
                print(f"warning: no MODEL.md: {e}", file=sys.stderr)
                return
        if best is not None:
            card = model_card(run, best, finished)
            self.recard(self.dir / "best.pt", card)
            write_card(self.dir, card)

    # writing

    def write_best(self, run, best: dict) -> None:
        """best.pt with its model card inside, and the card as MODEL.md beside it."""
        if not self.is_main:
            return
        card = model_card(run, best)
        facts = {k: best[k] for k in ("val_bleu", "epoch", "kind", "step") if k in best}
        self.write(run, "best.pt", card=card, **facts)
        self.best = best
        write_card(self.dir, card)

    def recard(self, path: Path, card: dict) -> None:
        """`path` again with `card` in place of its own, all else as it was; a failure is a warning (the file stays
        whole, with the card it had)."""
        try:
            raw = load_checkpoint(path).raw
            atomic_torch_save({**packed(raw), "info": {**(raw.get("info") or {}), "card": card}}, path)
        except (OSError, UserError) as e:
            print(f"warning: could not write the final card into {path} ({getattr(e, 'strerror', None) or e}); "
                  f"{self.dir / CARD_NAME} holds it", file=sys.stderr)

    def write_last(self, run) -> None:
        start = time.monotonic()
        self.write(run, "last.pt", training=True)
        self.saved_step, self.last_written = run.state.step, time.monotonic()
        self.write_config(run)
        self.write_seconds = self.last_written - start

    def write_config(self, run) -> None:
        """A resumed run's config.json as its config, once the first last.pt holds it: its new flags (or edits by
        hand) are the run's config from then on. An edit made since the resume began is left for the next one."""
        if not self.is_main or self.config_at_resume is None:
            return
        text, path = run.cfg.to_json() + "\n", self.dir / "config.json"
        try:
            on_disk = path.read_text(encoding="utf-8") if path.is_file() else None    # None: removed meanwhile
            if on_disk in (self.config_at_resume, None) and on_disk != text:
                write_text_atomic(path, text)
        except (OSError, UnicodeDecodeError) as e:
            raise UserError(f"cannot write {path} ({getattr(e, 'strerror', None) or e}); {self.kept()}") from None
        self.config_at_resume = None

    def write(self, run, name: str, training: bool = False, **info) -> None:
        """One checkpoint, on rank 0: weights, config, vocabularies, subword models and `info`; with `training` also
        the optimizer, schedule, RNG and TrainState that a resume needs (only last.pt: the others stay small)."""
        if not self.is_main:
            return
        train_state = None
        if training:
            run.state.metrics_bytes = run.metrics_size()
            train_state = {"state": asdict(run.state), "optimizer": run.optimizer.state_dict(),
                           "schedule": run.schedule.state_dict(),
                           "ema": run.ema.state_dict() if run.ema is not None else None,
                           "rng": {"torch": torch.get_rng_state(), "python": random.getstate()}}
        try:
            save_checkpoint(self.dir / name, model_state=run.model.state_dict(), config=run.cfg.to_dict(),
                            src_vocab=run.data.src_vocab.to_dict(), tgt_vocab=run.data.tgt_vocab.to_dict(),
                            subwords=run.data.subword_models(), train_state=train_state,
                            lexicon=run.data.lexicon.to_dict() if run.data.lexicon else None,
                            info={"step": run.state.step, "runs": list(run.state.runs), **info})
        except OSError as e:
            raise UserError(f"cannot write {self.dir / name} ({e.strerror}); {self.kept()}") from None

    def kept(self) -> str:
        """What a failed write leaves: every file is whole (atomic writes), last.pt says where a resume starts."""
        if self.saved_step is None:       # a new run takes the directory again unless a best.pt is in it (rundir.py)
            again = "with another --out" if (self.dir / "best.pt").exists() else "the same command"
            return f"there is no last.pt yet, so start {again} again once that is fixed"
        return f"last.pt holds step {self.saved_step}; once that is fixed: {self.resume_command}"


def runs_own_average(path: Path, runs: list) -> bool:
    """Whether `path` is an averaged.pt this run wrote at an earlier end: the number of epochs it averaged (which only
    train.py records) and this run's ids. One that does not read as a checkpoint is no run's."""
    try:
        info = load_checkpoint(path).raw.get("info") or {}
    except UserError:
        return False
    return "epochs" in info and info.get("runs") == list(runs)


def best_of_disk(path: Path) -> dict | None:
    """The validation a best.pt holds, as its card says (or, written before cards, its info); None without one."""
    if not path.is_file():
        return None
    card = load_checkpoint(path).card
    if card is not None and isinstance(card.get("best"), dict):
        return card["best"]
    return best_checkpoint_info(path)
