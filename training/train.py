"""A training run from what train.py's flags ask for to its end: `train` sets the run up (fresh, resumed from
last.pt, or fine-tuned from another model's weights), trains epoch after epoch (training/loop.py) until a budget,
early stopping or a stop signal ends it, and then finishes it (training/finish.py)."""
from __future__ import annotations

import shlex
import time
from pathlib import Path

import torch

from config.checks import check_config
from config.overrides import apply_overrides
from config.presets import PRESETS, make_config
from data.corpus import absolute_spec
from models.checkpoint import load_checkpoint
from training.finetune import PRESET as FINETUNE, check_registered, finetune_config, load_init
from training.config_file import CHANGEABLE, resumed_config
from training.finish import finish
from training.resume import recorded_data_dir
from training.loop import train_epoch
from training.run_lock import RunDirLock
from training.rundir import check_resumable, claim_run_dir
from training.run import Run, build_run, check_usable
from training.stop import StopSignal, stop_notice
from util import distributed
from cli import import_user_module, pick_device
from util.errors import UserError


def train(args, overrides: list[str], argv: list[str] | None = None) -> int:
    """The whole run. `args`: train.py's flags (preset, data_dir, out, resume, init, user_module); `overrides`: its
    --section.key=value flags; `argv`: all of them, the command line the model card names. A stop signal ends it
    after the step under way, with last.pt written."""
    run = None
    with distributed.ending_with_the_others(lambda: run and run.checkpoints.kept()):
        run, lock = setup(args, overrides)
        if argv is not None:
            run.state.commands.append(shlex.join([*distributed.launcher(run.dist.world_size), "train.py", *argv]))
        try:
            with StopSignal(lambda: stop_notice(run), announce=run.dist.is_main) as stop:
                reason = run.out_of_budget()
                if reason and args.resume:          # not "training ... until" and then at once "done" as if it had
                    run.log(f"no step to train: the run had already {reason}")
                while reason is None and run.state.epoch < run.cfg.train.max_epochs:
                    reason = train_epoch(run, stop)
                    # a signal during an epoch's end (its validation) on any rank stops the run there: no further step
                    if reason is None and distributed.any_rank(run.dist, stop.requested):
                        break
                if distributed.any_rank(run.dist, stop.requested):     # one rank's signal after the last step's
                    stop.requested = True                                # agreement stops them all
                    run.checkpoints.at_stop(run)
                    run.log(f"stopped at step {run.state.step}; nothing is lost. Resume with: "
                            f"{run.checkpoints.resume_command}")
                else:
                    finish(run, reason, stop)
        finally:
            run.close()
            if lock:
                lock.release()
        distributed.exit_rank(run.dist)     # a rank of torchrun ends its process here
    return 0


def setup(args, overrides) -> tuple[Run, RunDirLock | None]:
    """Config (checked first), the run directory (locked before any data work), devices, data, model and
    optimizer; the saved state when resuming, the initial weights when fine-tuning."""
    import_user_module(args.user_module)
    init = None
    if args.resume:
        if args.init:
            raise UserError("--resume continues a run, --init starts a new one from a checkpoint's weights; give one")
        run_dir = Path(args.resume)
        check_resumable(run_dir)            # first: what is wrong with --preset or --out is said of a run
        if args.preset:
            raise UserError(f"--preset cannot change when resuming: the run keeps the config it started with "
                            f"(see {Path(args.resume) / 'config.json'}); only --train.* and --decode.* flags can")
        if args.out and Path(args.out).resolve() != Path(args.resume).resolve():
            raise UserError(f"--out cannot change when resuming: the run goes on in {args.resume}; leave out --out")
    else:
        if args.init:
            init = load_init(args.init)
            cfg = finetune_config(init, args.init, args.preset, overrides)
        elif args.preset == FINETUNE:
            raise UserError("--preset finetune is the recipe of --init CHECKPOINT (it fine-tunes a trained model); "
                            f"for a new model choose one of {', '.join(p for p in PRESETS if p != FINETUNE)}")
        else:
            cfg = make_config(args.preset, overrides)
        cfg.data.train = absolute_spec(cfg.data.train)                 # resumable anywhere
        cfg.data.val = absolute_spec(cfg.data.val, "--data.val")
        run_dir = Path(args.out or f"runs/{time.strftime('%Y%m%d-%H%M%S')}-{cfg.preset}")
        check_usable(cfg)
    lock = claim_run_dir(run_dir, bool(args.resume), args.data_dir, args.user_module, distributed.launched_ranks()) \
        if distributed.is_main_process() else None
    try:
        resume, data_dir, data_note = None, args.data_dir, ""
        if args.resume:      # read once the directory is ours: another run cannot be writing last.pt meanwhile
            resume = load_checkpoint(run_dir / "last.pt")
            if not resume.raw.get("train_state"):
                raise UserError(f"{run_dir / 'last.pt'} holds weights only, no training state, so the run cannot "
                                "continue from it")
            check_registered(resume.cfg, f"--resume {run_dir}")
            saved = resumed_config(run_dir, resume.cfg, distributed.is_main_process())    # with hand edits
            cfg = check_config(apply_overrides(saved, overrides, CHANGEABLE, "when resuming"))
            check_usable(cfg)
            if not data_dir:
                data_dir, data_note = recorded_data_dir(resume.raw["train_state"]["state"], cfg.data)
        dist = distributed.setup(cfg.train.device)
        device = pick_device(cfg.train.device)
        if device.type == "cuda" and dist.enabled:
            device = torch.device("cuda", dist.local_rank)
        return build_run(data_dir, cfg, run_dir, resume, dist, device, init, args.user_module,
                         data_note), lock
    except BaseException:
        if lock:
            lock.release()
        raise
