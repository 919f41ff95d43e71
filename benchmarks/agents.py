"""Best answers for agents: decisions per second, decision latency and unranking throughput.

Run from the repository root (with the project's venv)::

    python benchmarks/agents.py                      # full run, about 3 minutes
    python benchmarks/agents.py --quick              # CI smoke run, well under 60 s
    python benchmarks/agents.py --json results.json  # also write every number as JSON
    python benchmarks/agents.py --env-only           # part 4 alone (the environments)

What it measures, in one run and on the same questions:

1. **Decisions per second on typical Alpha Strike boards.** ``--boards`` seeded boards
   (200; 40 with ``--quick``): 2 to 10 chosen enemy targets (about one board in ten has
   one of them recalled to its base since, so it is illegal now, 359.3.e), the friendly
   unit's Might (the pool) 1 to 12, enemy Might 0 to 6, about a third of the damaged-able
   enemies with marked damage (never lethal already), half with a ``value``, and a few
   bystanders that were not chosen. Every scenario is a plain dict parsed once with
   :func:`formats.format1.parse_scenario`; a *decision* is ``resolve(scenario)`` (the
   rules, building the ``LegalSet``) plus the choice of the best answer, for each of the
   objectives ``kills``, ``kills,-overkill``, ``killed-might,-overkill`` and
   ``value,-overkill``. Methods (columns):

   * ``best``: :func:`engine.optimum.best` (on these boards the vectorised numpy scoring:
     fewer than ``KNAPSACK_FROM`` answers);
   * ``knapsack``: for information, :func:`engine.knapsack.best_split` called directly
     (the path ``best`` takes on large boards), the key measured with ``Objective.measure``;
   * ``brute``: ``resolve(scenario, "native")`` iterated, every resolution scored with
     :meth:`rules.objectives.Objective.measure` in pure Python, the first best kept;
   * ``cpsat``: the plain CP-SAT model of the same question,
     ``engine.optimum.best(legal, goal, method="cpsat")`` (one worker, each term optimised and
     proven OPTIMAL in turn).

   A timing sample is a pass over every board (repeated back to back to last at least
   50 ms, 20 ms with ``--quick``); decisions/s is the median over ``--repeats`` samples
   (``--cpsat-repeats`` for ``cpsat``), interleaved across methods. Every method's optimum
   key must be equal on every board and objective, and every answer must be legal
   (``LegalSet.verify``) with the key ``Objective.measure`` gives it; a mismatch is
   printed in red with the scenario and the exit status is 1.

2. **Latency of one decision on large boards**: Alpha Strike with 100 targets and a pool
   of 200 (the knapsack), 60 targets / 40 and 100 targets / 60 (damage short: the best
   ``pool`` targets), same objectives; median over ``--latency-repeats`` of ``resolve`` +
   ``best``. ``cpsat`` runs in a forked child stopped after ``--budget`` seconds (10 s; 2 s
   with ``--quick``; ``*`` = capped, the time is a lower bound), its key compared with
   ``best``'s when it finishes. ``brute`` runs only when the count is at most
   ``BRUTE_LIMIT`` answers; otherwise it is marked skipped with the count. Also a Fox-Fire
   group board of 60 units whose 31 chosen targets no longer meet the requirement (pumped,
   spread over three battlefields, one killed, one recalled; built like
   ``benchmarks/groups.py``), policies ``maximal`` and ``any``, objectives ``kills`` and
   ``killed-might``: ``best`` (every group resolution scored), ``brute`` (the native
   listing scored in pure Python) and ``cpsat`` (the CP-SAT backend's listing scored,
   capped like above).

3. **Unranking throughput**: ``Resolutions.unrank`` of a numpy batch of indices, in order
   (``np.arange``) and at random (``--batch`` uniform indices, 1M; 200k with ``--quick``;
   a batch that would take more than ``--unrank-budget`` seconds is shrunk to fit, at least
   ``MIN_BATCH``), on the typical boards (every board, the batch spread over them) and on
   larger ones (60 targets / 40 etc.; a question with more than 2^62 answers has no int64
   index and is marked n/a). Only the library's unranking is timed (the combinadic of
   :func:`engine.rank.unrank_combinations` and :func:`engine.rank.unrank_masks`). Checks:
   ``unrank(arange)`` equals the native listing order (``LegalSet.blocks``), and on a
   sample of indices ``legal[i]`` is legal, ``index()`` gives ``i`` back and the row
   equals ``unrank``'s.

4. **The Gymnasium environments** (with the ``gym`` extra): each environment
   ``import riftsolve.gym`` registers (``riftsolve/Allocation-v0``, a split's damage a
   target's share a step; ``riftsolve/AllocationPoints-v0``, a point a step), made by
   ``gymnasium.make``, plays random legal actions: each step an action drawn uniformly
   from ``info["action_mask"]`` (for ``MultiDiscrete``, a unit and an amount, each from
   its component's mask), an episode ended by a reset, for ``--env-seconds`` a sample
   (1 s; 0.3 s with ``--quick``) after a short warm-up; steps/s, episodes/s and steps per
   episode are medians over ``--env-repeats`` samples (5; 3 with ``--quick``). Boards: the
   built-in examples (the environments' default), and 8 Alpha Strike boards whose
   friendly unit's Might of 1,000 is split among 2 to 6 enemies (a share a step takes
   about k steps to split, a point a step a thousand). Checks: no masked action is
   refused as illegal, and every episode ends with a resolution.

Targets, printed PASS/MISS: ``best`` at least 1,000 decisions per second on the typical
boards, in one process (each objective and all four together); ``best`` under 20 ms per
decision (median) on the boards with 100 targets; ``unrank`` at least 1M random indices per
second into numpy on every board; each registered environment at least 10,000 random
legal steps per second on the built-in examples. The library versions, the core count and
the CP-SAT worker counts are printed first.

The boards are built in ``_agent_boards.py``; the deciders, their checks and part 1 are in
``_agent_decisions.py``, part 2 in ``_agent_latency.py``, part 3 in
``_agent_unranking.py``, part 4 in ``_agent_env.py``; the targets and the end of the
report (targets table, summary line, wall time, JSON, exit status) are shared with the
other scripts through ``_common.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import numpy as np
from _agent_boards import Board, fmt_count, large_board, typical_board
from _agent_decisions import (
    DECISION_METHODS,
    OBJECTIVES,
    Agreement,
    DecisionRate,
    Problem,
    build_only_rate,
    measure_decisions,
    overall,
)
from _agent_env import ENV_STEPS_PER_S, EnvRate, env_table, measure_env
from _agent_latency import (
    BRUTE_LIMIT,
    LATENCY_METHODS,
    Latency,
    LatencyCase,
    latency_cases,
    measure_latency,
)
from _agent_unranking import UNRANK_CASES, Unranking, measure_unranking
from _common import (
    Target,
    base_parser,
    environment,
    finish,
    fmt_rate,
    fmt_ratio,
    make_console,
    mismatch_lines,
    new_table,
    say_to,
    target,
    versions_line,
)
from _common import fmt_ms as fmt_ms_with
from rich.console import Console, RenderableType

from riftsolve.engine.families.split import Resolutions
from riftsolve.engine.optima import KNAPSACK_FROM, VECTOR_LIMIT
from riftsolve.engine.params import enumeration_solver, optimising_solver
from riftsolve.engine.questions import resolve
from riftsolve.formats.format1 import parse_scenario

#: Targets from the issue.
DECISIONS_PER_S = 1_000.0
LATENCY_MS = 20.0
LATENCY_TARGETS = 100
UNRANK_PER_S = 1_000_000.0


# --------------------------------------------------------------------------- targets


def unrank_passed(u: Unranking) -> bool | None:
    """Whether ``u`` unranks at least ``UNRANK_PER_S`` random indices per second
    (``None``: the question has no int64 index)."""
    return None if u.random_rate is None else u.random_rate >= UNRANK_PER_S


def env_targets(env_rates: Sequence[EnvRate]) -> list[Target]:
    """Each registered environment at least ``ENV_STEPS_PER_S`` random legal steps per
    second on the built-in examples."""
    return [target(f"environment >= {ENV_STEPS_PER_S:,.0f} random legal steps/s",
                   f"{r.env_id}, {r.boards}", r.steps_per_s, ENV_STEPS_PER_S, unit="/s")
            for r in env_rates if r.boards == "built-in examples"]


def collect_targets(rates: Sequence[DecisionRate], latencies: Sequence[Latency],
                    unrankings: Sequence[Unranking]) -> list[Target]:
    targets = []
    for r in rates:
        if r.method == "best":
            targets.append(target(f"best >= {DECISIONS_PER_S:,.0f} decisions/s",
                                  f"typical boards, {r.objective}", r.rate, DECISIONS_PER_S,
                                  unit="/s"))
    targets.append(target(f"best >= {DECISIONS_PER_S:,.0f} decisions/s",
                          "typical boards, all objectives", overall(rates, "best"),
                          DECISIONS_PER_S, unit="/s"))
    for lat in latencies:
        if lat.method == "best" and lat.case.startswith(f"Alpha Strike {LATENCY_TARGETS}t"):
            targets.append(target(f"best < {LATENCY_MS:g} ms per decision (median)",
                                  f"{lat.case}, {lat.objective}", lat.median_ms, LATENCY_MS,
                                  unit="ms", sense="<"))
    for u in unrankings:
        if u.random_rate is not None:
            targets.append(target(f"unrank >= {fmt_rate(UNRANK_PER_S)} random indices",
                                  u.case, u.random_rate, UNRANK_PER_S, unit="/s"))
    return targets


# --------------------------------------------------------------------------- reporting


def versions() -> dict[str, Any]:
    """The library versions, the core count and the CP-SAT worker counts."""
    return environment(("ortools", "numpy", "pydantic", "rich", "riftsolve"),
                       cpsat_num_workers=optimising_solver().parameters.num_workers,
                       cpsat_listing_num_workers=enumeration_solver().parameters.num_workers,
                       knapsack_from=KNAPSACK_FROM, vector_limit=VECTOR_LIMIT)


def fmt_ms(ms: float | None) -> str:
    """A time of this script: whole µs below 1 ms, seconds from 1 s."""
    return fmt_ms_with(ms, us_digits=0, seconds=True)


def fmt_latency(lat: Latency) -> str:
    if lat.status == "skipped":
        return f"skipped ({lat.note})"
    if lat.status == "capped":
        return f">{fmt_ms(lat.median_ms)}*"
    if lat.status == "failed":
        return f"[red]failed after {fmt_ms(lat.median_ms)}[/red]"
    return fmt_ms(lat.median_ms)


def fmt_check(ok: bool | None, checked: int) -> str:
    if ok is None:
        return "-"
    return f"{checked:,} ok" if ok else "[red]NO[/red]"


def render(console: Console, meta: dict[str, Any], boards: Sequence[Board],
           rates: Sequence[DecisionRate], agreements: Sequence[Agreement],
           cases: Sequence[LatencyCase], latencies: Sequence[Latency],
           unrankings: Sequence[Unranking]) -> None:
    """The tables before the targets: decision rates, ratios, agreement, latency,
    unranking."""
    console.print(versions_line(
        meta, ("ortools", "numpy", "pydantic"),
        f" (best's optimiser; listing {meta['cpsat_listing_num_workers']})"))
    console.print(
        f"mode: {meta['mode']}, {meta['boards']} typical boards (seed {meta['seed']}), "
        f"repeats {meta['repeats']} (cpsat {meta['cpsat_repeats']}), latency repeats "
        f"{meta['latency_repeats']}, CP-SAT budget {meta['budget']:g} s on large boards, "
        f"unrank batch {meta['batch']:,} (budget {meta['unrank_budget']:g} s); medians "
        f"reported; KNAPSACK_FROM {meta['knapsack_from']:,}, VECTOR_LIMIT "
        f"{meta['vector_limit']:,}")
    counts = [b.count for b in boards]
    spread = sum(1 for b in boards if b.pool is not None and b.targets <= b.pool)
    console.print(
        f"typical boards: answers per board median {statistics.median(counts):g}, mean "
        f"{statistics.mean(counts):.0f}, max {max(counts):,}; {spread} spread (targets <= "
        f"pool), {len(boards) - spread} drop; {sum(1 for c in counts if c > KNAPSACK_FROM)} "
        f"above KNAPSACK_FROM; resolve() alone {fmt_rate(meta['build_rate'])}")

    by_key = {(r.objective, r.method): r for r in rates}
    table = new_table("Decisions per second on the typical boards: resolve(scenario) + "
                      "the best answer (median of repeats)",
                      ("objective", *(m + (" (info)" if m == "knapsack" else "")
                                      for m in DECISION_METHODS)), left=("objective",))
    for spec in OBJECTIVES:
        table.add_row(spec, *(fmt_rate(by_key[(spec, m)].rate) for m in DECISION_METHODS))
    table.add_row("[bold]all four[/bold]",
                  *(fmt_rate(overall(rates, m)) for m in DECISION_METHODS))
    console.print(table)

    ratio_pairs = (("best", "brute"), ("best", "cpsat"), ("brute", "cpsat"),
                   ("knapsack", "best"))
    ratio_table = new_table("Ratios of decision rates on the same boards",
                            ("objective", *(f"{a} / {b}" for a, b in ratio_pairs)),
                            left=("objective",))
    for spec in OBJECTIVES:
        ratio_table.add_row(spec, *(fmt_ratio(by_key[(spec, a)].rate / by_key[(spec, b)].rate)
                                    for a, b in ratio_pairs))
    ratio_table.add_row("[bold]all four[/bold]",
                        *(fmt_ratio(overall(rates, a) / overall(rates, b))
                          for a, b in ratio_pairs))
    console.print(ratio_table)

    agree = new_table("Agreement with the brute force on every board (key = the "
                      "objective's value; answer = the same resolution, ties broken the same)",
                      ("objective", "boards",
                       *(f"{m} {part}" for m in ("best", "knapsack", "cpsat")
                         for part in ("key", "answer"))), left=("objective",))
    for a in agreements:
        cells = [a.objective, str(a.boards)]
        for method in ("best", "knapsack", "cpsat"):
            bad = a.key_mismatches[method]
            cells.append("[green]all equal[/green]" if not bad else f"[red]{bad} differ[/red]")
            cells.append(f"{a.same_answer_as_brute[method]}/{a.boards}")
        agree.add_row(*cells)
    console.print(agree)

    by_lat = {(lat.case, lat.objective, lat.method): lat for lat in latencies}
    lat_table = new_table("Latency of one decision on large boards: resolve + best "
                          "(median; * = capped at the budget, a lower bound)",
                          ("board", "answers", "best's path", "objective", "rules (build)",
                           *LATENCY_METHODS, "cpsat / best", "best max"),
                          left=("board", "objective", "best's path"))
    for case in cases:
        for spec in case.objectives:
            row = {m: by_lat[(case.label, spec, m)] for m in LATENCY_METHODS}
            best_ms = row["best"].median_ms
            cp = row["cpsat"]
            ratio = None if best_ms is None or cp.median_ms is None else cp.median_ms / best_ms
            lat_table.add_row(case.label, fmt_count(case.board.count), case.path, spec,
                              fmt_ms(case.build_ms), *(fmt_latency(row[m])
                                                       for m in LATENCY_METHODS),
                              fmt_ratio(ratio, ">" if cp.status == "capped" else ""),
                              fmt_ms(row["best"].max_ms))
    console.print(lat_table)

    un_table = new_table("Unranking: Resolutions.unrank(indices) into numpy, indices per "
                         "second (median)",
                         ("case", "boards", "answers", "random batch", "arange", "random",
                          "legal\\[i]", "index()", "order = listing", "index round trip"),
                         left=("case",))
    for u in unrankings:
        if u.random_rate is None:
            un_table.add_row(u.case, str(u.boards), u.count, "-", "n/a", "n/a", "-", "-",
                             "-", f"n/a ({u.note})")
            continue
        un_table.add_row(u.case, str(u.boards), u.count, f"{u.batch:,}",
                         fmt_rate(u.arange_rate), fmt_rate(u.random_rate),
                         fmt_ms((u.getitem_us or 0) / 1000), fmt_ms((u.index_us or 0) / 1000),
                         fmt_check(u.order_ok, u.order_checked),
                         fmt_check(u.round_trip_ok, u.round_trips))
    console.print(un_table)


def mismatches(problems: Sequence[Problem]) -> list[RenderableType]:
    """Every wrong answer or disagreement, with its scenario (after the targets)."""
    return mismatch_lines([(f"{p.method} on {p.where}, objective {p.objective}: {p.detail}",
                            p.data) for p in problems])


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = base_parser(__doc__,
                         "40 typical boards, short budgets and batches, for CI (< 60 s)")
    parser.add_argument("--boards", type=int, help="typical boards (default 200; quick 40)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated boards")
    parser.add_argument("--repeats", type=int, help="timing samples per method and objective")
    parser.add_argument("--cpsat-repeats", type=int, help="timing samples of cpsat")
    parser.add_argument("--latency-repeats", type=int,
                        help="repeats of each decision on the large boards")
    parser.add_argument("--budget", type=float,
                        help="seconds per CP-SAT decision on the large boards")
    parser.add_argument("--batch", type=int, help="random indices per unranking sample")
    parser.add_argument("--unrank-budget", type=float,
                        help="seconds an unranking sample may take (the batch shrinks)")
    parser.add_argument("--samples", type=int, help="index round trips per unranking case")
    parser.add_argument("--env-repeats", type=int,
                        help="samples per environment and boards (default 5; quick 3)")
    parser.add_argument("--env-seconds", type=float,
                        help="seconds of random steps per sample (default 1; quick 0.3)")
    parser.add_argument("--env-only", action="store_true",
                        help="measure the environments alone (part 4)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    quick: bool = args.quick
    n_boards = args.boards or (40 if quick else 200)
    repeats = args.repeats or (3 if quick else 5)
    cpsat_repeats = args.cpsat_repeats or (1 if quick else 3)
    latency_repeats = args.latency_repeats or (7 if quick else 25)
    budget = args.budget or (2.0 if quick else 10.0)
    batch = args.batch or (200_000 if quick else 1_000_000)
    unrank_budget = args.unrank_budget or (0.5 if quick else 2.0)
    samples = args.samples or (50 if quick else 200)
    unrank_repeats = 3
    floor = 0.02 if quick else 0.05
    env_repeats = args.env_repeats or (3 if quick else 5)
    env_seconds = args.env_seconds or (0.3 if quick else 1.0)

    console = make_console(200)
    say = say_to(console)
    meta = versions()
    meta.update(mode="quick" if quick else "full", boards=n_boards, seed=args.seed,
                repeats=repeats, cpsat_repeats=cpsat_repeats, latency_repeats=latency_repeats,
                budget=budget, batch=batch, unrank_budget=unrank_budget, samples=samples,
                sample_floor=floor, brute_limit=BRUTE_LIMIT, env_repeats=env_repeats,
                env_seconds=env_seconds, argv=sys.argv[1:])
    started = time.perf_counter()
    if args.env_only:
        return environments_only(console, args, meta, started, env_repeats, env_seconds)

    boards = []
    for i in range(n_boards):
        board = Board.of(f"typical #{i}", typical_board(i, args.seed))
        board.label += f" ({board.targets} legal targets, pool {board.pool})"
        boards.append(board)
    meta["build_rate"] = build_only_rate(boards, repeats)
    rates, agreements, problems = measure_decisions(boards, repeats, cpsat_repeats, floor, say)

    cases = latency_cases(args.seed)
    latencies, more = measure_latency(cases, latency_repeats, cpsat_repeats, budget, say)
    problems.extend(more)

    say("unranking")
    rng = np.random.default_rng(args.seed)
    unrankings = []
    typical_legals = []
    for b in boards:
        legal = resolve(b.scenario)
        assert isinstance(legal, Resolutions)
        typical_legals.append(legal)
    unrankings.append(measure_unranking(typical_legals, "typical boards (batch shared)",
                                        batch, unrank_repeats, unrank_budget, samples, rng,
                                        problems, [b.data for b in boards]))
    for size, pool in UNRANK_CASES:
        data = large_board(size, pool, args.seed)
        legal = resolve(parse_scenario(data))
        assert isinstance(legal, Resolutions)
        shape = "spread" if size <= pool else "drop"
        say(f"unranking {size}t/{pool}d")
        unrankings.append(measure_unranking([legal], f"{shape} {size}t/{pool}d", batch,
                                            unrank_repeats, unrank_budget, samples, rng,
                                            problems, [data]))
    env_rates = measure_env(env_repeats, env_seconds, args.seed, say, problems)
    targets = collect_targets(rates, latencies, unrankings) + env_targets(env_rates)

    render(console, meta, boards, rates, agreements, cases, latencies, unrankings)
    console.print(env_table(env_rates))
    document = {
        "typical_boards": [{"label": b.label, "answers": b.count, "targets": b.targets,
                            "pool": b.pool, "scenario": b.data} for b in boards],
        "decisions": [asdict(r) for r in rates],
        "decisions_all_objectives": {m: overall(rates, m) for m in DECISION_METHODS},
        "agreement": [asdict(a) for a in agreements],
        "latency_boards": [{"label": c.label, "answers": str(c.board.count),
                            "path": c.path, "build_ms": c.build_ms,
                            "scenario": c.board.data} for c in cases],
        "latency": [asdict(lat) for lat in latencies],
        "unranking": [{**asdict(u), "passed": unrank_passed(u)} for u in unrankings],
        "environments": [asdict(r) for r in env_rates],
        "mismatches": [asdict(p) for p in problems],
    }
    tail = (f"; [red]{len(problems)} mismatch(es) between methods or wrong answers[/red]"
            if problems else "; every method agreed on every board, every answer legal")
    return finish(console, args.json, meta, started, targets, document,
                  after=mismatches(problems), tail=tail, failed=bool(problems))

def environments_only(console: Console, args: argparse.Namespace, meta: dict[str, Any],
                      started: float, repeats: int, seconds: float) -> int:
    """Part 4 alone (``--env-only``): the environments' table, their targets, the JSON."""
    problems: list[Problem] = []
    env_rates = measure_env(repeats, seconds, args.seed, say_to(console), problems)
    console.print(env_table(env_rates))
    tail = (f"; [red]{len(problems)} problem(s) in random episodes[/red]" if problems
            else "; no masked action refused, every episode resolved")
    return finish(console, args.json, meta, started, env_targets(env_rates),
                  {"environments": [asdict(r) for r in env_rates],
                   "mismatches": [asdict(p) for p in problems]},
                  after=mismatches(problems), tail=tail, failed=bool(problems))


if __name__ == "__main__":
    sys.exit(main())
