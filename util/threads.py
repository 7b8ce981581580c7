"""Threads that share the cores: each command's OpenMP threads sleep while they wait (OMP_WAIT_POLICY=PASSIVE)
instead of spinning, unless the environment says otherwise (an empty OMP_WAIT_POLICY= leaves torch's default).

torch's CPU threads wait for each other at the end of every parallel operation. By default a waiting thread spins
for a while first; beside another busy process (a translate.py while a model trains, a second run) the thread it
waits for is often off the CPU, and the spinning eats the time that thread needed: on 2 cores a training step fell to
a tenth of its speed. Sleeping threads degrade to about the fair share (bench/beside.py; docs/RESULTS.md). It must
be set before torch starts its threads, so every entry point calls `share_cores()` before importing torch.
"""
import os


def share_cores() -> None:
    if os.environ.get("OMP_WAIT_POLICY") == "":
        del os.environ["OMP_WAIT_POLICY"]           # asked for torch's default: unset, as libgomp expects it
    else:
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
