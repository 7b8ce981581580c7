"""Ctrl-C while a command is still starting (its imports take seconds: torch, spaCy) ends it quietly with exit status
130, as `cli.run_main` ends it later. Each entry point calls `quiet_while_starting()` before its other imports,
when run as a script; run_main hands Ctrl-C back to Python (KeyboardInterrupt) once the command's work begins."""
import os
import signal


def _exit_quietly(signum, frame) -> None:
    os._exit(130)        # nothing is written yet: no output to flush, no file half-done


def quiet_while_starting() -> None:
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:     # not where Ctrl-C is ignored
        signal.signal(signal.SIGINT, _exit_quietly)


def started() -> None:
    if signal.getsignal(signal.SIGINT) is _exit_quietly:
        signal.signal(signal.SIGINT, signal.default_int_handler)
