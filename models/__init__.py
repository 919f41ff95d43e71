"""The rules domain of riftsolve: scenarios, boards, effects, cards, targeting, legality.

Pure Python: nothing here imports a solver. ``solver`` turns these questions into answers.
"""

from riftsolve.models.answers import Affected, Declaration, GroupDeclaration, Resolution
from riftsolve.models.board import Board, Unit
from riftsolve.models.effects import Effect, GroupTargets, SplitDamage
from riftsolve.models.format1 import load_scenario, parse_scenario
from riftsolve.models.scenario import Scenario, ScenarioError
from riftsolve.models.targeting import Failure

__all__ = [
    "Affected",
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
