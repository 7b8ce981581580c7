"""Train a German↔English Transformer on Multi30K.

    python train.py                                   # 30 minutes: one model of both directions (preset 30min)
    python train.py --preset long --data-dir ../shared/data/multi30k
    python train.py --resume runs/20261122-150000-30min   # continue where it stopped
    python train.py --init runs/X/best.pt --data.train=mine/train --data.val=mine/dev   # fine-tune on your data
    torchrun --nproc_per_node=2 train.py ...          # data-parallel, one shard of batches per rank

Exit status: 0 the run ended, or Ctrl-C or SIGTERM stopped it and it wrote last.pt (the resume command printed);
2 a mistake of the user's or a failed write (one line); 130 (Ctrl-C), 143 (SIGTERM) before training began; 1 a bug.
"""
from __future__ import annotations

if __name__ == "__main__":      # first: a Ctrl-C during the imports below (seconds) ends quietly, exit status 130
    from util.interrupt import quiet_while_starting
    from util.kernels import keep_kernels
    from util.threads import share_cores
    quiet_while_starting()
    share_cores()
    keep_kernels()

from config.overrides import split_overrides
from config.presets import DEFAULT_PRESET, PRESETS, help_text
from training.train import train
from cli import CommandParser, add_user_module_flag, check_given, run_main


def add_preset_flag(parser) -> None:
    parser.add_argument("--preset", default=None, help=f"{DEFAULT_PRESET} (the default), "
                        f"{', '.join(p for p in PRESETS if p != DEFAULT_PRESET)}: each with its purpose below; "
                        "with --help, the values it sets")


def parse_args(argv):
    chosen = CommandParser(None, add_help=False)       # the preset first: --help shows the values it sets
    add_preset_flag(chosen)
    parser = CommandParser(__doc__, epilog=help_text(chosen.parse_known_args(argv)[0].preset))
    add_preset_flag(parser)
    parser.add_argument("--data-dir", default=None, help="Multi30K files (default: $MULTI30K_DIR or a user cache)")
    parser.add_argument("--out", default=None, help="run directory (default: runs/<time>-<preset>)")
    parser.add_argument("--resume", default=None, metavar="RUN_DIR", help="continue the run in RUN_DIR")
    parser.add_argument("--init", default=None, metavar="CHECKPOINT", help="a new run that starts from these weights, "
                        "with their vocabulary and subword model (fine-tuning, e.g. on --data.train/--data.val)")
    add_user_module_flag(parser)
    return split_overrides(argv, parser)


def main(argv) -> int:
    args, overrides = parse_args(argv)
    check_given(args, "--out", "--resume", "--init", "--data-dir", "--user-module")
    check_given(args, "--preset", what="a preset")
    return train(args, overrides, argv)


if __name__ == "__main__":
    run_main(main, needs_stdout=False, end_at_once=True)    # a run's end is its last line: no teardown after it
