"""What a preset trains, before a run spends its minutes on it.

    python -m config                                   # the presets, each with its purpose
    python -m config --preset long --train.lr=1e-3     # the config train.py starts with those flags, as JSON

The JSON is what the run's config.json holds, less what the data fills in (the vocabulary sizes, absolute corpus
paths); the flags are train.py's, read and checked the same way, so a mistake is the same one line.
"""
from __future__ import annotations

from cli import CommandParser, check_given, run_main
from config.overrides import split_overrides
from config.presets import DEFAULT_PRESET, FINETUNE, PRESETS, make_config, preset_help
from util.errors import UserError


def main(argv) -> int:
    parser = CommandParser(__doc__, prog="-m config")
    parser.add_argument("--preset", default=None, help=f"{DEFAULT_PRESET} (the default), "
                        f"{', '.join(p for p in PRESETS if p != DEFAULT_PRESET)}")
    args, overrides = split_overrides(argv, parser)
    check_given(args, "--preset", what="a preset")
    if not argv:
        print(f"presets (python train.py --preset NAME; the default is {DEFAULT_PRESET}; "
              "python -m config --preset NAME prints the config it trains):")
        print(preset_help())
        return 0
    if args.preset == FINETUNE:
        raise UserError(f"--preset {FINETUNE} is the recipe of train.py --init CHECKPOINT: the model and data "
                        "settings are the checkpoint's, so it has no config alone; `python train.py --preset "
                        f"{FINETUNE} --help` lists the values it changes")
    print(make_config(args.preset, overrides).to_json())
    return 0


if __name__ == "__main__":
    run_main(main)
