"""The test suite's wall-clock seconds on this machine: README's test command, as CI runs it (its budget is 5 minutes
of 2 cores), timed in this checkout and, with --record, added to the ledger (topic suite, RESULTS.md's last table).

    python -m bench.suite                              # run README's test command, print its summary and seconds
    python -m bench.suite --record --note "fresh clone, quiet"
    python -m bench.suite --command "python -m pytest -q tests/test_results.py"      # another command, e.g. a part

A red run is recorded too, as red: its seconds say what a failing suite cost. The note says what a reader must know
to compare (a fresh clone, other work beside it); the seconds of one machine compare only with that machine's.
"""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
import time

from cli import CommandParser, run_main
from util.errors import UserError
from util.ledger import REPO, Record, append

SUMMARY = re.compile(r"^=*\s*(\d+ (?:passed|failed|error).*? in [\d.]+s.*?)\s*=*$", re.MULTILINE)


def readme_test_command() -> str:
    """The test command of README's set-up block: its line that runs pytest, without the comment."""
    for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("python -m pytest"):
            return line.split("#")[0].strip()
    raise UserError("README.md has no line that starts with `python -m pytest`: say which with --command")


def timed_run(command: str) -> tuple[float, int, str]:
    """(wall seconds, exit status, pytest's summary line or "") of the command run in the repository, its output
    shown as it comes."""
    start = time.perf_counter()
    try:
        proc = subprocess.Popen(shlex.split(command), cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
    except OSError as e:
        raise UserError(f"cannot run `{command}` ({e.strerror}): give a command this machine has") from None
    lines = []
    for line in proc.stdout:
        sys.stdout.write(line)
        lines.append(line)
    status = proc.wait()
    found = SUMMARY.findall("".join(lines[-20:]))
    return time.perf_counter() - start, status, found[-1] if found else ""


def main(argv: list[str]) -> int:
    parser = CommandParser(__doc__, prog="-m bench.suite")
    parser.add_argument("--command", help="the command to time (default: README's test command)")
    parser.add_argument("--record", action="store_true", help="add the seconds to results/ledger.jsonl")
    parser.add_argument("--note", default="", help="what a reader must know to compare (one line, no figures)")
    args = parser.parse_args(argv)
    if args.command is not None and not args.command.strip():      # e.g. --command "$UNSET": not the whole suite
        raise UserError("--command is empty: give the command to time, or leave --command out to time README's test "
                        "command")
    command = args.command or readme_test_command()
    seconds, status, summary = timed_run(command)
    green = status == 0
    print(f"{'green' if green else 'red'}: {seconds:.0f} s of `{command}` ({summary or 'no pytest summary'})")
    if args.record:
        note = "; ".join(part for part in ("green" if green else "red", args.note) if part)
        append(Record(topic="suite", metric="seconds", value=round(seconds), note=note, command=command))
    return 0 if green else 1


if __name__ == "__main__":
    run_main(main)
