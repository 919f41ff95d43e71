"""The shared pieces of every explanation: a step citing a rule, and the steps any
family's answer may need (Deflect paid, Targeting Effects fired, deaths by any amount of
damage). Each family explains its own answers (:mod:`riftsolve.models.families`).

Each step is a dict ``{"rule", "version", "text", "detail"}``: the Core Rules number, the
version it is quoted from, the rule's gist and what it means for this answer.

>>> step("355.14.g", "each kept target is dealt at least 1")["text"]
'valid damage for a split target is a positive integer, at least 1'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from riftsolve.models.choosing import fired_triggers
from riftsolve.models.i18n import _
from riftsolve.models.rules import rule
from riftsolve.models.scenario import Scenario

Step = dict[str, Any]


def step(number: str, detail: str) -> Step:
    """One explanation step citing rule ``number``."""
    return {**rule(number).as_json(), "detail": detail}


def ids(units: tuple[str, ...] | list[str]) -> str:
    """Unit ids for a sentence: comma-separated, or ``none``."""
    return ", ".join(units) if units else _("none")


def deflect_steps(scenario: Scenario, cost: int) -> list[Step]:
    """The Deflect a declaration pays (809), if any."""
    if not cost:
        return []
    budget = _("unlimited") if scenario.available_power is None else scenario.available_power
    return [step("809", _("Deflect adds {cost} Power to the cost (available: {budget})").format(
        cost=cost, budget=budget))]


def trigger_steps(scenario: Scenario, chosen: Iterable[tuple[str, Iterable[str]]]
                   ) -> list[Step]:
    """Targeting Effects the choice fires (383.4.b), split targets each on its own."""
    steps = []
    for fired in fired_triggers(scenario, chosen):
        steps.append(step("383.4.b", _("choosing {unit} fires its Targeting Effect: {text}"
                                       ).format(unit=fired["unit"], text=fired["text"])))
    return steps


def lethal_any_steps(scenario: Scenario, dealt: Sequence[str]) -> list[Step]:
    """Which of the units dealt damage die of any amount of it (142.4.c)."""
    if not scenario.lethal_any:
        return []
    board = scenario.board
    enemies = [u for u in dealt if not board.friendly_to(board[u], scenario.controller)]
    if not enemies:
        return []
    return [step("142.4.c", _("any amount of {player}'s damage is enough to kill enemy units: "
                              "{units} die").format(player=scenario.controller,
                                                    units=ids(enemies)))]
