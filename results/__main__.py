"""Print, write or check the tables that README.md and docs/RESULTS.md show, generated from results/ledger.jsonl.

    python -m results              # print every table
    python -m results --write      # replace each table of README.md and docs/RESULTS.md between its markers
    python -m results --check      # exit 1, naming them, when a page's table differs from what the ledger gives

A page marks a table with `<!-- results:NAME -->` and `<!-- /results:NAME -->`; everything between is generated.
"""
from __future__ import annotations

import sys
from pathlib import Path

from results.pages import stale_tables, write_tables
from results.tables import TABLES, render
from cli import CommandParser, run_main
from util.ledger import ledger_path, read


def main(argv) -> int:
    parser = CommandParser(__doc__)
    parser.add_argument("--ledger", default=str(ledger_path()), help="the ledger to read (default: the one --record "
                        "writes: $EINSUM_NMT_LEDGER, else results/ledger.jsonl)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite the tables of README.md and docs/RESULTS.md")
    mode.add_argument("--check", action="store_true", help="exit 1 when a page's table is not the ledger's")
    args = parser.parse_args(argv)
    records = read(Path(args.ledger))
    if args.write:
        for page in write_tables(records):
            print(f"wrote the tables of {page}")
        return 0
    if args.check:
        stale = stale_tables(records)
        for name in stale:
            print(f"stale: {name} (run `python -m results --write`)", file=sys.stderr)
        return 1 if stale else 0
    for name, table in TABLES.items():
        print(f"## {name}\n\n{render(table, records)}\n")
    return 0


if __name__ == "__main__":
    run_main(main)
