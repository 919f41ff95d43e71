"""The methods of ``groups.py`` and their timed runs: native in this process, CP-SAT,
python-constraint and the brute force in forked children; and the count latency.

A helper of ``benchmarks/groups.py`` (whose docstring describes the methods, the caps and
the checks), not a script: :func:`measure` times every method on every question,
interleaved, and checks each complete listing against ``LegalSet.count()`` and native's
answers; :func:`measure_counts` times the counts.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import combinations
from typing import Any

from _common import (
    Child,
    back_to_back,
    flag_failure,
    listed_back_to_back,
    median_ms,
    shared_array,
)
from _group_boards import TARGET_UNITS, Question, brute_candidates

from riftsolve.engine.count import count_maximal_selections, count_selections
from riftsolve.engine.families.group import GroupDeclarations
from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.answers.group import Affected, GroupDeclaration
from riftsolve.rules.board import BASE
from riftsolve.rules.families.group import (
    GroupChosen,
    group_effect,
    movable,
    stands_at,
)
from riftsolve.rules.families.group import (
    verify_declaration as verify_group_declaration,
)
from riftsolve.rules.families.group import (
    verify_resolution as verify_group_resolution,
)
from riftsolve.rules.scenario import require_targets

#: The brute force stops after this many subsets, and is skipped on boards above
#: ``TARGET_UNITS`` units with more subsets than this.
SUBSET_CAP = 1 << 22
#: A capped child stops after this many answers too (memory).
ANSWER_CAP = 1_000_000

METHODS = ("native", "cpsat", "pyconstraint", "brute")
CHILD_METHODS = ("cpsat", "pyconstraint", "brute")


# --------------------------------------------------------------------------- methods


def brute_force(question: Question, progress: Any, keep: list[Any] | None) -> bool:
    """Check every subset of the candidates with the rules verifier; ``progress[1]`` =
    answers, ``progress[4]`` = subsets checked. Whether every subset was checked."""
    scenario = question.scenario
    effect = group_effect(scenario)
    assert len(effect.slots) == 1, "the brute force handles one-slot cards"
    ids = brute_candidates(question)
    finalizing = question.kind == "finalize"
    # Empty groups move nowhere; the verifier rejects every other pairing (355.4).
    wheres: tuple[str | None, ...] = (
        (*scenario.board.battlefields, BASE) if effect.destination else (None,))
    nowhere: tuple[str | None, ...] = (None,)
    listed = checked = 0
    for size in range(len(ids) + 1):
        for subset in combinations(ids, size):
            if checked >= SUBSET_CAP:
                return False
            if finalizing:
                for where in wheres if subset else nowhere:
                    declaration = GroupDeclaration((subset,), where)
                    if not verify_group_declaration(scenario, declaration):
                        listed += 1
                        progress[1] = listed
                        if keep is not None:
                            keep.append(declaration)
            else:
                # a move's kept targets already at the destination are unmoved (355.4.a)
                where = (require_targets(scenario, GroupChosen).destination
                         if scenario.targets else None)
                unmoved = [u for u in subset if where is not None
                           and stands_at(scenario.board[u], where)]
                affected = Affected.of([u for u in subset if u not in unmoved], unmoved)
                if not verify_group_resolution(scenario, affected):
                    listed += 1
                    progress[1] = listed
                    if keep is not None:
                        keep.append(affected)
            checked += 1
            progress[4] = checked
    return True


def digest(answers: Sequence[Any]) -> tuple[int, int]:
    """``(distinct answers, order-free digest of the set)``. Forked children share the
    parent's string-hash seed, so digests compare across processes."""
    distinct = set(answers)
    return len(distinct), sum(hash(a) for a in distinct) % (1 << 62)


def list_native(question: Question) -> int:
    """Apply the rules and list every answer with the native backend."""
    return sum(1 for _ in question.legal("native"))


# --------------------------------------------------------------------------- running


@dataclass
class Run:
    """One timed run of one method."""

    answers: int
    seconds: float
    complete: bool
    checked: int = 0
    distinct: int = -1
    digest: int = -1


#: Layout of the shared progress array of a child.
START, ANSWERS, END, FINISHED, CHECKED, BATCHED, FAILED = range(7)


def _child_once(method: str, question: Question, progress: Any, keep: list[Any] | None
                ) -> bool:
    if method == "brute":
        return brute_force(question, progress, keep)
    for listed, answer in enumerate(question.legal(method), 1):
        progress[ANSWERS] = listed
        if keep is not None:
            keep.append(answer)
        if listed >= ANSWER_CAP:
            return False
    return True


class _Discard:
    """Progress sink for the back-to-back repeats."""

    def __setitem__(self, key: int, value: float) -> None:
        pass


def _child(method: str, question: Question, floor: float, progress: Any, sums: Any) -> None:
    with flag_failure(progress, FAILED):
        kept: list[Any] = []
        progress[START] = time.perf_counter()
        complete = _child_once(method, question, progress, kept)
        progress[END] = end = time.perf_counter()
        if complete:
            sums[0], sums[1] = digest(kept)
            once = end - progress[START]
            if once < floor:
                # A short run: time it again back to back, a sample of ``floor`` seconds.
                number = back_to_back(once, floor)
                start = time.perf_counter()
                for _ in range(number):
                    _child_once(method, question, _Discard(), None)
                progress[BATCHED] = (time.perf_counter() - start) / number
        progress[FINISHED] = 1.0 if complete else 2.0


def run_child(method: str, question: Question, budget: float, floor: float) -> Run:
    """One run in a forked child, stopped after ``budget`` seconds."""
    progress = shared_array("d", 8)
    sums = shared_array("q", 2)
    sums[0] = sums[1] = -1
    child = Child(progress, _child, method, question, floor, progress, sums)
    start = child.wait_start()
    child.wait(lambda: progress[END] == 0.0, start + budget)
    if progress[END] != 0.0:
        # The run itself is over: wait for the digest and the back-to-back repeats.
        child.join(120)
    now = time.perf_counter()
    if progress[FAILED] or (progress[FINISHED] == 0.0 and not child.alive
                            and progress[END] == 0.0):
        child.join(5)
        raise RuntimeError(f"{method} failed on {question.label} (exit {child.exitcode})")
    child.stop()
    answers, checked = int(progress[ANSWERS]), int(progress[CHECKED])
    if progress[FINISHED] == 1.0:
        seconds = progress[BATCHED] or (progress[END] - start)
        return Run(answers, seconds, True, checked, int(sums[0]), int(sums[1]))
    if progress[END] != 0.0:  # stopped by a cap on answers or subsets
        return Run(answers, progress[END] - start, False, checked)
    return Run(answers, now - start, False, checked)


def run_native(question: Question, number: int) -> Run:
    """``number`` back-to-back native runs; the time and answers of one."""
    answers, seconds = listed_back_to_back(lambda: list_native(question), number, "native",
                                           question.label)
    return Run(answers, seconds, True)


def batch_size(question: Question, floor: float) -> int:
    """Back-to-back native runs making one timing sample last ``floor`` seconds."""
    start = time.perf_counter()
    list_native(question)  # also a warm-up
    return back_to_back(time.perf_counter() - start, floor)


@dataclass
class Measurement:
    """The median of the repeats of one method on one question."""

    method: str
    question: str
    expected: int
    #: ``complete``, ``capped`` (a child stopped by its budget or cap) or ``skipped``.
    status: str
    answers: int = 0
    seconds: float = 0.0
    rate: float = 0.0
    checked: int = 0
    subsets: int = 0
    #: Whether the complete count matched ``LegalSet.count()`` (None: not complete).
    verified: bool | None = None
    #: Whether the complete set of answers matched native's, each listed once.
    same_answers: bool | None = None
    repeat_seconds: list[float] = field(default_factory=list)

    @property
    def capped(self) -> bool:
        return self.status == "capped"

    @property
    def estimated_seconds(self) -> float | None:
        """A capped brute force's time to check every subset, at its pace so far."""
        if self.method != "brute" or not self.capped or not self.checked:
            return None
        return self.seconds * self.subsets / self.checked


def summarise(method: str, question: Question, runs: Sequence[Run],
              reference: tuple[int, int]) -> Measurement:
    subsets = question.subsets if method == "brute" else 0
    if not runs:
        return Measurement(method, question.label, question.count, "skipped",
                           subsets=subsets)
    complete = [run for run in runs if run.complete]
    if len(complete) == len(runs):
        seconds = statistics.median(run.seconds for run in runs)
        verified: bool | None = all(run.answers == question.count for run in runs)
        if method == "native":  # each answer once
            same: bool | None = reference[0] == question.count
        else:
            same = all((run.distinct, run.digest) == reference and run.answers == run.distinct
                       for run in runs)
        return Measurement(method, question.label, question.count, "complete",
                           runs[0].answers, seconds, question.count / seconds,
                           runs[0].checked, subsets, verified, same,
                           [run.seconds for run in runs])
    capped = runs[-1]
    # More answers than exist is wrong whatever would come next.
    verified = False if capped.answers > question.count else None
    return Measurement(method, question.label, question.count, "capped", capped.answers,
                       capped.seconds, capped.answers / capped.seconds, capped.checked,
                       subsets, verified, None, [run.seconds for run in runs])


def brute_runs(question: Question) -> bool:
    """Whether the brute force is tried on ``question``."""
    return question.units <= TARGET_UNITS or question.subsets <= SUBSET_CAP


def measure(questions: Sequence[Question], repeats: int, capped_repeats: int,
            budget: float, brute_budget: float, floor: float,
            say: Callable[[str], None]) -> list[Measurement]:
    results: list[Measurement] = []
    for question in questions:
        say(f"{question.label}: {question.count:,} answers, {question.members} members, "
            f"{question.candidates} brute-force candidates")
        reference = digest(list(question.legal("native")))
        runs: dict[str, list[Run]] = {m: [] for m in METHODS}
        number = batch_size(question, floor)
        for rep in range(max(repeats, capped_repeats)):
            for method in METHODS:
                done = runs[method]
                if method == "native":
                    if rep < repeats:
                        done.append(run_native(question, number))
                    continue
                if rep >= capped_repeats or (done and not done[-1].complete):
                    continue  # a capped run is a bound: not repeated
                if method == "brute" and not brute_runs(question):
                    continue
                done.append(run_child(method, question,
                                      brute_budget if method == "brute" else budget, floor))
        results.extend(summarise(m, question, runs[m], reference) for m in METHODS)
    return results

# --------------------------------------------------------------------------- count latency


@dataclass
class CountCase:
    """The count latency of one question."""

    question: str
    units: int
    count: int
    #: The pure count function's name, or ``""`` when ``LegalSet.count()`` lists.
    function: str
    count_fn_ms: float | None
    legal_count_ms: float
    legal_count_max_ms: float
    build_ms: float
    parse_ms: float
    verified: bool

    @property
    def slowest_ms(self) -> float:
        """The slower of the two counts (the pure function, if any, and ``count()``)."""
        return max(self.count_fn_ms or 0.0, self.legal_count_ms)


def measure_counts(questions: Sequence[Question], repeats: int,
                   say: Callable[[str], None]) -> list[CountCase]:
    cases: list[CountCase] = []
    for q in questions:
        say(f"counting {q.label}")
        parse_ms, _ = median_ms(partial(parse_scenario, q.data), repeats)
        build_ms, _ = median_ms(q.legal, repeats)
        legal = q.legal()
        problem = legal.problem
        count_fn: Callable[[], int | None] | None
        if q.kind == "finalize" or not problem.maximal:
            name, count_fn = "count_selections", partial(count_selections, problem)
        elif count_maximal_selections(problem) is not None:
            name = "count_maximal_selections"
            count_fn = partial(count_maximal_selections, problem)
        else:
            name, count_fn = "", None
        fn_ms = median_ms(count_fn, repeats)[0] if count_fn is not None else None
        count_ms, count_max = median_ms(legal.count, repeats)
        count = legal.count()
        verified = count == q.count
        if count_fn is not None:
            pure = count_fn()
            assert pure is not None
            if isinstance(legal, GroupDeclarations) and legal.effect.destination:
                # per destination, the groups with no member already there (355.4.a) nor
                # one its controller may not move there (447.2.b, 449.2)
                board = legal.scenario.board
                empty = 0 if any(problem.least) else 1
                pure = empty + sum(
                    count_selections(replace(problem, members=tuple(
                        m for m in problem.members if movable(board, m.id, where))))
                    - empty for where in legal.destinations())
            verified = verified and pure == count
        cases.append(CountCase(q.label, q.units, count, name, fn_ms, count_ms, count_max,
                               build_ms, parse_ms, verified))
    return cases
