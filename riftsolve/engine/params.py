"""The one place CP-SAT parameters are set.

>>> enumeration_solver().parameters.num_workers
1
>>> optimising_solver().parameters.max_time_in_seconds
30.0
>>> optimising_solver().parameters.presolve_inclusion_work_limit
0
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

from ortools.sat.python import cp_model

from riftsolve.engine.optima import SEARCH_SECONDS, TooManyToRank
from riftsolve.i18n import _


def enumeration_solver() -> cp_model.CpSolver:
    """A solver that lists every solution exactly once.

    One worker: with more, CP-SAT repeats solutions and loses some while reporting
    OPTIMAL (google/or-tools issues 1186, 1591). No objective may be set on an enumerated
    model: CP-SAT would optimise it and list one answer.
    """
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    # Enumeration runs in a worker thread: Ctrl-C must reach Python's main thread (which
    # then stops the search), not a CP-SAT handler (which aborts the process there).
    solver.parameters.catch_sigint_signal = False
    return solver


#: Longest a single optimisation may run before the question is refused.
OPTIMISE_SECONDS = 30.0


def optimising_solver(seconds: float = OPTIMISE_SECONDS) -> cp_model.CpSolver:
    """A solver that proves one optimum: one worker, at most ``seconds`` (and never more
    than :data:`OPTIMISE_SECONDS`); run it with :func:`solve`, which stops it at Ctrl-C.

    Presolve's inclusion detection is off (``presolve_inclusion_work_limit = 0``): with
    it, OR-Tools 9.15 can report a wrong solution as OPTIMAL (google/or-tools issue 5293).
    The tests hold every CP-SAT optimum to the brute force and to the knapsack
    (:mod:`riftsolve.engine.knapsack`) where those apply."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = max(0.05, min(seconds, OPTIMISE_SECONDS))
    solver.parameters.presolve_inclusion_work_limit = 0
    return solver


def solve(solver: cp_model.CpSolver, model: cp_model.CpModel) -> cp_model.CpSolverStatus:
    """``solver.solve(model)`` in a worker thread, the main thread waiting: Ctrl-C then
    reaches Python (CP-SAT's own handler is off), which stops the search and raises
    :class:`KeyboardInterrupt` here. A search that ends by itself, at its time limit or
    not, is never taken for an interrupt.

    >>> model = cp_model.CpModel()
    >>> x = model.new_int_var(0, 3, "x")
    >>> model.maximize(x)
    >>> solver = optimising_solver()
    >>> solve(solver, model) == cp_model.OPTIMAL, solver.value(x)
    (True, 3)
    """
    solver.parameters.catch_sigint_signal = False
    done: list[cp_model.CpSolverStatus] = []
    failure: list[BaseException] = []
    # the worker says it is done: a join that Ctrl-C interrupts can leave the thread
    # marked as stopped while it still runs (Python 3.11), so neither join() nor
    # is_alive() is asked after an interrupt
    finished = threading.Event()

    def run() -> None:
        try:
            done.append(solver.solve(model))
        except BaseException as err:  # handed to the caller below
            failure.append(err)
        finally:
            finished.set()

    threading.Thread(target=run, daemon=True).start()
    try:
        while not finished.wait(timeout=0.05):
            pass
    except KeyboardInterrupt:
        stop_and_wait(solver, finished)
        raise
    if failure:
        raise failure[0]
    return done[0]


def stop_and_wait(solver: cp_model.CpSolver, finished: threading.Event,
                  between: Callable[[], None] = lambda: None) -> None:
    """Stop ``solver``'s search and wait until its worker thread says it is done
    (``finished``), calling ``between`` while it waits (a queue to drain). A stop asked
    before the search starts is not kept, so it is asked again until then; a Ctrl-C
    pressed meanwhile waits too, and is raised once the worker is done: a worker still
    searching at exit aborts the process, and a wait on the thread itself that Ctrl-C
    interrupts can leave Python 3.11 believing it stopped.

    >>> finished = threading.Event()
    >>> worker = threading.Timer(0.1, finished.set)  # (a search that ends when asked)
    >>> worker.start()
    >>> stop_and_wait(optimising_solver(), finished)
    >>> finished.is_set()
    True
    """
    interrupted = False
    while True:
        try:  # (the test too: a Ctrl-C may land anywhere in the loop)
            if finished.is_set():
                break
            solver.stop_search()
            between()
            finished.wait(timeout=0.05)
        except KeyboardInterrupt:
            interrupted = True
    if interrupted:
        raise KeyboardInterrupt


def optimise_in_order(model: cp_model.CpModel, exprs: Sequence[cp_model.LinearExprT],
                      deadline: float) -> cp_model.CpSolver | None:
    """Maximise each expression in turn and fix it at its proven optimum, all before
    ``deadline`` (``time.monotonic()``): the solver of the last search, which holds an
    answer optimal on every expression, or None when the model has no solution at all. A
    search that proves no optimum in time is refused (:class:`TooManyToRank`).

    >>> model = cp_model.CpModel()
    >>> x, y = model.new_int_var(0, 3, "x"), model.new_int_var(0, 3, "y")
    >>> _ = model.add(x + y <= 4)
    >>> solver = optimise_in_order(model, [x, -y], time.monotonic() + 5)
    >>> solver.value(x), solver.value(y)
    (3, 0)
    """
    solver = None
    for expr in [*exprs] or [0]:
        model.maximize(expr)
        solver = optimising_solver(deadline - time.monotonic())
        status = solve(solver, model)
        if status == cp_model.INFEASIBLE:
            return None
        if status != cp_model.OPTIMAL:
            raise TooManyToRank(_(
                "CP-SAT could not prove the optimum within {seconds} s ({status}): ask about "
                "fewer targets or less damage").format(seconds=f"{SEARCH_SECONDS:.0f}",
                                                       status=solver.status_name(status)))
        model.add(expr == round(solver.objective_value))
    model.clear_objective()  # type: ignore[no-untyped-call]
    return solver
