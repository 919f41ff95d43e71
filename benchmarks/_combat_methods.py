"""How ``combat.py`` times and checks: the ``count()`` and ``best`` latency (in this
process), the listing of every backend (each run in a forked child stopped after a
budget), and the checks of the answers.

A helper of ``benchmarks/combat.py`` (whose docstring describes the measurement and the
checks), not a script: :func:`measure_latency` times the counts and the best answers,
:func:`check_board` checks one board's count, best answers and index, and
:func:`list_board` times every backend listing one board and checks what they listed.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import islice
from typing import Any

import numpy as np
from _combat_boards import SIZES, Board, fmt_count
from _common import Child, back_to_back, flag_failure, shared_array, timings

import riftsolve as rs

OBJECTIVE = "kills,-overkill"
#: ``best`` is timed for the top 1 and the top 10 answers.
TOPS = (1, 10)
BACKENDS = ("native", "cpsat", "pyconstraint")
#: python-constraint2 lists the smallest boards only (its backend refuses more than 20
#: receivers, and takes seconds on 10).
PYCONSTRAINT_MOST = min(SIZES)
#: ``best`` is checked against every answer scored on boards with at most this many.
BRUTE_LIMIT = 20_000
#: Random indices checked per board (``legal[i]``, ``index``, ``unrank``), besides the
#: first and the last.
INDEX_SAMPLES = 5


@dataclass
class Problem:
    """A wrong answer, count or index: it makes the exit status 1."""

    where: str
    method: str
    detail: str
    data: dict[str, Any] = field(repr=False)


def _ms(times: Sequence[float]) -> tuple[float, float]:
    """``(median, max)`` of ``times`` (seconds) in milliseconds."""
    return statistics.median(times) * 1e3, max(times) * 1e3


# --------------------------------------------------------------------------- latency


def count_once(scenario: rs.Scenario) -> int:
    """The rules applied afresh, then the exact count (from the table, never listing)."""
    return rs.resolve(scenario).count()


def best_once(scenario: rs.Scenario, top: int) -> list[rs.Ranked]:
    """The rules applied afresh, then the ``top`` best answers."""
    return rs.best(rs.resolve(scenario), OBJECTIVE, top=top)


@dataclass
class Latency:
    """The count and ``best`` latency of one board (medians and maxima of the repeats)."""

    board: str
    receivers: int
    answers: str
    resolve_ms: float
    count_ms: float
    count_max_ms: float
    best_ms: dict[int, float]
    best_max_ms: dict[int, float]
    #: The best answer's key (kills, -overkill).
    key: list[int]


def measure_latency(boards: Sequence[Board], count_repeats: int, best_repeats: int,
                    say: Callable[[str], None]) -> list[Latency]:
    """Every board's latencies, the repeats of count and best interleaved (a slow spell
    of the machine hits both)."""
    results = []
    for board in boards:
        say(f"count and best on {board.label}: {fmt_count(board.count)} answers")
        scenario = board.scenario
        key = best_once(scenario, 1)[0].key  # a warm-up too
        count_once(scenario)
        resolve_times = timings(partial(rs.resolve, scenario), count_repeats)
        counts: list[float] = []
        bests: dict[int, list[float]] = {top: [] for top in TOPS}
        for rep in range(max(count_repeats, best_repeats)):
            if rep < count_repeats:
                counts += timings(partial(count_once, scenario), 1)
            if rep < best_repeats:
                for top in TOPS:
                    bests[top] += timings(partial(best_once, scenario, top), 1)
        count_ms, count_max = _ms(counts)
        best = {top: _ms(times) for top, times in bests.items()}
        results.append(Latency(board.label, board.receivers, fmt_count(board.count),
                               _ms(resolve_times)[0], count_ms, count_max,
                               {top: b[0] for top, b in best.items()},
                               {top: b[1] for top, b in best.items()}, list(key)))
    return results


# --------------------------------------------------------------------------- checks


def check_board(board: Board, rng: random.Random) -> list[Problem]:
    """Everything wrong with one board's answers: ``best`` (top 1, top 10, all optima)
    legal, best first, keys as measured; where the count is at most ``BRUTE_LIMIT``, as
    many native answers as ``count()`` and ``best`` equal to every answer scored;
    ``legal[i]``, ``index``, ``unrank`` and the native listing order agreeing."""
    scenario = board.scenario
    legal = rs.resolve(scenario, kind=rs.Assignment)
    problems: list[Problem] = []

    def bad(method: str, detail: str) -> None:
        problems.append(Problem(board.label, method, detail, board.data))

    count = legal.count()
    goal = rs.Objective.parse(OBJECTIVE)
    top1, top10 = rs.best(legal, OBJECTIVE), rs.best(legal, OBJECTIVE, top=10)
    keys = [r.key for r in top10]
    if len(top10) != min(10, count) or [top1[0].answer] != [r.answer for r in top10[:1]]:
        bad("best", f"the top 1 (key {top1[0].key}) is not the first of the top 10 "
            f"({len(top10)} answers, keys {keys})")
    if keys != sorted(keys, reverse=True):
        bad("best", f"the top 10 keys are not best first: {keys}")
    for rank, r in enumerate(top10, 1):
        worth = goal.measure(scenario, r.answer)
        if r.answer not in legal or worth != r.key:
            bad("best", f"answer {rank} of the top 10 (key {r.key}) is illegal or worth "
                f"{worth}")
    if count <= BRUTE_LIMIT:
        scored = sorted(((goal.measure(scenario, a), i, a) for i, a in enumerate(legal)),
                        key=lambda s: (tuple(-k for k in s[0]), s[1]))
        if len(scored) != count:
            bad("count", f"native listed {len(scored):,} answers, count() = {count:,}")
        if [r.answer for r in top10] != [a for _, _, a in scored[:10]]:
            bad("best", "the top 10 differ from every answer scored")
        optimal = [a for k, _, a in scored if k == scored[0][0]]
        if [r.answer for r in rs.best(legal, OBJECTIVE, all_optimal=True)] != optimal:
            bad("best", f"all_optimal differs from the {len(optimal)} optima scored")
    first = list(islice(legal, 5))
    if first != [legal[i] for i in range(len(first))]:
        bad("index", "legal[i] differs from the native listing order")
    indices = [0, count - 1, *(rng.randrange(count) for _ in range(INDEX_SAMPLES))]
    answers = [legal[i] for i in indices]
    for i, a in zip(indices, answers, strict=True):
        if a not in legal or legal.index(a) != i:
            bad("index", f"legal[{i}] is illegal or has another index()")
    if count < 2**62:
        rows = legal.unrank(np.array(indices, dtype=np.int64)).tolist()
        if rows != [[a.amount(c) for c in legal.columns] for a in answers]:
            bad("unrank", f"unrank({indices}) differs from legal[i]")
    try:
        legal[count]
        bad("index", f"legal[count()] = legal[{count}] exists")
    except IndexError:
        pass
    return problems


# --------------------------------------------------------------------------- listing


#: Layout of a listing child's shared progress array (slot 0: the start, for Child).
START, ANSWERS, END, FINISHED, BATCHED, FAILED = range(6)


class _Discard:
    """Progress sink for the back-to-back repeats."""

    def __setitem__(self, key: int, value: float) -> None:
        pass


def _list(scenario: rs.Scenario, backend: str, limit: int, progress: Any,
          keep: list[Any] | None) -> int:
    """Apply the rules and list the first ``limit`` answers with ``backend``; sets
    ``progress[END]`` when the last one is listed, then stops the backend."""
    answers = iter(rs.resolve(scenario, backend))
    listed = 0
    for answer in islice(answers, limit):
        listed += 1
        progress[ANSWERS] = listed
        if keep is not None:
            keep.append(answer)
    progress[END] = time.perf_counter()
    close = getattr(answers, "close", None)  # a CP-SAT search stops in its own thread
    if close is not None:
        close()
    return listed


def digest(answers: Sequence[Any]) -> int:
    """An order-free digest of a set of answers, the same in every process (a hash of
    their sorted JSON lines, 62 bits)."""
    lines = sorted(json.dumps(a.as_json(), sort_keys=True) for a in set(answers))
    return int.from_bytes(hashlib.blake2b("\n".join(lines).encode(), digest_size=8)
                          .digest(), "big") >> 2


def _child(scenario: rs.Scenario, backend: str, limit: int, floor: float, keep: bool,
           check: bool, progress: Any, sums: Any) -> None:
    """List in the child: with ``keep`` (every answer is expected) the answers are kept
    and their set digested after the timing; otherwise, with ``check``, they are listed
    again after the timing, untimed, to count the distinct ones (keeping 10^5 answers of
    200 receivers would cost the timed run memory and garbage collections)."""
    with flag_failure(progress, FAILED):
        kept: list[Any] | None = [] if keep else None
        progress[START] = start = time.perf_counter()
        listed = _list(scenario, backend, limit, progress, kept)
        once = progress[END] - start
        if kept is not None:
            sums[0] = len(set(kept))
            if listed < limit:  # every answer: the set is compared across backends
                sums[1] = digest(kept)
        elif check:
            again = iter(rs.resolve(scenario, backend))
            sums[0] = len({hash(a) for a in islice(again, listed)})
            close = getattr(again, "close", None)
            if close is not None:
                close()
        if once < floor:
            # A short run: time it again back to back, a sample of ``floor`` seconds.
            number = back_to_back(once, floor)
            begin = time.perf_counter()
            for _ in range(number):
                _list(scenario, backend, limit, _Discard(), None)
            progress[BATCHED] = (time.perf_counter() - begin) / number
        progress[FINISHED] = 1.0


@dataclass
class Run:
    """One listing: ``all`` (the backend ran out of answers), ``first N`` (it listed the
    limit), ``capped`` (stopped by the budget) or ``failed``."""

    status: str
    answers: int
    seconds: float
    distinct: int = -1
    digest: int = -1


def run_listing(board: Board, backend: str, limit: int, budget: float, floor: float,
                check: bool = True) -> Run:
    """The first ``limit`` answers of ``board`` from ``backend`` in a forked child,
    stopped after ``budget`` seconds; with ``check``, its distinct answers counted even
    when they are not all listed."""
    progress = shared_array("d", 6)
    sums = shared_array("q", 2)
    sums[0] = sums[1] = -1
    child = Child(progress, _child, board.scenario, backend, limit, floor,
                  limit > board.count, check, progress, sums)
    start = child.wait_start()
    now = child.wait(lambda: progress[END] == 0.0 and progress[FAILED] == 0.0,
                     start + budget)
    if progress[END] != 0.0 and not progress[FAILED]:
        child.join(120)  # the digest and the back-to-back repeats
    answers = int(progress[ANSWERS])
    if progress[FAILED] or not start or (progress[END] == 0.0 and not child.alive):
        child.stop()
        return Run("failed", answers, now - (start or now))
    child.stop()
    if progress[END] == 0.0:
        return Run("capped", answers, now - start)
    seconds = progress[BATCHED] or (progress[END] - start)
    return Run("all" if answers < limit else "first N", answers, seconds, int(sums[0]),
               int(sums[1]))


@dataclass
class Listing:
    """One backend's listing of one board: the median of its runs."""

    board: str
    receivers: int
    backend: str
    expected: str
    limit: int
    #: ``all``, ``first N``, ``capped`` (a bound: not repeated), ``failed`` or ``skipped``.
    status: str
    answers: int = 0
    seconds: float = 0.0
    rate: float = 0.0
    #: All listed: as many as ``count()`` (None: not all listed).
    verified: bool | None = None
    #: Each answer once, and, all listed, the same set as native's (None: not known).
    same_set: bool | None = None
    repeat_rates: list[float] = field(default_factory=list)

    @property
    def capped(self) -> bool:
        return self.status == "capped"


def summarise(board: Board, backend: str, runs: Sequence[Run], limit: int,
              reference: int | None) -> Listing:
    """The median of ``runs``, checked: as many answers as ``count()`` when all were
    listed (never more), each once, and the set of ``reference`` (native's digest)."""
    listing = Listing(board.label, board.receivers, backend, fmt_count(board.count), limit,
                      "skipped")
    if not runs:
        return listing
    listing.repeat_rates = [r.answers / r.seconds if r.seconds else 0.0 for r in runs]
    last = runs[-1]
    listing.status = last.status
    if any(r.answers > board.count for r in runs):
        listing.verified = False  # more answers than exist: wrong whatever comes next
    if last.status in ("capped", "failed"):
        listing.answers, listing.seconds = last.answers, last.seconds
        listing.rate = last.answers / last.seconds if last.seconds else 0.0
        return listing
    listing.answers = last.answers
    listing.seconds = statistics.median(r.seconds for r in runs)
    listing.rate = listing.answers / listing.seconds
    checked = [r for r in runs if r.distinct >= 0]
    once = all(r.distinct == r.answers for r in checked) and len({r.answers for r in runs}) == 1
    if once and not checked:
        return listing
    if last.status == "all":
        listing.verified = listing.verified is not False and last.answers == board.count
        if once and reference is None:  # native did not list them all: nothing to compare
            return listing
        once = once and all(r.digest == reference for r in runs)
    listing.same_set = once
    return listing


def list_board(board: Board, limit: int, repeats: int, budgets: dict[str, float],
               floor: float) -> list[Listing]:
    """Every backend lists the first ``limit`` answers of ``board`` (python-constraint2
    only on the smallest boards), ``repeats`` times interleaved (a capped run is a bound
    and is not repeated); each backend checked against native's set."""
    runs: dict[str, list[Run]] = {b: [] for b in BACKENDS}
    for rep in range(repeats):
        for backend in BACKENDS:
            done = runs[backend]
            if backend == "pyconstraint" and board.receivers > PYCONSTRAINT_MOST:
                continue
            if done and done[-1].status in ("capped", "failed"):
                continue
            done.append(run_listing(board, backend, limit, budgets[backend], floor,
                                    check=rep == 0))
    native = runs["native"]
    reference = native[0].digest if native and native[0].status == "all" else None
    return [summarise(board, b, runs[b], limit, reference) for b in BACKENDS]


def listing_problems(listings: Sequence[Listing], boards: Sequence[Board]) -> list[Problem]:
    """A problem for every wrong count, repeated or different answer, or failed run."""
    data = {b.label: b.data for b in boards}
    problems = []
    for m in listings:
        if m.status == "failed":
            problems.append(Problem(m.board, m.backend, f"failed after {m.answers:,} answers "
                                    "(its traceback is above)", data[m.board]))
        elif m.verified is False or m.same_set is False:
            problems.append(Problem(m.board, m.backend, f"{m.status}: listed {m.answers:,} "
                                    f"answers, count() = {m.expected}, each once and the same "
                                    f"set as native: {m.same_set}", data[m.board]))
    return problems
