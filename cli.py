"""What the commands share: one-line errors (also for a full disk or a closed pipe), `--user-module`, config
overrides, the device, and the flags of translate.py and evaluate.py, defined and checked once.

The command-line layer: it reads config (the flags are checked by its rules), so it sits on the floor above it, and
every package above that may parse or check a flag with it (training picks its device here)."""
from __future__ import annotations

import argparse
import atexit
import errno
import importlib.util
import io
import math
import os
import signal
import sys
from pathlib import Path

import torch

from config import DEVICE_FORMS, MAX_THREADS, DecodeConfig, is_device_name
from config.checks import BrokenRule, decode_settings
from util.distributed import is_main_process
from util.errors import USER_MODULE, UserError, one_line, raised_at
from util.interrupt import Terminated, working
from util.log_stream import Log, to_devnull

# failures of the machine rather than of the program: reported in one line, never as a traceback
IO_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO, errno.EFBIG}


class CommandParser(argparse.ArgumentParser):
    """The commands' argparse: a flag it does not know, a flag without its value or a value of the wrong type is a
    UserError, one line that names --help, instead of argparse's usage block and its own exit."""

    def __init__(self, description: str | None, **kwargs):
        super().__init__(description=description, formatter_class=argparse.RawDescriptionHelpFormatter, **kwargs)

    def error(self, message: str):
        raise UserError(f"{message} (see `python {self.prog} --help`)")


def whole_number(low: int):
    """An argparse type: a whole number of at least `low` (a bad one is CommandParser's one line naming the flag)."""
    def parse(text: str) -> int:
        if not text.strip().isdigit() or int(text) < low:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least {low}")
        return int(text)
    return parse


def whole_numbers(low: int):
    """An argparse type: comma-separated whole numbers of at least `low` ("64,256,1024"), one at least."""
    def parse(text: str) -> list[int]:
        parts = [part.strip() for part in text.split(",") if part.strip()]
        if not parts or not all(part.isdigit() and int(part) >= low for part in parts):
            raise argparse.ArgumentTypeError(f"{text!r} is not a list of whole numbers of at least {low} like 64,256")
        return [int(part) for part in parts]
    return parse


def run_main(main, needs_stdout: bool = True, end_at_once: bool = False) -> None:
    """Run `main(sys.argv[1:])`; a UserError (or a failed write) becomes `error: ...` on stderr and exit status 2;
    Ctrl-C ends quietly with exit status 130, the lines written so far flushed, and SIGTERM likewise with 143 (the
    work unwinds, its temporary files removed). needs_stdout=False: stdout and stderr are a log the work does not
    need (train.py, evaluate.py: their files and checkpoints are the work), so a closed stdout is no error, and
    where a pipe's reader goes away (`train.py | head`) the work goes on and what it writes there after that is
    dropped; else that reader going away ends the command (`translate.py | head`). end_at_once (train.py): once the
    work has ended, its files closed, the process ends after the atexit hooks, without the interpreter's teardown,
    which frees a run's objects one by one (seconds, and far longer on a loaded machine whose memory was swapped out)
    and runs whatever finalizers they hold, while a user waits for a command that has said its last line."""
    with working():
        try:
            if needs_stdout and sys.stdout is None:
                raise UserError("stdout is closed; redirect the output to a file or a pipe")
            _whole_writes()
            if not needs_stdout:
                sys.stdout, sys.stderr = (None if stream is None else Log(stream, name)
                                          for stream, name in ((sys.stdout, "stdout"), (sys.stderr, "stderr")))
            code = main(sys.argv[1:])
            if sys.stdout is not None:
                sys.stdout.flush()              # a full disk behind stdout is reported here, not at exit
        except UserError as e:
            if is_main_process():          # under torchrun every rank meets the same error: rank 0 says it once
                print(f"error: {e}", file=sys.stderr)
            code = 2
        except BrokenPipeError:  # `python translate.py ... | head`
            _discard_stdout()
            code = 0
        except OSError as e:
            if e.errno not in IO_ERRNOS:
                raise
            _discard_stdout()
            print(f"error: {e.strerror} ({e.filename or 'writing the output'})", file=sys.stderr)
            code = 2
        except KeyboardInterrupt:
            code = _interrupted()
        except Terminated:
            code = _interrupted(signal.SIGTERM)
    sys.stdout, sys.stderr = (s.stream if isinstance(s, Log) else s for s in (sys.stdout, sys.stderr))
    if end_at_once:
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            try:
                if stream is not None:
                    stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code or 0)
    sys.exit(code or 0)


def _whole_writes() -> None:
    """Unbuffered stdout (PYTHONUNBUFFERED=1, python -u) writes straight to its file, and a short write (a file at
    its size limit, a disk that fills) then drops the rest without an error. A buffer between them writes the rest,
    so the error that stopped it is raised and reported; flushed at each line end, nearly as unbuffered. Only the
    process's own stdout (not a test's capture), on its file descriptor, which it leaves open."""
    stream = sys.stdout
    if stream is sys.__stdout__ and isinstance(getattr(stream, "buffer", None), io.RawIOBase):
        raw = io.FileIO(stream.fileno(), "wb", closefd=False)
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=stream.encoding, errors=stream.errors,
                                      line_buffering=True)


def _interrupted(signum: int = signal.SIGINT) -> int:
    """After Ctrl-C (or SIGTERM): further ones ignored, stdout flushed (every output line is one write, so it ends
    whole); a terminal gets the line break the interrupted prompt lacks. -> 130 (143), the shell's status for it."""
    try:
        signal.signal(signum, signal.SIG_IGN)
    except ValueError:                 # not the main thread (a test calling run_main): nothing to ignore there
        pass
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
        if sys.stderr is not None and sys.stderr.isatty():
            print(file=sys.stderr)
    except (OSError, ValueError):
        _discard_stdout()
    return 128 + signum


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush at exit does not fail a second time."""
    if sys.stdout is not None:
        to_devnull(sys.stdout)


def import_user_module(path: str | None) -> None:
    """Import a user's Python file, e.g. one that registers an attention with @register_attention. Its own error (a
    syntax error, an exception while it runs) is one line naming its file and line, not our traceback."""
    if not path:
        return
    file = Path(path)
    if not file.is_file():
        sibling = file.with_name(file.name + ".py")
        what = "is a directory" if file.is_dir() else "no such file"
        hint = f" (did you mean {sibling}?)" if sibling.is_file() else ""
        raise UserError(f"--user-module {path}: {what}{hint}; pass the .py file that registers your attention")
    if file.suffix != ".py":       # Python imports nothing else as a source file
        raise UserError(f"--user-module {path} is not a .py file; pass the Python file (NAME.py) that registers "
                        "your attention")
    spec = importlib.util.spec_from_file_location(f"{USER_MODULE}{file.stem}", file)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except UserError:
        raise                          # already one line (e.g. an attention that does not fit the protocol)
    except SyntaxError as e:
        sys.modules.pop(spec.name, None)
        text = (e.text or "").strip()
        code = f" ({text})" if text and "\ufffd" not in text else ""     # not undecodable bytes
        at = f" at line {e.lineno}{code}" if e.lineno else ""              # none for a file with a NUL byte
        raise UserError(f"--user-module {path} has a syntax error{at}: {e.msg}") from None
    except Exception as e:
        sys.modules.pop(spec.name, None)
        raise UserError(f"--user-module {path} failed at {raised_at(e, file)}: {one_line(e)}") from None


def add_user_module_flag(parser: argparse.ArgumentParser) -> None:
    """--user-module, as every command that builds a model takes it (import_user_module reads it)."""
    parser.add_argument("--user-module", default=None, metavar="FILE.py",
                        help="a Python file to import first (custom attentions)")




def check_given(args: argparse.Namespace, *flags: str, what: str = "a path") -> None:
    """A flag given an empty value (`--resume "$RUN"` with RUN unset) is refused, not taken as the flag left out: a
    new run in place of the one to continue, no --init weights, the default directory; so is an argument (`out_dir`)
    given empty, not taken as the current directory; and so is one of an argument's several values (`checkpoints`)."""
    for flag in flags:
        given = getattr(args, flag.lstrip("-").replace("-", "_"))
        for value in given if isinstance(given, list) else [given]:
            if value is not None and not str(value).strip():
                raise UserError(f"{flag} {value!r} is empty; give {what}, or leave out {flag}" if flag.startswith("-")
                                else f"{flag.upper()} {value!r} is empty; give {what}")  # an argument, not a flag


def pick_device(name: str = "auto", flag: str = "--train.device") -> torch.device:
    """The torch device `name` stands for; `flag` is how the command's user sets it, for the error."""
    if not is_device_name(name):
        raise UserError(f"{flag}={name} is not a device; use {DEVICE_FORMS}")
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    device = torch.device(name)
    if device.type == "cuda" and not torch.cuda.is_available():
        raise UserError(f"{flag}={name} asked for, but CUDA is not available; use {flag}=cpu")
    if device.type == "cuda" and (device.index or 0) >= torch.cuda.device_count():
        raise UserError(f"{flag}={name}, but there are only {torch.cuda.device_count()} CUDA devices (cuda:0 ...)")
    return device


def add_force_flag(parser: argparse.ArgumentParser) -> None:
    """--force, as every command that writes a file takes it: an output file that exists is replaced only when asked
    (util.textio.check_output_path)."""
    parser.add_argument("--force", action="store_true", help="replace an output file that exists")


def add_to_flag(parser: argparse.ArgumentParser, default: str | None = None, auto: bool = True) -> None:
    """default: None (the model's target language) or "auto" (decoding/router.py); auto=False: a command that
    writes one language at a time (the probes), whose help leaves auto out."""
    what = default or "the model's target language"
    either = (", or auto: each line into the other language of the one it is written in" if auto else
              ": en or de")
    parser.add_argument("--to", default=default, metavar="LANG", help="the language to write, for a model of both "
                        f"directions (trained with --data.directions=both){either}; default: {what}")


def add_decode_flags(parser: argparse.ArgumentParser, to: str | None = None, auto: bool = True) -> None:
    """The flags translate.py and evaluate.py share: the checkpoint, the search, the device, a user module; `to`
    is --to's default, `auto` whether --to auto is one of its values (add_to_flag)."""
    parser.add_argument("--checkpoint", default=None, help="a .pt file, an export.py directory, or a,b.pt for an "
                        "ensemble (default: best.pt of the most recent run in runs/)")
    parser.add_argument("--beam", type=int, default=None, help="beam size (default: the checkpoint's, 5)")
    parser.add_argument("--greedy", action="store_true", help="greedy search (same as --beam 1)")
    parser.add_argument("--length-penalty", type=float, default=None,
                        help="score = log p / length ** this (default: the checkpoint's, 1.0)")
    parser.add_argument("--rerank", type=float, default=None, metavar="W",
                        help="a model of both directions: rank the beam's translations by their score + W * how "
                        "likely each gives its source back (default: the checkpoint's, 0 = off)")
    parser.add_argument("--max-len", type=int, default=None, help="most output tokens per sentence (default: "
                        "the checkpoint's, 1.5 * source tokens + 10)")
    parser.add_argument("--no-repeat-ngram", type=int, default=None, metavar="N",
                        help="no N output pieces twice in one output (default: the checkpoint's, 3; 0 = off)")
    add_to_flag(parser, to, auto)
    parser.add_argument("--device", default="auto", help=DEVICE_FORMS)
    parser.add_argument("--glossary", default=None, metavar="TSV", help="`source term<TAB>target term` lines: each "
                        "term in a source comes out as the given target term")
    add_user_module_flag(parser)


# the flag that sets each DecodeConfig field, for errors in the flags' own words
DECODE_FLAGS = {"decode.beam": "--beam", "decode.n_best": "--n-best", "decode.length_penalty": "--length-penalty",
                "decode.max_len_b": "--max-len", "decode.no_repeat_ngram": "--no-repeat-ngram",
                "decode.rerank": "--rerank"}


def check_decode_flags(args: argparse.Namespace) -> None:
    """Refuse unusable values before any checkpoint is loaded (DecodeConfig's rules, in the flags' words)."""
    check_given(args, "--checkpoint", "--glossary", "--user-module")
    check_given(args, "--to", what="a language")
    decode_from_flags(args, DecodeConfig())
    if not is_device_name(args.device):
        raise UserError(f"--device={args.device} is not a device; use {DEVICE_FORMS}")


def check_range(flag: str, value, low, high, why: str = "") -> None:
    """A UserError unless low <= value <= high (and finite): `--flag value must be from low to high`."""
    if not (math.isfinite(value) and low <= value <= high):
        raise UserError(f"{flag} {value} must be from {low} to {high}{why}")


def check_threads(flag: str, threads: int) -> None:
    check_range(flag, threads, 0, MAX_THREADS, f" (0 = torch's default; this machine has {os.cpu_count()} cores)")


def decode_from_flags(args: argparse.Namespace, decode: DecodeConfig) -> DecodeConfig:
    """The checkpoint's decode settings with the flags applied (config.decode_settings: checked, and a beam at
    least as wide as the n-best list)."""
    n_best = getattr(args, "n_best", None)
    if args.greedy and (n_best or 1) > 1:
        raise UserError(f"--greedy keeps one hypothesis, so it has no --n-best {n_best}; drop --greedy (the beam is "
                        f"then at least {n_best})")
    if args.greedy and args.beam not in (None, 1):
        raise UserError(f"--greedy is --beam 1; give --greedy or --beam {args.beam}, not both")
    beam = 1 if args.greedy else args.beam
    try:
        return decode_settings(decode, beam=beam, n_best=n_best,
                               length_penalty=args.length_penalty, max_len=args.max_len,
                               no_repeat_ngram=getattr(args, "no_repeat_ngram", None),
                               rerank=getattr(args, "rerank", None))
    except BrokenRule as e:
        flag = DECODE_FLAGS.get(e.key, f"--{e.key}")
        raise UserError(f"{flag} {e.value} must be {e.requirement}") from None
