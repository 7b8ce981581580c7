"""Scoring a probe: one LineResult per line (probes/checks.py's checks), the figures of the report, and the report
as text or as one JSON object, with the failing lines per kind.

- per kind: items kept, lines with every item kept, and lines with a stammer, an invented or misformatted number, an
  invented name;
- lines of several sentences: lines with every sentence back, where a sentence is back when at least half of its
  own items (rounded up) are kept (a dropped sentence loses all of them; one missed word does not drop it);
- caps and lowercase lines: their items kept next to those of their normal-case twins (caps also ignoring case,
  which separates "translated" from "came back in caps");
- copied-through items (URLs, e-mails, handles, hashtags, emoji, file names, codes) kept exactly.
"""
from __future__ import annotations

import math
from typing import NamedTuple

from probes.checks import (contains, degenerate, invented_names, invented_numbers_in, kept, misformatted_numbers,
                           target_lang)
from probes.lines import Probe


class LineResult(NamedTuple):
    probe: Probe
    output: str
    missing: tuple            # the items (alternatives-tuples) the output lacks
    sentences_back: tuple     # a line of several sentences: per sentence, whether it came back
    invented_numbers: tuple
    misformatted_numbers: tuple
    invented_names: tuple     # () also where names are not checked (no lexicon)
    degenerate: tuple         # the output's repetitions its source does not have

    @property
    def failed(self) -> bool:
        return any((self.missing, self.invented_numbers, self.misformatted_numbers, self.invented_names,
                    self.degenerate))


class Judge(NamedTuple):
    """Judges outputs of one direction; `lexicon` (checks.lexicon_words) None leaves names unchecked."""
    direction: str = "de-en"
    lexicon: frozenset | None = None

    def item_kept(self, probe: Probe, output: str, item: tuple) -> bool:
        if item[0] in probe.verbatim:            # copied through: exactly as written, case included
            return contains(output, item[0])
        return kept(output, item, probe.ignore_case)

    def line(self, probe: Probe, output: str) -> LineResult:
        hits = [self.item_kept(probe, output, item) for item in probe.must_contain]
        back, start = [], 0
        for size in probe.sentence_sizes:
            back.append(sum(hits[start:start + size]) >= math.ceil(size / 2))
            start += size
        names = () if self.lexicon is None else tuple(invented_names(
            probe.source, output, self.lexicon, target_lang(self.direction),
            allowed=tuple(a.rstrip("*") for item in probe.must_contain for a in item)))
        return LineResult(probe, output, tuple(i for i, hit in zip(probe.must_contain, hits) if not hit),
                          tuple(back), tuple(invented_numbers_in(self.direction, probe.source, output)),
                          tuple(misformatted_numbers(self.direction, probe.source, output)), names,
                          tuple(degenerate(probe.source, output)))

    def lines(self, probes: list[Probe], outputs: list[str]) -> list[LineResult]:
        if len(outputs) != len(probes):
            raise ValueError(f"{len(outputs)} outputs for {len(probes)} probe lines")
        return [self.line(p, o) for p, o in zip(probes, outputs)]


class KindScore(NamedTuple):
    kind: str
    lines: int
    items: int
    kept: int
    lines_all_kept: int
    degenerate: int           # lines with a stammer
    invented_numbers: int     # lines with an invented number
    misformatted_numbers: int  # lines with a misformatted number
    invented_names: int       # lines with an invented name


def kind_score(kind: str, results: list[LineResult]) -> KindScore:
    items = sum(len(r.probe.must_contain) for r in results)
    return KindScore(kind, len(results), items, items - sum(len(r.missing) for r in results),
                     sum(not r.missing for r in results), sum(bool(r.degenerate) for r in results),
                     sum(bool(r.invented_numbers) for r in results),
                     sum(bool(r.misformatted_numbers) for r in results), sum(bool(r.invented_names) for r in results))


def kind_scores(results: list[LineResult]) -> list[KindScore]:
    """One score per kind, in order of first appearance, then "all"."""
    kinds = list(dict.fromkeys(r.probe.kind for r in results))
    return [*(kind_score(k, [r for r in results if r.probe.kind == k]) for k in kinds), kind_score("all", results)]


class SentenceScore(NamedTuple):
    lines: int                # lines of two or more sentences
    lines_every_sentence: int
    sentences: int
    sentences_back: int


def sentence_score(results: list[LineResult]) -> SentenceScore:
    several = [r for r in results if len(r.sentences_back) > 1]
    return SentenceScore(len(several), sum(all(r.sentences_back) for r in several),
                         sum(len(r.sentences_back) for r in several), sum(sum(r.sentences_back) for r in several))


class TwinScore(NamedTuple):
    kind: str                 # "caps" or "lowercase"
    lines: int
    items: int
    kept: int
    kept_ignoring_case: int
    lines_all_kept: int
    twin_kept: int            # the same items in the twins' outputs (twins have as many items)
    twin_lines_all_kept: int


def twin_score(kind: str, results: list[LineResult]) -> TwinScore:
    """The lines of `kind` next to their normal-case twins, which must be in `results`."""
    by_source = {r.probe.source: r for r in results}
    lines = [r for r in results if r.probe.kind == kind]
    twins = [by_source[r.probe.twin] for r in lines]
    items = sum(len(r.probe.must_contain) for r in lines)
    caseless = sum(kept(r.output, item, ignore_case=True) for r in lines for item in r.probe.must_contain)
    return TwinScore(kind, len(lines), items, items - sum(len(r.missing) for r in lines), caseless,
                     sum(not r.missing for r in lines),
                     sum(len(t.probe.must_contain) - len(t.missing) for t in twins), sum(not t.missing for t in twins))


class VerbatimScore(NamedTuple):
    items: int
    kept: int
    lines: int                # lines holding such an item
    lines_all_kept: int


def verbatim_score(results: list[LineResult]) -> VerbatimScore:
    holding = [r for r in results if r.probe.verbatim]
    lost = [[v for v in r.probe.verbatim if (v,) in r.missing] for r in holding]
    items = sum(len(r.probe.verbatim) for r in holding)
    return VerbatimScore(items, items - sum(map(len, lost)), len(holding), sum(not x for x in lost))


class Report(NamedTuple):
    direction: str
    names_checked: bool
    kinds: list               # KindScore per kind, then "all"
    sentences: SentenceScore
    caps: TwinScore
    lowercase: TwinScore
    verbatim: VerbatimScore
    results: list             # the LineResults, for the failures


def report(results: list[LineResult], judge: Judge) -> Report:
    return Report(judge.direction, judge.lexicon is not None, kind_scores(results), sentence_score(results),
                  twin_score("caps", results), twin_score("lowercase", results), verbatim_score(results), results)


class ProbeScore(NamedTuple):
    """The entity probe's own figures (its table since before the user-input probes)."""
    sentences: int
    entities: int
    kept: int
    number_entities: int      # entities written with digits
    numbers_kept: int
    sentences_all_kept: int
    invented: int             # outputs with at least one invented number

    @property
    def kept_share(self) -> float:
        return self.kept / max(self.entities, 1)

    @property
    def all_kept_share(self) -> float:
        return self.sentences_all_kept / max(self.sentences, 1)


def is_number(item: tuple) -> bool:
    return any(c.isdigit() for c in item[0])


def entity_score(results: list[LineResult]) -> ProbeScore:
    entities = sum(len(r.probe.must_contain) for r in results)
    numbers = sum(is_number(i) for r in results for i in r.probe.must_contain)
    numbers_lost = sum(is_number(i) for r in results for i in r.missing)
    return ProbeScore(len(results), entities, entities - sum(len(r.missing) for r in results), numbers,
                      numbers - numbers_lost, sum(not r.missing for r in results),
                      sum(bool(r.invented_numbers) for r in results))


# the report: text, JSON, the failing lines
def percent(part: int, whole: int) -> str:
    return f"{100 * part / max(whole, 1):.1f}% ({part}/{whole})"


def share(part: int, whole: int) -> float:
    return round(part / max(whole, 1), 4)


def probe_table(rows: list[tuple[str, ProbeScore]]) -> str:
    """The entity probe's table (one row per engine), as it was before the user-input probes."""
    head = f"{'engine':16s} {'entities kept':>18s} {'names/places':>18s} {'numbers':>16s} " \
           f"{'sentences all kept':>19s} {'invented numbers':>17s}"
    lines = [head]
    for name, s in rows:
        words, words_kept = s.entities - s.number_entities, s.kept - s.numbers_kept
        lines.append(f"{name:16s} {percent(s.kept, s.entities):>18s} {percent(words_kept, words):>18s} "
                     f"{percent(s.numbers_kept, s.number_entities):>16s} "
                     f"{percent(s.sentences_all_kept, s.sentences):>19s} {s.invented:>17d}")
    return "\n".join(lines)


def entity_json(s: ProbeScore) -> dict:
    return {"entities": s.entities, "kept": s.kept, "kept_share": round(s.kept_share, 4),
            "number_entities": s.number_entities, "numbers_kept": s.numbers_kept, "sentences": s.sentences,
            "sentences_all_kept": s.sentences_all_kept, "all_kept_share": round(s.all_kept_share, 4),
            "invented_numbers": s.invented}


def kind_table(kinds: list[KindScore], names_checked: bool) -> str:
    head = f"{'kind':12s} {'lines':>5s} {'items kept':>19s} {'lines all kept':>18s} {'stammer':>8s} " \
           f"{'inv. number':>12s} {'misformatted':>13s} {'inv. name':>10s}"
    rows = [head]
    for k in kinds:
        names = f"{k.invented_names:>10d}" if names_checked else f"{'-':>10s}"
        rows.append(f"{k.kind:12s} {k.lines:>5d} {percent(k.kept, k.items):>19s} "
                    f"{percent(k.lines_all_kept, k.lines):>18s} {k.degenerate:>8d} {k.invented_numbers:>12d} "
                    f"{k.misformatted_numbers:>13d} {names}")
    return "\n".join(rows)


def summary(r: Report) -> str:
    s, v = r.sentences, r.verbatim
    lines = [f"lines of several sentences with every sentence back: {percent(s.lines_every_sentence, s.lines)}; "
             f"sentences back: {percent(s.sentences_back, s.sentences)}  (a sentence is back with at least half "
             "its items)"]
    for t in (r.caps, r.lowercase):
        caseless = f", ignoring case {percent(t.kept_ignoring_case, t.items)}" if t.kind == "caps" else ""
        lines.append(f"{t.kind} lines: items kept {percent(t.kept, t.items)}{caseless}; their normal-case twins "
                     f"{percent(t.twin_kept, t.items)}; lines all kept {t.lines_all_kept}/{t.lines} vs twins "
                     f"{t.twin_lines_all_kept}/{t.lines}")
    lines.append(f"copied-through items kept exactly: {percent(v.kept, v.items)} in {v.lines_all_kept}/{v.lines} "
                 "lines")
    if not r.names_checked:
        lines.append("invented names: not checked (no target-language training text for the lexicon; pass "
                     "--data-dir with Multi30K's train split)")
    stammers = [x for x in r.results if x.degenerate]
    lines.append(f"degenerate outputs: {len(stammers)}")
    lines += [f"  {x.probe.source!r}\n    -> {x.output!r}   ({' | '.join(x.degenerate)})" for x in stammers]
    return "\n".join(lines)


def report_json(r: Report) -> dict:
    s, v = r.sentences, r.verbatim
    return {
        "direction": r.direction, "names_checked": r.names_checked,
        "kinds": {k.kind: {"lines": k.lines, "items": k.items, "kept": k.kept, "kept_share": share(k.kept, k.items),
                           "lines_all_kept": k.lines_all_kept, "degenerate": k.degenerate,
                           "invented_numbers": k.invented_numbers, "misformatted_numbers": k.misformatted_numbers,
                           **({"invented_names": k.invented_names} if r.names_checked else {})} for k in r.kinds},
        "several_sentences": {"lines": s.lines, "lines_every_sentence": s.lines_every_sentence,
                              "sentences": s.sentences, "sentences_back": s.sentences_back},
        **{t.kind: {"lines": t.lines, "items": t.items, "kept": t.kept, "kept_ignoring_case": t.kept_ignoring_case,
                    "twin_kept": t.twin_kept, "lines_all_kept": t.lines_all_kept,
                    "twin_lines_all_kept": t.twin_lines_all_kept} for t in (r.caps, r.lowercase)},
        "copied_exactly": {"items": v.items, "kept": v.kept, "lines": v.lines, "lines_all_kept": v.lines_all_kept},
        "degenerate_outputs": [x.output for x in r.results if x.degenerate],
    }


def describe(result: LineResult) -> list[str]:
    """A failing line: source, output, and what went wrong."""
    lines = [f"  {result.probe.source!r}\n    -> {result.output!r}"]
    if result.missing:
        lines.append("    missing: " + "; ".join(" / ".join(item) for item in result.missing))
    if len(result.sentences_back) > 1 and not all(result.sentences_back):
        lost = [str(i + 1) for i, back in enumerate(result.sentences_back) if not back]
        lines.append(f"    sentences lost: {', '.join(lost)} of {len(result.sentences_back)}")
    for label, found in (("invented numbers", result.invented_numbers),
                         ("misformatted numbers", result.misformatted_numbers),
                         ("invented names", result.invented_names), ("stammer", result.degenerate)):
        if found:
            lines.append(f"    {label}: " + ", ".join(found))
    return lines


def failures(results: list[LineResult]) -> str:
    """The failing lines, grouped by kind in order of first appearance."""
    kinds = list(dict.fromkeys(r.probe.kind for r in results))
    out = []
    for kind in kinds:
        failed = [r for r in results if r.probe.kind == kind and r.failed]
        if failed:
            out.append(f"[{kind}] {len(failed)} failing:")
            out += [line for r in failed for line in describe(r)]
    return "\n".join(out)
