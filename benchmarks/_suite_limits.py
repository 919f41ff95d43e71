"""The suite's "closer to the limit" measurements, each side by side with what it is
measured against: ``best`` on typical boards against a numpy brute force, listing maximal
group subsets against listing every feasible one, how finalization counts grow with the
board, and the JSON-lines writer against the rows it formats.

A helper of ``benchmarks/__main__.py``, not a script.
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from itertools import chain, combinations
from math import comb
from typing import Any

import numpy as np
from _agent_boards import typical_board
from _common import back_to_back, median_seconds
from _group_boards import resolve_data
from boards import finalization

import riftsolve as rs
from riftsolve.cards import card
from riftsolve.engine.families.split import Declarations, Resolutions
from riftsolve.formats.lines import declaration_block_text, resolution_block_text
from riftsolve.rules.outcome import lethal


def _per_call(calls: Sequence[Callable[[], object]], repeats: int) -> list[float]:
    """Median seconds of one call of each of ``calls``, sampled in turn (a slow spell of
    the machine hits them all), each sample a call run back to back for 20 ms."""
    numbers = [back_to_back(median_seconds(call, 1), 0.02) for call in calls]
    samples: list[list[float]] = [[] for _ in calls]
    for _ in range(repeats):
        for call, number, taken in zip(calls, numbers, samples, strict=True):
            start = time.perf_counter()
            for _ in range(number):
                call()
            taken.append((time.perf_counter() - start) / number)
    return [statistics.median(taken) for taken in samples]


def _best_kills(scenario: rs.Scenario) -> list[Any]:
    """``best(kills)`` on a fresh legal set."""
    return rs.best(rs.resolve(scenario), "kills")


def numpy_brute_kills(scenario: rs.Scenario) -> tuple[int, list[int]]:
    """The most kills of a split resolution and the first row reaching it, by a numpy brute
    force: every row of ``arrays()`` scored at once (a unit dealt damage dies when marked
    plus dealt damage reaches its lethal amount, 142.4)."""
    legal = rs.resolve(scenario)
    units = [scenario.board[u] for u in legal.columns]
    marked = np.array([u.damage for u in units], dtype=np.int64)
    deadly = np.array([lethal(scenario, u) for u in units], dtype=np.int64)
    top, row = -1, []
    for block in legal.arrays():
        kills = ((block > 0) & (block + marked >= deadly)).sum(axis=1)
        at = int(kills.argmax())
        if int(kills[at]) > top:
            top, row = int(kills[at]), block[at].tolist()
    return top, row


def python_brute_kills(scenario: rs.Scenario) -> tuple[int, ...]:
    """The most kills by scoring every listed resolution on its outcome (the brute force
    the tests hold ``best`` to)."""
    goal = rs.Objective.parse("kills")
    return max(goal.measure(scenario, answer) for answer in rs.resolve(scenario, "native"))


def typical_best(boards: int, repeats: int) -> dict[str, Any]:
    """``best(kills)`` on the agents' typical Alpha Strike resolutions (2-10 targets, 1-12
    damage), a fresh legal set each time, against the numpy and the Python brute forces;
    the median and least ratio brute / best (above 1: ``best`` is faster) and whether all
    three found the same optimum."""
    rows: list[dict[str, Any]] = []
    for index in range(boards):
        scenario = rs.parse_scenario(typical_board(index, 1))
        count = rs.resolve(scenario).count()
        if not count:
            continue
        top = rs.best(rs.resolve(scenario), "kills")[0].key[0]
        agree = numpy_brute_kills(scenario)[0] == top == python_brute_kills(scenario)[0]
        best, numpy, python = _per_call((
            partial(_best_kills, scenario), partial(numpy_brute_kills, scenario),
            partial(python_brute_kills, scenario)), repeats)
        rows.append({"answers": count, "agree": agree, "best_us": best * 1e6,
                     "numpy_us": numpy * 1e6, "python_us": python * 1e6})
    numpy_ratios = [r["numpy_us"] / r["best_us"] for r in rows]
    python_ratios = [r["python_us"] / r["best_us"] for r in rows]
    return {"boards": rows, "agree": all(r["agree"] for r in rows),
            "best_us": statistics.median(r["best_us"] for r in rows),
            "numpy_over_best": statistics.median(numpy_ratios),
            "numpy_over_best_least": min(numpy_ratios),
            "python_over_best": statistics.median(python_ratios),
            "python_over_best_least": min(python_ratios)}


def maximal_vs_all(sizes: Sequence[int]) -> list[dict[str, Any]]:
    """Fox-Fire resolutions whose chosen targets no longer fit together: listing the
    maximal subsets kept (the default policy) against listing every feasible subset
    (``any``) on the same board. Output-sensitive when the first costs about its answers,
    not the second's."""
    rows = []
    for units in sizes:
        row: dict[str, Any] = {"units": units}
        for policy in ("maximal", "any"):
            legal = rs.resolve(rs.parse_scenario(resolve_data(units, "Fox-Fire", policy)))
            start = time.perf_counter()
            listed = sum(1 for _ in legal)
            row[policy] = {"answers": listed, "seconds": time.perf_counter() - start,
                           "count": legal.count()}
        row["us_per_maximal"] = row["maximal"]["seconds"] / max(row["maximal"]["answers"],
                                                                1) * 1e6
        row["us_per_any"] = row["any"]["seconds"] / max(row["any"]["answers"], 1) * 1e6
        rows.append(row)
    return rows


def count_scaling(sizes: Sequence[int], cards: Sequence[str], repeats: int
                  ) -> list[dict[str, Any]]:
    """Each card's finalization ``count()`` (the rules applied, then the exact count) on
    boards of each size, with the caster's Power for Deflect capped at 3 so that the
    budget binds (the harder count)."""
    rows = []
    for name in cards:
        for units in sizes:
            data = finalization(card(name), units, 1)
            data["available_power"] = 3
            try:
                scenario = rs.parse_scenario(data)  # (a board past the bounds: refused)
                count: int | None = rs.finalize(scenario).count()
                seconds: float | None = median_seconds(partial(_count, scenario), repeats)
                error = ""
            except Exception as refusal:  # a refused count is a result
                count, seconds, error = None, None, str(refusal).splitlines()[0][:120]
            rows.append({"card": name, "units": units, "digits": len(str(count))
                         if count is not None else None, "ms": None if seconds is None
                         else seconds * 1e3, "error": error})
    return rows


#: The shapes of :func:`formatting`: targets 5 damage is kept by, damage 5 targets share,
#: enemies a declaration chooses up to 5 of (the full run's, and ``--quick``'s).
FORMAT_SHAPES = (28, 42, 40)
QUICK_FORMAT_SHAPES = (20, 30, 25)
#: The shapes of :func:`arrays_vs_direct`: damage 5 targets share, targets 5 damage is
#: kept by (the full run's, and ``--quick``'s).
ARRAY_SHAPES = (42, 43)
QUICK_ARRAY_SHAPES = (30, 30)


def formatting(repeats: int, shapes: tuple[int, int, int] = FORMAT_SHAPES
               ) -> list[dict[str, Any]]:
    """Rows generated against JSON lines written, per second, for the numpy paths of the
    command line: split resolutions (5 damage kept by 5 of 28 targets; 5 targets sharing 42
    damage) and split declarations (up to 5 of 40 enemies; other numbers in ``shapes``);
    the formatting's share of the listing's time."""
    rows = []
    kept, shared, chosen = shapes
    for label, data in ((f"resolve: 5 damage kept by 5 of {kept}", alpha_strike(kept, 5)),
                        (f"resolve: {shared} damage among 5", alpha_strike(5, shared)),
                        (f"finalize: up to 5 of {chosen}",
                         alpha_strike(chosen, 5, declared=False))):
        scenario = rs.parse_scenario(data)
        legal = (rs.finalize if label.startswith("finalize") else rs.resolve)(scenario)
        generate, write = (_resolution_writer(legal) if isinstance(legal, Resolutions)
                           else _declaration_writer(legal))
        generated = median_seconds(generate, repeats)
        answers = legal.count()
        written = median_seconds(write, repeats)
        rows.append({"question": label, "answers": answers,
                     "rows_per_s": answers / generated, "lines_per_s": answers / written,
                     "formatting_share": written / (written + generated)})
    return rows



def alpha_strike(enemies: int, might: int, *, declared: bool = True) -> dict[str, Any]:
    """Alpha Strike with ``kai`` (Might ``might``: the damage) and ``enemies`` enemy units
    of Might 3 at one battlefield: resolving among them all (``declared``), else to be
    finalized."""
    units = [{"id": "kai", "controller": "A", "might": might, "location": "north"}]
    units += [{"id": f"e{i:03d}", "controller": "B", "might": 3, "location": "north"}
              for i in range(enemies)]
    data: dict[str, Any] = {"format": 1, "controller": "A", "card": "Alpha Strike",
                            "battlefields": ["north"], "units": units}
    if declared:
        data["targets"] = {"friendly": "kai", "enemies": [u["id"] for u in units[1:]]}
    return data


def _bars(n: int, k: int) -> np.ndarray[Any, Any]:
    """Every ``k``-combination of ``range(n)``, from ``itertools.combinations`` into
    numpy."""
    return np.fromiter(chain.from_iterable(combinations(range(n), k)), dtype=np.int64,
                       count=comb(n, k) * k).reshape(-1, k)


def direct_splits(total: int, parts: int) -> np.ndarray[Any, Any]:
    """The compositions of ``total`` into ``parts`` positive parts, built directly: the
    bars between them as combinations, then their differences."""
    bars = _bars(total - 1, parts - 1)
    full = np.empty((len(bars), parts + 1), dtype=np.int64)
    full[:, 0], full[:, 1:-1], full[:, -1] = -1, bars, total - 1
    return np.diff(full, axis=1)


def direct_drops(n: int, k: int) -> np.ndarray[Any, Any]:
    """Rows of ``n`` columns with 1 in each ``k``-combination's columns, built directly."""
    kept = _bars(n, k)
    rows = np.zeros((len(kept), n), dtype=np.int64)
    rows[np.arange(len(kept))[:, None], kept] = 1
    return rows


def arrays_vs_direct(repeats: int, shapes: tuple[int, int] = ARRAY_SHAPES
                     ) -> list[dict[str, Any]]:
    """A split resolution's ``arrays()`` against a direct numpy build of the same rows
    (from ``itertools.combinations``), on the two shapes: the targets sharing the damage
    (compositions, 355.14.e-g; 42 damage among 5) and the damage short, each kept target
    dealt 1 (combinations, 355.14.h.1; 5 of 43 kept; other numbers in ``shapes``). The
    rows must be the same, in the same order."""
    rows = []
    shared, kept = shapes
    for label, scenario, direct in (
            (f"{shared} damage among 5 targets", rs.parse_scenario(alpha_strike(5, shared)),
             partial(direct_splits, shared, 5)),
            (f"5 damage, 5 of {kept} targets kept", rs.parse_scenario(alpha_strike(kept, 5)),
             partial(direct_drops, kept, 5))):
        legal = rs.resolve(scenario)
        same = bool((np.vstack(list(legal.arrays())) == direct()).all())
        ours = median_seconds(partial(_all_rows, legal), repeats)
        theirs = median_seconds(direct, repeats)
        answers = legal.count()
        rows.append({"question": label, "answers": answers, "arrays_per_s": answers / ours,
                     "direct_per_s": answers / theirs, "ratio": theirs / ours,
                     "same": same})
    return rows


def _all_rows(legal: rs.LegalSet[Any]) -> list[np.ndarray[Any, Any]]:
    """Every block of ``legal.arrays()``."""
    return list(legal.arrays())


def _count(scenario: rs.Scenario) -> int:
    """A finalization's count on a fresh legal set."""
    return rs.finalize(scenario).count()


def _resolution_writer(legal: Resolutions) -> tuple[Callable[[], object], Callable[[], int]]:
    """``(generate, write)`` for split resolutions: their numpy blocks, and those blocks
    written as JSON lines (into memory; the characters written)."""
    blocks = list(legal.blocks())
    columns = legal.columns

    def write() -> int:
        sink = io.StringIO()
        for block in blocks:
            sink.write(resolution_block_text(columns, block))
        return len(sink.getvalue())

    return lambda: list(legal.blocks()), write


def _declaration_writer(legal: Any) -> tuple[Callable[[], object], Callable[[], int]]:
    """``(generate, write)`` for split declarations: their numpy blocks of chosen targets,
    and those written as JSON lines."""
    assert isinstance(legal, Declarations)
    chosen = list(legal.chosen_blocks())
    names = legal.problem.candidates

    def write() -> int:
        sink = io.StringIO()
        for friendly, rows, cost in chosen:
            sink.write(declaration_block_text(friendly, "enemies", names, rows, cost))
        return len(sink.getvalue())

    return lambda: list(legal.chosen_blocks()), write
