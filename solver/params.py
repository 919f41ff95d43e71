"""The one place CP-SAT parameters are set.

>>> enumeration_solver().parameters.num_workers
1
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
    return solver
