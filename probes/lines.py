"""The probes' lines, read from probes/data/: German and English sentences written for the probes (none occurs in
Multi30K; tests/test_probe_lines.py checks), each with what a faithful translation must contain. Never train or tune on
them.

    entities.de.tsv   the entity probe, de->en: names, places, brands, clubs, titles, numbers
    user.de.tsv       the German user-input probe, de->en: lines as people type them (several sentences, caps,
                      lowercase, typos, odd spacing, quotes, URLs and e-mails, greetings, names, plain lines)
    user.en.tsv       the English user-input probe, en->de: the same kinds, plus numbers in English formats
    fresh.en.tsv      a held-out English user-input probe, en->de (`python -m probes --file fresh.en.tsv`): everyday
                      lines of names after titles, places, measures, dates, quotations, prices, questions,
                      pronouns, possessives, several sentences, caps and lowercase, written apart from the text steps
    glossary.de-en.tsv, glossary.de.txt   the glossary probe's terms and sentences (probes/glossary.py)
    digits.de.txt     digits the number pattern does not take (probes/digits.py)
    short.de.txt      short lines and a line of many numbers (probes/placeholders.py)

A .tsv probe file holds one line a row, tab-separated: the kind (the report has one row per kind), the source (a
tab inside it written \\t), then one column per item the translation must contain. An item is kept when any of
its alternatives, separated by "|", occurs (whole words; a trailing "*" for any ending; probes/checks.py's
`contains`). "=" before an item: it must come out exactly as written, case included (URLs, e-mails, emoji, codes).
"/" as an item: the items after it belong to the line's next sentence (a line of several sentences). A caps or
lowercase line names its normal-case twin instead of items, `twin: SOURCE`, and takes the twin's items (in upper
case for caps, and for lowercase judged without case except what is copied exactly). Lines starting with # and
blank lines are skipped, in .txt files too.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import NamedTuple

DATA = Path(__file__).resolve().parent / "data"
TWIN = "twin: "


class Probe(NamedTuple):
    source: str
    must_contain: tuple        # tuple of alternatives-tuples: each item is kept when any alternative appears
    kind: str = "entities"     # what the line tests; the report has one row per kind
    sentence_sizes: tuple = ()  # a line of several sentences: how many items of must_contain each owns, in order
    twin: str = ""             # a caps or lowercase line: the source of its normal-case twin in the same probe
    verbatim: tuple = ()       # items that must come out exactly as written (URLs, e-mails, emoji, codes)
    ignore_case: bool = False  # an all-lowercase line: its items are matched case-insensitively


def parse_row(row: str) -> Probe:
    """One row of a .tsv probe file (see the module docstring); a caps or lowercase row comes back with its twin's
    source and no items, for `with_twins` to fill in."""
    kind, source, *columns = row.split("\t")
    source = source.replace("\\t", "\t")
    if not kind or not source.strip() or not columns:
        raise ValueError("expected KIND<TAB>SOURCE<TAB>ITEM...")
    if kind in ("caps", "lowercase"):
        if len(columns) != 1 or not columns[0].startswith(TWIN):
            raise ValueError(f"a {kind} line names its twin and nothing else: `{TWIN}SOURCE`")
        return Probe(source, (), kind, twin=columns[0][len(TWIN):].replace("\\t", "\t"))
    items, sizes, verbatim = [], [0], []
    for column in columns:
        if column == "/":
            sizes.append(0)
            continue
        exact = column.startswith("=")
        alternatives = tuple(a.strip() for a in column.removeprefix("=").split("|"))
        if not all(alternatives):
            raise ValueError(f"an empty alternative in {column!r}")
        items.append(alternatives)
        sizes[-1] += 1
        verbatim += [alternatives[0]] if exact else []
    if not all(sizes):
        raise ValueError("a sentence without items")
    return Probe(source, tuple(items), kind, tuple(sizes) if len(sizes) > 1 else (), verbatim=tuple(verbatim))


def with_twins(probes: list[Probe]) -> list[Probe]:
    """Caps and lowercase lines given their twins' items: upper-cased for caps (an all-caps translation is expected),
    lower-cased and matched without case for lowercase (copied items must come out as now written)."""
    by_source = {p.source: p for p in probes if not p.twin}
    filled = []
    for p in probes:
        if p.twin:
            twin = by_source.get(p.twin)
            if twin is None:
                raise ValueError(f"{p.source!r}: no line {p.twin!r} in the file to be its twin")
            case = str.upper if p.kind == "caps" else str.lower
            p = p._replace(must_contain=tuple(tuple(map(case, item)) for item in twin.must_contain),
                           sentence_sizes=twin.sentence_sizes, verbatim=tuple(map(case, twin.verbatim)),
                           ignore_case=p.kind == "lowercase")
        filled.append(p)
    return filled


def text_lines(name: str) -> list[str]:
    """The lines of a data file, without comments (# ...) and blank lines."""
    lines = (DATA / name).read_text(encoding="utf-8").split("\n")
    return [line for line in lines if line.strip() and not line.startswith("#")]


def parse_probes(text: str, name: str = "a probe file") -> list[Probe]:
    """The lines of a .tsv probe file's text, twins filled in; a malformed row is a ValueError naming its line."""
    rows = []
    for number, row in enumerate(text.split("\n"), 1):
        if row.strip() and not row.startswith("#"):
            try:
                rows.append(parse_row(row))
            except ValueError as e:
                raise ValueError(f"{name} line {number}: {e}") from None
    return with_twins(rows)


@functools.cache
def read_probes(name: str) -> tuple[Probe, ...]:
    """A .tsv probe file of probes/data/, e.g. "user.de.tsv"."""
    return tuple(parse_probes((DATA / name).read_text(encoding="utf-8"), f"probes/data/{name}"))


def file_probes(name: str) -> list[Probe]:
    """The lines of a .tsv probe file named by its path, or by its name in probes/data/ ("fresh.en.tsv"); a missing
    file is an OSError, a malformed one a ValueError naming its line."""
    path = Path(name)
    if not path.is_file() and (DATA / name).is_file():
        path = DATA / name
    return parse_probes(path.read_text(encoding="utf-8"), name)


def entity_lines() -> list[Probe]:
    return list(read_probes("entities.de.tsv"))


def user_lines(lang: str) -> list[Probe]:
    """The user-input probe whose sources are in `lang` ("de" or "en")."""
    return list(read_probes(f"user.{lang}.tsv"))


def probe_lines(direction: str) -> list[Probe]:
    """Every probe line of a direction: de-en the entity probe, then the German user-input probe; en-de the English
    user-input probe."""
    return [*entity_lines(), *user_lines("de")] if direction == "de-en" else user_lines("en")
