"""The probes' report as text or as one JSON object, and the failing lines per kind."""
from __future__ import annotations

from bench.probe_score import KindScore, LineResult, ProbeScore, Report


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
