"""How ``agents.py`` decides (``best``, the knapsack, the brute force, CP-SAT), how it
checks a decision, and the decisions per second on the typical boards (part 1).

A helper of ``benchmarks/agents.py`` (whose docstring describes the methods and the
checks), not a script.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from _agent_boards import Board
from _common import back_to_back, median_seconds

from riftsolve.engine.families.group import GroupResolutions
from riftsolve.engine.families.split import Resolutions
from riftsolve.engine.knapsack import best_split
from riftsolve.engine.legal import LegalSet
from riftsolve.engine.optimum import best
from riftsolve.engine.questions import resolve
from riftsolve.rules.objectives import Objective
from riftsolve.rules.scenario import Scenario

OBJECTIVES = ("kills", "kills,-overkill", "killed-might,-overkill", "value,-overkill")
DECISION_METHODS = ("best", "knapsack", "brute", "cpsat")


# --------------------------------------------------------------------------- deciding

Decision = tuple[tuple[int, ...], Any]


def decide_best(scenario: Scenario, goal: Objective) -> Decision:
    top = best(resolve(scenario), goal)[0]
    return top.key, top.answer


def decide_knapsack(scenario: Scenario, goal: Objective) -> Decision:
    """The knapsack directly (``best``'s path on large boards); ``best`` where it does
    not apply (no legal target, a null pool)."""
    legal = resolve(scenario)
    assert isinstance(legal, Resolutions)
    answer = best_split(scenario, legal.problem, goal)
    if answer is None:
        return decide_best(scenario, goal)
    return goal.measure(scenario, answer), answer


def decide_brute(scenario: Scenario, goal: Objective) -> Decision:
    """Every resolution listed natively and scored in pure Python; the first best."""
    return best_listed(scenario, goal, resolve(scenario, "native"))


def decide_cpsat(scenario: Scenario, goal: Objective) -> Decision:
    legal = resolve(scenario)
    if isinstance(legal, GroupResolutions):
        # No group model in engine.optimum: the CP-SAT backend's listing, scored.
        return best_listed(scenario, goal, resolve(scenario, "cpsat"))
    assert isinstance(legal, Resolutions)
    top = best(legal, goal, method="cpsat")[0]
    return top.key, top.answer


def best_listed(scenario: Scenario, goal: Objective, legal: LegalSet[Any]) -> Decision:
    """The first best of ``legal``'s listing, each answer scored with ``measure``."""
    top_key: tuple[int, ...] | None = None
    top: Any = None
    for answer in legal:
        key = goal.measure(scenario, answer)
        if top_key is None or key > top_key:
            top_key, top = key, answer
    assert top_key is not None
    return top_key, top


DECIDERS: dict[str, Callable[[Scenario, Objective], Decision]] = {
    "best": decide_best, "knapsack": decide_knapsack, "brute": decide_brute,
    "cpsat": decide_cpsat}


@dataclass
class Problem:
    """A wrong answer or a disagreement between methods (a bug)."""

    where: str
    objective: str
    method: str
    detail: str
    data: dict[str, Any] = field(repr=False)


def check_answer(board: Board, goal: Objective, method: str, decision: Decision,
                 reference: tuple[int, ...] | None) -> list[Problem]:
    """The answer is legal, its key is what ``measure`` says, and equals ``reference``."""
    key, answer = decision
    legal = resolve(board.scenario)
    found: list[Problem] = []
    failures = legal.verify(answer)
    if failures:
        found.append(Problem(board.label, str(goal), method,
                             f"illegal answer {answer}: {failures[0]}", board.data))
    measured = goal.measure(board.scenario, answer)
    if measured != key:
        found.append(Problem(board.label, str(goal), method,
                             f"reported key {key} but measure() gives {measured}", board.data))
    if reference is not None and key != reference:
        found.append(Problem(board.label, str(goal), method,
                             f"optimum key {key} != brute force's {reference} "
                             f"(answer {answer})", board.data))
    return found


# --------------------------------------------------------------------------- part 1


@dataclass
class DecisionRate:
    """Median decisions per second of one method on every typical board, one objective."""

    objective: str
    method: str
    decisions: int
    seconds_per_pass: float
    rate: float
    repeat_rates: list[float]
    fallbacks: int = 0


@dataclass
class Agreement:
    """How the methods' optima compare with the brute force's on one objective."""

    objective: str
    boards: int
    key_mismatches: dict[str, int]
    same_answer_as_brute: dict[str, int]


def timed_pass(decide: Callable[[Scenario, Objective], Decision], boards: Sequence[Board],
               goal: Objective, number: int) -> float:
    """Seconds of ``number`` back-to-back passes over ``boards``, per pass."""
    start = time.perf_counter()
    for _ in range(number):
        for board in boards:
            decide(board.scenario, goal)
    return (time.perf_counter() - start) / number


def measure_decisions(boards: Sequence[Board], repeats: int, cpsat_repeats: int,
                      floor: float, say: Callable[[str], None]
                      ) -> tuple[list[DecisionRate], list[Agreement], list[Problem]]:
    rates: list[DecisionRate] = []
    agreements: list[Agreement] = []
    problems: list[Problem] = []
    for spec in OBJECTIVES:
        goal = Objective.parse(spec)
        say(f"typical boards, objective {spec}: checking every method on every board")
        # Verification pass (also the warm-up): every method, every board.
        mismatches = dict.fromkeys(DECISION_METHODS, 0)
        same = dict.fromkeys(DECISION_METHODS, 0)
        fallbacks = 0
        for board in boards:
            decisions = {m: DECIDERS[m](board.scenario, goal) for m in DECISION_METHODS}
            reference = decisions["brute"][0]
            legal = resolve(board.scenario)
            assert isinstance(legal, Resolutions)
            if best_split(board.scenario, legal.problem, goal) is None:
                fallbacks += 1
            for method, decision in decisions.items():
                found = check_answer(board, goal, method, decision, reference)
                problems.extend(found)
                if decision[0] != reference:
                    mismatches[method] += 1
                if decision[1] == decisions["brute"][1]:
                    same[method] += 1
        agreements.append(Agreement(spec, len(boards), mismatches, same))
        say(f"typical boards, objective {spec}: timing")
        numbers = {}
        for method in DECISION_METHODS:
            once = timed_pass(DECIDERS[method], boards, goal, 1)
            numbers[method] = 1 if method == "cpsat" else back_to_back(once, floor, most=100)
        samples: dict[str, list[float]] = {m: [] for m in DECISION_METHODS}
        for rep in range(max(repeats, cpsat_repeats)):
            for method in DECISION_METHODS:
                if rep >= (cpsat_repeats if method == "cpsat" else repeats):
                    continue
                samples[method].append(timed_pass(DECIDERS[method], boards, goal,
                                                  numbers[method]))
        for method in DECISION_METHODS:
            seconds = statistics.median(samples[method])
            rates.append(DecisionRate(spec, method, len(boards), seconds,
                                      len(boards) / seconds,
                                      [len(boards) / s for s in samples[method]],
                                      fallbacks if method == "knapsack" else 0))
    return rates, agreements, problems


def build_only_rate(boards: Sequence[Board], repeats: int) -> float:
    """``resolve(scenario)`` alone, per second (the rules' share of a decision)."""

    def resolve_all() -> None:
        for board in boards:
            resolve(board.scenario)

    return len(boards) / median_seconds(resolve_all, repeats)


def overall(rates: Sequence[DecisionRate], method: str) -> float:
    """Decisions/s over every objective together (total decisions / total time)."""
    rows = [r for r in rates if r.method == method]
    return sum(r.decisions for r in rows) / sum(r.seconds_per_pass for r in rows)
