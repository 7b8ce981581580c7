"""The tables, each a view of the ledger's records: which records, grouped how, and which columns.

A quality row is one recipe on one kind of machine in one precision: the mean of its models (seeds, days), with the
work they trained (steps x batch tokens) beside it, so a row says both what a budget of minutes gave there and what
a budget of work gives anywhere. README's rows are fewer: one per recipe and machine in any precision, and a
recipe's earlier form only on a kind of machine (its matrix instructions) where its form of now has not run; a run
that forced fp32 where only AVX2 kernels ran is its recipe there, as on a laptop (`landing_recipe`), and the AVX2
runs of every CPU share one row, the laptop's (`landing_machine`).
"""
from __future__ import annotations

from dataclasses import dataclass
from statistics import mean
from typing import Callable

from util.ledger import Record

TEST = "test_2016_flickr"
DIRECTIONS = {"de-en": "German→English", "en-de": "English→German"}


def machine_of(r: Record) -> str:
    m = r.machine
    cpu = f"{m.get('cpu', '?')}, {m.get('isa') or 'no bf16'}"
    return f"{m['gpu']} (GPU)" if m.get("gpu") else cpu


def kernels_of(r: Record) -> str:
    """The kind of machine a record's is: its GPU, or its matrix instructions (AVX2 kernels on a newer CPU are
    AVX2's)."""
    return r.machine.get("gpu") or (r.machine.get("isa") or "").replace("AVX2 kernels", "AVX2")


FP32 = " --train.precision=fp32"


def landing_recipe(r: Record) -> str:
    """The recipe a record stands for on README's table: where only AVX2 kernels ran, a run with `--train.precision=
    fp32` trained as the recipe without it does on an AVX2 machine (auto picks fp32 there: training/precision.py)."""
    if r.recipe.endswith(FP32) and kernels_of(r) == "AVX2":
        return r.recipe[:-len(FP32)]
    return r.recipe


AVX2 = "AVX2"


def landing_machine(r: Record) -> str:
    """The machine a record's row names on README's table: every CPU where only AVX2 ran (natively or as its only
    kernels) is one machine there, what a laptop has; a CPU of other kernels is itself."""
    return AVX2 if kernels_of(r) == AVX2 and not r.machine.get("gpu") else machine_of(r)


def machine_label(machine: str, records: list[Record]) -> str:
    """A row's machine cell: the joint AVX2 row names its CPUs."""
    if machine != AVX2:
        return machine
    cpus = sorted({r.machine.get("cpu", "?") for r in records})
    kinds = " and ".join(sorted({r.machine.get("isa") or AVX2 for r in records}))
    return f"{kinds}: {', '.join(cpus)}"


def weight(r: Record) -> int:
    """How many models a record stands for: a mean of N seeds counts N times; an ensemble is one model, whatever
    the seeds of its members."""
    return 1 if r.recipe.startswith("ensemble") else max(1, len(r.seeds))


def weighted_mean(records: list[Record]) -> float:
    return sum(r.value * weight(r) for r in records) / sum(weight(r) for r in records)


def figure(records: list[Record]) -> str:
    return f"{weighted_mean(records):.2f}" if records else "–"


def work(records: list[Record]) -> str:
    steps = sorted({r.steps for r in records if r.steps})
    tokens = sorted({r.batch_tokens for r in records if r.batch_tokens})
    if not steps:
        return "–"
    shown = f"{steps[0]:,}" if len(steps) == 1 else f"{round(mean(steps)):,} (mean of {steps[0]:,}–{steps[-1]:,})"
    return shown + (f" × {tokens[0]:,}" if len(tokens) == 1 else "")


def span(values: list[str], sort: bool = True) -> str:
    """The first and last of some values ("a to b"), the one where all are the same."""
    values = list(dict.fromkeys(v for v in (sorted(values) if sort else values) if v))
    return values[0] if len(values) == 1 else f"{values[0]} to {values[-1]}" if values else "–"


def commits(records: list[Record]) -> str:
    return ", ".join(sorted({r.commit for r in records if r.commit})) or "–"


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: Callable[[list[Record]], list[list[str]]]


def quality_rows(recipes: tuple[str, ...] | None, with_val: bool, with_source: bool, landing: bool = False):
    """One row per (recipe, machine, precision) of the BLEU records: test (and val) per direction. On the landing
    page one row per (recipe, machine), whatever precision `auto` chose in each run, and a recipe's earlier form only
    on kinds of machine (kernels_of) its form of now has no row for."""
    def rows(records: list[Record]) -> list[list[str]]:
        groups: dict[tuple, list[Record]] = {}
        for r in model_readings(records):
            recipe = landing_recipe(r) if landing else r.recipe
            if recipes is None or recipe in recipes:
                machine = landing_machine(r) if landing else machine_of(r)
                groups.setdefault((recipe, machine, "" if landing else r.precision), []).append(r)
        if landing:
            now = {(key[0], kernels_of(group[0])) for key, group in groups.items()}
            groups = {key: group for key, group in groups.items() if not (key[0].endswith(BEFORE_EVERYDAY) and
                      (key[0][:-len(BEFORE_EVERYDAY)], kernels_of(group[0])) in now)}
        order = list(recipes or sorted({key[0] for key in groups}))
        table = []
        for (recipe, machine, precision), group in groups.items():
            precision = precision or ", ".join(sorted({r.precision for r in group if r.precision}))
            on = {(d, s): [r for r in group if r.direction == d and r.split == s] for d in DIRECTIONS
                  for s in (TEST, "val")}
            tested = on[("de-en", TEST)] or on[("en-de", TEST)]
            if not tested:
                continue
            row = [f"`{recipe}`", machine_label(machine, group), precision or "–", work(tested),
                   figure(on[("de-en", TEST)]), figure(on[("en-de", TEST)])]
            if with_val:
                row += [figure(on[("de-en", "val")]), figure(on[("en-de", "val")])]
            row.append(str(sum(weight(r) for r in tested)))
            if with_source:
                row += [span([r.date for r in tested]), commits(tested)]
            key = (order.index(recipe), -weighted_mean(tested))
            table.append((key, row))
        return [row for _, row in sorted(table, key=lambda item: item[0])]
    return rows


def latest_readings(records: list[Record], topic: str) -> list[Record]:
    """A topic's records, a figure measured again by the same command on the same day and machine by its latest (one
    command may measure it in each precision: bench/throughput.py's utilization)."""
    return list({(r.metric, r.recipe, r.split, r.direction, r.precision, r.command, r.date, machine_of(r)): r
                 for r in records if r.topic == topic}.values())


def model_readings(records: list[Record]) -> list[Record]:
    """The BLEU records, one model's figure evaluated again by the same command by its latest, on any day (a
    checkpoint read again after a fix is one model, not two, in a row's mean and its count of models; its steps,
    seeds and training commit tell it from another run of the same command)."""
    key = lambda r: (r.metric, r.recipe, r.split, r.direction, r.command, machine_of(r), tuple(r.seeds),
                     r.steps, r.batch_tokens, r.minutes, r.precision, r.train_commit)
    return list({key(r): r for r in records if r.topic == "quality" and r.metric == "bleu"}.values())


def figure_rows(topic: str):
    """One row per figure of a topic: what, value, where, when, how. A figure measured again by the same command
    on the same day and machine (a checkpoint read again after a fix, a benchmark run again) shows its latest
    record; the ledger keeps all."""
    def rows(records: list[Record]) -> list[list[str]]:
        chosen = sorted(latest_readings(records, topic), key=lambda r: (r.metric, r.recipe, r.split, r.direction,
                                                                         r.date))
        return [[r.metric, r.recipe or "–", " ".join(x for x in (r.split, r.direction) if x) or "–",
                 f"{r.value:g}", r.note or "–", machine_of(r), r.date, r.commit or "–",
                 f"`{r.command}`" if r.command else "–"] for r in chosen]
    return rows


def summary_rows(topic: str):
    """One row per figure, recipe, what it was read on and machine: the mean of its readings (each checkpoint's
    latest by `figure_rows`' rule), their range, the newest reading, how many, when, and the newest's commit and
    command. A probe's share is read again on every model of a recipe; the ledger keeps each reading and its note."""
    def rows(records: list[Record]) -> list[list[str]]:
        groups: dict[tuple, list[Record]] = {}
        for r in latest_readings(records, topic):
            groups.setdefault((r.metric, r.recipe, r.split, r.direction, machine_of(r)), []).append(r)
        table = []
        for (metric, recipe, split, direction, machine), group in sorted(groups.items()):
            values = [r.value for r in group]
            newest = sorted(group, key=lambda r: r.date)[-1]      # the ledger's order within a day
            spread = span([f"{v:g}" for v in sorted(values)], sort=False) if len(group) > 1 else "–"
            table.append([metric, recipe or "–", " ".join(x for x in (split, direction) if x) or "–",
                          f"{mean(values):.4g}", spread, f"{newest.value:g}", str(len(group)), machine,
                          span([r.date for r in group]), newest.commit or "–",
                          f"`{newest.command}`" if newest.command else "–"])
        return table
    return rows


def zoo_rows(records: list[Record]) -> list[list[str]]:
    """One row per attention type: kernel time and memory at 4,096 tokens, BLEU after 200 steps."""
    by_type: dict[str, dict[str, Record]] = {}
    for r in records:
        if r.topic == "zoo":
            by_type.setdefault(r.recipe, {})[r.metric] = r
    shown = lambda found, metric, fmt: fmt.format(found[metric].value) if metric in found else "–"
    return [[f"`{name}`", shown(found, "kernel_ms_4096", "{:,.0f}"), shown(found, "kernel_mb_4096", "{:,.0f}"),
             shown(found, "bleu_200_steps_greedy", "{:.2f}")] for name, found in by_type.items()]


MACHINE_HEADER = ("recipe", "machine", "precision", "steps × batch tokens", "German→English", "English→German")
FIGURE_HEADER = ("figure", "of", "on", "value", "how", "machine", "date", "commit", "command")
SUMMARY_HEADER = ("figure", "of", "on", "mean", "range", "newest", "readings", "machine", "dates",
                  "newest's commit", "newest's command")
BEFORE_EVERYDAY = " (preset before f5e2af8: no everyday pairs)"       # the label of the recipes' earlier records
README_RECIPES = ("30min", "30min" + BEFORE_EVERYDAY, "long", "long" + BEFORE_EVERYDAY)
TABLES: dict[str, Table] = {
    # README's one table: what each default budget gives on each kind of machine, test_2016_flickr
    "readme": Table(MACHINE_HEADER + ("models",), quality_rows(README_RECIPES, False, False, landing=True)),
    "quality": Table(MACHINE_HEADER + ("val German→English", "val English→German", "models", "dates", "commits"),
                     quality_rows(None, True, True)),
    "speed": Table(FIGURE_HEADER, figure_rows("speed")),
    "decoding": Table(FIGURE_HEADER, figure_rows("decoding")),
    "zoo": Table(("attention", "4,096 tokens: ms", "MB", "test BLEU after 200 steps, greedy"), zoo_rows),
    "probes": Table(SUMMARY_HEADER, summary_rows("probes")),
    "suite": Table(FIGURE_HEADER, figure_rows("suite")),
}


def render(table: Table, records: list[Record]) -> str:
    """The table as markdown; a table with no records says so in one line."""
    rows = table.rows(records)
    if not rows:
        return "(no figures recorded yet)"
    lines = ["| " + " | ".join(table.header) + " |", "|" + "---|" * len(table.header)]
    return "\n".join(lines + ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows])
