"""The latency of one decision on the large boards of ``agents.py`` (part 2): ``best`` and
the brute force in this process, CP-SAT in a forked child stopped after a budget.

A helper of ``benchmarks/agents.py`` (whose docstring describes the boards and the
budget), not a script.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from _agent_boards import Board, fmt_count, fox_fire_board, large_board
from _agent_decisions import (
    OBJECTIVES,
    Problem,
    check_answer,
    decide_best,
    decide_brute,
    decide_cpsat,
)
from _common import Child, flag_failure, median_seconds, shared_array, timings

from riftsolve.engine.families.group import GroupResolutions
from riftsolve.engine.optima import KNAPSACK_FROM, VECTOR_LIMIT
from riftsolve.engine.questions import resolve
from riftsolve.rules.objectives import Objective
from riftsolve.rules.scenario import Scenario

GROUP_OBJECTIVES = ("kills", "killed-might")
LATENCY_METHODS = ("best", "brute", "cpsat")
#: ``(targets, pool)`` of the large split boards.
LARGE = ((100, 200), (60, 40), (100, 60))
GROUP_UNITS = 60
#: The brute force lists at most this many answers (else: skipped, with the count).
BRUTE_LIMIT = 200_000


# --------------------------------------------------------------------------- children


#: Layout of a child's shared progress array.
START, END, FINISHED, FAILED = range(4)
KEY_SLOTS = 8


def _child(task: Callable[[], tuple[int, ...]], progress: Any, key: Any) -> None:
    with flag_failure(progress, FAILED):
        progress[START] = time.perf_counter()
        result = task()
        progress[END] = time.perf_counter()
        key[0] = len(result)
        for j, value in enumerate(result, 1):
            key[j] = value
        progress[FINISHED] = 1.0


@dataclass
class ChildRun:
    seconds: float
    complete: bool
    key: tuple[int, ...] | None
    failed: bool = False


def cpsat_key(scenario: Scenario, goal: Objective) -> tuple[int, ...]:
    """The optimum key of CP-SAT's decision (what a child reports)."""
    return decide_cpsat(scenario, goal)[0]


def run_child(task: Callable[[], tuple[int, ...]], budget: float) -> ChildRun:
    """``task`` in a forked child, stopped after ``budget`` seconds."""
    progress = shared_array("d", 4)
    key = shared_array("q", KEY_SLOTS + 1)
    child = Child(progress, _child, task, progress, key)
    start = child.wait_start()
    now = child.wait(lambda: progress[FINISHED] == 0.0 and progress[FAILED] == 0.0,
                     start + budget)
    if progress[FINISHED] == 1.0:
        child.stop(grace=10)
        result = tuple(int(key[j]) for j in range(1, int(key[0]) + 1))
        return ChildRun(progress[END] - start, True, result)
    failed = progress[FAILED] == 1.0 or not child.alive
    child.stop()
    return ChildRun(now - (start or now), False, None, failed)


# --------------------------------------------------------------------------- part 2


@dataclass
class Latency:
    """One method's latency on one large board and objective."""

    case: str
    objective: str
    method: str
    #: ``complete``, ``capped`` (stopped after the budget), ``skipped`` or ``failed``.
    status: str
    median_ms: float | None = None
    max_ms: float | None = None
    key: list[int] | None = None
    repeat_ms: list[float] = field(default_factory=list)
    note: str = ""


@dataclass
class LatencyCase:
    label: str
    board: Board = field(repr=False)
    kind: str
    objectives: tuple[str, ...]
    build_ms: float = 0.0
    path: str = ""


def _ms(seconds: float) -> float:
    return seconds * 1e3


def latency_cases(seed: int) -> list[LatencyCase]:
    cases = []
    for targets, pool in LARGE:
        board = Board.of(f"Alpha Strike {targets}t/{pool}d",
                         large_board(targets, pool, seed))
        assert board.targets == targets and board.pool == pool
        path = "knapsack" if board.count > KNAPSACK_FROM else (
            "vectorised" if board.count <= VECTOR_LIMIT else "cpsat")
        shape = "spread" if targets <= pool else "drop"
        cases.append(LatencyCase(board.label, board, "split", OBJECTIVES,
                                 path=f"{path} ({shape})"))
    for policy in ("maximal", "any"):
        data = fox_fire_board(GROUP_UNITS, policy, seed)
        board = Board.of(f"Fox-Fire {GROUP_UNITS}u {policy}", data)
        legal = resolve(board.scenario)
        assert isinstance(legal, GroupResolutions)
        assert legal.problem.whole is None, "the group still meets the requirement"
        cases.append(LatencyCase(board.label, board, "group", GROUP_OBJECTIVES,
                                 path="every answer scored"))
    return cases


def measure_latency(cases: Sequence[LatencyCase], repeats: int, cpsat_repeats: int,
                    budget: float, say: Callable[[str], None]
                    ) -> tuple[list[Latency], list[Problem]]:
    results: list[Latency] = []
    problems: list[Problem] = []
    for case in cases:
        board = case.board
        case.build_ms = _ms(median_seconds(partial(resolve, board.scenario), repeats))
        for spec in case.objectives:
            goal = Objective.parse(spec)
            say(f"{case.label}, {spec}: {board.count:,} answers")
            decision = decide_best(board.scenario, goal)  # warm-up, and the reference
            problems.extend(check_answer(board, goal, "best", decision, None))
            reference = decision[0]
            times = timings(partial(decide_best, board.scenario, goal), repeats)
            results.append(Latency(case.label, spec, "best", "complete",
                                   _ms(statistics.median(times)), _ms(max(times)),
                                   list(reference), [_ms(t) for t in times]))
            # brute force: only where the count is small
            if board.count > BRUTE_LIMIT:
                results.append(Latency(case.label, spec, "brute", "skipped",
                                       note=f"{fmt_count(board.count)} answers"))
            else:
                brute = decide_brute(board.scenario, goal)  # warm-up, and the answer checked
                times = timings(partial(decide_brute, board.scenario, goal), max(1, repeats // 3))
                problems.extend(check_answer(board, goal, "brute", brute, None))
                if brute[0] != reference:
                    problems.append(Problem(case.label, spec, "best",
                                            f"best's key {reference} != brute force's "
                                            f"{brute[0]}", board.data))
                results.append(Latency(case.label, spec, "brute", "complete",
                                       _ms(statistics.median(times)), _ms(max(times)),
                                       list(brute[0]), [_ms(t) for t in times]))
            # CP-SAT, capped in a child
            runs: list[ChildRun] = []
            for _ in range(cpsat_repeats):
                run = run_child(partial(cpsat_key, board.scenario, goal), budget)
                runs.append(run)
                if not run.complete:
                    break
            if all(r.complete for r in runs):
                key = runs[0].key
                if any(r.key != key for r in runs) or key != reference:
                    problems.append(Problem(case.label, spec, "cpsat",
                                            f"CP-SAT's key {[r.key for r in runs]} != best's "
                                            f"{reference}", board.data))
                seconds = [r.seconds for r in runs]
                results.append(Latency(case.label, spec, "cpsat", "complete",
                                       _ms(statistics.median(seconds)), _ms(max(seconds)),
                                       list(key or ()), [_ms(s) for s in seconds]))
            else:
                last = runs[-1]
                status = "failed" if last.failed else "capped"
                results.append(Latency(case.label, spec, "cpsat", status, _ms(last.seconds),
                                       _ms(last.seconds), None,
                                       [_ms(r.seconds) for r in runs]))
    return results, problems
