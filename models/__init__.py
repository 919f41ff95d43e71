"""The rules domain of riftsolve: scenarios, boards, effects, cards, targeting, legality.

Pure Python: nothing here imports a solver. ``solver`` turns these questions into answers.
"""

from models.answers import Affected, Declaration, GroupDeclaration, Resolution
from models.board import Board, Unit
from models.effects import Effect, GroupTargets, SplitDamage
from models.format1 import load_scenario, parse_scenario
from models.scenario import Scenario, ScenarioError
from models.targeting import Failure

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
