"""Best answers for agents: decisions per second, decision latency and unranking throughput.

Run from the repository root (with the project's venv)::

    python benchmarks/agents.py                      # full run, about 3 minutes
    python benchmarks/agents.py --quick              # CI smoke run, well under 60 s
    python benchmarks/agents.py --json results.json  # also write every number as JSON

What it measures, in one run and on the same questions:

1. **Decisions per second on typical Alpha Strike boards.** ``--boards`` seeded boards
   (200; 40 with ``--quick``): 2 to 10 chosen enemy targets (about one board in ten has
   one of them recalled to its base since, so it is illegal now, 359.3.e), the friendly
   unit's Might (the pool) 1 to 12, enemy Might 0 to 6, about a third of the damaged-able
   enemies with marked damage (never lethal already), half with a ``value``, and a few
   bystanders that were not chosen. Every scenario is a plain dict parsed once with
   :func:`models.scenario.parse_scenario`; a *decision* is ``resolve(scenario)`` (the
   rules, building the ``LegalSet``) plus the choice of the best answer, for each of the
   objectives ``kills``, ``kills,-overkill``, ``killed-might,-overkill`` and
   ``value,-overkill``. Methods (columns):

   * ``best``: :func:`solver.best.best` (on these boards the vectorised numpy scoring:
     fewer than ``KNAPSACK_FROM`` answers);
   * ``knapsack``: for information, :func:`solver.knapsack.best_split` called directly
     (the path ``best`` takes on large boards), the key measured with ``Objective.measure``;
   * ``brute``: ``resolve(scenario, "native")`` iterated, every resolution scored with
     :meth:`models.objectives.Objective.measure` in pure Python, the first best kept;
   * ``cpsat``: the plain CP-SAT model of the same question,
     ``solver.best._cpsat_best(legal, goal, 1)`` (one worker, each term optimised and
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
   :func:`solver.rank.unrank_combinations` and :func:`solver.rank.unrank_masks`). Checks:
   ``unrank(arange)`` equals the native listing order (``LegalSet.blocks``), and on a
   sample of indices ``legal[i]`` is legal, ``index()`` gives ``i`` back and the row
   equals ``unrank``'s.

Targets, printed PASS/MISS: ``best`` at least 1,000 decisions per second on the typical
boards, in one process (each objective and all four together); ``best`` under 20 ms per
decision (median) on the boards with 100 targets; ``unrank`` at least 1M random indices per
second into numpy on every board. The library versions, the core count and the CP-SAT
worker counts are printed first.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

import numpy as np
from _common import (
    Child,
    back_to_back,
    base_parser,
    environment,
    flag_failure,
    fmt_rate,
    fmt_ratio,
    make_console,
    median_seconds,
    new_table,
    pass_cell,
    random_units,
    say_to,
    shared_array,
    timings,
    unmeet_fox_fire,
    versions_line,
    write_json,
)
from _common import fmt_ms as fmt_ms_with
from rich.console import Console
from rich.markup import escape

from models.answers import Resolution
from models.board import BASE
from models.objectives import Objective
from models.scenario import Scenario, parse_scenario
from solver.best import KNAPSACK_FROM, VECTOR_LIMIT, _cpsat_best, best
from solver.knapsack import best_split
from solver.legal import GroupResolutions, LegalSet, Resolutions, resolve
from solver.params import enumeration_solver, optimising_solver

#: Targets from the issue.
DECISIONS_PER_S = 1_000.0
LATENCY_MS = 20.0
LATENCY_TARGETS = 100
UNRANK_PER_S = 1_000_000.0

OBJECTIVES = ("kills", "kills,-overkill", "killed-might,-overkill", "value,-overkill")
GROUP_OBJECTIVES = ("kills", "killed-might")
DECISION_METHODS = ("best", "knapsack", "brute", "cpsat")
LATENCY_METHODS = ("best", "brute", "cpsat")
#: ``(targets, pool)`` of the large split boards.
LARGE = ((100, 200), (60, 40), (100, 60))
GROUP_UNITS = 60
#: The brute force lists at most this many answers (else: skipped, with the count).
BRUTE_LIMIT = 200_000
#: Large unranking cases ``(targets, pool)``, beyond the typical boards.
UNRANK_CASES = ((10, 12), (10, 5), (60, 40), (100, 10), (20, 60), (40, 50), (100, 60), (100, 200))
MIN_BATCH = 50_000
BATTLEFIELDS = ("north", "south")


# --------------------------------------------------------------------------- boards


def alpha_strike_board(rng: random.Random, enemies: int, pool: int, *, recalled: bool,
                       bystanders: int) -> dict[str, Any]:
    """An Alpha Strike resolution: ``kai`` (Might ``pool``) and ``enemies`` chosen enemy
    units at the battlefields (Might 0-6, some marked damage, some ``value``)."""
    units: list[dict[str, Any]] = [
        {"id": "kai", "controller": "A", "might": pool, "location": "north"}]
    chosen: list[str] = []
    for i in range(enemies):
        might = rng.randint(0, 6)
        unit: dict[str, Any] = {"id": f"e{i:03d}", "controller": "B", "might": might,
                                "location": rng.choice(BATTLEFIELDS)}
        if might >= 2 and rng.random() < 0.35:
            unit["damage"] = rng.randint(1, might - 1)  # marked, not lethal yet
        if rng.random() < 0.5:
            unit["value"] = rng.randint(1, 5)
        units.append(unit)
        chosen.append(unit["id"])
    if recalled:
        units[rng.randint(1, enemies)]["location"] = BASE  # illegal now (359.3.e.2)
    for j in range(bystanders):  # not chosen: the rules must leave them alone
        units.append({"id": f"b{j:02d}", "controller": rng.choice("AB"),
                      "might": rng.randint(0, 6),
                      "location": rng.choice((*BATTLEFIELDS, BASE))})
    return {"format": 1, "controller": "A", "card": "Alpha Strike",
            "battlefields": list(BATTLEFIELDS), "units": units,
            "targets": {"friendly": "kai", "enemies": chosen}}


def typical_board(index: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed * 100_003 + index)
    enemies, pool = rng.randint(2, 10), rng.randint(1, 12)
    return alpha_strike_board(rng, enemies, pool, recalled=rng.random() < 0.1,
                              bystanders=rng.randint(0, 3))


def large_board(targets: int, pool: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed * 100_003 + targets * 1000 + pool)
    return alpha_strike_board(rng, targets, pool, recalled=False, bystanders=3)


def fox_fire_board(units: int, policy: str, seed: int) -> dict[str, Any]:
    """A Fox-Fire resolution whose chosen targets no longer meet "total Might 4 or less
    at a battlefield" together (as ``benchmarks/groups.py`` builds them)."""
    rng = random.Random(seed * 100_003 + units)
    battlefields = ["north", "south", "east"]
    board = random_units(rng, units, battlefields)
    candidates = [u for u in board if u["location"] != BASE]
    chosen = rng.sample(candidates, min(units // 2 + 1, len(candidates)))
    unmeet_fox_fire(rng, chosen, battlefields)  # pumped, spread, one killed, one recalled
    return {"format": 1, "controller": "A", "card": "Fox-Fire", "battlefields": battlefields,
            "units": board, "policy": {"group_subset": policy},
            "targets": {"units": sorted(u["id"] for u in chosen)}}


@dataclass
class Board:
    """One parsed scenario and what its resolution question looks like."""

    label: str
    data: dict[str, Any] = field(repr=False)
    scenario: Scenario = field(repr=False)
    count: int
    targets: int
    pool: int | None

    @classmethod
    def of(cls, label: str, data: dict[str, Any]) -> Board:
        scenario = parse_scenario(data)
        legal = resolve(scenario)
        if isinstance(legal, Resolutions):
            return cls(label, data, scenario, legal.count(), len(legal.problem.targets),
                       legal.problem.pool)
        assert isinstance(legal, GroupResolutions)
        return cls(label, data, scenario, legal.count(), len(legal.problem.members), None)


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
        # No group model in solver.best: the CP-SAT backend's listing, scored.
        return best_listed(scenario, goal, resolve(scenario, "cpsat"))
    assert isinstance(legal, Resolutions)
    top = _cpsat_best(legal, goal, 1)[0]
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
                run = run_child(lambda s=board.scenario, g=goal: decide_cpsat(s, g)[0],
                                budget)
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


# --------------------------------------------------------------------------- part 3


@dataclass
class Unranking:
    """Unranking throughput and checks on one case."""

    case: str
    boards: int
    count: str
    batch: int
    #: ``None``: the question has no int64 index (n/a).
    arange_rate: float | None = None
    random_rate: float | None = None
    getitem_us: float | None = None
    index_us: float | None = None
    order_checked: int = 0
    order_ok: bool | None = None
    round_trips: int = 0
    round_trip_ok: bool | None = None
    note: str = ""

    @property
    def passed(self) -> bool | None:
        if self.random_rate is None:
            return None
        return self.random_rate >= UNRANK_PER_S


def _blocks_prefix(legal: Resolutions, rows: int) -> np.ndarray[Any, Any]:
    """The first ``rows`` answers of the native listing, as one matrix."""
    taken: list[np.ndarray[Any, Any]] = []
    have = 0
    for block in legal.blocks():
        taken.append(block[: rows - have])
        have += taken[-1].shape[0]
        if have >= rows:
            break
    return np.vstack(taken)


def measure_unranking(legals: Sequence[Resolutions], label: str, batch: int, repeats: int,
                      budget: float, samples: int, rng: np.random.Generator,
                      problems: list[Problem], data: Sequence[dict[str, Any]]) -> Unranking:
    """Unrank on ``legals`` (one large board, or the typical boards sharing the batch)."""
    counts = [legal.count() for legal in legals]
    shown = fmt_count(counts[0]) if len(legals) == 1 else (
        f"{min(counts):,}-{max(counts):,}")
    if any(c >= 2**62 for c in counts):
        return Unranking(label, len(legals), shown, 0,
                         note=f"{fmt_count(max(counts))} answers: no int64 index")
    # Shrink the batch if the first probe says a sample would exceed the budget.
    probe = [rng.integers(c, size=max(1, min(batch, 20_000) // len(legals))) for c in counts]
    start = time.perf_counter()
    for legal, idx in zip(legals, probe, strict=True):
        legal.unrank(idx)
    per_index = (time.perf_counter() - start) / sum(p.size for p in probe)
    if per_index * batch > budget:
        batch = max(MIN_BATCH, int(budget / per_index))
    per_board = max(1, batch // len(legals))
    randoms = [rng.integers(c, size=per_board) for c in counts]
    ordered = [np.arange(min(c, per_board), dtype=np.int64) for c in counts]
    total_random = sum(r.size for r in randoms)
    total_ordered = sum(o.size for o in ordered)
    result = Unranking(label, len(legals), shown, total_random)

    def unrank_all(batches: Sequence[np.ndarray[Any, Any]]) -> Callable[[], None]:
        def call() -> None:
            for legal, idx in zip(legals, batches, strict=True):
                legal.unrank(idx)
        return call

    result.arange_rate = total_ordered / median_seconds(unrank_all(ordered), repeats)
    result.random_rate = total_random / median_seconds(unrank_all(randoms), repeats)
    # Checks: order = the native listing; index round trips.
    order_ok = round_ok = True
    checked = trips = 0
    getitem_times: list[float] = []
    index_times: list[float] = []
    for legal, idx, order, count, scenario in zip(legals, randoms, ordered, counts, data,
                                                   strict=True):
        rows = legal.unrank(order)
        prefix = _blocks_prefix(legal, order.size)
        checked += order.size
        if rows.shape != prefix.shape or not np.array_equal(rows, prefix):
            order_ok = False
            problems.append(Problem(label, "-", "unrank", "unrank(arange) differs from the "
                                    "native listing order", dict(scenario)))
        picks = {0, count - 1, *(int(i) for i in idx[: max(1, samples // len(legals))])}
        for i in sorted(picks):
            start = time.perf_counter()
            answer = legal[i]
            middle = time.perf_counter()
            back = legal.index(answer)  # verifies the answer too
            end = time.perf_counter()
            getitem_times.append(middle - start)
            index_times.append(end - middle)
            trips += 1
            row = legal.unrank(np.array([i], dtype=np.int64))[0]
            expected = Resolution(tuple((u, int(a)) for u, a in
                                        zip(legal.columns, row, strict=True) if a))
            if back != i or answer != expected:
                round_ok = False
                problems.append(Problem(label, "-", "index", f"legal[{i}] = {answer}, "
                                        f"index() = {back}, unrank row {row.tolist()}",
                                        dict(scenario)))
    result.order_checked, result.order_ok = checked, order_ok
    result.round_trips, result.round_trip_ok = trips, round_ok
    result.getitem_us = statistics.median(getitem_times) * 1e6
    result.index_us = statistics.median(index_times) * 1e6
    return result


# --------------------------------------------------------------------------- targets


@dataclass
class Target:
    """One PASS/MISS check."""

    name: str
    where: str
    value: float | None
    threshold: float
    #: ``"max"``: the value must stay below the threshold.
    sense: str = "min"
    unit: str = ""

    @property
    def passed(self) -> bool:
        if self.value is None:
            return False
        return self.value >= self.threshold if self.sense == "min" else (
            self.value < self.threshold)


def collect_targets(rates: Sequence[DecisionRate], latencies: Sequence[Latency],
                    unrankings: Sequence[Unranking]) -> list[Target]:
    targets = []
    for r in rates:
        if r.method == "best":
            targets.append(Target(f"best >= {DECISIONS_PER_S:,.0f} decisions/s",
                                  f"typical boards, {r.objective}", r.rate, DECISIONS_PER_S,
                                  unit="/s"))
    targets.append(Target(f"best >= {DECISIONS_PER_S:,.0f} decisions/s",
                          "typical boards, all objectives", overall(rates, "best"),
                          DECISIONS_PER_S, unit="/s"))
    for lat in latencies:
        if lat.method == "best" and lat.case.startswith(f"Alpha Strike {LATENCY_TARGETS}t"):
            targets.append(Target(f"best < {LATENCY_MS:g} ms per decision (median)",
                                  f"{lat.case}, {lat.objective}", lat.median_ms, LATENCY_MS,
                                  "max", "ms"))
    for u in unrankings:
        if u.random_rate is not None:
            targets.append(Target(f"unrank >= {fmt_rate(UNRANK_PER_S)} random indices",
                                  u.case, u.random_rate, UNRANK_PER_S, unit="/s"))
    return targets


# --------------------------------------------------------------------------- reporting


def versions() -> dict[str, Any]:
    """The library versions, the core count and the CP-SAT worker counts."""
    return environment(("ortools", "numpy", "pydantic", "rich", "riftsolve"),
                       cpsat_num_workers=optimising_solver().parameters.num_workers,
                       cpsat_listing_num_workers=enumeration_solver().parameters.num_workers,
                       knapsack_from=KNAPSACK_FROM, vector_limit=VECTOR_LIMIT)


def fmt_count(count: int) -> str:
    return f"{count:,}" if count < 10**9 else f"{count:.2e}".replace("e+", "e")


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
           unrankings: Sequence[Unranking], targets: Sequence[Target],
           problems: Sequence[Problem]) -> None:
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

    target_table = new_table("Targets", ("target", "where", "measured", "needed", "result"),
                             left=("target", "where", "result"))
    for t in targets:
        if t.unit == "ms":
            shown, needed = fmt_ms(t.value), f"< {fmt_ms(t.threshold)}"
        else:
            shown, needed = fmt_rate(t.value), fmt_rate(t.threshold)
        share = None
        if not t.passed and t.value is not None:
            share = t.value / t.threshold if t.sense == "min" else t.threshold / t.value
        target_table.add_row(t.name, t.where, shown, needed, pass_cell(t.passed, share))
    console.print(target_table)

    for p in problems:
        console.print(f"[red]MISMATCH[/red] {escape(p.method)} on {escape(p.where)}, "
                      f"objective {escape(p.objective)}: {escape(p.detail)}; scenario:")
        console.print(escape(json.dumps(p.data)), soft_wrap=True)
    missed = [t for t in targets if not t.passed]
    summary = f"targets: {len(targets) - len(missed)}/{len(targets)} PASS"
    if missed:
        summary += f" ({len(missed)} MISS)"
    if problems:
        summary += f"; [red]{len(problems)} mismatch(es) between methods or wrong answers[/red]"
    else:
        summary += "; every method agreed on every board, every answer legal"
    console.print(summary)


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

    console = make_console(200)
    say = say_to(console)
    meta = versions()
    meta.update(mode="quick" if quick else "full", boards=n_boards, seed=args.seed,
                repeats=repeats, cpsat_repeats=cpsat_repeats, latency_repeats=latency_repeats,
                budget=budget, batch=batch, unrank_budget=unrank_budget, samples=samples,
                sample_floor=floor, brute_limit=BRUTE_LIMIT, argv=sys.argv[1:])
    started = time.perf_counter()

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
    for targets, pool in UNRANK_CASES:
        data = large_board(targets, pool, args.seed)
        legal = resolve(parse_scenario(data))
        assert isinstance(legal, Resolutions)
        shape = "spread" if targets <= pool else "drop"
        say(f"unranking {targets}t/{pool}d")
        unrankings.append(measure_unranking([legal], f"{shape} {targets}t/{pool}d", batch,
                                            unrank_repeats, unrank_budget, samples, rng,
                                            problems, [data]))
    targets_ = collect_targets(rates, latencies, unrankings)
    meta["wall_seconds"] = round(time.perf_counter() - started, 1)

    render(console, meta, boards, rates, agreements, cases, latencies, unrankings, targets_,
           problems)
    console.print(f"wall time {meta['wall_seconds']} s")

    if args.json:
        document = {
            "meta": meta,
            "typical_boards": [{"label": b.label, "answers": b.count, "targets": b.targets,
                                "pool": b.pool, "scenario": b.data} for b in boards],
            "decisions": [asdict(r) for r in rates],
            "decisions_all_objectives": {m: overall(rates, m) for m in DECISION_METHODS},
            "agreement": [asdict(a) for a in agreements],
            "latency_boards": [{"label": c.label, "answers": str(c.board.count),
                                "path": c.path, "build_ms": c.build_ms,
                                "scenario": c.board.data} for c in cases],
            "latency": [asdict(lat) for lat in latencies],
            "unranking": [{**asdict(u), "passed": u.passed} for u in unrankings],
            "targets": [{**asdict(t), "passed": t.passed} for t in targets_],
            "mismatches": [asdict(p) for p in problems],
        }
        write_json(args.json, document, console)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
