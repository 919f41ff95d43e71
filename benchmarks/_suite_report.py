"""The suite's report from ``results.json``'s document: the markdown summary and the PNG
plots (matplotlib, the ``plots`` extra; none without it).

A helper of ``benchmarks/__main__.py``, not a script. Both functions read only the
document, so a saved ``results.json`` can be drawn again::

    python -c "import sys, json; sys.path.insert(0, 'benchmarks'); \\
        from _suite_report import plots; plots(json.load(open('r/results.json')), Path('r'))"
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from _common import fmt_ms, fmt_rate, fmt_ratio
from _suite_runs import METHODS

#: The families in the order the summary shows them.
FAMILIES = ("split", "group", "joint", "combat")


def _count(answers: int | None) -> str:
    if answers is None:
        return "refused"
    return f"{answers:,}" if answers < 10**9 else f"{answers:.2e}".replace("e+", "e")


def _listing_cell(listing: dict[str, Any]) -> str:
    """A method's listing: its rate, ``*`` if stopped at the budget, or why it has none."""
    if listing["error"]:
        return "declined" if "Error" in listing["error"] else "failed"
    if not listing["answers"]:
        return "none in budget"
    return fmt_rate(listing["rate"]) + ("" if listing["complete"] else "*")


def _ms(value: float | None) -> str:
    return "-" if value is None else fmt_ms(value, us_digits=0, seconds=True)


def family_table(questions: Sequence[dict[str, Any]]) -> list[str]:
    """One family's rows: each question's count, timings and listing rates."""
    lines = ["| question | units | answers | rules | count | " + " | ".join(METHODS)
             + " | native / cpsat | best | brute force | brute / best |",
             "|---" * (9 + len(METHODS)) + "|"]
    for q in questions:
        rates = {m: q["listings"][m]["rate"] for m in METHODS}
        ratio = (rates["native"] / rates["cpsat"] if rates["native"] and rates["cpsat"]
                 else None)
        brute = (q["brute_ms"] / q["best_ms"] if q["brute_ms"] and q["best_ms"] else None)
        lines.append(
            f"| {q['card']} {q['question']} | {q['units']:,} | {_count(q['answers'])} | "
            f"{_ms(q['rules_ms'])} | {_ms(q['count_ms'])} | "
            + " | ".join(_listing_cell(q["listings"][m]) for m in METHODS)
            + f" | {fmt_ratio(ratio)} | {_ms(q['best_ms'])} | {_ms(q['brute_ms'])} | "
            f"{fmt_ratio(brute)} |")
    return lines


def process_table(document: dict[str, Any]) -> list[str]:
    """Start-up and the streamed listings as whole processes."""
    boot = document["startup"]
    lines = ["| process | answers | time | answers/s | peak memory |", "|---|---|---|---|---|",
             f"| `python -c \"import numpy\"` | | {_ms(boot['numpy_import_ms'])} | | |",
             f"| `riftsolve resolve` {boot['example']} (small) | 10 | "
             f"{_ms(boot['resolve_ms'])} ({fmt_ratio(boot['resolve_vs_numpy'])} numpy) | | |"]
    for run in document["streams"]:
        lines.append(f"| `{' '.join(run['argv'][:2])} ... --limit` ({run['label']}) | "
                     f"{_count(run['answers'])} | {run['seconds']:.2f} s | "
                     f"{fmt_rate(run['rate'])} | {run['peak_mib']:.0f} MiB |")
    return lines


def limits_section(limits: dict[str, Any]) -> list[str]:
    """The "closer to the limit" tables: best on typical boards, maximal subsets, count
    growth, the JSON-lines writer."""
    typical = limits["typical_best"]
    out = ["### `best` on typical boards", "",
           f"`best(kills)` on {len(typical['boards'])} typical Alpha Strike resolutions "
           "(2-10 targets, 1-12 damage; a fresh legal set each time) against a numpy brute "
           "force (every row of `arrays()` scored at once) and the Python brute force the "
           "tests hold it to (every answer listed and scored): median "
           f"{_ms(typical['best_us'] / 1e3)} a decision; numpy brute / best "
           f"{fmt_ratio(typical['numpy_over_best'])} (least "
           f"{fmt_ratio(typical['numpy_over_best_least'])}), Python brute / best "
           f"{fmt_ratio(typical['python_over_best'])} (least "
           f"{fmt_ratio(typical['python_over_best_least'])}); above 1, `best` is faster. "
           f"Same optimum everywhere: {'yes' if typical['agree'] else 'NO'}."]
    out += _table("Maximal group subsets against every feasible subset", (
        "Fox-Fire resolution", "maximal answers", "time", "per answer", "feasible subsets",
        "time", "per answer"), ((
            f"{row['units']} units", f"{row['maximal']['answers']:,}",
            f"{row['maximal']['seconds']:.3f} s", f"{row['us_per_maximal']:.0f} µs",
            f"{row['any']['answers']:,}", f"{row['any']['seconds']:.3f} s",
            f"{row['us_per_any']:.0f} µs") for row in limits["maximal_vs_all"]))
    out += _table("Finalization counts as the board grows (Power for Deflect capped at 3)",
                  ("card", "units", "count (digits)", "time"), ((
                      row["card"], f"{row['units']:,}",
                      f"{row['digits']} digits" if row["digits"] else
                      f"refused: {row['error']}", _ms(row["ms"]))
                      for row in limits["count_scaling"]))
    out += _table("The JSON-lines writer against the rows it formats", (
        "question", "answers", "rows generated", "lines written", "formatting's share"), ((
            row["question"], f"{row['answers']:,}", fmt_rate(row["rows_per_s"]),
            fmt_rate(row["lines_per_s"]), f"{row['formatting_share']:.0%}")
            for row in limits["formatting"]))
    if "arrays_vs_direct" in limits:
        out += _table("Split resolutions as numpy rows against a direct build", (
            "resolution", "answers", "`arrays()`", "direct numpy build", "ratio",
            "same rows"), ((
                row["question"], f"{row['answers']:,}", fmt_rate(row["arrays_per_s"]),
                fmt_rate(row["direct_per_s"]), fmt_ratio(row["ratio"]),
                "yes" if row["same"] else "NO") for row in limits["arrays_vs_direct"]))
    return out


def _table(title: str, header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """A titled markdown table: a blank line, the title, a blank line, the rows."""
    return ["", f"### {title}", "", "| " + " | ".join(header) + " |",
            "|" + "---|" * len(header), *("| " + " | ".join(row) + " |" for row in rows)]


def markdown(document: dict[str, Any], drawn: Sequence[Path]) -> str:
    """The summary: settings, one table per family, the processes, the plots."""
    meta = document["meta"]
    by_family: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for question in document["questions"]:
        by_family[question["family"]].append(question)
    out = ["# Benchmark suite results", "",
           f"Python {meta['python']}, OR-Tools {meta['ortools']}, numpy {meta['numpy']}, "
           f"python-constraint2 {meta['python-constraint2']}, {meta['cpu_count']} cores, "
           f"CP-SAT with {meta['cpsat_num_workers']} worker; commit {meta['commit']}"
           f"{' (quick run)' if meta['quick'] else ''}. Seeded boards "
           f"(`benchmarks/boards.py`, seed {meta['seed']}), sizes {meta['sizes']}; medians "
           f"of {meta['repeats']} timings; each listing capped at {meta['list_cap']:,} "
           f"answers and {meta['budget_s']} s (`*`: stopped at the budget, rate so far); "
           f"the brute force scores every answer where there are at most "
           f"{meta['brute_limit']:,}. Wall time {meta['wall_seconds']} s.", "",
           "Listing columns are answers per second: `arrays` is the native backend's numpy "
           "rows, `native` its answer objects, `cpsat` the CP-SAT backend (a model with a "
           "solution callback), `pyconstraint` the python-constraint2 backend (`declined`: "
           "it refuses a question that large). `rules` is the time to apply the rules "
           "(build the legal set), `count` that plus the exact count.", ""]
    for family in FAMILIES:
        if by_family.get(family):
            out += [f"## {family}", "", *family_table(by_family[family]), ""]
    out += ["## Whole processes", "", *process_table(document), ""]
    if "limits" in document:
        out += ["## Closer to the limit", "", *limits_section(document["limits"]), ""]
    if drawn:
        out += ["## Plots", ""] + [f"![{p.stem}]({p.name})" for p in drawn] + [""]
    else:
        out += ["No plots: install the `plots` extra (`pip install -e '.[plots]'`).", ""]
    return "\n".join(out)


def _median_by_size(questions: Sequence[dict[str, Any]], value: Any
                    ) -> tuple[list[int], list[float]]:
    """``(sizes, medians)`` of ``value(question)`` over the questions of each size that
    have one."""
    by_size: dict[int, list[float]] = defaultdict(list)
    for q in questions:
        got = value(q)
        if got:
            by_size[q["units"]].append(got)
    sizes = sorted(by_size)
    return sizes, [statistics.median(by_size[s]) for s in sizes]


def plots(document: dict[str, Any], folder: Path) -> list[Path]:
    """One PNG per family in ``folder``: time (count, best, brute force) and listing
    answers per second (one line per method) against board size, log scales; the files
    written (none without matplotlib)."""
    try:
        import matplotlib
    except ImportError:
        return []
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    drawn: list[Path] = []
    for family in FAMILIES:
        questions = [q for q in document["questions"] if q["family"] == family]
        if not questions:
            continue
        figure, (times, rates) = plt.subplots(1, 2, figsize=(11, 4.2))
        for label, key in (("count()", "count_ms"), ("best()", "best_ms"),
                           ("brute force best", "brute_ms")):
            sizes, values = _median_by_size(questions, lambda q, k=key: q[k])
            if sizes:
                times.plot(sizes, values, marker="o", label=label)
        for method in METHODS:
            sizes, values = _median_by_size(
                questions, lambda q, m=method: q["listings"][m]["rate"])
            if sizes:
                rates.plot(sizes, values, marker="o", label=method)
        for axis, title, unit in ((times, "latency (median of questions)", "ms"),
                                  (rates, "listing (median of questions)", "answers / s")):
            axis.set_xscale("log")
            axis.set_yscale("log")
            axis.set_xlabel("units on the board")
            axis.set_ylabel(unit)
            axis.set_title(f"{family}: {title}")
            axis.grid(True, which="both", alpha=0.3)
            if axis.get_legend_handles_labels()[0]:
                axis.legend()
        figure.tight_layout()
        path = folder / f"{family}.png"
        figure.savefig(path, dpi=90)
        plt.close(figure)
        drawn.append(path)
    return drawn
