"""The count-latency cases of ``enumerate.py``: generated Alpha Strike scenarios, timed.

A helper of ``benchmarks/enumerate.py`` (whose docstring describes the measurement), not a
script: :func:`count_scenarios` builds the scenarios (10, 100 and 1000 units; 60 targets
with 40 and 100 damage), :func:`measure_counts` times parsing, the rules, the pure count
function and ``LegalSet.count()`` on each, and checks the count.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from _common import median_ms

from riftsolve.engine.count import count_split_resolutions, count_subsets_for_caps
from riftsolve.engine.families.split import Declarations, Resolutions
from riftsolve.engine.questions import finalize, resolve
from riftsolve.formats.format1 import parse_scenario


@dataclass
class CountCase:
    """One count-latency case."""

    name: str
    units: int
    question: str
    shape: str
    count: int
    count_fn_ms: float
    count_fn_max_ms: float
    legal_count_ms: float
    legal_count_max_ms: float
    build_ms: float
    parse_ms: float
    verified: bool | None

    @property
    def slowest_ms(self) -> float:
        """The slower of the two counts (the count function and ``LegalSet.count()``)."""
        return max(self.count_fn_ms, self.legal_count_ms)


def generated_board(units: int, seed: int, *, deflect: bool, friendly_might: int,
                    enemy_share: float = 0.75) -> list[dict[str, Any]]:
    """``units`` units: a friendly ``kai`` at north, then a random mix of friendly and
    enemy units at battlefields, bases and off the board, some untargetable, some with
    Deflect."""
    rng = random.Random(seed)
    board: list[dict[str, Any]] = [
        {"id": "kai", "controller": "A", "might": friendly_might, "location": "north"}]
    for i in range(1, units):
        if deflect and i <= 3:
            # Three enemy candidates with Deflect 1, 2, 2: a budget of 4 always binds.
            board.append({"id": f"u{i:04d}", "controller": "B", "might": 2,
                          "location": "north", "deflect": (1, 2, 2)[i - 1]})
            continue
        unit: dict[str, Any] = {
            "id": f"u{i:04d}",
            "controller": "B" if rng.random() < enemy_share else "A",
            "might": rng.randint(0, 8),
            "location": rng.choices(["north", "south", "base", "offboard"],
                                    weights=[45, 35, 15, 5])[0],
        }
        if rng.random() < 0.05:
            unit["untargetable"] = "enemy"
        if deflect and rng.random() < 0.3:
            unit["deflect"] = rng.choice([1, 1, 2])
        board.append(unit)
    return board


def count_scenarios() -> list[tuple[str, int, str, dict[str, Any]]]:
    """``(name, units, question, scenario dict)`` for every count-latency case."""
    cases: list[tuple[str, int, str, dict[str, Any]]] = []
    base: dict[str, Any] = {"format": 1, "controller": "A", "card": "Alpha Strike",
                            "battlefields": ["north", "south"]}
    for units in (10, 100, 1000):
        board = generated_board(units, seed=units, deflect=False, friendly_might=7)
        enemies = [u["id"] for u in board if u["controller"] == "B"]
        cases.append((f"resolve, {units} units", units, "resolve",
                      {**base, "units": board,
                       "targets": {"friendly": "kai", "enemies": enemies}}))
        cases.append((f"finalize, {units} units", units, "finalize",
                      {**base, "units": board}))
        taxed = generated_board(units, seed=units + 1, deflect=True, friendly_might=7)
        cases.append((f"finalize + Deflect, power 4, {units} units", units, "finalize",
                      {**base, "units": taxed, "available_power": 4}))
    for pool in (40, 100):
        ids = [f"t{i:02d}" for i in range(60)]
        big: list[dict[str, Any]] = [
            {"id": "kai", "controller": "A", "might": pool, "location": "north"}]
        big += [{"id": u, "controller": "B", "might": 1, "location": "north"} for u in ids]
        cases.append((f"resolve, 60 targets / {pool} damage", len(big), "resolve",
                      {**base, "units": big,
                       "targets": {"friendly": "kai", "enemies": ids}}))
        rng = random.Random(pool)
        taxed_units = [dict(u, deflect=rng.choice([0, 0, 1, 2])) if u["id"] != "kai" else u
                       for u in big]
        cases.append((f"finalize + Deflect, power 10, 60 candidates / cap {pool}",
                      len(big), "finalize",
                      {**base, "units": taxed_units, "available_power": 10}))
    return cases


def count_function(legal: Resolutions | Declarations) -> tuple[str, Callable[[], object], int]:
    """``(shape, the pure count function of the question, the count it must give)``."""
    if isinstance(legal, Resolutions):
        problem = legal.problem
        shape = f"{len(problem.targets)} legal targets, {problem.pool} damage"
        expected = 1 if problem.pool_null else count_split_resolutions(
            len(problem.targets), problem.pool)
        count_split = partial(count_split_resolutions, len(problem.targets), problem.pool)
        return shape, count_split, expected
    fp = legal.problem
    caps = [o.cap for o in fp.options]
    binds = fp.budget is not None and sum(fp.taxes) > fp.budget
    shape = (f"{len(fp.candidates)} candidates, {len(caps)} friendly options, "
             f"{'budget ' + str(fp.budget) if binds else 'no binding budget'}")
    count_fn = partial(count_subsets_for_caps, len(fp.candidates), caps=caps, taxes=fp.taxes,
                       budget=fp.budget)
    return shape, count_fn, sum(count_fn())


def measure_counts(repeats: int, say: Callable[[str], None]) -> list[CountCase]:
    results: list[CountCase] = []
    for name, units, question, data in count_scenarios():
        say(f"counting {name}")
        parse_ms, _ = median_ms(partial(parse_scenario, data), repeats)
        scenario = parse_scenario(data)
        build = partial(resolve if question == "resolve" else finalize, scenario)
        build_ms, _ = median_ms(build, repeats)
        legal = build()
        assert isinstance(legal, Resolutions | Declarations), type(legal)
        shape, count_fn, expected = count_function(legal)
        fn_ms, fn_max = median_ms(count_fn, repeats)
        count_ms, count_max = median_ms(legal.count, repeats)
        count = legal.count()
        verified: bool | None = count == expected
        if verified and count <= 200_000:
            # Small enough to list: the count must match a full native enumeration.
            verified = sum(1 for _ in legal) == count
        results.append(CountCase(name, units, question, shape, count, fn_ms, fn_max,
                                 count_ms, count_max, build_ms, parse_ms, verified))
    return results
