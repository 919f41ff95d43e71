"""The CP-SAT backend: enumerate a compiled model through a streaming callback.

The solver runs in a worker thread and hands answers over a bounded queue, so a caller
that stops early (``--limit``) stops the search and nothing is held in memory.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from typing import Protocol, TypeVar, runtime_checkable

from ortools.sat.python import cp_model

from riftsolve.engine.backends import Method, shape
from riftsolve.engine.compile import (
    compile_combat,
    compile_declaration,
    compile_group,
    compile_joint,
    compile_resolution,
)
from riftsolve.engine.params import enumeration_solver, stop_and_wait
from riftsolve.rules.answers import Declaration, Resolution, Selection
from riftsolve.rules.answers.combat import Assignment
from riftsolve.rules.answers.joint import Choice, Executed
from riftsolve.rules.families.combat import CombatProblem
from riftsolve.rules.families.group import GroupProblem
from riftsolve.rules.families.picks import JointProblem
from riftsolve.rules.families.split import SplitFinalizeProblem, SplitResolveProblem

NAME = "cpsat"


#: Most value pairs a joint choice's test is stated by, as a table.
MOST_PAIRS = 50_000


def refusal(problem: object) -> str | None:
    """Why this backend declines ``problem`` it has a model for: a joint choice whose
    links would be tables of more than :data:`MOST_PAIRS` value pairs."""
    if isinstance(problem, Tabled) and problem.largest_table > MOST_PAIRS:
        return (f"a link of this joint choice would be a table of {problem.largest_table:,} "
                f"value pairs (at most {MOST_PAIRS:,}): use --backend native")
    return None


@runtime_checkable
class Tabled(Protocol):
    """A problem whose tests between two variables are stated as tables of value pairs:
    it says how many pairs its largest has."""

    @property
    def largest_table(self) -> int: ...

T = TypeVar("T")
_DONE = object()


class _Streamer(cp_model.CpSolverSolutionCallback):
    def __init__(self, read: Callable[[cp_model.CpSolverSolutionCallback], object],
                 sink: queue.Queue[object], stop: threading.Event) -> None:
        super().__init__()
        self._read = read
        self._sink = sink
        self._stop = stop

    def on_solution_callback(self) -> None:
        if self._stop.is_set():
            self.stop_search()
            return
        self._sink.put(self._read(self))


def stream(model: cp_model.CpModel, read: Callable[[cp_model.CpSolverSolutionCallback], T]
           ) -> Iterator[T]:
    """Every solution of ``model`` through ``read``, each once, as they are found."""
    if model.has_objective():
        raise ValueError("an enumerated model must not have an objective")
    sink: queue.Queue[object] = queue.Queue(maxsize=4096)
    stop = threading.Event()
    failure: list[BaseException] = []
    solver = enumeration_solver()
    finished = threading.Event()  # (the worker says it is done: see stop_and_wait)

    def run() -> None:
        try:
            status = solver.solve(model, _Streamer(read, sink, stop))
            if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and not stop.is_set():
                failure.append(RuntimeError(f"CP-SAT stopped with {solver.status_name(status)}"))
        except BaseException as err:  # handed to the consumer below
            failure.append(err)
        finally:
            while True:
                try:
                    sink.put(_DONE, timeout=0.05)
                    break
                except queue.Full:
                    if stop.is_set():
                        _drain(sink)
            finished.set()

    threading.Thread(target=run, daemon=True).start()
    try:
        while (item := sink.get()) is not _DONE:
            yield item  # type: ignore[misc]
    finally:
        # the consumer stopped (done, --limit, Ctrl-C): stop the search now, even between
        # solutions, then wait for the worker (a second Ctrl-C waits too)
        stop.set()
        stop_and_wait(solver, finished, lambda: _drain(sink))
    if failure:
        raise failure[0]


def _drain(sink: queue.Queue[object]) -> None:
    while True:
        try:
            sink.get_nowait()
        except queue.Empty:
            return


def resolutions(problem: SplitResolveProblem) -> Iterator[Resolution]:
    """Every legal resolution, from the compiled CP-SAT model."""
    compiled = compile_resolution(problem)

    def read(cb: cp_model.CpSolverSolutionCallback) -> Resolution:
        return Resolution.dealt(compiled.targets, (cb.value(x) for x in compiled.amounts))

    return stream(compiled.model, read)


def declarations(problem: SplitFinalizeProblem) -> Iterator[Declaration]:
    """Every legal declaration, from the compiled CP-SAT model."""
    compiled = compile_declaration(problem)
    names = problem.candidates
    taxes = problem.taxes

    def read(cb: cp_model.CpSolverSolutionCallback) -> Declaration:
        chosen = [i for i, lit in enumerate(compiled.chosen) if cb.boolean_value(lit)]
        option = next(o for o, lit in zip(problem.options, compiled.options, strict=True)
                      if cb.boolean_value(lit))
        return Declaration(tuple(names[i] for i in chosen), option.friendly,
                           sum(taxes[i] for i in chosen))

    return stream(compiled.model, read)


def assignments(problem: CombatProblem) -> Iterator[Assignment]:
    """Every legal combat damage assignment, from the compiled CP-SAT model."""
    if not problem.receivers:
        return iter([Assignment(())])
    compiled = compile_combat(problem)

    def read(cb: cp_model.CpSolverSolutionCallback) -> Assignment:
        return Assignment.of(zip(compiled.receivers, (cb.value(x) for x in compiled.amounts),
                                 strict=True))

    return stream(compiled.model, read)


def selections(problem: GroupProblem) -> Iterator[Selection]:
    """Every legal group selection, from the compiled CP-SAT model."""
    if problem.whole is not None:
        return iter([problem.whole])
    compiled = compile_group(problem)
    picks = sorted(compiled.picks.items())
    slots = range(len(problem.least))
    names = [m.id for m in problem.members]

    def read(cb: cp_model.CpSolverSolutionCallback) -> Selection:
        taken = [(i, s) for (i, s), lit in picks if cb.boolean_value(lit)]
        return tuple(tuple(names[i] for i, s in taken if s == slot) for slot in slots)

    return stream(compiled.model, read)


def joint_answers(problem: JointProblem) -> Iterator[Choice | Executed]:
    """Every answer of a joint choice, from the compiled CP-SAT model (each assignment
    of its picks, with the "you may" actions declined or not)."""
    compiled = compile_joint(problem)

    def read(cb: cp_model.CpSolverSolutionCallback) -> tuple[int, ...]:
        return tuple(cb.value(x) for x in compiled.picks)

    for positions in stream(compiled.model, read):
        yield from problem.expand(positions)


#: The problems this backend answers, by their type, and how.
ANSWERS: dict[type[object], Method] = dict([
    shape(SplitResolveProblem, resolutions),
    shape(SplitFinalizeProblem, declarations),
    shape(GroupProblem, selections),
    shape(CombatProblem, assignments),
    shape(JointProblem, joint_answers),
])
