"""The suite's report from ``results.json``'s document: the markdown summary, and what
both it and the plots (``_suite_plots.py``) say of a listing (a rate or a latency, done,
stopped or declined).

A helper of ``benchmarks/__main__.py``, not a script. It reads only the document, so a
saved ``results.json`` can be written up again::

    python -c "import sys, json; sys.path.insert(0, 'benchmarks'); \\
        from _suite_report import markdown; print(markdown(json.load(open('r/results.json')), []))"
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from _common import fmt_ms, fmt_rate, fmt_ratio
from _suite_runs import METHODS

#: The families in the order the summary shows them.
FAMILIES = ("split", "group", "joint", "combat")
#: A question with fewer answers than this (or the listing cap) is a latency: the time to
#: list every one of them; from this many on, a listing is a throughput, answers/s.
THROUGHPUT_MIN = 100


def wanted(question: dict[str, Any], cap: int) -> int:
    """How many answers a listing of ``question`` is asked: its count, at most ``cap``
    (``cap`` when the count was refused)."""
    return cap if question["answers"] is None else min(question["answers"], cap)


def is_rate(question: dict[str, Any], cap: int) -> bool:
    """Whether ``question``'s listings are throughputs (at least :data:`THROUGHPUT_MIN`
    answers asked) rather than latencies."""
    return wanted(question, cap) >= min(THROUGHPUT_MIN, cap)


def status(listing: dict[str, Any]) -> str:
    """A listing's status: ``done`` (it listed all it was asked), ``stopped`` (at the
    budget, with answers so far), ``nothing`` (no answer within the budget) or ``declined``
    (the backend refused the question, or failed)."""
    if listing["error"]:
        return "nothing" if listing["error"].startswith("not started") else "declined"
    if not listing["answers"]:
        return "nothing"
    return "done" if listing["complete"] else "stopped"


def _count(answers: int | None) -> str:
    if answers is None:
        return "refused"
    return f"{answers:,}" if answers < 10**9 else f"{answers:.2e}".replace("e+", "e")


def _listing_cell(listing: dict[str, Any], rate: bool) -> str:
    """A method's listing: its rate (``rate``) or the time it took to list every answer,
    ``*`` if stopped at the budget, or why it has none."""
    state = status(listing)
    if state == "declined":
        return "failed" if listing["error"].startswith("listed ") else "declined"
    if state == "nothing":
        return "nothing in budget"
    if not rate:
        shown = _ms(listing["seconds"] * 1e3)
        return shown if state == "done" else f"> {shown}*"
    return fmt_rate(listing["rate"]) + ("" if state == "done" else "*")


def _ms(value: float | None) -> str:
    return "-" if value is None else fmt_ms(value, us_digits=0, seconds=True)


def _whole(ms: float) -> str:
    """A whole process's milliseconds, short: ``506 ms``, ``1.20 s``."""
    return f"{ms:.0f} ms" if ms < 1000 else f"{ms / 1000:.2f} s"


def _brute_cell(question: dict[str, Any], limit: int) -> str:
    """The brute force's time, or why it has none."""
    if question["brute_ms"] is not None:
        return _ms(question["brute_ms"])
    if question["question"] != "resolve":
        return "n/a"
    return f"not run (> {limit:,})" if (question["answers"] or 0) > limit else "-"


def family_table(questions: Sequence[dict[str, Any]], cap: int, brute_limit: int
                 ) -> list[str]:
    """One family's rows: each question's count, timings and listings (rates where
    :func:`is_rate`, else times)."""
    lines = ["| question | units | answers | rules | count | listing | " + " | ".join(METHODS)
             + " | native / cpsat | best | brute force | brute / best |",
             "|---" * (10 + len(METHODS)) + "|"]
    for q in questions:
        rates = {m: q["listings"][m]["rate"] for m in METHODS}
        ratio = (rates["native"] / rates["cpsat"] if rates["native"] and rates["cpsat"]
                 else None)
        brute = (q["brute_ms"] / q["best_ms"] if q["brute_ms"] and q["best_ms"] else None)
        rate = is_rate(q, cap)
        best = _ms(q["best_ms"]) if q["question"] == "resolve" else "n/a"
        if q.get("best_error"):
            best = "declined"
        lines.append(
            f"| {q['card']} {q['question']} | {q['units']:,} | {_count(q['answers'])} | "
            f"{_ms(q['rules_ms'])} | {_ms(q['count_ms'])} | "
            f"{'answers/s' if rate else 'time, all'} | "
            + " | ".join(_listing_cell(q["listings"][m], rate) for m in METHODS)
            + f" | {fmt_ratio(ratio)} | {best} | {_brute_cell(q, brute_limit)} | "
            f"{fmt_ratio(brute)} |")
    return lines


#: The count latency the largest boards are held to (ms).
COUNT_TARGET_MS = 10.0


def count_section(questions: Sequence[dict[str, Any]]) -> list[str]:
    """The counts of the largest boards against :data:`COUNT_TARGET_MS`: how many were
    counted within it, the slowest (median, least and most of their runs), and each
    question refused (a refusal is no count within the target)."""
    if not questions:
        return []
    size = max(q["units"] for q in questions)
    largest = [q for q in questions if q["units"] == size]
    timed = sorted((q for q in largest if q["count_ms"] is not None),
                   key=lambda q: -q["count_ms"])
    within = sum(1 for q in timed if q["count_ms"] < COUNT_TARGET_MS)
    lines = [f"{within} of {len(largest)} questions at {size:,} units counted in under "
             f"{COUNT_TARGET_MS:g} ms (median of their runs).", "",
             "| question | answers | count, median | least | most |", "|---|---|---|---|---|"]
    for q in timed[:8]:
        runs = q["runs_ms"].get("count") or [q["count_ms"]]
        lines.append(f"| {q['card']} {q['question']} | {_count(q['answers'])} | "
                     f"{_ms(q['count_ms'])} | {_ms(min(runs))} | {_ms(max(runs))} |")
    for q in largest:
        if q["count_ms"] is None:
            lines.append(f"| {q['card']} {q['question']} | refused: "
                         f"{q['count_error'] or 'no count'} | - | - | - |")
    return lines


def process_table(document: dict[str, Any]) -> list[str]:
    """Start-up and the streamed listings as whole processes."""
    boot = document["startup"]
    first = boot.get("first_answer_ms", {})
    spread = boot.get("spread_ms", {})

    def span(name: str) -> str:
        known = spread.get(name)
        return f" ({known['min']:.0f}-{known['max']:.0f})" if known else ""

    def first_cell(name: str) -> str:
        known = first.get(name)
        return f"{_whole(known['median'])}{span_of(known)}" if known else "-"

    def span_of(known: dict[str, float]) -> str:
        return f" ({known['min']:.0f}-{known['max']:.0f})"

    lines = ["| process | answers | time | first answer | answers/s, whole process | "
             "answers/s, once streaming | peak memory |", "|---|---|---|---|---|---|---|",
             f"| `python -c \"import numpy\"` | | {_whole(boot['numpy_import_ms'])}"
             f"{span('numpy')} | | | | |",
             f"| `riftsolve resolve` {boot['example']} (small) | {boot.get('answers', 10)} | "
             f"{_whole(boot['resolve_ms'])}{span('resolve')}, "
             f"{fmt_ratio(boot['resolve_vs_numpy'])} numpy | {first_cell('resolve')} | | | |"]
    if "pyconstraint_ms" in boot:
        lines.append(
            f"| `python {boot['pyconstraint_script']}` {boot['example']} (python-constraint2,"
            f" the same lines{'' if boot['same_lines'] else ': NOT the same'}) | "
            f"{boot.get('answers', 10)} | {_whole(boot['pyconstraint_ms'])}"
            f"{span('pyconstraint')},"
            f" {fmt_ratio(boot['pyconstraint_vs_numpy'])} numpy | "
            f"{first_cell('pyconstraint')} | | | |")
    for run in document["streams"]:
        first_s = run.get("first_answer_s")
        lines.append(f"| `{' '.join(run['argv'][:2])} ... --limit` ({run['label']}) | "
                     f"{_count(run['answers'])} | {_whole(run['seconds'] * 1e3)} | "
                     f"{'-' if first_s is None else _whole(first_s * 1e3)} | "
                     f"{fmt_rate(run['rate'])} | {fmt_rate(run.get('stream_rate'))} | "
                     f"{run['peak_mib']:.0f} MiB |")
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


#: What each plot shows, by its file's stem (a family's: the family's name).
PLOT_CAPTIONS = {
    "family": "one row per card: listing throughput (answers/s) of its questions with at "
              "least {min} answers, one line per method, finalization solid, resolution "
              "dashed; the time to list every answer of its questions with fewer; count(), "
              "best() and the brute force (ms) against board size",
    "processes": "whole processes: start-up of `riftsolve resolve` on a small example "
                 "against `python -c \"import numpy\"` and a python-constraint2 script "
                 "printing the same lines; the time to the first answer; answers per second "
                 "of each streamed listing (whole process, and once streaming) and its peak "
                 "memory, against answers streamed"}


def _plot_lines(drawn: Sequence[Path]) -> list[str]:
    """Each plot, named and said what it shows."""
    out = ["## Plots", "", "Each point is one question (one card's finalization or "
           "resolution on one board, never a median across questions): the median of the "
           "timings, the band the least and the most of them; a point with no value is "
           "marked where its line would be (declined, nothing within the budget, count "
           "refused, brute force not run), each with its own marker in the legend.", ""]
    for path in drawn:
        caption = PLOT_CAPTIONS.get(path.stem, PLOT_CAPTIONS["family"]).format(
            min=THROUGHPUT_MIN)
        out += [f"- `{path.name}`: {caption}.", "", f"![{path.stem}]({path.name})", ""]
    return out


def markdown(document: dict[str, Any], drawn: Sequence[Path]) -> str:
    """The summary: settings, one table per family, the processes, the plots."""
    meta = document["meta"]
    by_family: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for question in document["questions"]:
        by_family[question["family"]].append(question)
    cpu = f" ({meta['cpu_model']})" if meta.get("cpu_model") else ""
    out = ["# Benchmark suite results", "",
           f"Python {meta['python']}, OR-Tools {meta['ortools']}, numpy {meta['numpy']}, "
           f"python-constraint2 {meta['python-constraint2']}, {meta['cpu_count']} cores"
           f"{cpu}, CP-SAT with {meta['cpsat_num_workers']} worker; commit {meta['commit']}"
           f"; {'quick' if meta['quick'] else 'full'} run. Seeded boards "
           f"(`benchmarks/boards.py`, seed {meta['seed']}), sizes {meta['sizes']}; medians "
           f"of {meta['repeats']} timings; each listing capped at {meta['list_cap']:,} "
           f"answers and {meta['budget_s']} s, timed up to {meta['repeats']} times while "
           "its runs fit in that budget; the brute force scores every answer where there "
           f"are at most {meta['brute_limit']:,}. Wall time {meta['wall_seconds']} s.", "",
           f"`listing` says what the method columns hold: `answers/s` for a question of "
           f"at least {THROUGHPUT_MIN} answers (the first {meta['list_cap']:,} at most), "
           "the listing's throughput; `time, all` for a question of fewer, the time to "
           "list every one of them, a latency (a rate of one answer is not a throughput). "
           "`arrays` is the native backend's numpy rows, `native` its answer objects, "
           "`cpsat` the CP-SAT backend (a model with a solution callback), `pyconstraint` "
           "the python-constraint2 backend. `*`: stopped at the budget (the rate so far; "
           "or more than that time); `nothing in budget`: no answer within "
           "it; `declined`: the backend refused the question (a question that large); "
           "`failed`: it listed another number of answers than the count. `rules` is the "
           "time to apply the rules (build the legal set), `count` that plus the exact "
           "count; `best` and the brute force are asked of resolutions only (`n/a` of a "
           "finalization); `not run (> N)`: more answers than the brute force scores. "
           "`native / cpsat`: how many times as fast native lists as cpsat, from their rates "
           "(or times) on the same question.", ""]
    for family in FAMILIES:
        if by_family.get(family):
            out += [f"## {family}", "", *family_table(by_family[family], meta["list_cap"],
                                                      meta["brute_limit"]), ""]
    out += ["## Counts of the largest boards", "", *count_section(document["questions"]), ""]
    out += ["## Whole processes", "",
            "Each a fresh process, its output read through a pipe as it comes; start-up "
            "and the first answer are medians of interleaved runs (in brackets the least "
            "and the most, ms), each streamed listing one run. `answers/s, whole process` "
            "counts from the start, start-up included; `once streaming` from the first "
            "line to the last (coarse for a short listing, which arrives in a few reads).",
            "", *process_table(document), ""]
    if "limits" in document:
        out += ["## Closer to the limit", "", *limits_section(document["limits"]), ""]
    if drawn:
        out += _plot_lines(drawn)
    else:
        out += ["No plots: install the `plots` extra (`pip install -e '.[plots]'`).", ""]
    return "\n".join(out)
