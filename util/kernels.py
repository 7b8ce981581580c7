"""A training run keeps the oneDNN kernels it made for each batch shape: up to 65,536 primitives
(ONEDNN_PRIMITIVE_CACHE_CAPACITY) instead of oneDNN's default 1,024, on a machine with 16 GiB of memory or more,
unless the environment already sets the capacity.

On a CPU with native bf16 (AVX512-BF16, AMX) torch runs each bf16 matrix product through oneDNN, which compiles a
primitive (a kernel for those exact shapes) the first time it meets them and keeps it in a cache. A training step of
the cpu preset makes 48 of them, and its batches come in 379 shapes an epoch of both directions (batch size, source
and target length), so 1,024 entries hold about 21 shapes: nearly every step compiled its primitives again, and
bf16 trained no faster than fp32. With room for them bf16 steps ran 1.23x (first epoch) to 1.35x (second) the
tokens a second on a Xeon with AMX, and the run held about 5 GB more memory (docs/RESULTS.md, XEON-AMX 2026-12-01),
hence the 16 GiB. Results do not change: the same primitive is made again, not a different one. fp32 training
multiplies through MKL and gains nothing. oneDNN reads the variable when torch first uses it, so train.py calls
`keep_kernels()` before importing torch; `ONEDNN_PRIMITIVE_CACHE_CAPACITY=1024 python train.py ...` trades the
speed back for the memory.
"""
import os

CAPACITY = 65536
MIN_MEMORY = 16 * 2**30                                                        # bytes
NAMES = ("ONEDNN_PRIMITIVE_CACHE_CAPACITY", "DNNL_PRIMITIVE_CACHE_CAPACITY")   # oneDNN reads either


def memory_bytes() -> int:
    """The machine's memory (MemTotal), 0 where /proc/meminfo cannot tell."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def keep_kernels() -> None:
    if not any(name in os.environ for name in NAMES) and memory_bytes() >= MIN_MEMORY:
        os.environ[NAMES[0]] = str(CAPACITY)


def kernels_kept() -> bool:
    """Whether oneDNN keeps CAPACITY kernels or more in this process (what keep_kernels sets, or the environment)."""
    for name in NAMES:
        if name in os.environ:
            try:
                return int(os.environ[name]) >= CAPACITY
            except ValueError:
                return False
    return False
