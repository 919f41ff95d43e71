"""The one place CP-SAT parameters are set.

>>> enumeration_solver().parameters.num_workers
1
>>> optimising_solver().parameters.max_time_in_seconds
30.0
>>> optimising_solver().parameters.presolve_inclusion_work_limit
0
"""

from __future__ import annotations

from ortools.sat.python import cp_model


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
    than :data:`OPTIMISE_SECONDS`); it runs in the main thread and stops at Ctrl-C
    (CP-SAT's own handler), which :func:`interrupted` tells apart from running out of
    time.

    Presolve's inclusion detection is off (``presolve_inclusion_work_limit = 0``): with
    it, OR-Tools 9.15 can report a wrong solution as OPTIMAL (google/or-tools issue 5293).
    The tests hold every CP-SAT optimum to the brute force and to the knapsack
    (:mod:`riftsolve.engine.knapsack`) where those apply."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = max(0.05, min(seconds, OPTIMISE_SECONDS))
    solver.parameters.presolve_inclusion_work_limit = 0
    return solver


def interrupted(solver: cp_model.CpSolver, status: cp_model.CpSolverStatus,
                left: float) -> bool:
    """Whether a solve that ended without a proof was stopped by Ctrl-C: it stopped well
    before its time limit, by CP-SAT's clock and by the caller's (``left``: the seconds the
    caller's deadline still had when the solve returned). A solve given its last
    fraction of a second, whose limit was raised to the 0.05 s floor, ran out of time.

    >>> solver = optimising_solver(0.05)
    >>> solver.solve(cp_model.CpModel()) == cp_model.OPTIMAL  # done at once
    True
    >>> interrupted(solver, cp_model.UNKNOWN, left=-0.2)
    False
    >>> interrupted(solver, cp_model.UNKNOWN, left=0.04)
    True
    >>> interrupted(solver, cp_model.OPTIMAL, left=0.04)
    False
    """
    unproven = status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    limit = solver.parameters.max_time_in_seconds
    return unproven and solver.wall_time < 0.95 * limit and left > 0.05 * limit
