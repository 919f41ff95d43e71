"""The rules domain of riftsolve: scenarios, boards, effects, cards, targeting, legality.

Pure Python: nothing here imports a solver. ``solver`` turns these questions into answers.
The names below load on first use, so that a rules module importing a record (the board,
say) loads neither the scenario parser nor its validation library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riftsolve._lazy import lazy_names

if TYPE_CHECKING:
    from riftsolve.models.answers import (
        Affected,
        Answer,
        Assignment,
        Declaration,
        GroupDeclaration,
        Resolution,
    )
    from riftsolve.models.board import Board, Unit
    from riftsolve.models.effects import Effect, GroupTargets, SplitDamage
    from riftsolve.models.format1 import parse_scenario
    from riftsolve.models.reading import load_scenario
    from riftsolve.models.scenario import Scenario, ScenarioError
    from riftsolve.models.targeting import Failure

#: Where each public name lives.
_HOMES = {
    **dict.fromkeys(("Affected", "Answer", "Assignment", "Declaration", "GroupDeclaration",
                     "Resolution"), "riftsolve.models.answers"),
    **dict.fromkeys(("Board", "Unit"), "riftsolve.models.board"),
    **dict.fromkeys(("Effect", "GroupTargets", "SplitDamage"), "riftsolve.models.effects"),
    "parse_scenario": "riftsolve.models.format1",
    "load_scenario": "riftsolve.models.reading",
    **dict.fromkeys(("Scenario", "ScenarioError"), "riftsolve.models.scenario"),
    "Failure": "riftsolve.models.targeting",
}

__all__ = [
    "Affected",
    "Answer",
    "Assignment",
    "Board",
    "Declaration",
    "Effect",
    "Failure",
    "GroupDeclaration",
    "GroupTargets",
    "Resolution",
    "Scenario",
    "ScenarioError",
    "SplitDamage",
    "Unit",
    "load_scenario",
    "parse_scenario",
]


__getattr__ = lazy_names(__name__, _HOMES, globals())
