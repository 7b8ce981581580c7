"""The results ledger: every measured figure, one JSON line each, written by the command that measured it.

    record = Record(topic="quality", metric="bleu", value=42.58, split="test_2016_flickr", direction="de-en",
                    recipe="30min", command="python evaluate.py ...", seeds=[1], steps=7904, batch_tokens=2048)
    append(record)                      # results/ledger.jsonl, with date, commit and this machine filled in

README.md's and docs/RESULTS.md's tables are generated from the ledger (`python -m results --write`), so a figure is
recorded once, by its command, and never typed into prose.
"""
from __future__ import annotations

import json
import math
import os
import platform
import re
import subprocess
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from util.errors import UserError
from util.textio import read_text_lines

REPO = Path(__file__).resolve().parents[1]
LEDGER = REPO / "results" / "ledger.jsonl"
TOPICS = ("quality", "speed", "decoding", "zoo", "probes", "suite")
# what a CPU offers the matrix products, fastest first: /proc/cpuinfo's flag -> the name a table shows
ISA_FLAGS = (("amx_bf16", "AMX"), ("avx512_bf16", "AVX-512 BF16"), ("avx512f", "AVX-512"), ("avx2", "AVX2"))
# oneDNN's instruction sets (ONEDNN_MAX_CPU_ISA, DNNL_MAX_CPU_ISA) -> the fastest of ISA_FLAGS' names they let it use
ONEDNN_ISAS = {"SSE41": "", "AVX": "", "AVX2": "AVX2", "AVX2_VNNI": "AVX2", "AVX2_VNNI_2": "AVX2",
               "AVX512_CORE": "AVX-512", "AVX512_CORE_VNNI": "AVX-512", "AVX512_CORE_BF16": "AVX-512 BF16",
               "AVX512_CORE_FP16": "AVX-512 BF16", "AVX10_1_512": "AVX-512 BF16", "AVX512_CORE_AMX": "AMX",
               "AVX512_CORE_AMX_FP16": "AMX", "AVX10_1_512_AMX": "AMX", "AVX10_1_512_AMX_FP16": "AMX"}


def ledger_path() -> Path:
    """The ledger to write: $EINSUM_NMT_LEDGER (a test's, a scratch one) or the repository's."""
    return Path(os.environ.get("EINSUM_NMT_LEDGER") or LEDGER)


@dataclass
class Machine:
    cpu: str            # the CPU's model name, as the kernel gives it
    isa: str            # the fastest of ISA_FLAGS it has: AMX, AVX-512 BF16, AVX-512, AVX2 (or "" when none)
    cores: int
    gpu: str = ""       # the CUDA device's name when the figure came from one

    def __str__(self) -> str:
        cpu = f"{self.cpu} ({self.isa}), {self.cores} cores" if self.isa else f"{self.cpu}, {self.cores} cores"
        return f"{self.gpu}; {cpu}" if self.gpu else cpu


def first_cpu() -> dict[str, str]:
    """The first CPU's fields as /proc/cpuinfo gives them, "model name" -> "AMD EPYC" ({} where it cannot be read)."""
    fields: dict[str, str] = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    return fields


def cpu_info() -> tuple[str, set[str]]:
    """The first CPU's model name and flags ("" and none where /proc/cpuinfo cannot be read)."""
    fields = first_cpu()
    return fields.get("model name", ""), set(fields.get("flags", "").split())


def cpu_model() -> tuple[int, int]:
    """The first CPU's (cpu family, model) ((0, 0) where /proc/cpuinfo cannot be read or holds no numbers)."""
    fields = first_cpu()
    return tuple(int(v) if v.isdigit() else 0 for v in (fields.get("cpu family", ""), fields.get("model", "")))


# AMD's cores by cpu family: (first model, last model, core); a virtual machine often names its CPU only "AMD EPYC"
ZEN = {25: ((0x00, 0x0F, "Zen 3"), (0x10, 0x1F, "Zen 4"), (0x20, 0x5F, "Zen 3"), (0x60, 0x7F, "Zen 4"),
            (0xA0, 0xAF, "Zen 4")),
       26: ((0x00, 0xFF, "Zen 5"),)}


def core_of(name: str, family: int, model: int) -> str:
    """`name`, with the AMD core in brackets when the name is the bare "AMD EPYC" (what such a table row says)."""
    ranges = ZEN.get(family, ()) if name == "AMD EPYC" else ()
    core = next((core for first, last, core in ranges if first <= model <= last), "")
    return f"{name} ({core})" if core else name


def this_machine(gpu: str = "") -> Machine:
    """The machine this process runs on: the fastest matrix instructions the kernel reports, or those oneDNN is kept
    to where ONEDNN_MAX_CPU_ISA (DNNL_MAX_CPU_ISA) names slower ones (AVX2, AVX2_VNNI: "AVX2 kernels")."""
    name, flags = cpu_info()
    name = core_of(name, *cpu_model()) if name else platform.processor() or platform.machine()
    isa = next((shown for flag, shown in ISA_FLAGS if flag in flags), "")
    cap = ONEDNN_ISAS.get(kernels_cap())
    order = [shown for _, shown in ISA_FLAGS] + [""]
    if cap is not None and isa and order.index(cap) >= order.index(isa):     # the kernels kept below the CPU's
        isa = "AVX2 kernels" if cap == "AVX2" else cap  # AVX2: an ordinary laptop's kernels on a newer CPU
    return Machine(name, isa, os.cpu_count() or 1, gpu)


def kernels_cap() -> str:
    """The instruction set oneDNN is kept to, as $ONEDNN_MAX_CPU_ISA (or the older $DNNL_MAX_CPU_ISA) names it, in
    capitals ("AVX2_VNNI"); "" where neither is set."""
    name = next((name for name in ("ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA") if os.environ.get(name)), "")
    return os.environ[name].strip().upper() if name else ""


# a table a page shows between its markers, generated from the ledger (results/pages.py)
MARKED = re.compile(r"(<!-- results:(?P<name>[\w-]+) -->\n)(?P<body>.*?)(\n<!-- /results:(?P=name) -->)", re.S)


def current_commit() -> str:
    """The repository's commit (short), with "+changes" when the tracked files differ from it; "" outside git (also for
    a copy of the tree without .git inside another checkout, whose commit is not this code's). The
    ledger is not such a change, nor are the tables generated from it: figures recorded since the commit are data,
    not the code that measured them."""
    try:
        run = lambda *args: subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, timeout=10)
        head = run("rev-parse", "--show-toplevel", "--short=7", "HEAD")
        top, _, commit = head.stdout.strip().partition("\n")
        if head.returncode or Path(top).resolve() != REPO.resolve():     # a copy of the tree inside another checkout
            return ""
        dirty = run("status", "--porcelain", "--untracked-files=no", "--", ".",
                    f":(exclude){LEDGER.relative_to(REPO).as_posix()}").stdout.splitlines()
        changed = [line for line in dirty if not tables_only(line[3:], run)]
        return commit.strip() + ("+changes" if changed else "")
    except (OSError, subprocess.SubprocessError):
        return ""


def tables_only(path: str, run) -> bool:
    """Whether a changed file differs from the commit in its generated tables alone (`python -m results --write` after
    a figure was recorded: the ledger's tables, data, not code)."""
    try:
        now = (REPO / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    before = run("show", f"HEAD:{path}")
    return before.returncode == 0 and MARKED.search(now) is not None and \
        MARKED.sub(r"\1\4", now) == MARKED.sub(r"\1\4", before.stdout)


@dataclass
class Record:
    """One figure. `recipe` names what was trained (a preset, or a preset and the flags that change it); `steps` and
    `batch_tokens` are its work, which any machine reproduces; `seeds` the training seeds behind the value."""
    topic: str                      # one of TOPICS: which table of docs/RESULTS.md shows it
    metric: str                     # bleu, chrf, tokens_per_second_ratio, sentences_per_second_ratio, share, ...
    value: float
    command: str                    # the command that measured it, as typed
    split: str = ""                 # test_2016_flickr, val, a probe's name; "" when none
    direction: str = ""             # de-en, en-de; "" when none
    recipe: str = ""                # 30min, long, "30min --train.max_steps=8000 --train.time_budget=0", an attention
    seeds: list[int] = field(default_factory=list)
    steps: int = 0                  # training steps of the model measured (0: not a trained model's figure)
    batch_tokens: int = 0
    minutes: float | None = 0.0     # minutes the model trained; None: its checkpoint does not say (an average of files
                                    # from before cards held them), 0 with steps 0: not a trained model's figure
    precision: str = ""             # fp32 or bf16 (training)
    train_commit: str = ""          # the code that trained the model, when it differs from `commit`
    note: str = ""                  # what a reader must know to compare it (one line, no figures)
    date: str = ""                  # filled in by append
    commit: str = ""                # filled in by append
    machine: dict = field(default_factory=dict)        # a Machine's fields; filled in by append

    def check(self) -> "Record":
        """Each field of its kind (a table reads them without asking), the topic a known one, the value finite."""
        for name, (fits, kind) in FIELD_KINDS.items():
            if not fits(getattr(self, name)):
                raise UserError(f"a ledger record's {name} must be {kind}, not {getattr(self, name)!r}")
        if self.topic not in TOPICS:
            raise UserError(f"a ledger record's topic must be one of {', '.join(TOPICS)}, not {self.topic!r}")
        if not math.isfinite(self.value):
            raise UserError(f"a ledger record's value must be a finite number, not {self.value!r}")
        return self


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# each field of a Record: does a value fit, and what it must be (a text where the field is not named here)
FIELD_KINDS = {f.name: (lambda v: isinstance(v, str), "a text") for f in fields(Record)} | {
    "value": (_number, "a number"), "minutes": (lambda v: v is None or _number(v), "a number or null"),
    "steps": (_whole, "a whole number"), "batch_tokens": (_whole, "a whole number"),
    "machine": (lambda v: isinstance(v, dict), "an object"),
    "seeds": (lambda v: isinstance(v, list) and all(map(_whole, v)), "a list of whole numbers")}


def append(record: Record, ledger: Path | None = None, machine: Machine | None = None) -> Record:
    """Fill in date, commit and machine where empty, and add the record as one line to `ledger` (default:
    ledger_path()), whole or not at all."""
    ledger = ledger or ledger_path()
    record.date = record.date or time.strftime("%Y-%m-%d")
    record.commit = record.commit or current_commit()
    record.machine = record.machine or asdict(machine or this_machine())
    line = json.dumps(asdict(record.check()), ensure_ascii=False) + "\n"
    ledger.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(ledger, "a", encoding="utf-8") as f:      # one write of one line: appends never interleave
            f.write(line)
    except OSError as e:
        raise UserError(f"cannot add to the ledger {ledger} ({e.strerror}); the figure was printed above") from None
    return record


def read(ledger: Path = LEDGER) -> list[Record]:
    """Every record, in the order written; a damaged line is an error naming it (the ledger is reviewed data)."""
    known = {f.name for f in fields(Record)}
    records = []
    for number, line in enumerate(read_text_lines(ledger), 1):     # missing, a directory, not UTF-8: one line
        if not line.strip():
            continue
        try:
            values = json.loads(line)
            if not isinstance(values, dict):
                raise ValueError(f"a JSON {type(values).__name__}, not an object")
            if set(values) - known:
                raise ValueError(f"unknown fields {sorted(set(values) - known)}")
            records.append(Record(**values).check())
        except (ValueError, TypeError, UserError) as e:
            raise UserError(f"{ledger} line {number} is not a ledger record ({e})") from None
    return records
