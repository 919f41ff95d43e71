"""Group-target questions (CR 1.4 355.11) of riftsolve, every method side by side.

Run from the repository root (with the project's venv)::

    python benchmarks/groups.py                      # full run, about 3 minutes
    python benchmarks/groups.py --quick              # CI smoke run, well under 60 s
    python benchmarks/groups.py --json results.json  # also write every number as JSON

What it measures, in one run and on the same questions:

1. **Questions.** Three group cards of the library: Fox-Fire ("kill any number of units
   at a battlefield with total Might 4 or less"), Tricksy Tentacles ("enemy units that
   share a single controller, total Might 8 or less", moved to a location chosen at
   finalization) and Bellows Breath ("up to three units at the same location"), on
   generated boards of 10, 25, 40 and 60 units (10 and 25 with ``--quick``) spread over 1
   to 3 battlefields (seeded random Might 0..5, controllers A = the caster, B and C, about
   one unit in five at its controller's base, one in ten with Deflect 1 or 2). For every
   card, board and ``group_subset`` policy (``maximal``, ``any``; scenario field
   ``"policy"``):

   * a **finalization** question, :func:`riftsolve.finalize` with ``available_power`` 2 (so
     Deflect binds; the policy does not change a finalization, 355.11.a, and both are run
     to show it);
   * a **resolution** question, :func:`riftsolve.resolve`, whose targets no longer meet the
     requirement together: about half the board was chosen (Bellows Breath: three units
     at one location), then the targets were pumped and spread over the battlefields
     (Fox-Fire), changed controller between B and C (Tricksy Tentacles) or one moved away
     (Bellows Breath), and one or two became illegal (left the board, went to base, or
     came under the caster's control), so the controller re-chooses a subset (355.11.b).

   Every scenario is a plain dict read by :func:`formats.format1.parse_scenario`; ``--json``
   writes them all, so any line of the tables can be replayed with ``riftsolve``.

2. **Methods** (columns), each timed from the parsed scenario to every answer counted
   (apply the rules, then list):

   * ``native``, ``cpsat``, ``pyconstraint``: the ``LegalSet`` of ``finalize``/``resolve``
     with ``backend=`` that name, iterated and counted (CP-SAT with one worker);
   * ``brute``: a plain brute force over every subset of the candidate units, each checked
     with the rules verifier (:func:`rules.families.group.verify_declaration` on a
     :class:`rules.answers.group.GroupDeclaration`, with every destination for a moving card;
     :func:`rules.families.group.verify_resolution` on an :class:`rules.answers.group.Affected`).
     Candidates: at finalization, the units the verifier's own per-unit check
     (:func:`rules.families.group.member_failure`) admits in some slot; at resolution, every
     original target.

   ``native`` runs in this process. The others run in a forked child that is stopped after
   ``--budget`` seconds (``--brute-budget`` for ``brute``; ``*`` = capped, the time shown is
   then a lower bound, ``>``); ``brute`` also stops after 2^22 subsets and is *skipped* on
   boards above 25 units whose 2^candidates exceeds 2^22. Every method that ran to
   completion must list exactly ``LegalSet.count()`` answers, each once, and the same set
   of answers as ``native`` (an order-free digest of the answers, computed after the
   timing); a mismatch is printed in red with the scenario, and the exit status is 1.

3. **Targets**, printed PASS/MISS:

   * ``native`` at least 10x ``brute`` on every 25-unit question, compared by **wall time
     per question** (the same answers, from the parsed scenario to the last answer); when
     ``brute`` was capped its time is a lower bound, and so is the ratio;
   * every count on the 60-unit boards (finalize and resolve, both policies) under 10 ms
     (median): ``LegalSet.count()`` and the pure count function it uses
     (:func:`engine.count.count_selections`, or
     :func:`engine.count.count_maximal_selections` for ``maximal`` resolutions; where that
     returns ``None``, Bellows Breath's slot-limited group, ``LegalSet.count()`` lists with
     the native backend and there is no pure function to time). The count latency of the
     other boards is shown for information, with the time to parse the scenario and to
     apply the rules (build the ``LegalSet``).

Every timing is repeated (``--repeats``; ``--capped-repeats`` for the child methods, which
are not repeated once capped) and the median is reported; repeats are interleaved across
methods, and a complete run of a few milliseconds is repeated back to back within one
timing sample (at least 50 ms a sample, 20 ms with ``--quick``). The library versions,
the core count and the CP-SAT worker count are printed first.

The questions are built in ``_group_boards.py``, the methods run and the counts timed in
``_group_methods.py``; the targets and the end of the report (targets table, summary line,
wall time, JSON, exit status) are shared with the other scripts through ``_common.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict
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
from _group_boards import COUNT_UNITS, TARGET_UNITS, Question, battlefield_count, make_questions
from _group_methods import (
    CHILD_METHODS,
    METHODS,
    SUBSET_CAP,
    CountCase,
    Measurement,
    measure,
    measure_counts,
)
from rich.console import Console, RenderableType
from rich.markup import escape

from riftsolve.engine.params import enumeration_solver

#: Targets from the issue (on boards of ``TARGET_UNITS`` and ``COUNT_UNITS`` units).
NATIVE_VS_BRUTE = 10.0
COUNT_MS = 10.0


# --------------------------------------------------------------------------- targets


def speedup(native: Measurement, other: Measurement) -> tuple[float | None, str]:
    """How many times ``native``'s wall time per question ``other`` takes (``'>'``: a
    lower bound, ``other`` was capped)."""
    if other.status == "skipped" or native.status != "complete":
        return None, ""
    return other.seconds / native.seconds, ">" if other.capped else ""


def speed_targets(results: Sequence[Measurement], questions: Sequence[Question]
                  ) -> list[Target]:
    by_key = {(m.question, m.method): m for m in results}
    targets = []
    for q in questions:
        if q.units != TARGET_UNITS:
            continue
        native, brute = by_key[(q.label, "native")], by_key[(q.label, "brute")]
        value, bound = speedup(native, brute)
        targets.append(target(f"native >= {NATIVE_VS_BRUTE:g}x brute (wall time)", q.label,
                              value, NATIVE_VS_BRUTE, unit="x", bound=bound,
                              detail=f"native {fmt_s(native.seconds)}, brute "
                              f"{fmt_time_cell(brute)}"))
    return targets


def count_target(c: CountCase) -> Target | None:
    """Both counts under ``COUNT_MS`` on the ``COUNT_UNITS``-unit boards (``None`` on the
    other boards: shown for information)."""
    if c.units != COUNT_UNITS:
        return None
    return target(f"count < {COUNT_MS:g} ms", c.question, c.slowest_ms, COUNT_MS, unit="ms",
                  sense="<")


# --------------------------------------------------------------------------- reporting


def versions() -> dict[str, Any]:
    """The library versions, the core count and CP-SAT's worker count."""
    return environment(("ortools", "python-constraint2", "numpy", "pydantic", "rich",
                        "riftsolve"),
                       cpsat_num_workers=enumeration_solver().parameters.num_workers)


def fmt_s(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.0f} µs"


def fmt_time_cell(m: Measurement) -> str:
    if m.status == "skipped":
        return f"skipped (2^{m.subsets.bit_length() - 1} subsets)" if m.subsets else "skipped"
    bad = ""
    if m.verified is False:
        bad = " [red]WRONG COUNT[/red]"
    elif m.same_answers is False:
        bad = " [red]OTHER ANSWERS[/red]"
    if m.capped:
        cell = f">{fmt_s(m.seconds)}*"
        estimate = m.estimated_seconds
        if estimate is not None:
            share = m.checked / m.subsets
            cell += f" ({share:.1%} checked, est. {fmt_s(estimate)})"
        else:
            cell += f" ({m.answers:,} listed)"
        return cell + bad
    return fmt_s(m.seconds) + bad


def fmt_rate_cell(m: Measurement) -> str:
    if m.status == "skipped":
        return "skipped"
    return fmt_rate(m.rate) + ("*" if m.capped else "")


def render(console: Console, meta: dict[str, Any], questions: Sequence[Question],
           results: Sequence[Measurement]) -> None:
    """The tables before the targets: wall times, rates, speed-ups of native."""
    console.print(versions_line(meta, ("ortools", "python-constraint2", "numpy", "pydantic")))
    console.print(
        f"mode: {meta['mode']}, boards {meta['sizes']} units, repeats {meta['repeats']} "
        f"(child methods {meta['capped_repeats']}, not repeated once capped), budget "
        f"{meta['budget']:g} s (brute {meta['brute_budget']:g} s, at most 2^22 subsets); "
        "medians reported")

    by_key = {(m.question, m.method): m for m in results}
    time_table = new_table("Wall time per question, parsed scenario -> every answer "
                           "counted (median; * capped: a lower bound)",
                           ("question", "bf", "answers", "members", "cand.", *METHODS),
                           left=("question",))
    for q in questions:
        time_table.add_row(q.label, str(battlefield_count(q.units)), f"{q.count:,}",
                           str(q.members), str(q.candidates),
                           *(fmt_time_cell(by_key[(q.label, m)]) for m in METHODS))
    console.print(time_table)

    rate_table = new_table("Answers per second (median; * capped: answers so far / time "
                           "so far)", ("question", *METHODS), left=("question",))
    for q in questions:
        rate_table.add_row(q.label, *(fmt_rate_cell(by_key[(q.label, m)]) for m in METHODS))
    console.print(rate_table)

    ratio_table = new_table("Speed-up of native: the method's wall time / native's "
                            "(> a lower bound: the method was capped)",
                            ("question", *(f"{m} / native" for m in CHILD_METHODS)),
                            left=("question",))
    for q in questions:
        native = by_key[(q.label, "native")]
        ratio_table.add_row(q.label, *(fmt_ratio(*speedup(native, by_key[(q.label, m)]))
                                       for m in CHILD_METHODS))
    console.print(ratio_table)


def after_targets(questions: Sequence[Question], results: Sequence[Measurement],
                  counts: Sequence[CountCase], count_targets: Sequence[Target | None]
                  ) -> list[RenderableType]:
    """What follows the targets table: the count latency, then every mismatch with its
    scenario."""
    count_table = new_table(f"count() latency (median; target on the {COUNT_UNITS}-unit "
                            f"boards: count fn and LegalSet.count() < {COUNT_MS:g} ms)",
                            ("question", "answers", "count fn", "fn time", "LegalSet.count()",
                             "count() max", "rules (build)", "parse", "verified", "result"),
                            left=("question", "count fn"))
    for c, t in zip(counts, count_targets, strict=True):
        count_table.add_row(c.question, f"{c.count:,}", c.function or "(lists natively)",
                            fmt_ms(c.count_fn_ms), fmt_ms(c.legal_count_ms),
                            fmt_ms(c.legal_count_max_ms), fmt_ms(c.build_ms),
                            fmt_ms(c.parse_ms), "yes" if c.verified else "[red]NO[/red]",
                            pass_cell(t.passed) if t is not None else "-")
    shown: list[RenderableType] = [count_table]
    data = {q.label: q.data for q in questions}
    for m in results:
        if m.verified is False or m.same_answers is False:
            shown.append(f"[red]MISMATCH[/red] {m.method} on {m.question}: listed "
                         f"{m.answers:,} answers, LegalSet.count() = {m.expected:,}, same set "
                         f"as native: {m.same_answers}; scenario:")
            shown.append(escape(json.dumps(data[m.question])))
    for c in counts:
        if not c.verified:
            shown.append(f"[red]COUNT MISMATCH[/red] on {c.question}; scenario:")
            shown.append(escape(json.dumps(data[c.question])))
    return shown


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = base_parser(__doc__, "boards of 10 and 25 units, short budgets, for CI (< 60 s)")
    parser.add_argument("--sizes", type=int, nargs="+", metavar="UNITS",
                        help="board sizes to enumerate (default 10 25 40 60; quick 10 25)")
    parser.add_argument("--repeats", type=int, help="repeats of each native run")
    parser.add_argument("--capped-repeats", type=int,
                        help="repeats of each child run (cpsat, pyconstraint, brute)")
    parser.add_argument("--budget", type=float, help="seconds per cpsat/pyconstraint run")
    parser.add_argument("--brute-budget", type=float, help="seconds per brute-force run")
    parser.add_argument("--count-repeats", type=int, help="repeats of each count() timing")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    quick: bool = args.quick
    sizes = tuple(args.sizes or ((10, 25) if quick else (10, 25, 40, 60)))
    repeats = args.repeats or 3
    capped_repeats = args.capped_repeats or (2 if quick else 3)
    budget = args.budget or (0.3 if quick else 1.0)
    brute_budget = args.brute_budget or (1.0 if quick else 8.0)
    count_repeats = args.count_repeats or (7 if quick else 25)
    floor = 0.02 if quick else 0.05

    console = make_console(200)
    say = say_to(console)
    meta = versions()
    meta.update(mode="quick" if quick else "full", sizes=list(sizes), repeats=repeats,
                capped_repeats=capped_repeats, budget=budget, brute_budget=brute_budget,
                subset_cap=SUBSET_CAP, count_repeats=count_repeats, sample_floor=floor,
                argv=sys.argv[1:])
    started = time.perf_counter()
    questions = make_questions(sizes)
    results = measure(questions, repeats, capped_repeats, budget, brute_budget, floor, say)
    targets = speed_targets(results, questions)
    count_questions = questions + (make_questions([COUNT_UNITS])
                                   if COUNT_UNITS not in sizes else [])
    counts = measure_counts(count_questions, count_repeats, say)
    count_targets = [count_target(c) for c in counts]

    render(console, meta, questions, results)
    by_key = {(m.question, m.method): m for m in results}
    document = {
        "questions": [{"label": q.label, "units": q.units, "card": q.card,
                       "question": q.kind, "policy": q.policy, "count": q.count,
                       "members": q.members, "candidates": q.candidates,
                       "scenario": q.data} for q in count_questions],
        "runs": [{**asdict(m), "estimated_seconds": m.estimated_seconds} for m in results],
        "speedup_of_native": {
            q.label: {m: dict(zip(("ratio", "bound"),
                                  speedup(by_key[(q.label, "native")], by_key[(q.label, m)]),
                                  strict=True))
                      for m in CHILD_METHODS} for q in questions},
        "count_latency": [{**asdict(c), "passed": t.passed if t is not None else None}
                          for c, t in zip(counts, count_targets, strict=True)],
    }
    bad = sum(m.verified is False or m.same_answers is False for m in results) + sum(
        not c.verified for c in counts)
    complete = sum(1 for m in results if m.status == "complete")
    tail = f"; {complete} complete runs checked against count() and native's answers" + (
        f"; [red]{bad} verification(s) FAILED[/red]" if bad else ", no mismatch")
    return finish(console, args.json, meta, started, targets, document,
                  title=f"Target: native >= {NATIVE_VS_BRUTE:g}x brute force at "
                  f"{TARGET_UNITS} units, by wall time per question",
                  kind="native-vs-brute",
                  also=[("count-latency", [t for t in count_targets if t is not None])],
                  after=after_targets(count_questions, results, counts, count_targets),
                  tail=tail, failed=bad > 0)


if __name__ == "__main__":
    sys.exit(main())
