"""Ctrl-C while a command is still starting (its imports take seconds: torch, spaCy) ends it quietly with exit status
130, as `cli.run_main` ends it later. Each entry point calls `quiet_while_starting()` before its other imports,
when run as a script; run_main hands Ctrl-C back to Python (KeyboardInterrupt) once the command's work begins, and
turns SIGTERM into Terminated for that work, so that it unwinds as after Ctrl-C (exit status 143).

No garbage is collected while a command starts either: its imports make a million objects and next to no garbage,
and searching them for cycles again and again took a tenth of translate.py's start. Once its work begins, what they
made is frozen (gc.freeze: left out of every later collection; freed by its count as ever) and collection is on."""
import gc
import os
import signal
import threading
from contextlib import contextmanager


class Terminated(BaseException):
    """SIGTERM during a command's work (a supervisor's stop, `timeout`, `kill PID`), raised where the work is: its
    `finally` blocks remove its temporary files and directories, as after Ctrl-C, where the signal's default action
    left them. Not an Exception (as KeyboardInterrupt is not), so no `except Exception` on the way swallows it.
    Training has its own handler meanwhile (training/stop.py)."""


def _exit_quietly(signum, frame) -> None:
    os._exit(130)        # nothing is written yet: no output to flush, no file half-done


def _terminate(signum, frame) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)      # a second one must not break the cleanup the first started
    raise Terminated


_collect_at_work = False       # quiet_while_starting turned collection off: working() turns it on again


def quiet_while_starting() -> None:
    global _collect_at_work
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:     # not where Ctrl-C is ignored
        signal.signal(signal.SIGINT, _exit_quietly)
    if gc.isenabled():
        gc.disable()
        _collect_at_work = True


def collect_from_now() -> None:
    """Garbage collection on again after the start (frozen what the start made), where quiet_while_starting turned
    it off."""
    global _collect_at_work
    if _collect_at_work:
        _collect_at_work = False
        gc.freeze()
        gc.enable()


@contextmanager
def working():
    """The command's work: Ctrl-C a KeyboardInterrupt again, SIGTERM a Terminated where it had its default action
    (in the main thread: a test calling run_main in a thread has no signals), as it was again afterwards."""
    collect_from_now()
    if signal.getsignal(signal.SIGINT) is _exit_quietly:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    main = threading.current_thread() is threading.main_thread()
    previous = signal.getsignal(signal.SIGTERM) if main else None
    if previous is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        if previous is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, previous)
