"""How a stop signal (Ctrl-C, SIGTERM) reaches a training run, and what the run says it does then.

During training the loop stops after the step under way and writes last.pt. At the end of a run (the final
validation, averaged.pt) last.pt already holds all of the training, so the work under way ends at once: a resume
does it again, and a supervisor's grace period is never spent on it.
"""
from __future__ import annotations

import os
import signal
from contextlib import contextmanager


class Stopped(BaseException):
    """A stop signal inside `StopSignal.cancellable()`: raised where the work is, to end it at once. Not an
    Exception (as KeyboardInterrupt is not), so no `except Exception` on the way swallows it."""


class StopSignal:
    """`with StopSignal(notice) as stop:` Ctrl-C or SIGTERM set `stop.requested`, and the loop stops after the current
    step and writes last.pt. The first one says so at once (`notice()`: what is finished and about how long it
    takes); later ones are announced and ignored, so the save it promised is never lost (kill -9 still ends the
    run at once). Inside `cancellable()` the first one raises Stopped instead. Leaving the block puts the previous
    handlers back, or after a stop ignores those signals to the end.
    """

    def __init__(self, notice=lambda: "finishing the current step and writing last.pt", announce: bool = True):
        self.requested = False
        self.notice, self.announce = notice, announce
        self.cancels = False            # inside cancellable(): the first signal ends the work at once
        self.cancelled = False          # the first signal did
        self.previous: dict = {}

    @contextmanager
    def cancellable(self):
        """Work that a stop signal ends at once (Stopped) rather than waits for: nothing depends on its end, as last.pt
        already holds what a resume needs, and every file it writes is written atomically."""
        self.cancels = True
        try:
            yield
        finally:
            self.cancels = False

    def _handle(self, signum, frame) -> None:
        if self.requested:
            self._say("still stopping: this signal is ignored" if self.cancelled else
                      f"still stopping and writing last.pt: this signal is ignored so that the save is not lost "
                      f"(kill -9 {os.getpid()} ends the run now, losing the steps since the last saved last.pt)")
            return
        self.requested, self.cancelled = True, self.cancels
        again = "Ctrl-C again" if signum == signal.SIGINT else "another stop signal"    # SIGTERM: a supervisor's
        self._say(f"stopping: {self.notice()}" + ("" if self.cancels else f"; {again} will not interrupt the save"))
        if self.cancels:
            self.cancels = False
            raise Stopped

    def _say(self, text: str) -> None:
        if self.announce:       # one os.write: a handler may interrupt a print (tqdm's bar) on the same stream
            try:
                os.write(2, f"\n{text}\n".encode())
            except OSError:
                pass

    def __enter__(self) -> "StopSignal":
        self.previous = {sig: signal.signal(sig, self._handle) for sig in (signal.SIGINT, signal.SIGTERM)}
        return self

    def __exit__(self, *exc) -> None:
        for sig, previous in self.previous.items():     # once stopping, the run ends as announced, unbroken
            signal.signal(sig, signal.SIG_IGN if self.requested else previous)


def stop_notice(run) -> str:
    """What a stop signal waits for during training, with the times the run has measured: the step under way (or the
    end of an epoch, its validation and checkpoints: no step follows it) and last.pt's write."""
    if run.ending_epoch:
        return (f"finishing epoch {run.ending_epoch}'s validation (step {run.state.step}; no further step runs), "
                f"then writing {last_pt(run)}")
    step = f"step {run.state.step + 1}" + (f" (about {max(run.step_seconds, 0.1):.1f} s)" if run.step_seconds else "")
    return f"finishing {step}, then writing {last_pt(run)}"


def end_notice(run, doing: str | None) -> str:
    """What a stop signal does at the end of a run, while `doing` ("the final validation", None: nothing long)."""
    if run.checkpoints.saved_step != run.state.step:
        return f"writing {last_pt(run)}, then ending before {doing or 'the end of the run'} (a resume does it)"
    if doing is None:
        return "ending the run: its last records are being written"
    return f"ending {doing} now (a resume does it again): last.pt holds all of the training, step {run.state.step}"


def last_pt(run) -> str:
    seconds = run.checkpoints.write_seconds
    return "last.pt" + (f" (about {max(seconds, 0.1):.1f} s)" if seconds else "")
