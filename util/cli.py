"""What the three commands share: one-line errors, `--user-module`, config overrides and the device."""
from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

import torch

from util.errors import UserError


def run_main(main) -> None:
    """Run `main(sys.argv[1:])`; a UserError becomes `error: ...` on stderr and exit status 2."""
    try:
        code = main(sys.argv[1:])
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        code = 2
    except BrokenPipeError:  # `python translate.py ... | head`
        code = 0
    sys.exit(code or 0)


def import_user_module(path: str | None) -> None:
    """Import a user's Python file, e.g. one that registers an attention with @register_attention."""
    if not path:
        return
    file = Path(path)
    if not file.is_file():
        raise UserError(f"--user-module {path}: no such file; pass the .py file that registers your attention")
    spec = importlib.util.spec_from_file_location(f"user_module_{file.stem}", file)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)


def split_overrides(argv: list[str], parser: argparse.ArgumentParser) -> tuple[argparse.Namespace, list[str]]:
    """Parse the command's own flags; every `--section.field=value` is returned as a config override."""
    overrides = [a for a in argv if a.startswith("--") and "." in a.split("=", 1)[0]]
    rest = [a for a in argv if a not in overrides]
    return parser.parse_args(rest), overrides


def pick_device(name: str = "auto") -> torch.device:
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    device = torch.device(name)
    if device.type == "cuda" and not torch.cuda.is_available():
        raise UserError(f"device {name} asked for, but CUDA is not available; use --train.device=cpu")
    return device
