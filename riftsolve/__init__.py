"""riftsolve: every legal way a Riftbound card effect can be finalized or resolved.

The public API, under one name (the rules domain is ``riftsolve.models``, the solvers
``riftsolve.solver``). Names load on first use, so ``import riftsolve`` is cheap.

>>> import riftsolve as rs
>>> scenario = rs.load_scenario(rs.example_path("alpha-strike-shrunk-5-to-3"))
>>> legal = rs.resolve(scenario)
>>> legal.count()
10
>>> rs.best(legal, "kills")[0].values
{'kills': 3}
>>> rs.apply(scenario, next(iter(legal))).killed
('r1', 'r2', 'r3')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riftsolve._lazy import lazy_names
from riftsolve._version import __version__ as __version__

if TYPE_CHECKING:
    from riftsolve.models.answers import (
        Affected,
        Answer,
        Assignment,
        Declaration,
        GroupDeclaration,
        Repeated,
        Resolution,
    )
    from riftsolve.models.board import Board, Unit
    from riftsolve.models.format1 import json_schema, parse_scenario
    from riftsolve.models.limits import ScenarioError
    from riftsolve.models.notation import write_board
    from riftsolve.models.objectives import Objective
    from riftsolve.models.outcome import Outcome, apply
    from riftsolve.models.reading import load_scenario
    from riftsolve.models.scenario import Scenario
    from riftsolve.solver.batch import batch
    from riftsolve.solver.examples import example_path
    from riftsolve.solver.families.combat_best import combat_sides
    from riftsolve.solver.legal import LegalSet
    from riftsolve.solver.optimum import Linear, Ranked, best
    from riftsolve.solver.questions import finalize, resolve

#: Where each public name lives.
_HOMES = {
    **dict.fromkeys(("Affected", "Answer", "Assignment", "Declaration", "GroupDeclaration",
                     "Repeated", "Resolution"), "riftsolve.models.answers"),
    **dict.fromkeys(("Board", "Unit"), "riftsolve.models.board"),
    **dict.fromkeys(("json_schema", "parse_scenario"), "riftsolve.models.format1"),
    "load_scenario": "riftsolve.models.reading",
    "ScenarioError": "riftsolve.models.limits",
    "write_board": "riftsolve.models.notation",
    "Objective": "riftsolve.models.objectives",
    **dict.fromkeys(("Outcome", "apply"), "riftsolve.models.outcome"),
    "Scenario": "riftsolve.models.scenario",
    **dict.fromkeys(("Linear", "Ranked", "best"), "riftsolve.solver.optimum"),
    "example_path": "riftsolve.solver.examples",
    "combat_sides": "riftsolve.solver.families.combat_best",
    "batch": "riftsolve.solver.batch",
    "LegalSet": "riftsolve.solver.legal",
    **dict.fromkeys(("finalize", "resolve"), "riftsolve.solver.questions"),
}

__all__ = [
    "Affected",
    "Answer",
    "Assignment",
    "Board",
    "Declaration",
    "GroupDeclaration",
    "LegalSet",
    "Linear",
    "Objective",
    "Outcome",
    "Ranked",
    "Repeated",
    "Resolution",
    "Scenario",
    "ScenarioError",
    "Unit",
    "apply",
    "batch",
    "best",
    "combat_sides",
    "example_path",
    "finalize",
    "json_schema",
    "load_scenario",
    "parse_scenario",
    "resolve",
    "write_board",
]


__getattr__ = lazy_names(__name__, _HOMES, globals())
