"""The figures of README.md and docs/RESULTS.md, generated from the ledger (results/ledger.jsonl, util/ledger.py)."""
