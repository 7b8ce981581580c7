"""The stdout and stderr of a command whose work does not depend on them (train.py, evaluate.py: their checkpoints and
files are the work): where a pipe's reader goes away (`train.py | head`), the work goes on (cli.run_main)."""
from __future__ import annotations

import os
import sys


def to_devnull(stream) -> None:
    """Point a stream's file descriptor at /dev/null, so what it still holds and the interpreter's last flush at exit
    do not fail a second time (nothing where it has no descriptor, e.g. a test's capture)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError):
        pass


class Log:
    """A stream that a command's work does not depend on: once its reader goes away (a closed pipe), its file
    descriptor points at /dev/null, what is written to it is dropped, and stderr says so once where it still can."""

    def __init__(self, stream, name: str):
        self.stream, self.name, self.gone = stream, name, False

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            self.went_away()
            return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            self.went_away()

    def went_away(self) -> None:
        if self.gone:
            return
        self.gone = True
        to_devnull(self.stream)                 # the buffer's rest, the exit's flush
        if self.name == "stdout" and sys.stderr is not None:
            print("note: the reader of stdout went away; the work goes on, and what it prints there is dropped",
                  file=sys.stderr)

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def __getattr__(self, name):            # encoding, errors, buffer ...: the stream's
        return getattr(self.stream, name)
