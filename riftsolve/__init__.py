"""riftsolve: every legal way a Riftbound card effect can be finalized or resolved.

The public API, under one name (the rules are in ``riftsolve.rules``, the engine in
``riftsolve.engine``, the faces in ``riftsolve.faces``). Names load on first use, so
``import riftsolve`` is cheap.

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
    from riftsolve.engine.families.combat_best import combat_sides
    from riftsolve.engine.legal import LegalSet
    from riftsolve.engine.optimum import Linear, Ranked, best
    from riftsolve.engine.questions import finalize, is_forced, resolve
    from riftsolve.faces.batch import batch
    from riftsolve.faces.ruling import Ruling, rule
    from riftsolve.formats.examples import example_path
    from riftsolve.formats.format1 import json_schema
    from riftsolve.formats.notation import write_board
    from riftsolve.formats.reading import load_scenario, parse_scenario
    from riftsolve.rules.answers import Answer, Declaration, Resolution
    from riftsolve.rules.answers.combat import Assignment
    from riftsolve.rules.answers.group import Affected, GroupDeclaration
    from riftsolve.rules.answers.repeat import Repeated
    from riftsolve.rules.board import Board, Unit
    from riftsolve.rules.limits import ScenarioError
    from riftsolve.rules.objectives import Objective
    from riftsolve.rules.outcome import Outcome, apply
    from riftsolve.rules.scenario import Scenario

#: Where each public name lives.
_HOMES = {
    **dict.fromkeys(("Answer", "Declaration", "Resolution"), "riftsolve.rules.answers"),
    **dict.fromkeys(("Affected", "GroupDeclaration"), "riftsolve.rules.answers.group"),
    "Assignment": "riftsolve.rules.answers.combat",
    "Repeated": "riftsolve.rules.answers.repeat",
    **dict.fromkeys(("Board", "Unit"), "riftsolve.rules.board"),
    "json_schema": "riftsolve.formats.format1",
    **dict.fromkeys(("load_scenario", "parse_scenario"), "riftsolve.formats.reading"),
    "ScenarioError": "riftsolve.rules.limits",
    "write_board": "riftsolve.formats.notation",
    "Objective": "riftsolve.rules.objectives",
    **dict.fromkeys(("Outcome", "apply"), "riftsolve.rules.outcome"),
    "Scenario": "riftsolve.rules.scenario",
    **dict.fromkeys(("Linear", "Ranked", "best"), "riftsolve.engine.optimum"),
    "example_path": "riftsolve.formats.examples",
    "combat_sides": "riftsolve.engine.families.combat_best",
    "batch": "riftsolve.faces.batch",
    **dict.fromkeys(("Ruling", "rule"), "riftsolve.faces.ruling"),
    "LegalSet": "riftsolve.engine.legal",
    **dict.fromkeys(("finalize", "is_forced", "resolve"), "riftsolve.engine.questions"),
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
    "Ruling",
    "Scenario",
    "ScenarioError",
    "Unit",
    "apply",
    "batch",
    "best",
    "combat_sides",
    "example_path",
    "finalize",
    "is_forced",
    "json_schema",
    "load_scenario",
    "parse_scenario",
    "resolve",
    "rule",
    "write_board",
]


__getattr__ = lazy_names(__name__, _HOMES, globals())
