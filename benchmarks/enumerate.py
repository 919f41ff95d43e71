"""Enumeration throughput and count latency of riftsolve, every method side by side.

Run from the repository root (with the project's venv)::

    python benchmarks/enumerate.py                      # full run, a few minutes
    python benchmarks/enumerate.py --quick              # CI smoke run, well under 60 s
    python benchmarks/enumerate.py --json results.json  # also write every number as JSON

What it measures, in one run and on the same questions:

1. **Enumeration throughput** (answers per second) of split-damage *resolution* questions
   (:class:`rules.families.split.SplitResolveProblem`) whose exact answer counts are about
   10^3, 10^4, 10^5 and 10^6 (10^3 and 10^4 with ``--quick``), in two shapes:

   * ``drop``: more legal targets than damage (5 damage), so the answers are the
     combinations of kept targets, each dealt 1 (355.14.h.1);
   * ``split``: 5 legal targets and more damage, so the answers are the compositions of
     the damage into 5 positive parts (355.14.e-g).

   Sizes are picked with :func:`engine.count.count_split_resolutions`, which also gives the
   expected count every complete enumeration is checked against. Methods (columns):

   * ``cpsat``: :func:`engine.backends.cpsat.resolutions` (streaming solution callback,
     one CP-SAT worker);
   * ``native``: :func:`engine.backends.native.resolutions`, one ``Resolution`` object per
     answer;
   * ``native-blocks``: :func:`engine.backends.native.resolution_blocks`, numpy blocks, rows
     counted;
   * ``pyconstraint``: :func:`engine.backends.pyconstraint.resolutions`;
   * ``pyc-raw``: python-constraint2's raw ``getSolutionIter`` on an equivalent plain model
     built from its own constraints only (``ExactSumConstraint`` for the total,
     ``SomeInSetConstraint`` for the number of kept targets; no Python callback and no
     conversion of the solution dicts), the fastest way we found to ask it the question;
   * ``jsonl``: :func:`faces.output.resolution_block_text` over native blocks, written to
     ``os.devnull``: the output path of ``riftsolve resolve`` (JSON lines);
   * ``cli``: the real command line as a whole process, start-up included:
     ``riftsolve resolve FILE --format jsonl --limit N+1 > /dev/null`` (N the exact count;
     the installed console script, run as a subprocess with its bytecode caches, see
     :func:`_common.process_environment`) on a temporary scenario file. Its lines are
     counted once, untimed, through a pipe; the timed runs write to ``os.devnull``.

   The slow methods (``cpsat``, ``pyconstraint``, ``pyc-raw``) are *capped*: each run
   happens in a forked child process that is stopped after ``--budget`` seconds or
   ``--cap`` answers (whichever comes first; python-constraint can spend seconds between
   two answers, so a hard stop is needed) and the rate is answers so far / time so far.
   Capped cells are marked with ``*``; ``<`` marks a method that listed no answer at all
   within the budget (its rate is below one answer per budget). Every enumeration that ran
   to completion is checked against the exact count; a mismatch is printed in red and the
   script exits with status 1.

2. **Ratios** of every method to ``cpsat`` on the same question, and the targets:
   native enumeration (per object and as numpy blocks) at least 40x the CP-SAT callback
   and at least 1M answers/s; JSON-lines output (``jsonl`` and the real ``cli``) at least
   3x python-constraint2's ``getSolutionIter`` (``pyc-raw``) on the same question.
   Each is printed as PASS or MISS per question.

3. **Count latency**: :func:`engine.count.count_split_resolutions`,
   :func:`engine.count.count_subsets_for_caps` and the full ``LegalSet.count()`` on
   generated scenarios (built through :func:`formats.format1.parse_scenario`) with 10, 100
   and 1000 units (resolve; finalize; finalize with Deflect units and ``available_power``
   set) and the big cases 60 targets / 40 damage and 60 targets / 100 damage. Target:
   every count (the counting function and ``LegalSet.count()``) under 10 ms. The time to
   parse the scenario and to apply the rules (building the ``LegalSet``) is shown too, for
   information.

Every timing is repeated (``--repeats``) and the median is reported: the machine may be
noisy. Repeats are interleaved across methods so that a slow spell hits all of them, and a
complete enumeration that takes only a few milliseconds is run several times back to back
per timing sample (at least 50 ms a sample, 20 ms with ``--quick``). CP-SAT runs with one
worker (:func:`engine.params.enumeration_solver`); the library versions, the core count and
that worker count are printed first.

The questions and the methods are in ``_split_methods.py``, the count-latency cases in
``_split_counts.py``; the targets and the end of the report (targets table, summary line,
wall time, JSON, exit status) are shared with the other scripts through ``_common.py``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from _common import (
    Target,
    base_parser,
    environment,
    finish,
    fmt_ms,
    fmt_rate,
    fmt_ratio,
    make_console,
    new_table,
    pass_cell,
    say_to,
    target,
    versions_line,
)
from _split_counts import CountCase, measure_counts
from _split_methods import (
    METHODS,
    RIFTSOLVE,
    Measurement,
    Question,
    make_question,
    measure_enumeration,
)
from rich.console import Console
from rich.table import Table

from riftsolve.engine.params import enumeration_solver

#: Targets from the issue.
NATIVE_VS_CPSAT = 40.0
NATIVE_RATE = 1_000_000.0
JSONL_VS_PYC = 3.0
COUNT_MS = 10.0


# --------------------------------------------------------------------------- targets


def bounded_rate(m: Measurement) -> tuple[float, str]:
    """The rate and ``''``; or, when capped runs listed no answer at all, the upper bound
    of fewer than one answer in the time and ``'<'``."""
    if m.capped and m.answers == 0:
        return 1 / m.seconds, "<"
    return m.rate, ""


def ratio(num: Measurement, den: Measurement) -> tuple[float, str]:
    """``num``'s rate over ``den``'s, with ``'<'``/``'>'`` when it is only a bound."""
    a, a_bound = bounded_rate(num)
    b, b_bound = bounded_rate(den)
    bound = "?" if a_bound and b_bound else "<" if a_bound else ">" if b_bound else ""
    return a / b, bound


def ratios(results: Sequence[Measurement]) -> dict[str, dict[str, tuple[float, str]]]:
    """``{question: {method: (rate / cpsat rate, bound)}}``."""
    table: dict[str, dict[str, tuple[float, str]]] = {}
    for question in dict.fromkeys(m.question for m in results):
        by_method = {m.method: m for m in results if m.question == question}
        table[question] = {method: ratio(m, by_method["cpsat"])
                           for method, m in by_method.items()}
    return table


def enumeration_targets(results: Sequence[Measurement]) -> list[Target]:
    targets: list[Target] = []
    for question in dict.fromkeys(m.question for m in results):
        by_method = {m.method: m for m in results if m.question == question}
        for method in ("native", "native-blocks"):
            value, bound = ratio(by_method[method], by_method["cpsat"])
            targets.append(target(f"{method} >= {NATIVE_VS_CPSAT:g}x cpsat", question,
                                  value, NATIVE_VS_CPSAT, unit="x", bound=bound))
            value, bound = bounded_rate(by_method[method])
            targets.append(target(f"{method} >= 1M answers/s", question, value,
                                  NATIVE_RATE, unit="/s", bound=bound))
        for method in ("jsonl", "cli"):
            value, bound = ratio(by_method[method], by_method["pyc-raw"])
            targets.append(target(f"{method} >= {JSONL_VS_PYC:g}x pyc getSolutionIter",
                                  question, value, JSONL_VS_PYC, unit="x", bound=bound))
    return targets


def count_target(c: CountCase) -> Target:
    """Both counts of a count-latency case under ``COUNT_MS``."""
    return target(f"count < {COUNT_MS:g} ms", c.name, c.slowest_ms, COUNT_MS, unit="ms",
                  sense="<")


# --------------------------------------------------------------------------- reporting


def versions() -> dict[str, Any]:
    """The library versions, the core count and CP-SAT's worker count."""
    return environment(("ortools", "python-constraint2", "numpy", "rich", "riftsolve"),
                       cpsat_num_workers=enumeration_solver().parameters.num_workers)


def fmt_measured_rate(m: Measurement) -> str:
    value, bound = bounded_rate(m)
    return bound + fmt_rate(value) + ("*" if m.capped else "")


def render(console: Console, meta: dict[str, Any], questions: Sequence[Question],
           results: Sequence[Measurement]) -> None:
    """The tables before the targets: rates, ratios to cpsat, every run."""
    console.print(versions_line(meta, ("ortools", "python-constraint2", "numpy")))
    console.print(f"mode: {meta['mode']}, repeats {meta['repeats']} (capped methods "
                  f"{meta['capped_repeats']}), budget {meta['budget']:g} s / "
                  f"{meta['cap']:,} answers per capped run; medians reported")

    by_key = {(m.question, m.method): m for m in results}
    rate_table = new_table("Enumeration throughput, answers/s (median; * = capped run; "
                           "<: no answer at all within the budget)",
                           ("question", "answers", *METHODS), left=("question",))
    for q in questions:
        cells = [q.label, f"{q.count:,}"]
        for method in METHODS:
            m = by_key[(q.label, method)]
            bad = " [red]WRONG COUNT[/red]" if m.verified is False else ""
            cells.append(fmt_measured_rate(m) + bad)
        rate_table.add_row(*cells)
    console.print(rate_table)

    ratio_table = new_table("Ratio to cpsat on the same question (<, >: a bound)",
                            ("question", *METHODS), left=("question",))
    table = ratios(results)
    for q in questions:
        ratio_table.add_row(q.label, *(fmt_ratio(*table[q.label][m]) for m in METHODS))
    console.print(ratio_table)

    detail = new_table("Runs (median seconds; answers listed per run; verified = the "
                       "complete count matched count_split_resolutions)",
                       ("question", "method", "answers/run", "seconds", "rate",
                        "repeat rates", "verified"), left=("question", "method"))
    for m in results:
        verified = {True: "yes", False: "[red]NO[/red]", None: "capped"}[m.verified]
        detail.add_row(m.question, m.method, f"{m.answers:,}", f"{m.seconds:.3f}",
                       fmt_measured_rate(m),
                       ", ".join(fmt_rate(r) for r in m.repeat_rates), verified)
    console.print(detail)


def count_table(counts: Sequence[CountCase], targets: Sequence[Target]) -> Table:
    """The count latency of every case (printed after the targets)."""
    table = new_table(f"count() latency (median; target: every count < {COUNT_MS:g} ms)",
                      ("case", "question", "answers", "count fn", "LegalSet.count()",
                       "rules (build)", "parse", "verified", "result"),
                      left=("case", "question"))
    for c, t in zip(counts, targets, strict=True):
        digits = f"{c.count:,}" if c.count < 10**9 else f"~1e{len(str(c.count)) - 1}"
        verified = {True: "yes", False: "[red]NO[/red]", None: "-"}[c.verified]
        table.add_row(c.name, f"{c.question}: {c.shape}", digits, fmt_ms(c.count_fn_ms),
                      fmt_ms(c.legal_count_ms), fmt_ms(c.build_ms), fmt_ms(c.parse_ms),
                      verified, pass_cell(t.passed))
    return table


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = base_parser(__doc__,
                         "small sizes (10^3, 10^4) and short budgets, for CI (< 60 s)")
    parser.add_argument("--repeats", type=int, help="repeats of each complete enumeration")
    parser.add_argument("--capped-repeats", type=int, help="repeats of each capped run")
    parser.add_argument("--budget", type=float, help="seconds per capped run")
    parser.add_argument("--cap", type=int, help="answers per capped run")
    parser.add_argument("--count-repeats", type=int, help="repeats of each count() timing")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    quick: bool = args.quick
    repeats = args.repeats or 3
    capped_repeats = args.capped_repeats or (2 if quick else 3)
    budget = args.budget or (0.5 if quick else 1.5)
    cap = args.cap or 250_000
    count_repeats = args.count_repeats or (7 if quick else 25)
    sample_floor = 0.02 if quick else 0.05
    sizes = (10**3, 10**4) if quick else (10**3, 10**4, 10**5, 10**6)

    console = make_console(150)
    say = say_to(console)
    meta = versions()
    meta.update(mode="quick" if quick else "full", repeats=repeats,
                capped_repeats=capped_repeats, budget=budget, cap=cap,
                count_repeats=count_repeats, sample_floor=sample_floor, cli=RIFTSOLVE,
                argv=sys.argv[1:])
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="riftsolve-bench-") as folder:
        questions = [make_question(shape, wanted, Path(folder))
                     for shape in ("drop", "split") for wanted in sizes]
        results = measure_enumeration(questions, repeats, capped_repeats, budget, cap,
                                      sample_floor, say)
    targets = enumeration_targets(results)
    counts = measure_counts(count_repeats, say)
    count_targets = [count_target(c) for c in counts]

    render(console, meta, questions, results)
    failed_checks = sum(m.verified is False for m in results) + sum(
        c.verified is False for c in counts)
    document = {
        "questions": [{"label": q.label, "shape": q.shape, "targets": q.targets,
                       "pool": q.pool, "count": q.count} for q in questions],
        "enumeration": [asdict(m) for m in results],
        "ratios_to_cpsat": {q: {m: {"ratio": v, "bound": b} for m, (v, b) in row.items()}
                            for q, row in ratios(results).items()},
        "count_latency": [{**asdict(c), "count": str(c.count), "passed": t.passed}
                          for c, t in zip(counts, count_targets, strict=True)],
    }
    tail = (f"; [red]{failed_checks} count verification(s) FAILED[/red]"
            if failed_checks else "")
    return finish(console, args.json, meta, started, targets, document,
                  title="Enumeration targets", kind="enumeration",
                  also=[("count-latency", count_targets)],
                  after=[count_table(counts, count_targets)], tail=tail,
                  failed=failed_checks > 0)


if __name__ == "__main__":
    sys.exit(main())
