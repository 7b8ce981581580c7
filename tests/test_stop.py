"""training/stop.py: a stop signal is announced at once, and later ones cannot break the save it promised; inside
cancellable work the first one ends that work at once."""
import signal

import pytest

from training.stop import Stopped, StopSignal


def test_the_first_ctrl_c_says_what_it_waits_for_and_a_second_one_is_announced_not_raised(capfd):
    handlers = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        with StopSignal(lambda: "finishing step 8 (about 0.4 s), then writing last.pt (about 1.2 s)") as stop:
            signal.raise_signal(signal.SIGINT)
            assert stop.requested
            assert capfd.readouterr().err == ("\nstopping: finishing step 8 (about 0.4 s), then writing last.pt "
                                              "(about 1.2 s); Ctrl-C again will not interrupt the save\n")
            signal.raise_signal(signal.SIGINT)              # before: a KeyboardInterrupt, and no last.pt
            signal.raise_signal(signal.SIGTERM)
            assert capfd.readouterr().err.count("still stopping and writing last.pt: this signal is ignored") == 2
        assert signal.getsignal(signal.SIGINT) == signal.getsignal(signal.SIGTERM) == signal.SIG_IGN  # to the end
    finally:
        signal.signal(signal.SIGINT, handlers[0])
        signal.signal(signal.SIGTERM, handlers[1])



def test_a_first_sigterm_is_announced_without_naming_ctrl_c(capfd):
    handlers = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        with StopSignal(lambda: "finishing step 3, then writing last.pt") as stop:
            signal.raise_signal(signal.SIGTERM)             # a supervisor's stop: no Ctrl-C was pressed
            assert stop.requested
            assert capfd.readouterr().err == ("\nstopping: finishing step 3, then writing last.pt; another stop "
                                              "signal will not interrupt the save\n")
    finally:
        signal.signal(signal.SIGINT, handlers[0])
        signal.signal(signal.SIGTERM, handlers[1])

def test_inside_cancellable_work_the_first_signal_ends_it_at_once_and_says_what_follows(capfd):
    handlers = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    done = []
    try:
        with StopSignal(lambda: "ending the final validation now") as stop:
            with pytest.raises(Stopped):
                with stop.cancellable():
                    signal.raise_signal(signal.SIGTERM)
                    done.append("the rest of the work")          # before: run to its end
            assert stop.requested and not done and not stop.cancels
            assert capfd.readouterr().err == "\nstopping: ending the final validation now\n"
            signal.raise_signal(signal.SIGINT)                  # announced, not raised: the end is not broken
            assert capfd.readouterr().err == "\nstill stopping: this signal is ignored\n"
    finally:
        signal.signal(signal.SIGINT, handlers[0])
        signal.signal(signal.SIGTERM, handlers[1])
