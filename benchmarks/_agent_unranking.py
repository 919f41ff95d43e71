"""Unranking throughput of ``agents.py`` (part 3): ``Resolutions.unrank`` of numpy batches
of indices, in order and at random, with its checks.

A helper of ``benchmarks/agents.py`` (whose docstring describes the batches and the
checks), not a script.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from _agent_boards import fmt_count
from _agent_decisions import Problem
from _common import median_seconds

from riftsolve.engine.families.split import Resolutions
from riftsolve.rules.answers import Resolution

#: Large unranking cases ``(targets, pool)``, beyond the typical boards.
UNRANK_CASES = ((10, 12), (10, 5), (60, 40), (100, 10), (20, 60), (40, 50), (100, 60), (100, 200))
MIN_BATCH = 50_000


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
