"""When damage kills: lethal damage (142.4) and the XP an effect gains for each unit it
kills, read from the scenario alone, so that a family's rule trail can say who dies without
the outcome of every family (:mod:`riftsolve.rules.outcome`).

>>> from riftsolve.rules.board import Board, Unit
>>> from riftsolve.cards import card
>>> from riftsolve.rules.scenario import Scenario
>>> board = Board(("north",), (Unit("kai", "A", 3, "north"), Unit("r1", "B", 2, "north")))
>>> scenario = Scenario("A", card("Alpha Strike"), board)
>>> death(scenario, board["r1"], 3), death(scenario, board["r1"], 1)
((True, 1), (False, 0))
"""

from __future__ import annotations

from riftsolve.rules.board import Unit
from riftsolve.rules.scenario import Scenario


def lethal(scenario: Scenario, unit: Unit, might: int | None = None) -> int:
    """Total marked damage that kills ``unit`` once the controller's damage is dealt:
    non-zero and at least its Might (142.4.b; ``might`` when the answer changes it); with
    ``lethal_any`` and an enemy unit, any amount of the controller's damage on top of what
    is marked (142.4.c)."""
    if scenario.lethal_any and not scenario.board.friendly_to(unit, scenario.controller):
        return unit.damage + 1
    return max(1, unit.might if might is None else might)


def death(scenario: Scenario, unit: Unit, amount: int, might: int | None = None
          ) -> tuple[bool, int]:
    """Whether dealing ``amount`` to ``unit`` (of Might ``might``, if not the board's) kills
    it (142.4), and the overkill: the damage marked beyond lethal."""
    total = unit.damage + amount
    threshold = lethal(scenario, unit, might)
    dead = amount > 0 and total >= threshold
    return dead, (total - threshold if dead else 0)


def xp_per_kill(scenario: Scenario) -> int:
    """XP the effect gains for each unit it kills (Alpha Strike's reflexive trigger)."""
    return scenario.effect.xp_per_kill
