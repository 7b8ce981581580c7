"""The pages that show the ledger's tables, and the markers each table sits between."""
from __future__ import annotations

from results.tables import TABLES, render
from util.errors import UserError
from util.ledger import MARKED, REPO, Record
from util.textio import write_text_atomic

PAGES = (REPO / "README.md", REPO / "docs" / "RESULTS.md")


def table(name: str, records: list[Record]) -> str:
    if name not in TABLES:
        raise UserError(f"a page marks a table {name!r} that results/tables.py does not define; one of: "
                        f"{', '.join(TABLES)}")
    return render(TABLES[name], records)


def generated(text: str, records: list[Record]) -> str:
    """The page with each marked table replaced by what the ledger gives."""
    return MARKED.sub(lambda m: m.group(1) + table(m.group("name"), records) + m.group(4), text)


def stale_tables(records: list[Record]) -> list[str]:
    """`page: table` for each marked table that differs from the ledger's."""
    stale = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in MARKED.finditer(text):
            if m.group("body") != table(m.group("name"), records):
                stale.append(f"{page.relative_to(REPO)}: {m.group('name')}")
    return stale


def write_tables(records: list[Record]) -> list[str]:
    """Rewrite the pages whose tables changed; -> the pages written."""
    written = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        new = generated(text, records)
        if new != text:
            write_text_atomic(page, new)
            written.append(str(page.relative_to(REPO)))
    return written
